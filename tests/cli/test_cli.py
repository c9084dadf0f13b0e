"""The titan-odds command: table, JSON, comparisons and refusals with rule numbers."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from cli import arena, battle
from cli.battle import CHECK_TRIALS
from cli.main import main
from tests.helpers.paths import ROOT

ODDS = ["--terrain", "Plains", "--attacker", "Titan,Ogre,Ogre", "--defender", "Troll,Troll"]


def test_prints_a_table(capsys):
    assert main([*ODDS, "--trials", "300", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "attacker wins" in out and "time loss (10.5)" in out
    assert out.count("survives") == 5  # one line per character given, both sides
    assert "seed 4" in out
    assert "defender flees: attacker scores 16" in out  # 9.2: half of two Trolls, 32


def test_a_kernel_not_marked_compiled_is_readied_before_the_battles_and_said_so(
    tmp_path, monkeypatch, capsys
):
    """The command line readies the kernel once the request is found valid, before its
    Battles are timed; with no compile of these sources marked beside numba's cache it says
    so and marks the kernel compiled after, and the next time says nothing."""
    from simulator import kernel_cache, odds

    lock = tmp_path / "titan-kernel.lock"
    monkeypatch.setattr(kernel_cache, "lock_path", lambda: lock)
    readied = []
    monkeypatch.setattr(odds, "warm_up", lambda: readied.append(True))
    assert main([*ODDS, "--attacker-tactic", "sneaky"]) == 2
    assert readied == [] and "readying" not in capsys.readouterr().err  # refused first
    assert main([*ODDS, "--trials", "50", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert "readying the battle kernel" in err and "the kernel is ready" in err
    assert readied == [True] and kernel_cache.is_compiled(lock)
    assert main([*ODDS, "--trials", "50", "--no-progress"]) == 0
    assert readied == [True, True] and "readying" not in capsys.readouterr().err


def test_a_run_that_searches_readies_the_search_code_under_its_own_lock(tmp_path, monkeypatch):
    """The search's code is compiled apart from the rest of the battle kernel (a service
    prepares it after): the command line readies it, under its lock, only for a run in which
    a side searches, before the Battles are timed."""
    from simulator import kernel_cache, odds

    monkeypatch.setattr(kernel_cache, "lock_path", lambda: tmp_path / "titan-kernel.lock")
    readied = []
    monkeypatch.setattr(odds, "warm_up", lambda: readied.append("battle"))
    monkeypatch.setattr(odds, "warm_up_search", lambda: readied.append("search"))
    assert main([*ODDS, "--trials", "20", "--no-progress"]) == 0
    assert readied == ["battle"] and not kernel_cache.SEARCH.compiled()
    look = [*ODDS, "--trials", "4", "--no-progress", "--attacker-tactic", "LookAhead"]
    assert main(look) == 0
    assert readied == ["battle", "battle", "search"] and kernel_cache.SEARCH.compiled()


def test_names_may_be_separated_by_spaces_any_case_and_the_styles_played_are_shown(capsys):
    argv = ["--terrain", "plains", "--attacker", "titan ogre, ogre", "--defender", "Troll Troll"]
    assert main([*argv, "--trials", "300", "--seed", "4", "--defender-tactic", "SteadFast"]) == 0
    out = capsys.readouterr().out
    assert out.count("survives") == 5
    tactics = out.splitlines()[1]
    assert tactics.startswith("tactics: attacker default (") and "defender steadfast" in tactics
    assert tactics.endswith("defender steadfast")  # a style names itself: no mix to show


def test_check_play_lets_the_search_play_each_side_on_the_answers_seed(capsys):
    from simulator.odds import odds

    argv = ["--terrain", "Plains", "--attacker", "Ogre,Ogre", "--defender", "Troll"]
    assert main([*argv, "--trials", "300", "--seed", "6", "--check-play"]) == 0
    lines = capsys.readouterr().out.splitlines()
    checks = lines[lines.index(next(x for x in lines if x.startswith("would better"))) + 1 :]
    assert len(checks) == 2
    body = {
        "terrain": "Plains",
        "attacker": {"characters": ["Ogre", "Ogre"]},
        "defender": {"characters": ["Troll"]},
        "trials": CHECK_TRIALS,
        "seed": 6,
    }
    attacker = odds({**body, "tactics": {"attacker": "lookahead"}})["outcomes"]
    defender = odds({**body, "tactics": {"defender": "lookahead"}})["outcomes"]
    assert checks[0].startswith(
        f"  a searching attacker wins {100 * attacker['attacker_wins']['p']:.1f}% of 400 Battles"
    )
    held = defender["defender_wins"]["p"] + defender["time_loss"]["p"]
    assert f"holds out (wins, or the time runs out) in {100 * held:.1f}% of 400" in checks[1]


def test_check_play_is_refused_with_json(capsys):
    assert main([*ODDS, "--trials", "100", "--check-play", "--json"]) == 2
    assert "--check-play" in capsys.readouterr().err


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


def test_an_unknown_tactic_is_refused_with_the_tactics_to_choose_from(capsys):
    assert main([*ODDS, "--attacker-tactic", "sneaky", "--defender-tactic", "agressive"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("titan-odds: unknown tactic 'sneaky' (one of default, balanced,")
    assert "lookahead" in err[0] and err[0].endswith("[tactics.attacker]")
    # a near miss names the close ones only
    assert "did you mean aggressive" in err[1] and "one of" not in err[1]


# --- the README's command line, as printed --------------------------------------------------


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
    assert 'titan-odds = "cli.main:main"' in pyproject
    assert Path(sys.executable).with_name("titan-odds").exists()  # what activate puts on PATH


@pytest.mark.parametrize(
    "command",
    [c for c in _readme_commands() if c.startswith("titan-odds") and "--url" not in c],
)
def test_each_readme_titan_odds_example_runs(command, capsys):
    """As printed, with fewer Battles so the test stays quick (``--url`` is run against
    gunicorn in tests/service/test_clients_service.py)."""
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


# --- help ---------------------------------------------------------------------------------


def test_help_names_the_other_commands(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps the description
    assert "titan-odds compare --help" in out and "titan-odds arena --help" in out


@pytest.mark.parametrize(
    "parser", [battle.odds_parser, battle.compare_parser, arena.parser], ids=lambda p: p.__name__
)
def test_every_option_says_what_it_does(parser):
    assert [a.dest for a in parser()._actions if not a.help] == []


def test_python_m_cli_is_the_command():
    done = subprocess.run(
        [sys.executable, "-m", "cli", "arena", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: titan-odds arena")


# --- titan-odds arena -------------------------------------------------------------------


@pytest.fixture
def table(tmp_path):
    from engine.arena.state import EXAMPLE_STATE

    path = tmp_path / "table.json"
    path.write_text(json.dumps(EXAMPLE_STATE))
    return path


def test_arena_odds_print_every_living_creature_and_player(table, capsys):
    assert main(["arena", "odds", str(table), "--games", "300", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("300 games, seed 2")
    for name in ("Cyclops", "Dragon", "Hydra", "Ranger", "Titan", "Troll", "Unicorn", "Warlock"):
        assert re.search(rf"^{name} +\d+\.\d%", out, flags=re.M), name
    for player in ("Ann", "Bob", "Cat"):
        assert re.search(rf"^{player} +\d+\.\d\d", out, flags=re.M), player


def test_arena_json_is_the_api_answer(table, capsys):
    """The command's JSON is the answer POST /api/v1/arena/odds gives the same request (the
    same games: the same seed), a policy given on the command line included."""
    from api import create_app

    argv = ["arena", "odds", str(table), "--games", "400", "--seed", "3", "--policy",
            "Bob=aggressive", "--json"]  # fmt: skip
    assert main(argv) == 0
    here = json.loads(capsys.readouterr().out)
    body = {"state": json.loads(table.read_text()), "games": 400, "seed": 3,
            "policies": {"Bob": "aggressive"}}  # fmt: skip
    there = create_app({"TESTING": True}).test_client().post("/api/v1/arena/odds", json=body)
    assert there.status_code == 200, there.get_data()[:300]
    api = there.get_json()
    for answer in (here, api):
        answer.pop("games_per_second")
    assert here == api
    assert here["players"]["Bob"]["policy"] == "aggressive"


def test_arena_advice_ranks_at_most_the_plays_asked(table, capsys):
    argv = ["arena", "advice", str(table), "--games", "600", "--seed", "4", "--max-plays", "5"]
    assert main([*argv, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert 1 <= len(answer["plays"]) <= 5
    ducats = [p["expected_ducats"] for p in answer["plays"]]
    assert ducats == sorted(ducats, reverse=True)
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sum(bool(re.match(r"^ +\d+ +\d+\.\d\d", line)) for line in lines) == len(ducats)


def test_arena_refusals_name_the_field_and_the_section(table, tmp_path, capsys):
    """An unreadable file, a shape the API refuses (its path) and a table against the rules
    (the rule book's section) each end with status 2 and a line saying why."""
    assert main(["arena", "odds", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    state = json.loads(table.read_text())
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**state, "draw_pile": "many"}))
    assert main(["arena", "odds", str(broken)]) == 2
    assert "[state.draw_pile]" in capsys.readouterr().err
    broken.write_text(json.dumps({**state, "hand": [*state["hand"][:7], "Cyclops 10"]}))
    assert main(["arena", "odds", str(broken)]) == 2
    err = capsys.readouterr().err
    assert "(section 2)" in err and "[state.hand[7]]" in err


