"""The odds page in headless Chromium at a laptop's width and a phone's: the Battleland beside
the form, one Battle watched phase by phase against POST /api/v1/odds/trace, every number
explained where it stands, and the page's state honest while it asks.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.helpers.browser import (
    ODDS,
    RUN_TIMEOUT_MS,
    TRACE,
    answer_of_link,
    link_to,
    open_form,
    require_browser,
)

require_browser()
pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The Marsh Engagement a player reported: the Angel summoned in most Battles (15.0) and the
# defender's reinforcement in some (14.0).
MARSH = {
    "terrain": "Marsh",
    "entry_side": 3,
    "attacker": {"score": 0, "characters": ["Titan", "Ogre", "Ogre", "Troll"]},
    "defender": {"score": 0, "characters": ["Ogre", "Troll", "Ranger"]},
    "summonable": "Angel",
    "trials": 600,
    "seed": 1,
}


def drawn_pieces(page) -> dict[str, str]:
    """{id: hex} of the characters standing on the Battle's drawing (the slain left out)."""
    found = page.locator("#battle-drawing .piece:not(.slain)").evaluate_all(
        "gs => gs.map(g => [g.dataset.id, g.dataset.hex])"
    )
    return dict(found)


def test_the_battleland_is_drawn_beside_the_form_and_follows_the_land_and_side_10_1_10_2(
    sized_page, base_url
):
    """2.2, 10.1, 10.2: the chosen land's 27 hexes with their labels, hazards and elevations,
    its hexsides, and the attacker's edge of the chosen side marked; the Tower's walled
    hexes for the defender. Beside the form on a laptop, under it on a phone."""
    page = sized_page
    open_form(page, base_url + "/")
    page.check("input[name=where][value=terrain]")
    page.select_option("#terrain", "Hills")
    page.select_option("#entry-side", "3")
    page.wait_for_selector("#land-drawing[data-terrain=Hills][data-entry-side='3']")
    land = json.loads(page.evaluate("fetch('/api/v1/battlelands/Hills').then(r => r.text())"))
    hexes = page.locator("#land-drawing .hex")
    assert hexes.count() == 27
    for label, facts in land["hexes"].items():
        drawn = page.locator(f"#land-drawing .hex[data-hex={label}]")
        assert drawn.locator(".label").text_content() == label
        assert f"hazard-{facts['hazard'].lower()}" in drawn.get_attribute("class")
        assert (drawn.locator(".elevation").count() == 1) == (facts["elevation"] > 0)
    assert page.locator("#land-drawing .hexside").count() == len(land["hexsides"])
    marked = page.locator("#land-drawing .entry.attacker.chosen")
    assert marked.get_attribute("data-side") == "3"
    assert marked.locator(".edge-hex").count() == 4  # the four-hex edge (10.1)
    assert "side 3" in page.inner_text("#land-caption")
    assert "A3, B4, C5, D6" in page.inner_text("#land-caption")

    page.select_option("#terrain", "Tower")
    page.wait_for_selector("#land-drawing[data-terrain=Tower][data-entry-side='5']")
    assert page.locator("#land-drawing .hexside-wall").count() > 6
    assert page.locator("#land-drawing .entry.walls .edge-hex").count() == 7  # 10.2
    assert "walls" in page.inner_text("#land-caption")

    form = page.locator("#odds-form").bounding_box()
    drawing = page.locator("#land-drawing").bounding_box()
    if page.viewport_size["width"] >= 1000:
        assert drawing["x"] >= form["x"] + form["width"] - 1  # beside the form
        assert drawing["y"] < page.viewport_size["height"]  # and in sight
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.outside == [] and page.script_errors == []


