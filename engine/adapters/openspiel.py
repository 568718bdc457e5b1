"""regola games as OpenSpiel Python games (`pip install 'regola[openspiel]'`).

Importing this module registers every built-in game as `regola_<game>`; a game in a folder
of its own is registered by `register_game(path)`, as `regola_<its id>`:

    import pyspiel
    import regola.adapters.openspiel                  # registers regola_<game> for each game
    game = pyspiel.load_game("regola_<game>", {"players": 3, "options": "name:false"})
    name = regola.adapters.openspiel.register_game("my_games/smugglers")   # "regola_smugglers"

Parameters: `players` (default: the most the game allows), `variant` (a variant id or file,
"" for none), `options` (option values, `name:value;name:value`, each value JSON or a bare
text), `seed` (-1, the default: explicit chance nodes; else the seeded fallback below),
`max_decisions` (a game still running after so many decisions ends with no winner; also
the game's max length) and `full_strings` (false: compact information-state strings; true:
observe() with its log).

How regola maps onto OpenSpiel's game types:

- **Imperfect information.** A seat's observation is `observe(seat)`: the strings are its
  canonical JSON (the observation without the log; the information state, by default,
  that and the choices the seat saw in order as action ids, or with `full_strings` the
  JSON with the whole log as the seat sees it), the tensors its fixed-size encoding
  (observation.py; the information state adds counts of the choices the seat saw, kept
  as the game goes on, never read from the whole log again).
- **Simultaneous secret choices are sequentialized** (dynamics SEQUENTIAL). In regola a
  simultaneous step is one secret thread per seat, each of which may ask several questions
  in a row (a card, then markers one at a time), not one joint move; so it maps onto plain
  turns: while several seats must decide, the lowest one decides first, then the next. The
  choices are secret, so a later seat's information state does not contain the earlier
  seats' answers: it is the same game as choosing at once. Sequential turns are also what
  OpenSpiel's search algorithms (MCTS among them) require.
- **Chance is explicit: a chance node at each draw of the rules.** The state is regola's
  explicit-chance mode (Game.new_state(explicit_chance=True)): no seed; each random draw
  waits for chance's outcome (GameState.chance_bound, apply_chance), uniform over [0,
  bound). A shuffle of n cards is n-1 nodes of n, n-1, ... 2 outcomes (Fisher-Yates, one
  card at a time, as OpenSpiel's card games deal), k tokens drawn from n are k nodes of
  n, n-1, ...; a draw with one possibility is no node, so a game that draws nothing before
  its first decision starts at a player node. The engine undoes a step that needs a draw
  chance has not made and takes it again once the random operation has its outcomes (one
  replay of the step per random operation). max_chance_outcomes and
  max_chance_nodes_in_history are bounds from the data (Table.chance_bounds). While a draw
  waits after a seat's action, that action is in the information state of every seat that
  sees it (its own; everyone's if not secret), though the state shown is the one before
  it. The future is not in the state: MCTS, which clones it, meets the chance nodes as
  they come, and the others' hidden values are still in the clone (sample them away with
  resample_from_infostate).
- **The seeded fallback** (`seed` >= 0): regola's seeded game, for tests that must replay
  one: a single chance node with one outcome, then every draw follows from the seed, which
  the game's parameters show (an agent could learn the future from it).
- **Actions** are the game-wide action index of actions.py, enumerated from the game data:
  the same integer means the same value (area, card, number, cell...) in every state.
- **Returns** (terminal only): winners share +1, the others share -1 (zero-sum); a game
  stopped unfinished by `max_decisions` gives everyone 0.
- **Serialization**: OpenSpiel pickles a Python state's attributes; the regola state
  pickles as how its game was loaded and its JSON with its log, checked like any save when
  read back. RegolaGame.deserialize_state reads the pickle first without running it, and
  refuses a text that is not a state of this very game (_check_serialized).
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import pickle
import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from ..errors import IllegalAction, ScriptRuntimeError
from ..loading.loader import load_game
from ..loading.sources import builtin_games
from .actions import action_key
from .common import MAX_DECISIONS, Held, Table, deciding_seat, returns
from .incremental import VectorKeeper

PREFIX = "regola_"
RESAMPLE_TRIES = 20
"""How many sampled worlds resample_from_infostate draws before it gives up."""


def parse_options(text: str) -> dict[str, Any]:
    """Option values from `name:value;name:value` (each value JSON, or a bare text)."""
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in (text or "").split(";"))):
        name, sep, raw = part.partition(":")
        if not sep:
            raise ValueError(f"options: {part!r} is not name:value")
        try:
            options[name.strip()] = json.loads(raw)
        except ValueError:
            options[name.strip()] = raw.strip()
    return options


def game_type(source: str) -> pyspiel.GameType:
    """The OpenSpiel type of a game, built-in (its id) or not (its path): its name, players
    and parameters."""
    game = load_game(source)
    return pyspiel.GameType(
        short_name=PREFIX + game.id,
        long_name=f"regola {game.definition.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.definition.max_players,
        min_num_players=game.definition.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.definition.max_players, "variant": "",
                                 "options": "", "seed": -1,
                                 "max_decisions": MAX_DECISIONS, "full_strings": False})


class RegolaGame(pyspiel.Game):
    """One regola game (with its variant, options and player count) as an OpenSpiel game."""

    GAME_ID = ""
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict | None = None):
        spec = self.GAME_TYPE.parameter_specification
        params = {**{k: spec[k] for k in spec}, **(params or {})}
        self.table = Table.get(self.GAME_ID, int(params["players"]), params["variant"] or None,
                               parse_options(params["options"]), int(params["max_decisions"]))
        self.seed = int(params["seed"])
        self.full_strings = bool(params["full_strings"])
        self.outcomes, self.chance_nodes = self.table.chance_bounds()
        if self.seed >= 0:                     # the seeded fallback: one chance node
            self.outcomes, self.chance_nodes = 1, 1
        super().__init__(self.GAME_TYPE, pyspiel.GameInfo(
            num_distinct_actions=len(self.table.actions),
            max_chance_outcomes=self.outcomes,
            num_players=self.table.players,
            min_utility=self.table.utility_range[0],
            max_utility=self.table.utility_range[1], utility_sum=0.0,
            max_game_length=self.table.max_decisions), params)

    def new_initial_state(self) -> RegolaState:
        """The game before its first decision: the chance node of its first draw (or of
        the seed, with the `seed` parameter), or the first decision if it draws nothing
        before."""
        return RegolaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RegolaObserver:
        """An observer: the information state with perfect recall, the public view when
        no private information is asked for, else the seat's observation."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and \
                iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("regola observers show one seat's view or the public view; "
                             "private_info=ALL_PLAYERS (every seat's secrets) is not offered")
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise ValueError("regola observers always include the public information; "
                             "public_info=False is not offered")
        history = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        public = iig_obs_type is not None and \
            iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        return RegolaObserver(self.table, history, public, self.full_strings)

    def deserialize_state(self, text: str) -> RegolaState:
        """OpenSpiel's deserialize_state, for the text of serialize() of a state of this
        very game (the same game, variant, options, players and parameters): anything else
        is refused with a ValueError that says why, before any of the text is run (its
        last line is a pickle: see _check_serialized)."""
        _check_serialized(str(text), self)
        return super().deserialize_state(text)

    def max_chance_nodes_in_history(self) -> int:
        """A bound on the chance nodes of a game, from the data (Table.chance_bounds; one
        with the `seed` parameter)."""
        return self.chance_nodes


