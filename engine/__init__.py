"""The rules of TITAN in plain Python: the single source of truth."""
