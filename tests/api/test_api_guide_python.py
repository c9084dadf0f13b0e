"""docs/api.md's Python client example runs as printed, against the service on a loopback port
(its address the one the example names, the port a free one)."""

from __future__ import annotations

import contextlib
import io
import re
import threading

from tests.helpers.paths import ROOT

GUIDE = ROOT / "docs" / "api.md"


def test_the_guides_python_example_runs_as_printed():
    from werkzeug.serving import make_server

    from api import create_app

    section = GUIDE.read_text().split("## The Python client", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert "..." not in code  # nothing left for the reader to fill in
    app = create_app({"TESTING": True})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    printed = io.StringIO()
    try:
        pasted = code.replace("127.0.0.1:8000", f"127.0.0.1:{server.server_port}")
        with contextlib.redirect_stdout(printed):
            exec(compile(pasted, str(GUIDE), "exec"), {})  # the guide's own code
    finally:
        server.shutdown()
        thread.join(timeout=10)
    lines = printed.getvalue().splitlines()
    assert re.match(r"the attacker wins \d+%", lines[0]), lines
    assert len(lines) == 4 and "refused: unknown character 'Orc'" in lines[3], lines