def test_a_battle_is_watched_phase_by_phase_as_the_trace_tells_it(sized_page, base_url):
    """Show a Battle: the drawing steps through POST /odds/trace's phases, every character on
    the hex the trace gives at the end of each phase, the log beside it in the trace's words;
    play runs on by itself and pause stops it; the Battle's link shows the same Battle."""
    page = sized_page
    answer = answer_of_link(page, base_url, MARSH)
    page.fill("#battle-number", "3")
    with page.expect_response(TRACE, timeout=RUN_TIMEOUT_MS) as traced:
        page.click("#show-battle")
    story = traced.value.json()
    asked = json.loads(traced.value.request.post_data)
    assert asked["battle"] == 2 and asked["seed"] == answer["seed"]
    assert asked["trials"] == answer["trials"] and "precision" not in asked
    page.wait_for_selector("#battle-view:not([hidden])")
    assert page.locator("#battle-drawing .hex").count() == 27
    assert page.locator("#battle-drawing .entry.attacker.chosen").get_attribute("data-side") == "3"
    phases = story["phases"]
    logged = page.locator("#battle-log .phase")
    assert logged.count() == len(phases)
    assert drawn_pieces(page) == {}  # before the Battle nobody stands on it (a fresh Battle)
    for k, phase in enumerate(phases):
        page.click("#step-next")
        page.wait_for_selector(f"#battle-drawing[data-step='{k}']")
        expected = {p["id"]: p["hex"] for p in phase["pieces"] if p["hex"] is not None}
        assert drawn_pieces(page) == expected, phase["title"]
        current = page.locator("#battle-log .phase.current")
        assert current.get_attribute("data-step") == str(k)
        texts = current.locator("ul li").all_inner_texts()
        if phase["events"]:
            assert texts == [e["text"] for e in phase["events"]]
        assert phase["title"] in page.inner_text("#phase-title")
    assert page.is_disabled("#step-next")
    assert page.inner_text("#battle-ending") == story["ending"]
    arrived = {c["arrives"] for c in story["characters"]}
    assert "summoned" in arrived or any(
        e["kind"] == "slain" for p in phases for e in p["events"]
    )  # something happened worth telling

    # back to the start, play, pause
    page.click("#step-first")
    assert page.get_attribute("#battle-drawing", "data-step") == "-1"
    page.click("#play-pause")
    page.wait_for_selector("#battle-drawing[data-step='1']", timeout=10_000)
    page.click("#play-pause")
    paused = page.get_attribute("#battle-drawing", "data-step")
    page.wait_for_timeout(2_000)
    assert page.get_attribute("#battle-drawing", "data-step") == paused

    # the link shows the very Battle again
    link = page.input_value("#battle-link")
    assert parse_qs(urlsplit(link).fragment)["battle"] == ["2"]
    again = page.context.new_page()
    with again.expect_response(TRACE, timeout=RUN_TIMEOUT_MS) as retold:
        again.goto(link)
    assert retold.value.json()["phases"] == phases
    again.wait_for_selector("#battle-view:not([hidden])")
    assert again.inner_text("#battle-ending") == story["ending"]
    assert page.outside == [] and page.script_errors == []


def test_the_summoned_lord_the_reinforcement_and_every_points_bar_are_explained_14_0_15_0(
    page, base_url
):
    """The Angel (15.0) and the reinforcement (14.0): how often each joins and survives, as
    the answer says; every bar of the points charts said in words, the 60 points of the
    Marsh example as the defender's whole Legion (44) and its reinforcement (16)."""
    answer = answer_of_link(page, base_url, MARSH)
    lord = answer["attacker"]["summoned"]
    facts = page.inner_text("#attacker-facts")
    assert f"Angel summoned (15.0)\n{100 * lord['p']:.1f}% of Battles" in facts
    assert f"{100 * lord['survives']:.1f}% of Battles" in facts
    rows = page.locator("#attacker-survival tbody th").all_inner_texts()
    assert rows[-1] == "Angel (summoned)"
    reinforced = answer["defender"]["reinforcement"]
    assert reinforced["p"] > 0
    assert "mustered (14.0)" in page.inner_text("#defender-facts")
    assert page.locator("#defender-survival tbody th").last.inner_text().endswith("(reinforcement)")
    note = page.inner_text("#attacker-points-note")
    assert "worth 44 (Ogre 12, Troll 16, Ranger 16)" in note and "60 in all" in note
    for side in ("attacker", "defender"):
        table = page.locator(f"#{side}-points-table tbody tr")
        assert table.count() == len(answer[side]["points_distribution"])
        for row in table.all():
            cells = row.locator("td").all_text_contents()  # in a closed <details>
            assert cells[2], cells  # every bar said in words
            if side == "attacker" and cells[0] == "60":
                assert "reinforcement, a Troll (16)" in cells[2]
            if cells[0] == "44" and side == "attacker":
                assert cells[2] == "the whole defender's Legion"
    assert page.script_errors == []


