"""The project's own data equals every fact of ../shared/reference (2.1, 2.2, 3.5, 12.7, 18.2)."""

from __future__ import annotations

import pytest

from engine import facts
from engine.battlelands import BATTLELANDS, TERRAINS
from engine.characters import CHARACTERS
from engine.game.board import NEIGHBOURS as LAND_NEIGHBOURS
from engine.game.board import entry_side
from engine.hexes import LABELS, NEIGHBOURS, hex_name
from engine.masterboard import LANDS
from tests.helpers.reference import reference


@pytest.fixture(scope="module")
def battle_ref():
    return reference("battlelands")


@pytest.fixture(scope="module")
def char_ref():
    return reference("characters")


@pytest.fixture(scope="module")
def board_ref():
    return reference("masterboard")


def test_labels_and_adjacency(battle_ref):
    assert list(LABELS) == battle_ref["labels"]
    for i, label in enumerate(LABELS):
        assert sorted(hex_name(n) for n in NEIGHBOURS[i]) == sorted(battle_ref["adjacency"][label])


def test_edges(battle_ref):
    doc = facts.battleland_document("Plains")
    assert doc["edges"] == {
        **battle_ref["edges"]["four_wide"],
        **battle_ref["edges"]["three_wide"],
    }


@pytest.mark.parametrize("terrain", TERRAINS)
def test_battleland_hexes_and_hexsides(battle_ref, terrain):
    ref = battle_ref["battlelands"][terrain]
    doc = facts.battleland_document(terrain)
    assert doc["hexes"] == ref["hexes"]
    key = lambda s: (s["hex"], s["toward"])  # noqa: E731
    assert sorted(doc["hexsides"], key=key) == sorted(ref["hexsides"], key=key)
    assert doc.get("defender_deploy_hexes") == ref.get("defender_deploy_hexes")


def test_every_terrain_has_a_battleland(battle_ref):
    assert set(BATTLELANDS) == set(battle_ref["battlelands"]) == set(TERRAINS)


def test_characters(char_ref):
    doc = facts.characters_document()["characters"]
    assert set(doc) == set(char_ref["characters"]) == set(CHARACTERS)
    for name, ref in char_ref["characters"].items():
        mine = doc[name]
        assert {k: mine[k] for k in ref} == ref, name


def test_recruit_chart(char_ref):
    assert facts.characters_document()["recruit_chart"] == char_ref["recruit_chart"]


def test_strike_chart(char_ref):
    assert facts.characters_document()["strike_chart"]["table"] == char_ref["strike_chart"]["table"]


def test_masterboard(board_ref):
    doc = facts.masterboard_document()["lands"]
    assert set(doc) == set(board_ref["lands"])
    assert len(LANDS) == 96  # 2.1
    for label, ref in board_ref["lands"].items():
        mine = doc[label]
        assert {k: mine[k] for k in ref if k != "exits"} == {
            k: v for k, v in ref.items() if k != "exits"
        }
        key = lambda e: e["to"]  # noqa: E731
        assert sorted(mine["exits"], key=key) == sorted(ref["exits"], key=key), label


@pytest.fixture(scope="module")
def sides_ref():
    return reference("entry_sides")


def test_label_sides(sides_ref):
    assert {str(n): land.label_side for n, land in LANDS.items()} == {
        label: ref["label_side"] for label, ref in sides_ref["lands"].items()
    }


def test_entry_sides_of_every_land_from_every_neighbour_10_1(sides_ref):
    """The side a Legion crosses into a land, as the Colossus and Slugathon clients number it."""
    doc = facts.masterboard_document()["lands"]
    for label, ref in sides_ref["lands"].items():
        assert sorted(map(str, LAND_NEIGHBOURS[int(label)])) == sorted(ref["entry_sides"]), label
        assert {m: entry_side(int(label), int(m)) for m in ref["entry_sides"]} == ref[
            "entry_sides"
        ], label
        assert doc[label]["entry_sides"] == ref["entry_sides"], label


def test_masterboard_moves_report_the_reference_entry_sides_10_1(client, sides_ref):
    """Every first step of every land, and every land with an enemy in it next door, asked
    of /rules/masterboard/moves: the entry side is the clients' (5 into a Tower)."""
    checked = 0
    for label in sides_ref["lands"]:
        start = int(label)
        for roll in (1,):
            body = client.post(
                "/api/v1/rules/masterboard/moves",
                json={
                    "land": start,
                    "characters": ["Ogre"],
                    "roll": roll,
                    "enemy": list(LAND_NEIGHBOURS[start]),
                },
            ).json
            for move in body["moves"]:
                assert (
                    move["entry_side"]
                    == sides_ref["lands"][str(move["land"])]["entry_sides"][label]
                ), (label, move)
                checked += 1
    assert checked >= 96


def test_api_serves_the_same_facts(client, battle_ref, char_ref, board_ref):
    assert client.get("/api/v1/masterboard").json["lands"] == facts.masterboard_document()["lands"]
    body = client.get("/api/v1/characters").json
    for name, ref in char_ref["characters"].items():
        assert {k: body["characters"][name][k] for k in ref} == ref
    for terrain in TERRAINS:
        body = client.get(f"/api/v1/battlelands/{terrain}").json
        assert body["hexes"] == battle_ref["battlelands"][terrain]["hexes"]
