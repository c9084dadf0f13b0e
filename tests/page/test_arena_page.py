"""The Arena's page in headless Chromium at a laptop's width and a phone's: the table drawn as
it lies (players with their bets as chips, eight creature columns with their cards, my Hand
as cards), cards added by clicking, the odds on the creatures and players, the advice on my
cards, and each problem beside what it is about (docs/arena.md)."""

from __future__ import annotations

import json
from urllib.request import Request, urlopen

import pytest

from tests.helpers.browser import RUN_TIMEOUT_MS, require_browser

require_browser()
pytestmark = [pytest.mark.browser, pytest.mark.slow]

CREATURES = ["Cyclops", "Dragon", "Hydra", "Ranger", "Titan", "Troll", "Unicorn", "Warlock"]


def open_arena(page, base_url: str) -> None:
    page.goto(base_url + "/arena")
    page.wait_for_selector("body[data-ready=true]")


def post(base_url: str, path: str, body: dict) -> dict:
    request = Request(base_url + path, json.dumps(body).encode(),
                      {"Content-Type": "application/json"})  # fmt: skip
    with urlopen(request, timeout=RUN_TIMEOUT_MS / 1000) as answer:
        return json.load(answer)


def test_the_table_is_drawn_as_it_lies_and_cards_are_added_by_clicking_2_4(sized_page, base_url):
    """The example table: three players with their chips, the eight creatures as columns with
    the cards played on them, the Hand as eight cards. A card clicked in the picker joins the
    Hand; one already on the table cannot be picked again (2: each card once)."""
    page = sized_page
    open_arena(page, base_url)
    columns = page.locator("#creatures .creature")
    assert columns.evaluate_all("cs => cs.map(c => c.dataset.creature)") == CREATURES
    cyclops = page.locator("#creatures .creature[data-creature=Cyclops] .cards li")
    assert cyclops.all_inner_texts()[0].startswith("Cyclops 8")
    assert page.locator("#hand li").count() == 8
    chips = page.locator(".player[data-player=Ann] .chip")
    assert chips.count() == 1 and "Cyclops" in chips.inner_text()
    assert page.locator(".player[data-player=Bob] .chip.secret").count() == 1

    page.click(".hand-area .remove >> nth=7")  # the Unicorn 5 goes back
    assert page.locator("#hand li").count() == 7
    page.click("#add-hand")
    picker = page.locator("#card-picker")
    assert picker.is_visible()
    assert picker.locator("button[data-card='Cyclops 10']").is_disabled()  # in the Hand
    assert picker.locator("button[data-card='Cyclops 8']").is_disabled()  # in a column
    picker.locator("button[data-card='Titan 3']").click()
    page.click("#picker-done")
    assert picker.is_hidden()
    assert page.locator("#hand li").last.get_attribute("data-card") == "Titan 3"
    page.click("#creatures .creature[data-creature=Hydra] .add-card")
    page.locator("#card-picker button[data-card='Spectator 7']").click()
    page.click("#picker-done")
    hydra = page.locator("#creatures .creature[data-creature=Hydra] .cards li")
    assert hydra.evaluate_all("cs => cs.map(c => c.dataset.card)") == ["Spectator 7"]
    sent = page.evaluate("state()")
    assert sent["hand"][-1] == "Titan 3" and sent["columns"][0]["Hydra"] == ["Spectator 7"]
    page.click(".player[data-player=Cat] .add-bet")
    page.locator("#bet-creatures button", has_text="Warlock").click()
    assert page.evaluate("state()")["players"][2]["bets"][-1] == {"creature": "Warlock", "round": 1}
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not page.script_errors and not page.outside


