"""The Tactical Titan page in headless Chromium at a laptop's width and a phone's: a map drawn
from the API's data (regions, hazards, hexsides, borders, starting towers, labels), a state's
characters on it, and a character's legal actions highlighted where the API says they go
(the variant's book, cited by its sections; docs/tactical.md, "On the page")."""

from __future__ import annotations

import json
import os
import re
from urllib.parse import urlencode
from urllib.request import Request, urlopen

import pytest

from tests.helpers.browser import require_browser
from tests.helpers.tactical_maps import small_map

require_browser()
pytestmark = [pytest.mark.browser, pytest.mark.slow]

TACTICAL = "/api/v1/tactical"
SHOTS = os.environ.get("TITAN_PAGE_SHOTS")  # a folder to keep screenshots in, when set


def ask(base_url: str, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = Request(base_url + TACTICAL + path, data, {"Content-Type": "application/json"})
    with urlopen(request, timeout=60) as answer:
        return json.load(answer)


def open_page(page, base_url: str, hash_: str = "") -> None:
    page.goto(f"{base_url}/tactical{hash_}")
    page.wait_for_selector("body[data-ready=true]")


def showing(page, what: str) -> None:
    page.wait_for_selector(f"body[data-showing={what}]")


def highlighted(page, kind: str) -> set[str]:
    return set(
        page.locator(f"#map .highlight.{kind}").evaluate_all("ms => ms.map(m => m.dataset.hex)")
    )


def test_an_example_map_is_drawn_from_the_api(sized_page, base_url):
    """2.1, 3.1: every hex with its label and its region's terrain, the regions' borders, the
    hexside hazards (Rivers among them, 12.1.1) and one ring per starting tower."""
    page = sized_page
    open_page(page, base_url)
    page.click("#example-maps button[data-map=four_winds]")
    page.wait_for_selector("#map[data-map='Four Winds']")
    drawn = ask(base_url, "/maps/four_winds")
    hexes = page.locator("#map .hex")
    assert hexes.count() == len(drawn["layout"])
    labels = set(page.locator("#map .hex .label").evaluate_all("ts => ts.map(t => t.textContent)"))
    assert labels == set(drawn["map"]["hexes"])
    seas = page.locator("#map .hex[data-terrain=Sea]").count()
    regions = {r["name"]: r["terrain"] for r in drawn["map"]["regions"]}
    assert seas == sum(regions[h["region"]] == "Sea" for h in drawn["map"]["hexes"].values())
    rivers = sum(s["hazard"] == "River" for s in drawn["map"]["hexsides"])
    assert rivers and page.locator("#map .hexside-river").count() == rivers
    assert page.locator("#map .tower").count() == len(drawn["map"]["starting_towers"]) == 4
    assert page.locator("#map .border").get_attribute("d").count("M") > 100
    legend = page.locator("#legend [data-terrain]").evaluate_all(
        "ks => ks.map(k => k.dataset.terrain)"
    )
    assert set(legend) == set(regions.values())
    page_width = page.evaluate("document.documentElement.scrollWidth")
    assert page_width <= page.viewport_size["width"]  # the map scrolls in its frame, not the page
    assert page.script_errors == [] and page.outside == []


def test_a_characters_highlighted_moves_are_the_apis(sized_page, base_url):
    """7.0: the Centaur at the edge of its tower may walk to the hexes the API lists, and
    exactly those are highlighted and listed."""
    page = sized_page
    open_page(page, base_url)
    page.click("#example-states button[data-state=two_shores_opening]")
    showing(page, "state")
    state = ask(base_url, "/states/two_shores_opening")["state"]
    assert page.locator("#map .piece").count() == len(state["characters"])
    legal = ask(base_url, "/rules/legal", {"state": state, "character": 6})
    with page.expect_response(lambda r: r.url.endswith("/rules/legal")) as answered:
        page.click('#map .piece[data-id="6"]')
    assert json.loads(answered.value.request.post_data)["character"] == 6
    page.wait_for_selector('#legal[data-for="6"]')
    expected = {m["hex"] for m in legal["moves"]}
    assert expected and highlighted(page, "moves") == expected
    assert page.locator("#legal-moves li").count() == len(legal["moves"])
    assert highlighted(page, "strikes") == set()
    assert page.locator("#legal-strikes li.none").count() == 1
    assert page.script_errors == [] and page.outside == []


def test_strikes_across_a_river_are_highlighted_too(page, base_url):
    """8.0, 12.1.1: Red's Gargoyle on O7 may strike the Ogre and the Gargoyle in contact with
    it and the Centaur across the River."""
    open_page(page, base_url, "#state=skirmish_strike")
    showing(page, "state")
    page.click('#map .piece[data-id="5"]')
    page.wait_for_selector('#legal[data-for="5"]')
    assert highlighted(page, "strikes") == {"O8", "N6", "P7"}
    texts = page.locator("#legal-strikes li").all_inner_texts()
    assert any("Centaur (13) on P7" in t for t in texts)


def test_heals_and_musters_are_shown_in_their_phases(page, base_url):
    """5.2.1: the Unicorn heals the Ogre beside it; 9.2 Tower: the Titan musters a Warlock."""
    open_page(page, base_url, "#state=skirmish_healing")
    showing(page, "state")
    page.click('#map .piece[data-id="15"]')
    page.wait_for_selector('#legal[data-for="15"]')
    assert highlighted(page, "heals") == {"N5"}
    page.click("#example-states button[data-state=skirmish_muster]")
    page.wait_for_selector("#turn:has-text('muster phase')")
    page.click('#map .piece[data-id="1"]')
    page.wait_for_selector('#legal[data-for="1"]')
    assert any("Warlock" in t for t in page.locator("#legal-musters li").all_inner_texts())
    assert highlighted(page, "musters")


def test_a_map_file_with_a_problem_shows_it_at_its_hex(page, base_url):
    """2.1.1: a Water hex outside a Sea is named with its section and path, and its hex is
    marked on the map drawn all the same."""
    broken = small_map()
    broken["hexes"]["C4"]["hazard"] = "Water"
    open_page(page, base_url)
    page.set_input_files(
        "#file",
        files=[{"name": "broken.json", "mimeType": "application/json",
                "buffer": json.dumps(broken).encode()}],
    )  # fmt: skip
    page.wait_for_selector("#problems:not([hidden])")
    item = page.locator("#problem-list li").first
    assert "2.1.1" in item.inner_text() and "map.hexes.C4.hazard" in item.inner_text()
    assert page.locator("#map .hex.problem").evaluate_all("gs => gs.map(g => g.dataset.hex)") == [
        "C4"
    ]
    assert page.locator("#map .hex").count() == len(broken["hexes"])


def test_a_state_file_is_drawn_with_its_characters(page, base_url):
    state = ask(base_url, "/states/skirmish_maneuver")["state"]
    open_page(page, base_url)
    page.set_input_files(
        "#file",
        files=[{"name": "game.json", "mimeType": "application/json",
                "buffer": json.dumps(state).encode()}],
    )  # fmt: skip
    showing(page, "state")
    pieces = page.locator("#map .piece")
    assert pieces.count() == len(state["characters"])
    where = pieces.evaluate_all("ps => ps.map(p => [Number(p.dataset.id), p.dataset.hex])")
    assert sorted(where) == sorted([c["id"], c["hex"]] for c in state["characters"])
    assert "Red's maneuver phase" in page.inner_text("#turn")
    assert page.locator("#problems").is_hidden()


def test_the_odds_of_the_fight_shown_are_the_apis(sized_page, base_url):
    """docs/tactical.md, "Odds": the state shown is sent with the fights, turns and stop asked,
    and each player's chance its Titan falls and it holds the field, its points and healing,
    the undecided share and the turns are shown as the API answers them."""
    page = sized_page
    open_page(page, base_url)
    assert page.is_hidden("#fight-odds")  # a map alone has no fight
    page.click("#example-states button[data-state=skirmish_strike]")
    showing(page, "state")
    state = ask(base_url, "/states/skirmish_strike")["state"]
    page.fill("#odds-fights", "300")
    page.fill("#odds-turns", "6")
    with page.expect_response(lambda r: r.url.endswith("/tactical/odds"), timeout=300_000) as asked:
        page.click("#odds-run")
    page.wait_for_selector("#odds-result[data-state=done]", timeout=300_000)
    sent = json.loads(asked.value.request.post_data)
    assert sent == {
        "state": state,
        "fights": 300,
        "turns": 6,
        "until": "first_titan",
        "musters": False,
    }
    answer = asked.value.json()
    cards = page.locator("#odds-players .odds-player")
    assert cards.evaluate_all("cs => cs.map(c => c.dataset.player)") == [
        p["name"] for p in answer["players"]
    ]
    for p in answer["players"]:
        card = f'#odds-players [data-player="{p["name"]}"]'
        shown = dict(
            zip(
                page.locator(f"{card} dt").all_inner_texts(),
                [float(t.rstrip("%").replace(",", "")) for t in
                 page.locator(f"{card} dd strong").all_inner_texts()],
                strict=True,
            )
        )  # fmt: skip
        # printed to one decimal (the browser rounds a half up, Python's format the binary value)
        assert shown["Its Titan falls"] == pytest.approx(100 * p["titan_falls"]["p"], abs=0.051)
        assert shown["It holds the field"] == pytest.approx(100 * p["holds_field"]["p"], abs=0.051)
        assert shown["Points it scores"] == pytest.approx(p["points"]["mean"], abs=0.051)
        assert shown["Damage it heals"] == pytest.approx(p["healing"]["mean"], abs=0.051)
    undecided = page.locator("#odds-undecided strong").inner_text()
    assert float(undecided.rstrip("%")) == pytest.approx(100 * answer["undecided"]["p"], abs=0.051)
    assert f"at most {answer['max_turns']}" in page.inner_text("#odds-turns-line")
    assert "default tactic" in page.inner_text("#fight-odds")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    if SHOTS:
        page.locator("#fight-odds").screenshot(
            path=f"{SHOTS}/tactical-odds-{page.viewport_size['width']}.png"
        )
    assert page.script_errors == [] and page.outside == []


MUSTERED = "Characters it musters or summons (6.0)"


def ask_odds(page) -> tuple[dict, dict]:
    """Click *Odds of this fight*: the request the page sent and the answer it showed."""
    with page.expect_response(lambda r: r.url.endswith("/tactical/odds"), timeout=300_000) as asked:
        page.click("#odds-run")
    page.wait_for_selector("#odds-result[data-state=done]", timeout=300_000)
    return json.loads(asked.value.request.post_data), asked.value.json()


def test_the_muster_phase_is_played_when_asked_and_its_musters_shown(page, base_url):
    """6.0: with the box checked the fights play each Muster Phase and each player's characters
    mustered or summoned are shown as the API answers the same request; unchecked, none are."""
    open_page(page, base_url, "#state=skirmish_muster")
    showing(page, "state")
    assert not page.is_checked("#odds-musters")
    page.fill("#odds-fights", "200")
    page.fill("#odds-turns", "6")
    page.check("#odds-musters")
    sent, shown = ask_odds(page)
    assert sent["musters"] is True and sent["fights"] == 200
    # the same fights again, asked of the service itself: the page's seed replays them
    answer = ask(base_url, "/odds", {**sent, "seed": shown["seed"]})
    assert answer["musters"] is True and answer["fights"] == 200
    assert any(p["mustered"]["mean"] > 0 for p in answer["players"])
    for p in answer["players"]:
        card = f'#odds-players [data-player="{p["name"]}"]'
        terms = page.locator(f"{card} dt").all_inner_texts()
        value = page.locator(f"{card} dd").nth(terms.index(MUSTERED))
        assert float(value.locator("strong").inner_text()) == pytest.approx(
            p["mustered"]["mean"], abs=0.051
        )
        low, high = value.locator(".ci").inner_text().strip(" ()").split(": ")[1].split("–")
        assert float(low) == pytest.approx(p["mustered"]["ci95"][0], abs=0.051)
        assert float(high) == pytest.approx(p["mustered"]["ci95"][1], abs=0.051)
    assert "each Muster Phase played" in page.inner_text("#odds-facts")

    page.uncheck("#odds-musters")
    sent, shown = ask_odds(page)
    assert sent["musters"] is False and shown["musters"] is False
    assert MUSTERED not in page.inner_text("#odds-players")
    assert "no Muster Phase" in page.inner_text("#odds-facts")
    assert page.script_errors == [] and page.outside == []


def test_a_refused_odds_request_is_said_in_words_and_the_odds_shown_stay(page, base_url):
    """A 422 names the field by its label with the service's words; a 503 while the kernel
    warms says so and asks again by itself; neither loses the state or the odds shown."""
    open_page(page, base_url, "#state=skirmish_strike")
    showing(page, "state")
    page.fill("#odds-fights", "100")
    page.click("#odds-run")
    page.wait_for_selector("#odds-result[data-state=done]", timeout=300_000)
    shown = page.inner_text("#odds-players")
    page.fill("#odds-fights", "0")
    page.click("#odds-run")
    page.wait_for_selector("#odds-problems:not([hidden])")
    assert page.inner_text("#odds-problems").startswith("Fights to play:")
    assert page.get_attribute("#odds-fights", "aria-invalid") == "true"
    assert "Not played" in page.inner_text("#odds-status")
    assert page.is_visible("#odds-stale") and page.inner_text("#odds-players") == shown
    assert page.locator("#map .piece").count() > 0  # the state is still there

    refused = []

    def warming(route):
        if not refused:
            refused.append(route.request.url)
            route.fulfill(
                status=503,
                headers={"Retry-After": "1", "Content-Type": "application/json"},
                body=json.dumps({"error": {"code": "kernel_warming", "message": "warming",
                                           "details": []}}),
            )  # fmt: skip
        else:
            route.continue_()

    page.route("**/api/v1/tactical/odds", warming)
    page.fill("#odds-fights", "100")
    page.click("#odds-run")
    page.wait_for_function(
        "document.querySelector('#odds-status').textContent.includes('asking again')"
    )
    page.wait_for_selector("#odds-result[data-state=done]", timeout=300_000)
    assert len(refused) == 1 and page.is_hidden("#odds-problems")


def engagement_hash(request: dict) -> str:
    return "#" + urlencode({"engagement": json.dumps(request)})


def test_an_engagement_in_the_address_is_shown_or_its_refusal_said(page, base_url):
    """``#engagement=<odds request>`` (the odds form's link under the variant) shows the state
    POST /engagement answers, with the odds set to the variant's fights; what the service
    refuses is said in words; another state's odds are back to the defaults."""
    kraken = {"terrain": "Woods", "variant": "tactical",
              "attacker": {"score": 0, "characters": ["Titan", "Kraken"]},
              "defender": {"score": 0, "characters": ["Ogre"]}}  # fmt: skip
    page.goto(f"{base_url}/tactical{engagement_hash(kraken)}")
    page.wait_for_selector("#status.bad")
    assert "Kraken may not fight on Woods" in page.inner_text("#status")
    assert "9.2" in page.inner_text("#problem-list")
    assert page.is_hidden("#fight-odds")

    plains = {"terrain": "Plains", "variant": "tactical", "trials": 100,
              "attacker": {"score": 0, "characters": ["Titan", "Healer"]},
              "defender": {"score": 0, "characters": ["Troll", "Troll"]}}  # fmt: skip
    page.evaluate("h => { location.hash = h; }", engagement_hash(plains))
    showing(page, "state")
    state = ask(base_url, "/engagement", plains)["state"]
    names = page.locator("#map .piece").evaluate_all("ps => ps.map(p => p.dataset.name)")
    assert sorted(names) == sorted(c["name"] for c in state["characters"])
    assert page.get_attribute("#map", "data-map") == "Plains"
    assert "The Engagement on Plains: 4 characters" in page.inner_text("#status")
    assert page.input_value("#odds-turns") == "14"
    assert page.input_value("#odds-until") == "one_player"
    assert page.is_visible("#odds-preset")

    assert not page.is_checked("#odds-musters")  # the variant's Engagement never musters

    page.click("#example-states button[data-state=skirmish_strike]")
    page.wait_for_selector("#odds-preset", state="hidden")
    assert page.input_value("#odds-turns") == "20"
    assert page.input_value("#odds-until") == "first_titan"
    assert not page.is_checked("#odds-musters")

    # a box checked before the Engagement is cleared for it and checked again after it
    page.check("#odds-musters")
    page.evaluate("h => { location.hash = h; }", engagement_hash({**plains, "trials": 200}))
    page.wait_for_selector("#odds-preset:not([hidden])")
    assert not page.is_checked("#odds-musters")
    page.click("#example-states button[data-state=skirmish_strike]")
    page.wait_for_selector("#odds-preset", state="hidden")
    assert page.is_checked("#odds-musters")
    assert page.script_errors == [] and page.outside == []


def test_each_player_plays_the_plan_chosen_and_its_card_says_which(sized_page, base_url):
    """docs/tactical.md, "Odds": one plan select per player of the state shown, offering
    simulator.tactical.search.PLANS with the default chosen; the plans other than the default
    are sent as ``plans``, and each card says the plan its player played (for a search, its
    pilot fights' wins with the plan chosen and with the default) as the API answers it."""
    from simulator.tactical.search import PLANS

    page = sized_page
    open_page(page, base_url, "#state=skirmish_strike")
    showing(page, "state")
    state = ask(base_url, "/states/skirmish_strike")["state"]
    players = [p["name"] for p in state["players"]]
    assert len(players) == 2
    selects = page.locator("#odds-plan-list select")
    assert selects.evaluate_all("ss => ss.map(s => s.dataset.player)") == players
    for name in players:
        select = f'#odds-plan-list select[data-player="{name}"]'
        offered = page.locator(f"{select} option").evaluate_all("os => os.map(o => o.value)")
        assert offered == list(PLANS)
        assert page.input_value(select) == "default"
        assert (
            page.inner_text(f'#odds-plan-list label[for="{page.get_attribute(select, "id")}"]')
            == name
        )
    searcher, other = players
    page.select_option(f'#odds-plan-list select[data-player="{searcher}"]', "search")
    page.select_option(f'#odds-plan-list select[data-player="{other}"]', "headlong")
    assert "pilot fights" in page.inner_text(f'.odds-plan-row[data-player="{searcher}"]')
    page.fill("#odds-fights", "200")  # 20 turns: fights long enough for a plan to beat the default
    sent, shown = ask_odds(page)
    assert sent["plans"] == {searcher: "search", other: "headlong"}
    # the same fights again, asked of the service itself: the page's seed replays the search too
    answer = ask(base_url, "/odds", {**sent, "seed": shown["seed"]})
    assert answer["plans"] == shown["plans"]
    assert [p["player"] for p in answer["plans"]] == players
    played = {p["player"]: p for p in answer["plans"]}
    assert played[other]["plan"] == "headlong" and played[other]["pilots"] is None
    assert set(played[searcher]["pilots"]) == set(PLANS) - {"search"}
    for name, p in played.items():
        line = page.locator(f'#odds-players [data-player="{name}"] .odds-played')
        assert line.get_attribute("data-plan") == p["plan"]
        label = page.locator(
            f'#odds-plan-list select[data-player="{name}"] option[value="{p["plan"]}"]'
        )
        assert line.locator("strong").inner_text() == label.inner_text()
    text = page.inner_text(f'#odds-players [data-player="{searcher}"] .odds-played')
    pilots = played[searcher]["pilots"]
    shares = [float(x) for x in re.findall(r"([\d.]+)%", text)]
    wanted = [pilots[played[searcher]["plan"]], pilots["default"]]
    if played[searcher]["plan"] == "default":
        wanted = wanted[1:]
    assert shares == pytest.approx([100 * w for w in wanted], abs=0.051)
    assert "plan search" not in page.inner_text(f'#odds-players [data-player="{other}"]')
    if SHOTS:
        page.locator("#fight-odds").screenshot(
            path=f"{SHOTS}/tactical-plans-{page.viewport_size['width']}.png"
        )

    # a plan the service does not know is refused at that player's select (4.0)
    blue = f'#odds-plan-list select[data-player="{other}"]'
    page.evaluate("s => document.querySelector(s).append(new Option('Cautious', 'cautious'))", blue)
    page.select_option(blue, "cautious")
    page.click("#odds-run")
    page.wait_for_selector("#odds-problems:not([hidden])")
    assert page.inner_text("#odds-problems").startswith(f"{other}'s plan:")
    assert page.get_attribute(blue, "aria-invalid") == "true"

    # another state: selects of its own players, each at the default
    page.click("#example-states button[data-state=skirmish_muster]")
    page.wait_for_selector("#odds-result", state="hidden")
    muster = ask(base_url, "/states/skirmish_muster")["state"]
    assert selects.evaluate_all("ss => ss.map(s => [s.dataset.player, s.value])") == [
        [p["name"], "default"] for p in muster["players"]
    ]
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.script_errors == [] and page.outside == []
