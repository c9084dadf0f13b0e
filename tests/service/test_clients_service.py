"""The service as another Titan client meets it, against a running gunicorn: a Python client
generated from the OpenAPI document runs the README's use cases strictly, the batch endpoint,
the package's own client (timeouts, retries after 503, errors as exceptions) and
``titan-odds --url``."""

from __future__ import annotations

import http.server
import importlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import ClassVar

import pytest

from api.client import ServiceError, ServiceUnavailable, ServiceUnreachable, TitanClient
from cli.main import main as titan_odds
from tests.helpers.paths import ROOT

HOST = "127.0.0.1"
BUDGET = 3.0  # the service's time budget, seconds: short, so that a batch is cut short
START_LIMIT = 600.0  # a fresh checkout compiles the kernel first (the client waits on 503s)

ODDS = {
    "terrain": "Plains",
    "entry_side": 1,
    "attacker": {"score": 120, "characters": ["Titan", "Ogre", "Ogre"]},
    "defender": {"score": 40, "characters": ["Troll", "Troll"]},
    "summonable": "Angel",
    "reinforce": True,
    "tactics": {"attacker": "default", "defender": "default"},
    "trials": 300,
    "seed": 1,
}
COMPARE = {
    "land": 8,
    "side": "attacker",
    "legion": {"score": 0, "characters": ["Ogre", "Ogre", "Centaur"]},
    "opponent": {"score": 0, "characters": ["Troll", "Troll"]},
    "trials": 200,
    "seed": 1,
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    """A gunicorn of this checkout (one worker, its usual kernel cache), stopped afterwards."""
    port = free_port()
    log = tmp_path_factory.mktemp("gunicorn") / "log"
    env = {
        **os.environ,
        "HOST": HOST,
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "TITAN_TIME_BUDGET_SECONDS": str(BUDGET),
        "TITAN_MAX_BATCH": "8",
    }
    process = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), "-c", "gunicorn.conf.py",
         "api:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log.open("wb"),
        start_new_session=True,
    )  # fmt: skip
    url = f"http://{HOST}:{port}"
    client = TitanClient(url, timeout=120, retries=int(START_LIMIT / 5), max_wait=5)
    try:
        started = time.monotonic()
        while True:
            assert process.poll() is None, log.read_text()[-3000:]
            try:
                client.health()
                break
            except ServiceUnreachable:
                assert time.monotonic() - started < 60, log.read_text()[-3000:]
                time.sleep(0.2)
        client.odds({**ODDS, "trials": 1})  # waits (503, Retry-After) while the kernel compiles
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


# --- a client generated from the document ----------------------------------------------


@pytest.fixture(scope="module")
def generated(service, tmp_path_factory):
    """The package openapi-python-client generates from GET /api/v1/openapi.json."""
    generator = Path(sys.executable).with_name("openapi-python-client")
    if not generator.exists():
        pytest.fail("openapi-python-client is missing: `make .venv/.test-installed`")
    folder = tmp_path_factory.mktemp("generated")
    document = folder / "openapi.json"
    document.write_text(json.dumps(TitanClient(service).document()))
    env = {**os.environ, "PATH": f"{generator.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(
        [str(generator), "generate", "--path", str(document), "--meta", "none",
         "--output-path", str(folder / "titan_generated")],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stdout + done.stderr, done.stdout + done.stderr
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module("titan_generated")
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m.split(".")[0] == "titan_generated"]:
            del sys.modules[name]


def strictly(module, generated, service, *arguments, **body):
    """Call a generated operation; its answer must parse into the document's model and give
    back exactly the JSON the service sent (a field the document lacks would be lost)."""
    from titan_generated import Client  # type: ignore[import-not-found]

    operation = importlib.import_module(f"titan_generated.api.{module}")
    client = Client(base_url=service, raise_on_unexpected_status=True, timeout=120)
    kwargs = {}
    if body:
        request_model = operation.sync_detailed.__annotations__["body"]
        if isinstance(request_model, str):  # postponed annotations: find the model by name
            models = importlib.import_module("titan_generated.models")
            request_model = getattr(models, request_model)
        kwargs["body"] = request_model.from_dict(body["json"])
    response = operation.sync_detailed(*arguments, client=client, **kwargs)
    sent = json.loads(response.content)
    assert response.parsed is not None, (response.status_code, sent)
    assert response.parsed.to_dict() == sent, module
    return response.status_code, response.parsed, sent