class RegolaState(pyspiel.State):
    """A game in progress: a regola GameState with explicit chance (or, with the `seed`
    parameter, None until the chance node of the seed)."""

    def __init__(self, game: RegolaGame):
        super().__init__(game)
        self._table = game.table
        self._fixed_seed = game.seed
        self._held = Held(None) if game.seed >= 0 else Held(
            game.table.start(None, explicit_chance=True), game.table)

    def current_player(self) -> int:
        """The seat that decides (the lowest of several), CHANCE while a draw waits (or
        before the seed), TERMINAL at the end."""
        return self._held.cached("player", self._player)

    def _player(self) -> int:
        state = self._held.state
        if state is None:
            return pyspiel.PlayerId.CHANCE
        if state.is_over:
            return pyspiel.PlayerId.TERMINAL
        if state.chance_bound is not None:
            return pyspiel.PlayerId.CHANCE
        return deciding_seat(state)

    def _legal_actions(self, player: int) -> list[int]:
        """The action ids `player` may take, sorted ([] unless it is its turn; a list
        shared with the encoder: OpenSpiel copies it)."""
        state = self._held.state
        if state is None or player < 0 or player != self.current_player():
            return []
        decision = state.decision(player)
        return [] if decision is None else self._table.encoder.action_ids(decision["options"])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the draw that waits, each as likely (the seed, with the `seed`
        parameter: one outcome)."""
        state = self._held.state
        bound = 1 if state is None else state.chance_bound
        if bound is None:
            return []
        return [(i, 1.0 / bound) for i in range(bound)]

    def _apply_action(self, action: int) -> None:
        """Give chance's outcome (or the seed), or take the current seat's action."""
        state = self._held.state
        if state is None:
            self._held = Held(self._table.start(self._fixed_seed), self._table)
            return
        if state.chance_bound is not None:
            state.apply_chance(int(action))
        else:
            player = self.current_player()
            try:
                state.apply(player, self._table.actions.value_of(action))
            except (IllegalAction, IndexError):       # said with the ids OpenSpiel uses
                legal = self._legal_actions(player)
                named = ", ".join(self._action_to_string(player, a) for a in legal)
                raise IllegalAction(f"action {action} is not legal for player {player} now; "
                                    f"its legal actions: {legal} ({named})") from None
        self._held.changed()

    def _action_to_string(self, player: int, action: int) -> str:
        """An action as text: for chance, the draw (`shuffle <deck>: 3 (draw 1 of 6, 7
        outcomes)`, or `seed N`), else the value as JSON."""
        if player == pyspiel.PlayerId.CHANCE:
            state = self._held.state
            draw = None if state is None else state.chance_draw
            if draw is None:
                return f"seed {self._fixed_seed}" if state is None else f"chance {action}"
            return (f"{draw['what']}: {action} (draw {draw['index'] + 1} of "
                    f"{draw['draws']}, {draw['bound']} outcomes)")
        return action_key(self._table.actions.value_of(action))

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Any) -> RegolaState:
        """A state `player_id` cannot tell from this one (the same information state), for
        information-set search: what it cannot see drawn anew by GameState.sample (others'
        hidden tokens and cards, future chance), and in a secret step the seats before it
        answering anew at random. `probability_sampler()` gives the randomness (a float in
        [0, 1)); a sampled world whose scripts fail is drawn again. Its history() is empty
        and its move_number() 0 (the real ones would tell the true draws). ValueError for
        a player that is not a seat."""
        if not (type(player_id) is int and 0 <= player_id < self._table.players):
            raise ValueError(f"resample_from_infostate: player {player_id!r} is not a seat "
                             f"(0 to {self._table.players - 1})")
        state = self._held.state
        if state is None or state.is_over or state.chance_bound is not None:
            return self.clone()
        rng = random.Random(int(probability_sampler() * 2 ** 53))
        deciding = deciding_seat(state)
        for _ in range(RESAMPLE_TRIES):
            try:
                world = state.sample(player_id, rng)
                while not world.is_over and deciding_seat(world) != deciding:
                    if world.chance_bound is not None:
                        world.apply_chance(rng.randrange(world.chance_bound))
                        continue
                    seat = deciding_seat(world)
                    world.apply(seat, rng.choice(world.legal_actions(seat)))
            except (IllegalAction, ScriptRuntimeError):
                continue
            # A fresh state, its history() empty: the actions and chance outcomes that
            # lead to the sampled world are not known, and the real ones give it away.
            copy = self.get_game().new_initial_state()
            copy._held = Held(world, self._table)
            return copy
        raise pyspiel.SpielError(f"{self._table.game.id}: no world consistent with seat "
                                 f"{player_id}'s information state could be played in "
                                 f"{RESAMPLE_TRIES} draws")

    def is_terminal(self) -> bool:
        """Whether the game has a result."""
        return self._held.state is not None and self._held.state.is_over

    def returns(self) -> list[float]:
        """Winners share +1, the others -1; zeros before the end and when nobody won."""
        return returns(self._held.state, self._table.players)

    def __str__(self) -> str:
        """The whole state (secrets included) as canonical JSON; before the seed, a note."""
        return self._held.json() if self._held.state is not None else "chance: the seed"


class RegolaObserver:
    """OpenSpiel's PyObserver for regola: `tensor`, its named `dict` views, and strings."""

    def __init__(self, table: Table, history: bool, public: bool, full: bool = False):
        self.table, self.history, self.public, self.full = table, history, public, full
        self.keeper = VectorKeeper(table.encoder)   # each seat's vector, kept up
        layout = table.layout
        self.tensor = np.zeros(layout.size(history), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        for name, size in layout.sections:
            start = layout.offsets[name]
            self.dict[name] = self.tensor[start:start + size]
        if history:
            start = layout.observation_size
            self.dict["history"] = self.tensor[start:].reshape(layout.n, len(table.actions))

    def set_from(self, state: RegolaState, player: int) -> None:
        """Fill the tensor with what `player` sees of `state` (the history section: the
        counts of the choices it saw, kept as the game goes on)."""
        seat = None if self.public or player < 0 else player
        held = state._held
        counts = held.history(seat) if self.history and held.state is not None else None
        self.keeper.encode(held.state, seat, self.history, out=self.tensor, counts=counts)

    def string_from(self, state: RegolaState, player: int) -> str:
        """What `player` sees of `state`, as canonical JSON (the information state: compact,
        or in full with the log if the game's full_strings is true)."""
        seat = None if self.public or player < 0 else player
        return state._held.string(seat, self.history, self.full)


SPEC_FIELDS = ("game", "players", "variant", "options", "max_decisions")


class _Recorded(pickle.Unpickler):
    """Reads the pickled attributes of a serialized state without running anything: the
    only callables a regola state's pickle names (its table, its held state) are replaced by
    records of their arguments; any other is refused."""

    NAMES = {("regola.adapters.common", "_table"): "table",
             ("regola.adapters.common", "_unpickle"): "held",
             ("regola.adapters.common", "Held"): "empty"}

    def find_class(self, module: str, name: str) -> Any:
        kind = self.NAMES.get((module, name))
        if kind is None:
            raise ValueError(f"it names {module}.{name}, which no regola state holds")
        return lambda *args: (kind, *args)


def _check_serialized(text: str, game: RegolaGame) -> None:
    """Refuse (ValueError, saying why) a text that is not serialize() of a state of `game`.
    OpenSpiel writes a Python game's state as its history, its move number and a pickle of
    its attributes, and reads the pickle back, which runs what it names: so the pickle is
    read here first without running anything (_Recorded), and must name this game's table,
    seed parameter and a state of this game (itself checked like any save when read)."""
    lines = text.split("\n", 2)
    heads = ("history=", "move_number=", "__dict__=")
    if len(lines) != 3 or not all(line.startswith(h) for line, h in zip(lines, heads)):
        raise ValueError("not a serialized regola state: serialize() writes three lines, "
                         "history=..., move_number=... and __dict__=...")
    history = lines[0][len("history="):]
    if history and not all(re.fullmatch(r"-?\d+:\d+", item) for item in history.split(",")):
        raise ValueError("not a serialized regola state: history= holds player:action pairs "
                         "separated by commas")
    if not re.fullmatch(r"\d+", lines[1][len("move_number="):]):
        raise ValueError("not a serialized regola state: move_number= holds a whole number")
    try:
        raw = base64.b64decode(lines[2][len("__dict__="):], validate=True)
        attributes = _Recorded(io.BytesIO(raw)).load()
    except (ValueError, binascii.Error, pickle.UnpicklingError, EOFError, TypeError,
            AttributeError, IndexError, KeyError) as error:
        raise ValueError(f"not a serialized regola state: its __dict__= line cannot be read "
                         f"({error})") from None
    expected = ("table", *game.table.spec)
    if not isinstance(attributes, dict) or set(attributes) != {"_table", "_fixed_seed",
                                                                "_held"}:
        raise ValueError("not a serialized regola state: its attributes are not a regola "
                         "state's (_table, _fixed_seed, _held)")
    table = attributes["_table"]
    if table != expected:
        if not (isinstance(table, tuple) and len(table) == len(expected)):
            raise ValueError("not a serialized regola state: its table is not one")
        field, theirs, ours = next((name, a, b) for name, a, b in
                                   zip(SPEC_FIELDS, table[1:], expected[1:]) if a != b)
        raise ValueError(f"the text is a state of another game: its {field} is {theirs!r}, "
                         f"this game's is {ours!r}")
    if attributes["_fixed_seed"] != game.seed:
        raise ValueError(f"the text is a state of this game with the seed parameter "
                         f"{attributes['_fixed_seed']!r}, not {game.seed}")
    taken = history.split(",") if history else []
    if int(lines[1][len("move_number="):]) != len(taken):
        raise ValueError(f"not a serialized regola state: move_number= says "
                         f"{lines[1][len('move_number='):]}, its history holds {len(taken)} "
                         f"actions")
    held = attributes["_held"]
    empty = ("empty", None)
    if held == empty and game.seed >= 0:
        if taken:
            raise ValueError("not a serialized regola state: a state before the seed has no "
                             "history")
        return                                 # before the seed's chance node
    if not (isinstance(held, tuple) and len(held) == 5 and held[0] == "held"
            and held[1] == game.table.game.source and held[3] in (None, expected)
            and isinstance(held[2], str) and (held[4] is None or type(held[4]) is int)):
        raise ValueError("not a serialized regola state of this game: its held state is not "
                         "one of this game's")
    decided = sum(not item.startswith("-") for item in taken)   # players' actions, not chance
    try:
        data = json.loads(held[2])
        steps = data.get("steps")
        # An action waiting for chance's draws is in the history, not yet in the steps.
        waiting = isinstance(data.get("chance"), dict) and data["chance"].get("redo") is not None
    except (ValueError, AttributeError):
        steps = None                           # the save's own check names what is wrong
    if type(steps) is int and decided not in (steps, steps + waiting):
        raise ValueError(f"not a serialized regola state: its history holds {decided} "
                         f"players' actions, its state {steps} decisions")


_REGISTERED: dict[str, str] = {}
"""Each short name this module registered -> the game it stands for (a built-in id, or the
resolved path of a game's folder or file)."""


def register_game(source: str | Path) -> str:
    """Register a game with pyspiel as `regola_<its id>` (once; again for the same game is
    nothing); returns that short name. `source` is a built-in id, or the path of a game's
    folder or file (loaded as regola loads any game: regola's errors, with their file and
    line, if it is not one). ValueError if the name already stands for another game. A
    state of such a game deserializes in a process that has registered it."""
    text = str(source)
    builtin = text in builtin_games()
    game = load_game(text)
    where = text if builtin else str(Path(text).resolve())
    name = PREFIX + game.id
    known = _REGISTERED.get(name)
    if known == where:
        return name
    if known is not None or (name in pyspiel.registered_names() and not builtin):
        raise ValueError(f"{name} is already registered for {known or 'another game'}; "
                         f"{text} has the same id ({game.id}): give it another id in its "
                         f"game.yaml")
    if name in pyspiel.registered_names():    # a built-in, by an earlier import of this
        _REGISTERED[name] = where             # module (reloaded)
        return name
    gtype = game_type(where)
    cls = type(f"RegolaGame_{game.id}", (RegolaGame,), {"GAME_ID": where, "GAME_TYPE": gtype})
    pyspiel.register_game(gtype, cls)
    _REGISTERED[name] = where
    return name


def register() -> list[str]:
    """Register every built-in game with pyspiel (once); returns their short names."""
    return [register_game(game_id) for game_id in builtin_games()]


GAMES = register()
