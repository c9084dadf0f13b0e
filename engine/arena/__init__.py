"""Titan: The Arena, the wagering card game (rule book 002): facts as data, rules as functions.

Cards are ints inside (``cards.py``) and names such as ``"Hydra 3"`` only at the edges; the
public table one player sees is ``state.ArenaState``; the whole table with every card known is
``game.Table``, played by ``game.apply``; ``checks`` names every problem of a state or a turn.
"""