@pytest.mark.slow
def test_a_generated_client_runs_the_readme_use_cases_strictly(generated, service):
    status, health, _ = strictly("meta.meta_health", generated, service)
    assert status == 200 and health.kernel.value == "ready"
    status, _, sent = strictly("data.data_characters", generated, service)
    assert status == 200 and "Ogre" in sent["characters"]
    status, _, sent = strictly("data.data_battleland", generated, service, "Desert")
    assert status == 200 and sent["terrain"] == "Desert"
    status, _, sent = strictly("data.data_masterboard", generated, service)
    assert sent["lands"]["1"]["entry_sides"] == {"2": 5, "42": 1, "1000": 3}

    # the flow of docs/api.md: a Legion on 42 rolls a 1 and may attack the enemy on land 1
    moves_body = {"land": 42, "characters": ["Titan", "Ogre", "Ogre"], "roll": 1, "enemy": [1]}
    status, _, sent = strictly(
        "rules.game_rules_masterboard_moves", generated, service, json=moves_body
    )
    side = next(m["entry_side"] for m in sent["moves"] if m["land"] == 1)
    odds_body = {**ODDS, "terrain": None, "land": 1, "entry_side": side}
    status, odds, sent = strictly("odds.odds_post_odds", generated, service, json=odds_body)
    assert status == 200 and sent["terrain"] == "Plains" and sent["entry_side"] == side == 1
    assert odds.outcomes.attacker_wins.p == sent["outcomes"]["attacker_wins"]["p"]

    status, _, sent = strictly("odds.odds_post_compare", generated, service, json=COMPARE)
    assert status == 200 and sent["candidates"][0]["rank"] == 1
    status, _, sent = strictly(
        "odds.odds_post_odds_batch", generated, service,
        json={"engagements": [ODDS, {**ODDS, "trials": 10**9}], "common_random_numbers": True},
    )  # fmt: skip
    assert "outcomes" in sent["answers"][0] and "error" in sent["answers"][1]

    # a refusal parses as the error envelope
    status, error, sent = strictly(
        "odds.odds_post_odds", generated, service, json={**ODDS, "trials": 10**9}
    )
    assert status == 422 and error.error.details[0].path == "trials"


@pytest.mark.slow
def test_every_request_example_of_the_document_is_answered(service):
    # the Arena's and Tactical Titan's kernels may still be compiling after the battle kernel's:
    # their requests wait, then answer 503, which the client asks again
    client = TitanClient(service, timeout=120, retries=int(START_LIMIT / 5), max_wait=5)
    document = client.document()
    for path, operations in document["paths"].items():
        post = operations.get("post")
        if post is None:
            continue
        example = post["requestBody"]["content"]["application/json"]["example"]
        if "trials" in example:
            example = {**example, "trials": 100}
        client._call("POST", path, example)  # raises ServiceError if refused


# --- the batch endpoint ----------------------------------------------------------------


@pytest.mark.slow
def test_a_batch_answers_each_engagement_in_order_with_its_own_errors(service):
    client = TitanClient(service)
    answers = client.odds_batch(
        [
            ODDS,
            {**ODDS, "attacker": {"characters": ["Ogr"]}},
            {**ODDS, "trials": "many"},
            {**ODDS, "seed": 7, "defender": {"score": 40, "characters": ["Troll"]}},
        ]
    )
    assert [type(a).__name__ for a in answers] == ["dict", "ServiceError", "ServiceError", "dict"]
    assert answers[0] == client.odds(ODDS) | {
        k: answers[0][k] for k in ("battles_per_second", "seconds")
    }  # each answer as /odds gives it
    assert answers[1].code == "unknown_name" and answers[1].status == 422
    assert answers[1].details[0]["path"] == "engagements[1].attacker.characters[0]"
    assert answers[2].code == "malformed" and answers[2].status == 400
    assert answers[2].details[0]["path"] == "engagements[2].trials"
    assert answers[3]["seed"] == 7


@pytest.mark.slow
def test_common_random_numbers_play_every_engagement_with_the_same_dice(service):
    client = TitanClient(service)
    same = [{**ODDS, "seed": 11}, {**ODDS, "seed": None}, {**ODDS, "seed": 5}]
    answers = client.odds_batch(same, common_random_numbers=True)
    assert {a["seed"] for a in answers} == {11}
    assert answers[0]["outcomes"] == answers[1]["outcomes"] == answers[2]["outcomes"]
    own = client.odds_batch(same, common_random_numbers=False)
    assert [a["seed"] for a in own][::2] == [11, 5]


@pytest.mark.slow
def test_a_batch_shares_one_time_budget_fairly(service):
    client = TitanClient(service)
    # 7v7s, so that two of 200,000 Battles outlast the budget on any machine
    big = {
        **ODDS,
        "attacker": {"score": 120, "characters": ["Titan", "Troll", "Troll", "Ogre", "Ogre",
                                                  "Lion", "Lion"]},
        "defender": {"characters": ["Troll", "Troll", "Ogre", "Ogre", "Lion", "Lion",
                                    "Centaur"]},
        "trials": 200_000,
        "seed": 3,
    }  # fmt: skip
    started = time.monotonic()
    answers = client.odds_batch(
        [big, {**big, "terrain": "Tower", "entry_side": 5}, {**ODDS, "trials": 50}]
    )
    took = time.monotonic() - started
    assert took < BUDGET + 15
    assert answers[0]["truncated"] and answers[1]["truncated"] and not answers[2]["truncated"]
    played = [answers[0]["trials"], answers[1]["trials"]]
    assert min(played) > 0 and max(played) <= 2 * min(played) + 2000


