"""The README and docs/service.md hold: their curl examples work as printed, the README's
Python example runs as printed, and the Settings table of docs/service.md names every setting
the service reads with the default the code has."""

from __future__ import annotations

import importlib.util
import json
import multiprocessing
import re

import pytest

from api import create_app
from api.client import TitanClient
from api.config import DEFAULTS
from tests.helpers.paths import ROOT
from tests.helpers.readme import curl_examples, parsed

README = (ROOT / "README.md").read_text()
SERVICE = (ROOT / "docs" / "service.md").read_text()  # running the service, its settings


EXAMPLES = curl_examples(README)
SERVICE_EXAMPLES = curl_examples(SERVICE)


def test_the_readme_shows_the_odds_and_the_service_guide_the_rest():
    """The README's one curl is the odds request; docs/service.md checks a running service
    with health, the OpenAPI document and the other simulation."""
    assert [parsed(arguments)[0] for arguments, _ in EXAMPLES] == ["/api/v1/odds"]
    paths = {parsed(arguments)[0] for arguments, _ in SERVICE_EXAMPLES}
    assert {"/api/v1/health", "/api/v1/openapi.json", "/api/v1/compare"} <= paths


@pytest.mark.parametrize(
    ("arguments", "printed"),
    EXAMPLES + SERVICE_EXAMPLES,
    ids=[
        f"{document}{parsed(a)[0]}{'-answer' if p else ''}"
        for document, examples in (("README", EXAMPLES), ("service.md", SERVICE_EXAMPLES))
        for a, p in examples
    ],
)
def test_each_curl_example_works_as_printed(arguments, printed):
    path, headers, body = parsed(arguments)
    client = create_app({"TESTING": True}).test_client()
    if body is None:
        response = client.get(path, headers=headers)
    else:
        response = client.post(path, data=body, headers=headers)
    if printed is None:
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
    else:  # the answer printed under it is the very answer
        assert response.get_json() == json.loads(printed)


def test_the_readme_python_example_runs_as_printed(monkeypatch, capsys):
    """Complete as printed (no elided parts), against the service: the client's HTTP goes
    to the app instead of a socket."""
    (example,) = re.findall(r"```python\n(.*?)```", README, re.S)
    assert "..." not in example
    app = create_app({"TESTING": True}).test_client()

    def send(client, method, path, data):
        assert client.url == "http://127.0.0.1:8000"
        response = app.open(path, method=method, data=data, content_type="application/json")
        return response.status_code, response.headers, response.get_json()

    monkeypatch.setattr(TitanClient, "_send", send)
    exec(compile(example, "README.md", "exec"), {"__name__": "readme_example"})
    printed = capsys.readouterr().out
    assert re.fullmatch(
        r"the attacker wins \d+\.\d% \(95% interval \d+\.\d% to \d+\.\d%\)\n", printed
    ), printed


def settings_table() -> dict[str, str]:
    """variable -> default as the Settings table of docs/service.md shows it."""
    section = SERVICE.split("## Settings", 1)[1].split("\n## ", 1)[0]
    return dict(re.findall(r"^\| `(\w+)` \| (.+?) \| .+\|$", section, re.M))


def shown(default) -> str:
    return "empty (off)" if default == "" else f"`{default}`"


def test_every_service_setting_is_in_the_table_with_its_default():
    table = settings_table()
    for name, default in DEFAULTS.items():
        assert table.get(f"TITAN_{name}") == shown(default), name


def load_gunicorn_conf(monkeypatch, **environment: str):
    """gunicorn.conf.py as gunicorn reads it, in an environment of the defaults plus these."""
    for name in ("HOST", "PORT", "WEB_CONCURRENCY", "GUNICORN_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    for name in DEFAULTS:
        monkeypatch.delenv(f"TITAN_{name}", raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_gunicorn_variables_are_in_the_table_with_their_defaults(monkeypatch):
    table = settings_table()
    read = set(
        re.findall(r"environ\.get\(['\"](\w+)['\"]", (ROOT / "gunicorn.conf.py").read_text())
    )
    assert read and read <= set(table), read - set(table)
    conf = load_gunicorn_conf(monkeypatch)
    assert conf.bind == f"{table['HOST'].strip('`')}:{table['PORT'].strip('`')}"
    assert table["WEB_CONCURRENCY"] == "number of cores"
    assert conf.workers == multiprocessing.cpu_count()
    assert table["GUNICORN_TIMEOUT"].startswith(f"`{conf.timeout}`")
    assert conf.timeout >= DEFAULTS["TIME_BUDGET_SECONDS"] + DEFAULTS["KERNEL_WAIT_SECONDS"] + 30


def test_a_long_time_budget_raises_gunicorns_timeout(monkeypatch):
    """A request that runs its whole budget is answered, not killed as a stuck worker."""
    conf = load_gunicorn_conf(monkeypatch, TITAN_TIME_BUDGET_SECONDS="100")
    assert conf.timeout >= 100 + DEFAULTS["KERNEL_WAIT_SECONDS"] + 30
    assert conf.graceful_timeout > 100


def test_gunicorn_is_configured_for_this_service(monkeypatch):
    conf = load_gunicorn_conf(monkeypatch)
    assert conf.preload_app is True and conf.worker_class == "api.worker.ThreadWorker"
    assert conf.threads >= 8
    assert conf.accesslog == "-" and "%(L)s" in conf.access_log_format  # seconds per request
    assert conf.graceful_timeout > DEFAULTS["TIME_BUDGET_SECONDS"]
    assert conf.control_socket_disable is True
    assert callable(conf.post_fork)


@pytest.mark.parametrize(
    "document", ["README.md", *sorted(p.name for p in (ROOT / "docs").glob("*.md"))]
)
def test_every_relative_link_of_a_document_names_a_file(document):
    """A link such as [docs/api.md](docs/api.md) leads to a file of the repository, from
    where the document stands (a user has the repository, not the web)."""
    path = ROOT / document if document == "README.md" else ROOT / "docs" / document
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text())
    local = [t for t in targets if not re.match(r"[a-z]+:", t)]
    assert [t for t in local if not (path.parent / t).exists()] == []
