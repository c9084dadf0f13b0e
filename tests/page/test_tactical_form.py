"""The odds form at / under Tactical Titan's rules, in headless Chromium at a laptop's width
and a phone's: the Rules choice sends ``"variant": "tactical"``, the Legions take the
variant's new characters, TITAN's own choices step aside with a note and each side chooses
one of the variant's plans, and the answer shows each side's healing and how it played
(docs/page.md, "Under Tactical Titan's rules"; docs/tactical.md, "An
Engagement under Tactical Titan's rules")."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit
from urllib.request import Request, urlopen

import pytest

from simulator.tactical.engagement import TACTICS
from tests.helpers.browser import (
    ODDS,
    RUN_TIMEOUT_MS,
    link_to,
    open_form,
    require_browser,
    set_legion,
)

require_browser()
pytestmark = [pytest.mark.browser, pytest.mark.slow]

ATTACKER = ["Titan", "Druid", "Troll"]
DEFENDER = ["Hydra", "Cleric", "Ogre"]
# TITAN's choices the variant does not play (docs/tactical.md: refused under it)
TITAN_ONLY = ["#tactic-attacker", "#tactic-defender", "#summonable", "#reinforce"]
SHOTS = os.environ.get("TITAN_PAGE_SHOTS")  # a folder to keep screenshots in, when set


def ask(base_url: str, path: str, body: dict) -> dict:
    request = Request(
        base_url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urlopen(request, timeout=60) as answer:
        return json.load(answer)


def woods_engagement(page, trials: int, seed: int | None = None) -> None:
    """The form set to ATTACKER against DEFENDER on the Woods, ``trials`` Battles."""
    page.check("input[name=where][value=terrain]")
    page.select_option("#terrain", "Woods")
    set_legion(page, "attacker", ATTACKER)
    set_legion(page, "defender", DEFENDER)
    page.fill("#trials", str(trials))
    if seed is not None:
        page.fill("#seed", str(seed))


def shot(page, name: str, selector: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        width = page.viewport_size["width"]
        page.locator(selector).screenshot(path=f"{SHOTS}/{name}-{width}.png")


def test_a_tactical_engagement_with_a_druid_shows_each_sides_healing(sized_page, base_url):
    page = sized_page
    open_form(page, base_url + "/")
    for control in TITAN_ONLY:
        assert page.is_visible(control)
    page.check("input[name=variant][value=tactical]")
    for control in TITAN_ONLY:  # hidden, with a note saying why
        assert page.is_hidden(control), control
    assert "default tactic" in page.inner_text("#tactical-how")
    new = page.locator('#attacker-pick optgroup[label="Tactical Titan\'s characters"] option')
    assert "Druid" in new.evaluate_all("os => os.map(o => o.value)")
    assert page.locator("#attacker-pick option[value=Kraken]").is_disabled()  # Water only
    woods_engagement(page, trials=200, seed=1)
    assert (
        page.locator("#attacker .characters li.tactical-new")
        .all_inner_texts()[0]
        .startswith("Druid")
    )

    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS) as answered:
        page.click("#run")
    page.wait_for_selector("#results[data-state=done]", timeout=RUN_TIMEOUT_MS)
    assert answered.value.status == 200
    sent = json.loads(answered.value.request.post_data)
    assert sent["variant"] == "tactical" and sent["attacker"]["characters"] == ATTACKER
    assert not {"summonable", "reinforce"} & set(sent)  # refused under the variant
    assert sent["tactics"] == {"attacker": "default", "defender": "default"}  # its own plans
    answer = answered.value.json()
    assert answer["variant"] == "tactical" and answer["styles"] is None
    for side in ("attacker", "defender"):
        facts = dict(
            zip(
                page.locator(f"#{side}-facts dt").all_inner_texts(),
                page.locator(f"#{side}-facts dd").all_inner_texts(),
                strict=True,
            )
        )
        healed = float(facts["Damage healed (5.0)"].split(" ")[0])
        # one decimal: the browser rounds a half up, Python's format the binary value
        assert healed == pytest.approx(answer[side]["healing"]["mean"], abs=0.051)
    assert answer["attacker"]["healing"]["mean"] > 0  # the Druid heals (5.2)
    assert "both still stand" in page.inner_text("#outcomes [data-outcome=time_loss]")
    assert "scored as each is slain" in page.inner_text("#attacker-points-note")
    # TITAN's sections of the answer (a Battle's trace, the search, the recruits) step aside
    for section in (".battle-show", ".play-check", ".musters"):
        assert page.is_hidden(section), section
    assert page.is_visible("#tactical-left-out")
    assert page.is_hidden(".alternatives")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shot(page, "form-tactical", "#odds-form")
    shot(page, "answer-tactical", "#results")
    assert page.script_errors == [] and page.outside == []

    # back to TITAN's rules: the new characters leave the Legions, and the page says so
    page.check("input[name=variant][value=titan]")
    assert page.locator("#attacker .characters li span").all_inner_texts() == ["Titan", "Troll"]
    note = page.inner_text("#variant-note")
    assert "Druid from the attacker" in note and "Cleric from the defender" in note
    for control in TITAN_ONLY:
        assert page.is_visible(control)
    assert page.locator("#attacker-pick option[value=Druid]").count() == 0
    shot(page, "form-back-to-titan", ".rules")


def test_each_side_chooses_a_tactical_plan_and_the_answer_says_how_it_played(page, base_url):
    open_form(page, base_url + "/")
    page.select_option("#tactic-attacker", "aggressive")  # TITAN's choice, kept for TITAN
    page.check("input[name=variant][value=tactical]")
    assert page.is_hidden("#tactic-attacker") and page.is_visible("#plan-attacker")
    for side in ("attacker", "defender"):
        offered = page.locator(f"#plan-{side} option")
        assert offered.evaluate_all("os => os.map(o => o.value)") == list(TACTICS)
        assert page.input_value(f"#plan-{side}") == "default"
    labels = page.locator("#plan-attacker option").all_inner_texts()
    assert labels[0] == "Default" and labels[-1].startswith("Search: ")
    woods_engagement(page, trials=100, seed=1)

    # TITAN's tactic under the variant: refused at the plan's own field (4.0)
    page.evaluate("""() => {
        const select = document.querySelector('#plan-attacker');
        select.append(new Option('aggressive', 'aggressive'));
        select.value = 'aggressive';
    }""")
    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS) as refused:
        page.click("#run")
    assert refused.value.status == 422
    error = page.locator(".tactical-only[data-error-for='tactics.attacker']")
    error.wait_for()
    assert "4.0" in error.inner_text()
    assert page.get_attribute("#plan-attacker", "aria-invalid") == "true"
    page.evaluate("() => document.querySelector('#plan-attacker [value=aggressive]').remove()")

    page.select_option("#plan-attacker", "search")
    assert "pilot fights" in page.inner_text("#plan-attacker-help")
    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS) as answered:
        page.click("#run")
    page.wait_for_selector("#results[data-state=done]", timeout=RUN_TIMEOUT_MS)
    assert answered.value.status == 200
    sent = json.loads(answered.value.request.post_data)
    assert sent["variant"] == "tactical"
    assert sent["tactics"] == {"attacker": "search", "defender": "default"}
    play = answered.value.json()["play"]
    assert play["attacker"]["tactic"] == "search"
    for side in ("attacker", "defender"):
        shown = page.inner_text(f"#play-summaries li[data-side={side}]")
        assert shown == play[side]["summary"]
    assert "searched Tactical Titan's plans" in page.inner_text("#play-summaries")
    # the map page plays the default tactic: its link says so when a side played another plan
    assert page.is_visible("#see-on-map-plans")
    # the address holds the plan (a shared link asks with it)
    assert json.loads(parse_qs(urlsplit(page.url).fragment)["q"][0])["tactics"] == sent["tactics"]

    # back to TITAN's rules: its tactic as it was; and the plan as it was on the way back
    page.check("input[name=variant][value=titan]")
    assert page.is_visible("#tactic-attacker") and page.is_hidden("#plan-attacker")
    assert page.input_value("#tactic-attacker") == "aggressive"
    page.check("input[name=variant][value=tactical]")
    assert page.input_value("#plan-attacker") == "search"
    assert page.script_errors == [] and page.outside == []


def test_a_titan_link_naming_a_new_character_shows_the_services_refusal_at_it(page, base_url):
    request = {"terrain": "Woods", "attacker": {"score": 0, "characters": ["Titan", "Druid"]},
               "defender": {"score": 0, "characters": ["Ogre"]}, "trials": 100}  # fmt: skip
    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS) as answered:
        open_form(page, link_to(base_url, request))
    assert answered.value.status == 422
    page.wait_for_selector("#attacker .characters li.invalid")
    assert page.locator("#attacker .characters li.invalid span").inner_text() == "Druid"
    assert "variant" in page.inner_text("[data-error-for='attacker.characters']")
    assert page.is_hidden("#results")


def test_a_tactical_link_refills_the_rules_and_asks_again(page, base_url):
    request = {"terrain": "Plains", "variant": "tactical", "trials": 100, "seed": 3,
               "tactics": {"attacker": "patient", "defender": "headlong"},
               "attacker": {"score": 0, "characters": ["Titan", "Healer"]},
               "defender": {"score": 0, "characters": ["Troll", "Troll"]}}  # fmt: skip
    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS) as answered:
        open_form(page, link_to(base_url, request))
    page.wait_for_selector("#results[data-state=done]", timeout=RUN_TIMEOUT_MS)
    sent = json.loads(answered.value.request.post_data)
    assert sent["variant"] == "tactical" and sent["tactics"] == request["tactics"]
    assert page.is_checked("input[name=variant][value=tactical]")
    assert page.input_value("#plan-defender") == "headlong"
    # "patient" is a TITAN tactic's name too: TITAN's choice stays its default
    assert page.input_value("#tactic-attacker") == "default"
    assert page.is_hidden("#summonable")
    assert "under Tactical Titan's rules" in page.inner_text("#run-facts")


def test_a_tactical_answers_fight_is_seen_on_the_map_with_its_odds(page, base_url):
    """ "See this fight on the map" opens /tactical at the state the variant's fights start
    from (POST /api/v1/tactical/engagement): its characters, a character's legal moves, and
    the map page's odds of it, set to the variant's 14 player turns until one player is left."""
    open_form(page, base_url + "/")
    assert page.is_hidden("#see-on-map")  # TITAN's Battles are not the variant's fights
    page.check("input[name=variant][value=tactical]")
    woods_engagement(page, trials=100)
    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS) as answered:
        page.click("#run")
    page.wait_for_selector("#results[data-state=done]", timeout=RUN_TIMEOUT_MS)
    assert "Played under Tactical Titan's rules" in page.inner_text("#summary")
    sent = json.loads(answered.value.request.post_data)
    expected = ask(base_url, "/api/v1/tactical/engagement", sent)["state"]
    assert page.is_hidden("#see-on-map-plans")  # both on the default tactic, as the map page

    with page.expect_response(re.compile(r"/tactical/engagement$")) as engaged:
        page.click("text=See this fight on the map")
    assert urlsplit(page.url).path == "/tactical"
    page.wait_for_selector("body[data-showing=state]")
    assert engaged.value.status == 200 and engaged.value.json()["state"] == expected
    pieces = page.locator("#map .piece")
    assert pieces.count() == len(expected["characters"]) == len(ATTACKER + DEFENDER)
    shown = pieces.evaluate_all("ps => ps.map(p => [p.dataset.player, p.dataset.name])")
    assert sorted(shown) == sorted(
        [["Attacker", n] for n in ATTACKER] + [["Defender", n] for n in DEFENDER]
    )
    assert "Defender (active)" in page.inner_text("#players")

    hydra = next(c for c in expected["characters"] if c["name"] == "Hydra")
    legal = ask(
        base_url, "/api/v1/tactical/rules/legal", {"state": expected, "character": hydra["id"]}
    )
    page.click(f'#map .piece[data-id="{hydra["id"]}"]')
    page.wait_for_selector(f'#legal[data-for="{hydra["id"]}"]')
    # the Engagement starts at the Defender's Healing Phase (5.0): its lists as the API's
    for kind in ("moves", "strikes", "heals", "musters"):
        listed = page.locator(f"#legal-{kind} li:not(.none)").all_inner_texts()
        assert listed == [item["text"] for item in legal[kind]], kind
    total = sum(len(legal[kind]) for kind in ("moves", "strikes", "heals", "musters"))
    assert f"{total} legal action" in page.inner_text("#chosen-what")
    assert "Defender's healing phase" in page.inner_text("#chosen-what")

    assert page.input_value("#odds-turns") == "14"
    assert page.input_value("#odds-until") == "one_player"
    assert not page.is_checked("#odds-musters")  # an Engagement's fights never muster
    assert "14 player turns" in page.inner_text("#odds-preset")
    page.fill("#odds-fights", "50")
    with page.expect_response(
        lambda r: r.url.endswith("/tactical/odds"), timeout=RUN_TIMEOUT_MS
    ) as asked:
        page.click("#odds-run")
    page.wait_for_selector("#odds-result[data-state=done]", timeout=RUN_TIMEOUT_MS)
    assert asked.value.status == 200
    assert json.loads(asked.value.request.post_data) == {
        "state": expected, "fights": 50, "turns": 14, "until": "one_player", "musters": False,
    }  # fmt: skip
    cards = page.locator("#odds-players .odds-player")
    assert sorted(cards.evaluate_all("cs => cs.map(c => c.dataset.player)")) == [
        "Attacker",
        "Defender",
    ]
    assert page.script_errors == [] and page.outside == []
