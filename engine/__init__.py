"""regola: board games as data, run by one generic interpreter."""

from .errors import (
                     IllegalAction,
                     InvalidArgument,
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

__all__ = ["Game", "GameState", "IllegalAction", "InvalidArgument", "InvalidSave", "Location",
           "Problem", "RegolaError", "RuleError", "ScriptRuntimeError", "StaleAction",
           "UnknownGame", "UnsupportedPlayers", "load_game"]
__version__ = "0.1.0"
