"""What the tests of a running service share."""

from __future__ import annotations

import os

# How long a hostile client holds a connection: longer than the read timeout the test servers
# are given (6 s unless TITAN_TEST_HOLD_SECONDS says; `make soak` holds far longer).
HOLD_SECONDS = float(os.environ.get("TITAN_TEST_HOLD_SECONDS", "6"))