def _readme_arena_commands() -> list[str]:
    section = (ROOT / "README.md").read_text().split("## Titan: The Arena", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.splitlines() if line.strip()]


@pytest.mark.parametrize("command", [c for c in _readme_arena_commands() if "--url" not in c])
def test_each_readme_arena_example_runs(command, capsys, monkeypatch):
    """As printed from the checkout, with fewer games so the test stays quick; the example
    table is the API's own example."""
    from engine.arena.state import EXAMPLE_STATE

    monkeypatch.chdir(ROOT)
    assert json.loads((ROOT / "docs" / "arena-table.json").read_text()) == EXAMPLE_STATE
    arguments = shlex.split(command)[1:]
    assert main([*arguments, "--games", "300"]) == 0
    assert capsys.readouterr().out.strip()


def test_a_fight_under_tactical_titans_rules_is_printed_with_its_healing(capsys):
    """--variant tactical: the new characters read by name (two words as one), the healing
    shown, no fleeing or conceding (docs/rulings.md, "An Engagement under Tactical Titan's
    rules")."""
    argv = [
        "--terrain",
        "woods",
        "--variant",
        "tactical",
        "--attacker",
        "titan druid ice witch",
        "--defender",
        "Hydra,Cleric,Ogre",
        "--trials",
        "300",
        "--seed",
        "2",
        "--no-progress",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Tactical Titan's rules" in out and "Ice Witch" in out
    assert out.count("survives") == 6 and "healed" in out
    assert "defender flees" not in out and "both stand, 7 rounds" in out
    assert main([*argv[:-7], "--defender", "Kraken", "--no-progress"]) == 2
    assert "(rule 9.2)" in capsys.readouterr().err