@pytest.mark.slow
def test_a_batch_larger_than_the_limit_is_refused(service):
    with pytest.raises(ServiceError) as refused:
        TitanClient(service).odds_batch([ODDS] * 9)
    assert refused.value.status == 422 and refused.value.details[0]["path"] == "engagements"


# --- the package's client ----------------------------------------------------------------


@pytest.mark.slow
def test_the_client_raises_the_envelope_of_a_refusal(service):
    with pytest.raises(ServiceError) as refused:
        TitanClient(service).odds({**ODDS, "terrain": "Plans"})
    error = refused.value
    assert error.status == 422 and error.code == "unknown_name"
    assert error.envelope["error"]["details"][0]["suggestions"][0] == "Plains"


class _Stub(http.server.BaseHTTPRequestHandler):
    """Answers each request from a script: (status, headers, body, delay)."""

    script: ClassVar[list] = []
    seen: ClassVar[list] = []

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.do_GET()

    def do_GET(self):
        status, headers, body, delay = self.script.pop(0)
        self.seen.append(self.path)
        time.sleep(delay)
        data = json.dumps(body).encode()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        try:
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # a client that timed out has gone: nobody to answer

    def log_message(self, *args):
        pass


@pytest.fixture
def stub():
    server = http.server.ThreadingHTTPServer((HOST, free_port()), _Stub)
    _Stub.script, _Stub.seen = [], []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server, f"http://{HOST}:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


WARMING = {"error": {"code": "kernel_warming", "message": "warming", "details": []}}


def test_the_client_retries_after_503_as_retry_after_says(stub):
    _, url = stub
    _Stub.script = [
        (503, {"Retry-After": "2"}, WARMING, 0),
        (503, {"Retry-After": "1"}, WARMING, 0),
        (200, {}, {"status": "ok"}, 0),
    ]
    waits = []
    assert TitanClient(url, sleep=waits.append).health() == {"status": "ok"}
    assert waits == [2.0, 1.0]


def test_the_client_gives_up_after_its_retries(stub):
    _, url = stub
    _Stub.script = [(503, {"Retry-After": "60"}, WARMING, 0)] * 3
    waits = []
    with pytest.raises(ServiceUnavailable) as gave_up:
        TitanClient(url, retries=2, max_wait=5, sleep=waits.append).health()
    assert waits == [5, 5] and gave_up.value.retry_after == 60
    assert gave_up.value.code == "kernel_warming"


def test_the_client_times_out(stub):
    _, url = stub
    _Stub.script = [(200, {}, {"status": "ok"}, 2.0)]
    with pytest.raises(ServiceUnreachable):
        TitanClient(url, timeout=0.3).health()


def test_the_client_reports_a_service_that_is_not_there():
    with pytest.raises(ServiceUnreachable) as missing:
        TitanClient(f"http://{HOST}:{free_port()}", timeout=2).health()
    assert missing.value.code == "unreachable"


# --- titan-odds --url ----------------------------------------------------------------------


@pytest.mark.slow
def test_titan_odds_asks_a_running_service_with_url(service, capsys):
    argv = ["--terrain", "plains", "--attacker", "titan,ogre", "--defender", "troll",
            "--trials", "200", "--seed", "4", "--json"]  # fmt: skip
    assert titan_odds(["--url", service, *argv]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert titan_odds([*argv, "--no-progress"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert remote["outcomes"] == local["outcomes"]  # the same Battles, asked there or here
    assert titan_odds(["--url", service, "--terrain", "Plains", "--attacker", "Ogr",
                       "--defender", "Troll", "--trials", "10"]) == 2  # fmt: skip
    assert "did you mean Ogre" in capsys.readouterr().err
    assert titan_odds(["--url", service, *argv, "--attacker-tactic", "sneaky"]) == 2
    assert "(one of default, balanced," in capsys.readouterr().err  # as printed here
    assert shutil.which("titan-odds") or Path(sys.executable).with_name("titan-odds").exists()


def test_titan_odds_arena_asks_a_running_service(service, tmp_path, capsys):
    """``titan-odds arena --url`` gets the answer the kernel on this machine gives (the same
    seed, the same games)."""
    from engine.arena.state import EXAMPLE_STATE

    table = tmp_path / "table.json"
    table.write_text(json.dumps(EXAMPLE_STATE))
    argv = ["arena", "odds", str(table), "--games", "200", "--seed", "5", "--json"]
    assert titan_odds([*argv, "--url", service]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert titan_odds(argv) == 0
    local = json.loads(capsys.readouterr().out)
    assert remote["creatures"] == local["creatures"] and remote["players"] == local["players"]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**EXAMPLE_STATE, "draw_pile": "many"}))
    assert titan_odds(["arena", "odds", str(broken), "--url", service]) == 2
    assert "[state.draw_pile]" in capsys.readouterr().err
