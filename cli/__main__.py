"""``python -m cli ...``: the ``titan-odds`` command."""

import sys

from cli.main import main

sys.exit(main())
