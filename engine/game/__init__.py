"""The whole game around the Battles: state, masterboard moves, musters, engagements.

``state`` holds the model and its JSON codec, ``state_checks`` what a state
must obey, ``actions`` whether one action is legal in a state, ``movement``
the masterboard moves and teleports, ``board`` the Masterboard's shape.
"""
