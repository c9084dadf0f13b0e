"""What the tests of a running service share."""

from __future__ import annotations

import os

# How long a hostile client holds a connection: longer than the read timeout the test servers
# are given (6 s unless TITAN_TEST_HOLD_SECONDS says; `make soak` holds far longer).
HOLD_SECONDS = float(os.environ.get("TITAN_TEST_HOLD_SECONDS", "6"))

# The slowest health answer the reliability tests accept beside hostile clients or the largest
# simulations. One blocked behind them would wait out a hold (HOLD_SECONDS) or a simulation's
# budget (4 s on the tests' servers); a third of the hold leaves room for a machine running
# the rest of the suite on every core, where a quick answer takes up to a second now and then.
QUICK_ENOUGH = HOLD_SECONDS / 3
