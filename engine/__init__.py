"""regola: board games as data, run by one generic interpreter."""

from .errors import (
                     IllegalAction,
                     InvalidArgument,
                     InvalidOption,
                     InvalidSave,
                     Location,
                     Problem,
                     RegolaError,
                     RuleError,
                     ScriptRuntimeError,
                     StaleAction,
                     UnknownGame,
                     UnsupportedPlayers,
)
from .game import Game, GameState
from .loading.loader import load_game
from .loading.sources import builtin_games
from .saves import load_saved, save_game

__all__ = ["Game", "GameState", "IllegalAction", "InvalidArgument", "InvalidOption",
           "InvalidSave", "Location", "Problem", "RegolaError", "RuleError",
           "ScriptRuntimeError", "StaleAction", "UnknownGame", "UnsupportedPlayers",
           "builtin_games", "load_game", "load_saved", "save_game"]
__version__ = "0.1.0"
