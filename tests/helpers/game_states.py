"""Game states as the API takes them (JSON), built for the tests: two players, Red and Blue,
and their Legions on the Masterboard."""

from __future__ import annotations

RED_START = ["Titan", "Centaur", "Gargoyle", "Ogre"]
RED_ANGEL = ["Angel", "Centaur", "Gargoyle", "Ogre"]


def legion(marker, land, characters, player=None, **extra) -> dict:
    """A Legion on ``land``, Red's or Blue's by its marker (Rd.., Bu..) unless told."""
    colour = player or {"Rd": "Red", "Bu": "Blue"}[marker[:2]]
    return {"marker": marker, "player": colour, "land": land, "characters": characters, **extra}


def player(colour, tower, used=(), **extra) -> dict:
    """A player of ``tower`` holding every marker of its colour not ``used``."""
    prefix = {"Red": "Rd", "Blue": "Bu"}[colour]
    free = [f"{prefix}{n:02d}" for n in range(1, 13) if f"{prefix}{n:02d}" not in used]
    return {"color": colour, "tower": tower, "markers_available": free, **extra}


def game(legions: list[dict], **state) -> dict:
    """Red (Tower 100) and Blue (Tower 400); Red moves on turn 3 unless told otherwise."""
    used = {g["marker"] for g in legions}
    scores = state.pop("scores", {})
    return {
        "turn": 3,
        "mover": "Red",
        "phase": "move",
        "movement_roll": 3,
        "players": [
            player("Red", 100, used, score=scores.get("Red", 0)),
            player("Blue", 400, used, score=scores.get("Blue", 0)),
        ],
        "legions": legions,
        **state,
    }


def midgame(**state) -> dict:
    """Turn 3, Red to move: a Titan's Legion and an Angel's of each player on the Masterboard."""
    return game(
        [
            legion("Rd01", 5, ["Titan", "Ogre", "Troll"]),
            legion("Rd02", 22, ["Angel", "Lion", "Lion"]),
            legion("Bu01", 30, ["Titan", "Gargoyle", "Cyclops"]),
            legion("Bu02", 41, ["Angel", "Centaur", "Centaur"]),
        ],
        **state,
    )


def opening() -> dict:
    """The first Game-Turn: Red, in Tower 600, the highest, plays first (5.1); Blue in 400."""
    d = game(
        [
            legion("Rd01", 600, list(RED_START)),
            legion("Rd02", 600, list(RED_ANGEL)),
            legion("Bu01", 400, list(RED_START)),
            legion("Bu02", 400, list(RED_ANGEL)),
        ],
        turn=1,
    )
    d["players"][0]["tower"] = 600
    return d
