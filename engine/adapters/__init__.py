"""Adapters to game-AI frameworks: OpenSpiel (`openspiel`) and PettingZoo (`pettingzoo`).

Each is a thin wrapper over the public API; what they share lives beside them: the
game-wide action index (actions.py), the fixed-size observation tensor (observation.py) and
the table, returns and held state (common.py). Importing this package imports neither
framework; `regola.adapters.openspiel` needs `regola[openspiel]`, `regola.adapters.pettingzoo`
needs `regola[pettingzoo]`.
"""
