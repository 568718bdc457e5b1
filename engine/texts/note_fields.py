"""Which fields of a story note (`log("message", key=value, ...)`) hold players, so that the
story shows them by seat name. The story (i18n/game_words.py) reads these names, and the
type checker refuses a field that holds a player under any other name (it would print as a
number)."""

PLAYER_KEYS = frozenset({"player", "seat", "winner", "loser", "by", "target", "other_player"})
"""Note fields that hold one player number (shown as the seat's name)."""
PLAYERS_KEYS = frozenset({"players", "seats", "winners", "losers", "runners_up"})
"""Note fields that hold a list of player numbers (shown as a list of seat names)."""
EACH_PLAYER_KEYS = frozenset({"counts"})
"""Note fields that hold one value per player in seat order (shown "Blue 3, Red 2", the
highest number first)."""
