"""The titan-odds command: table, JSON, comparisons and refusals with rule numbers."""

from __future__ import annotations

import json

import pytest

from simulator.cli import main

ODDS = ["--terrain", "Plains", "--attacker", "Titan,Ogre,Ogre", "--defender", "Troll,Troll"]


def test_prints_a_table(capsys):
    assert main([*ODDS, "--trials", "300", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "attacker wins" in out and "time loss (10.5)" in out
    assert out.count("survives") == 5  # one line per character given, both sides
    assert "seed 4" in out
    assert "defender flees: attacker scores 16" in out  # 9.2: half of two Trolls, 32


def test_json_is_the_api_answer(capsys):
    assert main([*ODDS, "--trials", "200", "--seed", "4", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["trials"] == 200 and answer["seed"] == 4
    assert [c["name"] for c in answer["defender"]["survival"]] == ["Troll", "Troll"]


def test_compare_ranks_candidates(capsys):
    argv = ["compare", "--terrain", "Plains", "--legion", "Ogre,Ogre", "--opponent", "Troll",
            "--candidate", "Ogre,Ogre,Lion", "--candidate", "Ogre", "--trials", "200",
            "--seed", "9", "--json"]  # fmt: skip
    assert main(argv) == 0
    answer = json.loads(capsys.readouterr().out)
    assert [c["rank"] for c in answer["candidates"]] == [1, 2]


@pytest.mark.parametrize(
    ("argv", "rule"),
    [
        pytest.param(["--land", "1", "--terrain", "Tundra"], "2.1", id="2.1-land-and-terrain"),
        pytest.param(["--terrain", "Plains", "--summonable", "Angel", "--attacker",
                      ",".join(["Ogre"] * 8)], "4.1", id="4.1-eight"),
    ],
)  # fmt: skip
def test_refusals_name_the_rule(argv, rule, capsys):
    base = {"--attacker": "Ogre", "--defender": "Troll"}
    for flag, value in base.items():
        if flag not in argv:
            argv = [*argv, flag, value]
    assert main(argv) == 2
    assert f"(rule {rule})" in capsys.readouterr().err
