"""titan-odds as docs/cli.md shows it: its examples run as printed, its help names every
command, a slow run shows its progress, compare's table the time-loss share (10.5) and the
play check its difference in percentage points with the 95% interval."""

from __future__ import annotations

import json
import re
import shlex
import time

import pytest

from cli import battle
from cli.main import main
from tests.helpers.paths import ROOT

GUIDE = ROOT / "docs" / "cli.md"


def _guide_commands() -> list[str]:
    """Every titan-odds command of the guide's shell blocks, continued lines joined."""
    blocks = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(), re.S)
    lines = "\n".join(blocks).replace("\\\n", " ").splitlines()
    return [line.split("  #")[0].strip() for line in lines if line.startswith("titan-odds ")]


COMMANDS = [c for c in _guide_commands() if "--url" not in c and "--help" not in c]


def test_the_guide_has_examples_to_run():
    assert len(COMMANDS) >= 6 and any(c.startswith("titan-odds compare") for c in COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_each_guide_example_runs_as_printed(command, capsys):
    """As printed, with fewer Battles so that the test stays quick."""
    arguments = shlex.split(command)[1:]
    if arguments[0] == "arena":
        arguments += ["--games", "300"]
    else:
        arguments += ["--trials", "200", "--no-progress"]
    assert main(arguments) == 0
    assert capsys.readouterr().out.strip()


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: titan-odds [compare | arena]")
    assert "titan-odds arena {odds,advice} TABLE" in " ".join(out.split())


def test_compare_shows_the_time_loss_share_beside_the_wins_10_5(capsys):
    """An Ogre against a Griffon in the Marsh, which flies where the Ogre cannot follow:
    many Battles run out of time, which the table shows beside each candidate's wins (the
    time loss costs an attacker its whole Legion, 10.5)."""
    argv = ["compare", "--terrain", "Marsh", "--legion", "Ogre", "--opponent", "Griffon",
            "--candidate", "Ogre,Lion", "--candidate", "Ogre", "--trials", "400",
            "--seed", "2", "--no-progress"]  # fmt: skip
    assert main([*argv, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "time loss" in out.splitlines()[2]
    for c in answer["candidates"]:
        share = 100 * c["outcomes"]["time_loss"]["p"]
        row = next(line for line in out.splitlines() if line.endswith(", ".join(c["characters"])))
        assert f"{share:5.1f}%" in row
    assert max(c["outcomes"]["time_loss"]["p"] for c in answer["candidates"]) > 0.2
    assert "lost with the whole Legion (10.5)" in out


def test_a_run_shows_its_progress_once_it_has_taken_a_second(capsys):
    """However few its Battles (a slow tactic plays 400 in seconds): the bar appears after
    PROGRESS_AFTER seconds, and a quicker run shows none."""
    quick = battle._Progress(400, enabled=True)
    quick(400)
    quick.close()
    assert capsys.readouterr().err == ""
    slow = battle._Progress(400, enabled=True)
    slow(100)
    time.sleep(battle.PROGRESS_AFTER + 0.3)
    slow(100)
    shown = capsys.readouterr().err
    slow.close()
    assert "200/400" in shown


def _answer(p: float, n: int) -> dict:
    outcomes = {"attacker_wins": {"p": p}, "defender_wins": {"p": 1 - p}, "time_loss": {"p": 0}}
    return {"outcomes": outcomes, "trials": n}


@pytest.mark.parametrize(
    ("searching", "here", "verdict"),
    [
        pytest.param(0.94, 0.98, "no better play found: the search did worse", id="worse"),
        pytest.param(0.97, 0.98, "no better play found: -1.0 percentage points", id="within"),
        pytest.param(0.90, 0.70, "better play gains the attacker +20.0", id="better"),
    ],
)
def test_the_play_check_speaks_in_percentage_points_with_its_interval(searching, here, verdict):
    """The difference of two shares, 400 Battles searched against 10,000 played, with the 95%
    interval of both samples; better play only when the whole interval is above zero."""
    line = battle.check_line("attacker", _answer(searching, 400), _answer(here, 10_000))
    assert verdict in line
    low, high = (float(x) for x in re.search(r"interval ([-+\d.]+) to ([-+\d.]+)", line).groups())
    half = 100 * 1.96 * ((searching * (1 - searching) / 400 + here * (1 - here) / 10_000) ** 0.5)
    assert high - low == pytest.approx(2 * half, abs=0.11)
    assert "points" not in line.replace("percentage points", "")
