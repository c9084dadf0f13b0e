"""End to end in headless Chromium: the page at / fills, runs and shows an Engagement's odds.

The app is served on a free loopback port (tests/page/conftest.py); every request the pages
make must stay on the loopback server (the pages work with no internet).
"""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from tests.helpers.browser import (
    RUN_TIMEOUT_MS,
    answer_of_link,
    open_form,
    require_browser,
    set_legion,
)

require_browser()
pytestmark = [pytest.mark.browser, pytest.mark.slow]


def needs_kernel() -> None:
    pytest.importorskip("simulator.battles", reason="until the battle kernel is committed")


def shown_outcomes(page) -> dict[str, float]:
    """The four outcome percentages as the page prints them."""
    shown = {}
    for row in page.locator("#outcomes .outcome").all():
        text = row.locator(".value strong").inner_text()
        shown[row.get_attribute("data-outcome")] = float(text.rstrip("%"))
    return shown


ATTACKER = ["Titan", "Gargoyle", "Centaur", "Centaur"]
DEFENDER = ["Ogre", "Ogre", "Troll"]


def test_form_runs_an_engagement_and_shows_the_api_answer(page, base_url):
    needs_kernel()
    open_form(page, base_url + "/")
    page.check("input[name=where][value=terrain]")
    page.select_option("#terrain", "Plains")
    page.select_option("#entry-side", "3")
    set_legion(page, "attacker", ATTACKER)
    set_legion(page, "defender", DEFENDER)
    page.fill("#attacker-score", "150")
    page.select_option("#tactic-attacker", "aggressive")
    page.select_option("#summonable", "Angel")
    page.fill("#trials", "400")
    page.fill("#seed", "7")
    assert page.inner_text("#attacker .titan-power").startswith("Titan's Power-factor 7")  # 19.1

    with page.expect_response(re.compile(r"/api/v1/odds$"), timeout=RUN_TIMEOUT_MS) as answered:
        page.click("#run")
    answer = answered.value.json()
    page.wait_for_selector("#results[data-state=done]")

    sent = json.loads(answered.value.request.post_data)
    assert sent["terrain"] == "Plains" and sent["entry_side"] == 3
    assert sent["attacker"] == {"score": 150, "characters": ATTACKER}
    assert sent["defender"]["characters"] == DEFENDER
    assert sent["tactics"] == {"attacker": "aggressive", "defender": "default"}
    assert sent["summonable"] == "Angel" and sent["trials"] == 400 and sent["seed"] == 7

    shown = shown_outcomes(page)
    assert set(shown) == {"attacker_wins", "defender_wins", "mutual_elimination", "time_loss"}
    for key, value in shown.items():
        assert value == pytest.approx(100 * answer["outcomes"][key]["p"], abs=0.051)
    assert sum(shown.values()) == pytest.approx(100, abs=0.3)
    survivors = page.locator("#attacker-survival tbody th").all_inner_texts()
    assert survivors[:3] == ["Titan", "Gargoyle", "Centaur ×2"]  # identical ones together
    summoned = answer["attacker"]["summoned"]["p"] > 0  # the Angel has a row once it may join
    assert survivors[3:] == (["Angel (summoned)"] if summoned else [])
    assert page.locator("#defender-survival tbody th").all_inner_texts() == ["Ogre ×2", "Troll"]
    assert page.locator("#attacker-points-table tbody tr").count() == len(
        answer["attacker"]["points_distribution"]
    )
    assert page.evaluate("Chart.getChart('attacker-points') !== undefined")
    # how each side played, in the answer's words: a fixed style, and the default's mix
    assert page.inner_text("#play-summaries li[data-side=attacker]") == (
        "The attacker played aggressive throughout."
    )
    defender = page.inner_text("#play-summaries li[data-side=defender]")
    assert defender == answer["play"]["defender"]["summary"]
    assert defender.startswith("The defender played the default:")
    assert "#q=" in page.input_value("#share-link")
    assert page.outside == [] and page.script_errors == []


