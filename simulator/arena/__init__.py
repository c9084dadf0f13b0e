"""Titan: The Arena played out many times: a numba kernel with scripted players, its odds and
advice. The rules are ``engine.arena``'s; the kernel mirrors its referee (``game.apply``)."""