def test_a_refused_question_clears_the_old_answer_and_names_the_fields_label(page, base_url):
    """An answer on screen is marked as the previous question's while a new one is asked,
    and gone when the new one is refused; the message beside the field uses its label, a
    rule's and a shape's alike."""
    answer_of_link(page, base_url, {**MARSH, "trials": 200})

    held = []  # the new question's request, held while the page is looked at
    page.route(ODDS, lambda route: held.append(route))
    page.click("#run")
    page.wait_for_selector("#results[data-state=stale]")
    assert page.is_visible("#stale-notice")
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    page.wait_for_selector("#results[data-state=done]", timeout=RUN_TIMEOUT_MS)
    assert page.is_hidden("#stale-notice")
    page.unroute(ODDS)
    page.fill("#trials", "0")
    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS) as refused:
        page.click("#run")
    assert refused.value.status in (400, 422)
    message = page.locator('[data-error-for="trials"]')
    message.wait_for(state="visible")
    assert message.inner_text().startswith("Battles to play")
    assert not re.search(r"\btrials\b", message.inner_text())
    assert page.is_hidden("#results")

    # a shape the form cannot send (a client's own request, say): the service's words after
    # the field's label
    def as_text(route):
        route.continue_(
            post_data=json.dumps({**json.loads(route.request.post_data), "trials": "x"})
        )

    page.route(ODDS, as_text)
    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS) as refused:
        page.click("#run")
    assert refused.value.status == 400
    page.wait_for_function(
        "document.querySelector('[data-error-for=\"trials\"]').textContent.includes('whole')"
    )
    assert message.inner_text() == 'Battles to play: must be a whole number, not "x"'
    assert page.script_errors == []


def test_play_is_in_sight_and_the_answer_comes_into_view(sized_page, base_url):
    """At 1280x900 the Play button is on screen without scrolling; after Play, the answer's
    first lines are on screen (a phone scrolls to them)."""
    page = sized_page
    open_form(page, base_url + "/")
    run = page.locator("#run").bounding_box()
    height = page.viewport_size["height"]
    assert run["y"] >= 0 and run["y"] + run["height"] <= height
    page.fill("#trials", "200")
    with page.expect_response(ODDS, timeout=RUN_TIMEOUT_MS):
        page.click("#run")
    page.wait_for_selector("#results[data-state=done]")
    page.wait_for_timeout(200)
    title = page.locator("#results-title").bounding_box()
    assert 0 <= title["y"] < height, title
    assert page.script_errors == []


def test_a_link_to_a_battle_opens_on_it(page, base_url):
    """A link with a Battle's number asks the odds, then shows that Battle."""
    with page.expect_response(TRACE, timeout=RUN_TIMEOUT_MS) as traced:
        page.goto(link_to(base_url, {**MARSH, "trials": 100}, battle=7))
    assert json.loads(traced.value.request.post_data)["battle"] == 7
    page.wait_for_selector("#battle-view:not([hidden])")
    assert page.input_value("#battle-number") == "8"  # counted from 1 on the page
    assert page.script_errors == []


def test_which_recruit_ranks_the_musters_with_their_time_loss_share_10_5_18_0(sized_page, base_url):
    """The attacker's recruits compared on the answer's dice: the table is /compare's, each
    candidate's time-loss share beside its wins (an Ogre against a Griffon in the Marsh,
    which flies where the Ogre cannot follow, loses many Battles to the clock)."""
    page = sized_page
    request = {
        "terrain": "Marsh",
        "attacker": {"score": 0, "characters": ["Ogre"]},
        "defender": {"score": 0, "characters": ["Griffon"]},
        "trials": 500,
        "seed": 4,
    }
    answer_of_link(page, base_url, request)
    with page.expect_response("**/api/v1/compare", timeout=RUN_TIMEOUT_MS) as compared:
        page.click("#compare-attacker")
    body = compared.value.json()
    asked = json.loads(compared.value.request.post_data)
    assert asked["side"] == "attacker" and asked["legion"] == request["attacker"]
    assert asked["seed"] == 4 and asked["trials"] == 500
    page.wait_for_selector("#compare-table:not([hidden])")
    rows = page.locator("#compare-table tbody tr")
    assert rows.count() == len(body["candidates"]) >= 2
    for row, candidate in zip(rows.all(), body["candidates"], strict=True):
        shown = float(row.locator("td.time-loss").inner_text().rstrip("%"))
        assert shown == pytest.approx(100 * candidate["outcomes"]["time_loss"]["p"], abs=0.051)
    assert max(c["outcomes"]["time_loss"]["p"] for c in body["candidates"]) > 0.2
    assert page.script_errors == []
