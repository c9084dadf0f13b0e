"""Tactical Titan (the variant's rule book, sections 1.0-12.0): TITAN's Battle played on a large
map made of Battlelands, with new characters, healing, mustering and its own points.

Each module declares only what the variant changes and reuses the TITAN rules in ``engine``
where the variant keeps them (9.0: every character keeps its TITAN abilities; the hazard chart
still applies).
"""
