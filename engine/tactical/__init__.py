"""Tactical Titan (the variant's rule book, sections 1.0-12.0): TITAN's Battle played on a large
map made of Battlelands, with new characters, healing, mustering and its own points.

Each module declares only what the variant changes and reuses the TITAN rules in ``engine``
where the variant keeps them (9.0: every character keeps its TITAN abilities; the hazard chart
still applies: ``engine.strikes`` and ``engine.rangestrikes`` judge strikes and rangestrike
lines on a map as on a Battleland).

The map
- ``geometry``: the hex grid of a map of any size, its labels, neighbours and lines (2.1).
- ``maps``: a map as data, its regions, hexes, hexsides and starting towers (2.1, 3.1).
- ``map_checks``: what a map must be, as named problems (2.1-2.1.2, 3.1, 12.1).
- ``mosaic``: a map built from TITAN's Battlelands, Seas, Rivers and towers (3.2).
- ``hex_facts``: what mustering and resting read of one hex (2.1.1, 2.1.2).

The pieces and the ground
- ``characters``: the character chart, points and abilities as records (9.0-12.2, 11.0).
- ``mastercharts``: the Mastercharts and summoning tables as records (9.2, 10.1, 10.2).
- ``hazards``: TITAN's hazard chart plus Water and River, and the rules that read it (12.1).
- ``abilities``: what special abilities do to strikes and shared hexes (7.3, 9.2, 10.1, 12.2).

The rules
- ``board``: the map with characters on it: contact, striking across, sharing a hex.
- ``movement``: where a character may move or teleport (7.0-7.3; TITAN 11.0-11.7).
- ``strikes``: a strike's and a rangestrike's terms, carrying over (8.1; TITAN 12.0-13.5).
- ``healing``: what resting and healing restore (5.0-5.3).
- ``musters``: mustering and summoning (6.0-6.4, 9.1, 10.0-10.2).
- ``scoring``: points, the Titan's Power-factor, Angels due (8.2, 8.3, 11.0, 2.2.2).

A game
- ``state``: a game state as data and its JSON (4.0); ``state_checks``: its named problems.
- ``setup``: the starting state (3.0-3.3).
- ``actions``: the actions of a turn as values with their JSON, and what their checks share.
- ``healing_phase``, ``muster_phase``, ``maneuver_phase``, ``strike_phase``: each phase's
  actions checked, listed and applied (5.0-8.1).
- ``turns``: the order of play and what happens between actions (4.0, 8.0-8.3).
- ``referee``: legal actions, checking, applying and rolling them.
- ``json_fields``: the shape checks every JSON document's fields share.
"""
