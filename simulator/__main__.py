"""``python -m simulator ...``: the ``titan-odds`` command."""

import sys

from simulator.cli import main

sys.exit(main())
