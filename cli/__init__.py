"""The ``titan-odds`` command: the command line, an interface beside the HTTP API (``api``).

``cli.main`` picks the command, ``cli.battle`` answers for TITAN's Battles (odds and muster
comparisons), ``cli.arena`` for Titan: The Arena. Each asks the kernel on this machine
(``simulator``) or, with ``--url``, a running service (``api.client``).
"""