def test_shared_link_refills_the_form_and_runs_it(page, base_url):
    needs_kernel()
    request = {
        "land": 100,
        "attacker": {"score": 0, "characters": ["Ogre", "Ogre", "Troll"]},
        "defender": {"score": 0, "characters": ["Centaur", "Gargoyle"]},
        "tactics": {"attacker": "default", "defender": "defensive"},
        "summonable": None,
        "reinforce": False,
        "trials": 300,
        "seed": 11,
    }

    link = f"{base_url}/#" + urlencode({"q": json.dumps(request)})
    with page.expect_response(re.compile(r"/api/v1/odds$"), timeout=RUN_TIMEOUT_MS) as answered:
        page.goto(link)
    assert json.loads(answered.value.request.post_data) == request
    page.wait_for_selector("#results[data-state=done]")
    assert page.input_value("#land") == "100"
    assert (
        page.locator("#attacker .characters li span").all_inner_texts()
        == request["attacker"]["characters"]
    )
    assert page.input_value("#tactic-defender") == "defensive"
    assert not page.is_checked("#reinforce")
    assert "side 5" in page.inner_text("#land-hint")  # the Tower's entry side, 10.2
    shared = page.input_value("#share-link")
    assert shared.startswith(base_url) and "#q=" in shared
    first = shown_outcomes(page)

    again = page.context.new_page()
    with again.expect_response(re.compile(r"/api/v1/odds$"), timeout=RUN_TIMEOUT_MS):
        again.goto(shared)
    again.wait_for_selector("#results[data-state=done]")
    assert shown_outcomes(again) == first  # the link carries the seed: the same dice


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param(
            {"defender": {"score": 1.5, "characters": ["Ogre"]}},
            "defender.score",
            id="400-score-not-an-integer",
        ),
        pytest.param(
            {"attacker": {"score": 0, "characters": ["Ogre", "Orc"]}},
            "attacker.characters",
            id="3.5-unknown-character",
        ),
        pytest.param({"trials": 0}, "trials", id="trials-below-one"),
    ],
)
def test_bad_input_shows_a_message_beside_its_field(page, base_url, change, field):
    needs_kernel()

    request = {
        "terrain": "Plains",
        "entry_side": 1,
        "attacker": {"score": 0, "characters": ["Ogre"]},
        "defender": {"score": 0, "characters": ["Troll"]},
        "trials": 50,
        "seed": 1,
        **change,
    }
    with page.expect_response(re.compile(r"/api/v1/odds$"), timeout=RUN_TIMEOUT_MS) as answered:
        page.goto(f"{base_url}/#" + urlencode({"q": json.dumps(request)}))
    assert answered.value.status in (400, 422)
    message = page.locator(f'[data-error-for="{field}"]')
    message.wait_for(state="visible")
    assert message.inner_text().strip()
    if field == "attacker.characters":  # the very character is marked
        assert page.locator("#attacker .characters li.invalid span").all_inner_texts() == ["Orc"]
    assert page.is_visible("#form-error")
    assert page.is_hidden("#results")