def test_the_odds_are_shown_on_the_creatures_and_the_players(sized_page, base_url):
    """Each creature's chance to survive on its column and each player's ducats on its
    panel, the API's for the same table and seed (the page prints the seed)."""
    page = sized_page
    open_arena(page, base_url)
    page.fill("#games", "400")
    with page.expect_response("**/api/v1/arena/odds", timeout=RUN_TIMEOUT_MS) as answered:
        page.click("#odds")
    shown = answered.value.json()
    page.wait_for_selector("#creatures .creature-odds")
    body = {"state": page.evaluate("state()"), "games": 400, "seed": shown["seed"]}
    again = post(base_url, "/api/v1/arena/odds", body)
    for name in CREATURES:
        survives = page.locator(f"#creatures .creature[data-creature={name}] .survives strong")
        p = 100 * again["creatures"][name]["survives"]["p"]
        assert float(survives.inner_text().rstrip("%")) == pytest.approx(p, abs=0.051)
    for name, p in again["players"].items():
        text = page.locator(f".player[data-player={name}] .player-odds").inner_text()
        assert float(text.split()[0]) == pytest.approx(p["expected_ducats"], abs=0.0051)
    assert not page.script_errors and not page.outside


def test_the_advice_is_shown_on_the_cards_of_my_hand(sized_page, base_url):
    """Each card of my Hand carries the ducats of its best play; the best play's card is
    marked, and so is the creature it bets on; the ranked plays follow."""
    page = sized_page
    open_arena(page, base_url)
    page.fill("#games", "100")
    with page.expect_response("**/api/v1/arena/advice", timeout=RUN_TIMEOUT_MS) as answered:
        page.click("#advice")
    advice = answered.value.json()
    page.wait_for_selector("#hand .advice-badge")
    best = advice["plays"][0]
    card = best["action"].get("play", {}).get("card") or best["action"]["wager"].get("card")
    marked = page.locator("#hand li.best")
    assert marked.count() == 1 and marked.get_attribute("data-card") == card
    badge = marked.locator(".advice-badge").inner_text()  # rounded by the browser, to 2 places
    assert badge.endswith(" ducats")
    assert float(badge.split()[0]) == pytest.approx(best["expected_ducats"], abs=0.0051)
    creature = best["action"]["wager"].get("creature")
    if creature:
        mark = page.locator(f"#creatures .creature[data-creature={creature}] .advice-mark")
        assert mark.inner_text() == "★ best bet"
    rows = page.locator("#answer table tbody tr")
    assert rows.count() == len(advice["plays"])
    ducats = [float(r.locator("td").nth(1).inner_text()) for r in rows.all()]
    assert ducats == sorted(ducats, reverse=True)
    assert not page.script_errors and not page.outside


def test_a_problem_is_shown_beside_the_card_it_is_about_2(sized_page, base_url):
    """A card in the Hand twice: the odds are refused, the second card is marked with the
    message beside it, in the page's words (no `state.hand`) and with the section (2)."""
    page = sized_page
    open_arena(page, base_url)
    page.click(".hand-area .remove >> nth=7")  # the Unicorn 5 out, a second Cyclops 10 in
    page.click("#add-hand")
    page.evaluate("addCard('Cyclops 10')")  # the picker greys it out: as if typed elsewhere
    page.click("#picker-done")
    with page.expect_response("**/api/v1/arena/odds", timeout=RUN_TIMEOUT_MS) as answered:
        page.click("#odds")
    assert answered.value.status == 422
    marked = page.locator("#hand li.invalid")
    marked.wait_for()
    assert marked.get_attribute("data-path") == "state.hand[7]"
    note = page.locator(".hand-area .problem")
    assert note.is_visible()
    text = note.inner_text()
    assert "(section 2)" in text and "state." not in text and "your Hand (card 1)" in text
    assert page.is_enabled("#odds")
    # the table set right, the table is legal
    page.locator("#hand li.invalid .remove").click()
    assert page.locator(".problem").count() == 0
    page.click("#add-hand")
    page.locator("#card-picker button[data-card='Unicorn 5']").click()
    page.click("#picker-done")
    page.click("#validate")
    page.wait_for_selector("#answer .valid")
    assert not page.script_errors and not page.outside


def test_a_miscounted_table_says_which_field_to_mend(page, base_url):
    """102 cards must all be somewhere (2): a Draw pile counted wrong is marked on the Draw
    pile's field... or, when the count is of the whole table, said above it."""
    open_arena(page, base_url)
    page.fill("#draw-pile", "70")
    page.dispatch_event("#draw-pile", "change")
    page.click("#validate")
    page.wait_for_selector("#table-error:not([hidden]), .problem")
    shown = page.inner_text("body")
    assert "102 cards" in shown and "(section 2)" in shown
    assert not page.script_errors
