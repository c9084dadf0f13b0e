"""The titan-odds command: table, JSON, comparisons and refusals with rule numbers."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

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


# --- the README's command line, as printed --------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    section = (ROOT / "README.md").read_text().split("## Command line", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [
        line.split("  #")[0].strip()
        for line in block.replace("\\\n", " ").splitlines()
        if line.strip()
    ]


def test_the_readme_says_how_the_command_is_found_on_a_fresh_machine():
    commands = _readme_commands()
    assert commands[:2] == ["make install", ". .venv/bin/activate"]
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^install: \$\(VENV\)/\.run-installed$", makefile, re.M)
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'titan-odds = "simulator.cli:main"' in pyproject
    assert Path(sys.executable).with_name("titan-odds").exists()  # what activate puts on PATH


@pytest.mark.parametrize(
    "command",
    [c for c in _readme_commands() if c.startswith("titan-odds") and "--url" not in c],
)
def test_each_readme_titan_odds_example_runs(command, capsys):
    """As printed, with fewer Battles so the test stays quick (``--url`` is run against
    gunicorn in tests/test_clients_service.py)."""
    arguments = shlex.split(command)[1:]
    assert main([*arguments, "--trials", "200", "--no-progress"]) == 0
    assert capsys.readouterr().out.strip()


def test_a_side_without_a_titan_shows_no_titan_line(capsys):
    """The table tells a Titan's fate (killed, lost on a time loss too: 10.5) only for a side
    that has one: no "Titan killed 0%" for Legions of Trolls."""
    assert main([*ODDS, "--trials", "200", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    attacker, defender = out.split("\ndefender:")
    assert "Titan killed" in attacker and "lost" in attacker
    assert "Titan" not in defender.split("\n")[0]