def test_api_documentation_page_works_offline(page, base_url):
    page.goto(base_url + "/api/v1/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=30_000)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any("/api/v1/odds" in p for p in paths) or any("/api/v1/health" in p for p in paths)
    assert page.outside == [] and page.script_errors == []


def test_page_loads_the_games_facts_without_internet(page, base_url):
    open_form(page, base_url + "/")
    assert page.locator("#land option").count() > 40  # the Masterboard's lands
    assert page.locator("#attacker-pick option[value=Titan]").count() == 1
    assert page.locator("#attacker .characters li").count() > 0  # an example to start from
    page.check("input[name=where][value=terrain]")
    page.select_option("#terrain", "Tower")
    assert page.is_disabled("#entry-side") and page.input_value("#entry-side") == "5"  # 10.2
    for _ in range(8):
        if page.is_enabled("#attacker .add"):
            page.click("#attacker .add")
    assert page.locator("#attacker .characters li").count() == 7  # 4.1: at most seven
    assert page.outside == [] and page.script_errors == []


def test_the_tower_forces_side_5_and_gives_the_players_side_back(page, base_url):
    open_form(page, base_url + "/")
    tower = next(
        v for v, t in zip(
            page.locator("#land option").evaluate_all("os => os.map(o => o.value)"),
            page.locator("#land option").all_inner_texts(),
            strict=True,
        ) if t.endswith("Tower")
    )  # fmt: skip
    page.select_option("#land", "8")
    page.select_option("#entry-side", "3")
    page.select_option("#land", tower)
    assert page.is_disabled("#entry-side") and page.input_value("#entry-side") == "5"  # 10.2
    assert "side 5" in page.inner_text("#land-hint")
    assert page.evaluate("requestFromForm().entry_side") is None  # the land says it all
    page.select_option("#land", "8")
    assert page.is_enabled("#entry-side") and page.input_value("#entry-side") == "3"
    assert page.inner_text("#land-hint") == ""
    sent = page.evaluate("requestFromForm()")
    assert sent["land"] == 8 and sent["entry_side"] == 3
    page.check("input[name=where][value=terrain]")
    page.select_option("#terrain", "Tower")
    assert page.is_disabled("#entry-side") and page.input_value("#entry-side") == "5"
    assert page.evaluate("requestFromForm().entry_side") == 5


def test_a_link_with_a_land_and_an_entry_side_round_trips(page, base_url):
    needs_kernel()

    request = {
        "land": 8,
        "entry_side": 3,
        "attacker": {"score": 0, "characters": ["Ogre", "Ogre"]},
        "defender": {"score": 0, "characters": ["Troll"]},
        "tactics": {"attacker": "ranged", "defender": "aggressive"},
        "summonable": "Archangel",
        "reinforce": True,
        "trials": 100,
        "seed": 3,
    }
    with page.expect_response(re.compile(r"/api/v1/odds$"), timeout=RUN_TIMEOUT_MS) as answered:
        page.goto(f"{base_url}/#" + urlencode({"q": json.dumps(request)}))
    assert json.loads(answered.value.request.post_data) == request
    page.wait_for_selector("#results[data-state=done]")
    assert page.input_value("#entry-side") == "3"
    assert "attacker from side 3" in page.inner_text("#run-facts")
    shared = page.input_value("#share-link")
    assert json.loads(parse_qs(urlsplit(shared).fragment)["q"][0]) == request


def test_a_503_while_the_kernel_warms_is_retried_by_itself(page, base_url):
    """The page asks again after Retry-After, saying why, instead of showing an error."""
    needs_kernel()
    refused = []

    def first_refused(route):
        if not refused:
            refused.append(route.request.url)
            body = {"error": {"code": "kernel_warming", "message": "warming", "details": []}}
            route.fulfill(
                status=503,
                headers={"Retry-After": "1", "Content-Type": "application/json"},
                body=json.dumps(body),
            )
        else:
            route.continue_()

    page.route(re.compile(r"/api/v1/odds$"), first_refused)
    open_form(page, base_url + "/")
    page.fill("#trials", "100")
    page.click("#run")
    page.wait_for_function("document.querySelector('#status').textContent.includes('again')")
    assert page.is_hidden("#form-error")
    page.wait_for_selector("#results[data-state=done]", timeout=RUN_TIMEOUT_MS)
    assert len(refused) == 1 and page.is_hidden("#form-error")


def test_the_page_fits_a_narrow_screen(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        open_form(page, base_url + "/")
        # nothing wider than the screen: no sideways scrolling
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        for box in ("#attacker", "#defender", ".how", "#run"):
            right = page.locator(box).bounding_box()
            assert right["x"] >= 0 and right["x"] + right["width"] <= 360, box
    finally:
        context.close()


def test_identical_characters_survive_together_and_only_a_titan_is_lost(page, base_url):
    """ "Ogre ×2: both 5%, one 20%, none 75%" from the answer's survivors_by_name; the Titan's
    fate (killed; lost, also on a time loss, 10.5) only for the side that has one."""
    needs_kernel()

    request = {
        "terrain": "Plains",
        "attacker": {"score": 100, "characters": ["Titan", "Ogre", "Ogre"]},
        "defender": {"score": 0, "characters": ["Troll", "Troll", "Troll"]},
        "trials": 300,
        "seed": 5,
    }
    answer = answer_of_link(page, base_url, request)
    ogres = answer["attacker"]["survivors_by_name"][1]
    assert ogres["name"] == "Ogre" and ogres["count"] == 2
    row = page.locator("#attacker-survival tbody tr").nth(1)
    assert row.locator("th").inner_text() == "Ogre ×2"
    shown = row.locator(".value").inner_text()
    words = [part.rsplit(" ", 1) for part in shown.split(", ")]
    assert [w for w, _ in words] == ["both", "one", "none"]
    for (_, value), k in zip(words, (2, 1, 0), strict=True):
        expected = 100 * ogres["distribution"].get(str(k), 0.0)
        assert float(value.rstrip("%")) == pytest.approx(expected, abs=0.51)
    trolls = page.locator("#defender-survival tbody tr").first.locator(".value").inner_text()
    assert trolls.startswith("all three ")
    # the breakdown reads on one line under the group's bar, as wide as the single ones' bars
    bar, text = row.locator(".bar").bounding_box(), row.locator(".value").bounding_box()
    single = page.locator("#attacker-survival tbody tr").first.locator(".bar").bounding_box()
    assert text["y"] >= bar["y"] + bar["height"] and text["height"] < 2 * bar["height"] + 12
    assert bar["width"] == pytest.approx(single["width"], abs=1)
    attacker_facts = page.inner_text("#attacker-facts")
    assert "Titan killed" in attacker_facts and "Titan lost" in attacker_facts
    assert "Titan" not in page.inner_text("#defender-facts")
    assert page.script_errors == []


def test_a_broken_shared_link_says_so(page, base_url):
    page.goto(f"{base_url}/#q=%7B%22terrain%22%3A%22Pla")  # a link cut short when copied
    page.wait_for_selector("body[data-ready=true]")
    notice = page.locator("#link-error")
    assert notice.is_visible()
    assert "could not be read" in notice.inner_text()
    assert page.locator("#results").is_hidden()
    assert page.script_errors == []


def test_a_precision_stops_early_and_says_so(page, base_url):
    needs_kernel()
    open_form(page, base_url + "/")
    page.check("input[name=where][value=terrain]")
    page.select_option("#terrain", "Plains")
    set_legion(page, "attacker", ["Ogre"])
    set_legion(page, "defender", ["Troll"])
    page.select_option("#precision", "0.05")
    page.fill("#seed", "3")
    with page.expect_response(re.compile(r"/api/v1/odds$"), timeout=RUN_TIMEOUT_MS) as answered:
        page.click("#run")
    answer = answered.value.json()
    page.wait_for_selector("#results[data-state=done]")
    assert json.loads(answered.value.request.post_data)["precision"] == 0.05
    assert answer["stopped"] == "precision" and answer["trials"] < 10_000
    assert "within ±5 percentage points" in page.inner_text("#summary")
    assert '"precision":0.05' in parse_qs(urlsplit(page.input_value("#share-link")).fragment)["q"][
        0
    ].replace(" ", "")
    assert page.outside == [] and page.script_errors == []


def whole(x: float) -> str:
    """``x`` to a whole number as the page's ``toFixed(0)`` writes it: halves away from zero
    (Python's format rounds them to even: 6.5 is "6" there, "7" on the page)."""
    return str(Decimal(x).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@pytest.mark.parametrize(
    ("attacker", "defender", "is_contested"),
    [
        (["Troll", "Troll"], ["Troll", "Troll"], True),
        (["Titan", "Gargoyle", "Centaur", "Centaur"], ["Ogre", "Ogre", "Troll"], False),
    ],
)
def test_a_contested_battle_is_said_to_be_one(page, base_url, attacker, defender, is_contested):
    """Where each side comes out well (the attacker its wins; the defender its wins and time
    losses, 10.5) in a tenth of the Battles or more, the page says the Battle is contested,
    the Battles in which a searching player gains most (docs/tactics.md); not where one side
    nearly always wins."""
    needs_kernel()
    request = {
        "terrain": "Plains",
        "attacker": {"score": 0, "characters": attacker},
        "defender": {"score": 0, "characters": defender},
        "precision": 0.05,
        "seed": 7,
    }
    outcomes = answer_of_link(page, base_url, request)["outcomes"]
    wins = outcomes["attacker_wins"]["p"]
    holds = outcomes["defender_wins"]["p"] + outcomes["time_loss"]["p"]
    assert (min(wins, holds) >= 0.1) == is_contested  # each case is the one it stands for
    assert page.is_visible("#play-check-contested") == is_contested
    assert page.script_errors == []


def test_the_search_plays_each_side_in_turn_against_the_answer_shown(page, base_url):
    """'Would better play change this?': the search tactic plays the attacker against the
    defender's tactic of the answer, then the defender against the attacker's; each line
    gives its side's good endings (the defender's: wins and time losses, 10.5) beside the
    answer's, with the sampling error of the Battles the search played."""
    needs_kernel()
    request = {
        "terrain": "Plains",
        "attacker": {"score": 0, "characters": ["Ogre", "Ogre"]},
        "defender": {"score": 0, "characters": ["Troll"]},
        "tactics": {"attacker": "default", "defender": "steadfast"},
        "precision": 0.05,
        "seed": 7,
    }
    base = answer_of_link(page, base_url, request)
    checks = []
    page.on("response", lambda r: checks.append(r) if r.url.endswith("/api/v1/odds") else None)
    page.click("#check-play")
    page.wait_for_selector("#play-check-results li[data-side=defender]", timeout=RUN_TIMEOUT_MS)
    asked = [json.loads(r.request.post_data) for r in checks]
    assert [a["tactics"] for a in asked] == [
        {"attacker": "lookahead", "defender": "steadfast"},
        {"attacker": "default", "defender": "lookahead"},
    ]
    assert all(a["seed"] == base["seed"] and "precision" not in a for a in asked)
    attacker, defender = (r.json() for r in checks)
    lines = page.locator("#play-check-results li").all_inner_texts()
    won = attacker["outcomes"]["attacker_wins"]["p"]
    here = base["outcomes"]["attacker_wins"]["p"]
    assert lines[0].startswith(f"A searching attacker wins {whole(100 * won)}% of 400 Battles; ")
    assert f"the attacker here wins {whole(100 * here)}% of " in lines[0]
    held = defender["outcomes"]["defender_wins"]["p"] + defender["outcomes"]["time_loss"]["p"]
    assert f"holds out (wins, or the time runs out) in {whole(100 * held)}% of " in lines[1]
    # the difference in percentage points with its 95% interval; better play only beyond it
    for line, (mine, base_p) in zip(lines, ((won, here), (held, None)), strict=True):
        gain, lo, hi = (
            float(x.replace("−", "-"))
            for x in re.search(
                r"([−+]?[\d.]+) percentage points \(95% interval ([−+]?[\d.]+) to ([−+]?[\d.]+)\)",
                line,
            ).groups()
        )
        assert lo <= gain <= hi
        if base_p is not None:
            assert gain == pytest.approx(100 * (mine - base_p), abs=0.051)
        assert ("better play gains" in line) == (lo > 0)
        assert ("no better play found" in line) == (lo <= 0)
    assert page.inner_text("#play-check-status") == "" and page.script_errors == []
    # a new answer clears the check
    page.fill("#seed", "8")
    with page.expect_response(re.compile(r"/api/v1/odds$"), timeout=RUN_TIMEOUT_MS):
        page.click("#run")
    page.wait_for_selector("#results[data-state=done]")
    assert page.locator("#play-check-results li").count() == 0
    # a refusal is said, and the check may be asked again
    busy = {"error": {"code": "busy", "message": "the worker is busy", "details": []}}
    page.route(
        re.compile(r"/api/v1/odds$"),
        lambda route: route.fulfill(status=503, json=busy, headers={"Retry-After": "5"}),
    )
    page.click("#check-play")
    page.wait_for_function(
        "document.querySelector('#play-check-status').textContent.startsWith('Not checked')"
    )
    status = page.inner_text("#play-check-status")
    assert status.startswith("Not checked: the worker is busy") and "again" in status
    assert page.locator("#play-check-results li").count() == 0
    assert page.is_enabled("#check-play")
