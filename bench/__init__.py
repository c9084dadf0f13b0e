"""Benchmarks of the battle kernel and the odds service: ``python -m bench`` (``make bench``)."""
