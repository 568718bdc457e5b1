"""The board of the web table, drawn as SVG from the game's data and what one seat observes.

Generic panels (areas, a map of connections, tracks, grids, tokens at locations, decks),
chosen and arranged by the game's small layout file (rules/<game>/table.yaml, layout.py);
a game without one gets every panel its data calls for.
"""
