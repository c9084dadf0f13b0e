"""Tactical Titan fights played by a numba kernel of their own: who wins a fight on a map."""
