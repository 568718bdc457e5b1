"""The public API: a loaded Game (static) and a GameState (a game in progress).

    game = load_game("some_game")
    state = game.new_state(players=4, seed=1, max_decisions=10_000)
    while not state.is_over:
        player = state.to_move[0]
        state.apply(player, state.legal_actions(player)[0])
"""

from __future__ import annotations

import json
import marshal
import random
from collections.abc import Callable
from typing import Any

from .errors import (
    IllegalAction,
    InvalidArgument,
    InvalidSave,
    ScriptRuntimeError,
    UnsupportedPlayers,
    brief,
)
from .interpreter import determinize, vm
from .interpreter import state as state_mod
from .interpreter.actions import action_id, chosen_option
from .interpreter.decision_context import decision_context
from .interpreter.ending import finish
from .interpreter.evaluation import evaluate
from .interpreter.eventlog import EventLog
from .interpreter.layout import layout_of
from .interpreter.model import GameDef
from .interpreter.rng import ChanceNeeded
from .interpreter.runtime import Runtime
from .interpreter.save_check import check_save, parse_save, saved_log
from .interpreter.seen_log import SeenLogs, chained
from .views import StateViews

__all__ = ["Game", "GameState", "action_id"]

UNFINISHED = "unfinished"
"""The reason of a game stopped by its max_decisions before the rules ended it (no winners)."""

CHECKPOINT_EVERY = 64
"""Decisions between two checkpoints of a state (what a failed apply goes back to)."""


class Game:
    """What a game is: loaded and compiled once, shared by all its states."""

    def __init__(self, definition: GameDef):
        self.definition = definition
        self.source: dict[str, Any] = {"game": definition.id, "variant": definition.variant,
                                       "options": {}}
        """How load_game loaded it ({"game", "variant", "options"}): load it so to read saves."""
        self.rules_digest: str | None = None
        """A digest of every rule and text file load_game read for it (None if it was
        built otherwise): two loads of unchanged files have the same one."""
        self._consts: dict[int, dict[str, Any]] = {}

    @property
    def id(self) -> str:
        """The game's id (the name of its folder under rules/)."""
        return self.definition.id

    @property
    def player_counts(self) -> list[int]:
        """The player counts the game allows."""
        return list(range(self.definition.min_players, self.definition.max_players + 1))

    def constants(self, players: int) -> dict[str, Any]:
        """Constants for a player count, script constants included (computed once)."""
        consts = self._consts.get(players)
        if consts is None:
            consts = self.definition.constants_for(players)
            probe = Runtime(self.definition, {"n": players, "pvars": [], "decks": {},
                                              "vars": {}}, consts)
            for name, expr in self.definition.program.consts.items():
                consts[name] = expr({}, probe)
            self._consts[players] = consts
        return consts

    def token_ids(self, players: int) -> dict[str, list[str]]:
        """Token ids by kind for a player count (fixed for the whole game)."""
        lay = layout_of(self.definition, players)
        return {kind: [lay.tids[i] for i in numbers] for kind, numbers in lay.ranges.items()}

    def new_state(self, players: int | None = None, seed: int | None = None,
                  max_decisions: int | None = None,
                  explicit_chance: bool = False) -> GameState:
        """A new game with `players` seats (default: the most the game allows). Chance
        follows `seed` (default: an unguessable one), or with `explicit_chance` there is no
        seed and each draw waits for its outcome (see GameState.chance_bound); after
        `max_decisions` decisions a game the rules have not ended stops, unfinished, with
        no winners."""
        if players is None:
            players = self.definition.max_players
        if isinstance(players, bool) or not isinstance(players, int) \
                or players not in self.player_counts:
            allowed = ", ".join(map(str, self.player_counts))
            raise UnsupportedPlayers(f"{self.id} is for {allowed} players, not {players!r}")
        if explicit_chance and seed is not None:
            raise InvalidArgument("a game with explicit chance has no seed")
        seed = state_mod.new_seed() if seed is None else state_mod.check_seed(seed)
        data = state_mod.new_state(self.definition, int(players), seed)
        if explicit_chance:
            del data["seed"]
            data["chance"] = state_mod.new_chance()
        if max_decisions is not None:
            if isinstance(max_decisions, bool) or not isinstance(max_decisions, int) \
                    or max_decisions < 1:
                raise InvalidArgument(f"max_decisions must be a whole number of at least 1, "
                                      f"not {max_decisions!r}")
            data["max_decisions"] = int(max_decisions)
        state = GameState(self, data)
        state._start()
        return state

    def state_from_json(self, text: str | bytes | dict) -> GameState:
        """Rebuild a state saved with GameState.to_json() (its text, or that text parsed);
        InvalidSave, naming the field, if it is not a state this game could have reached.
        The log starts empty, unless the save holds one (to_json(log=True))."""
        data = parse_save(text)
        events = saved_log(data)
        check_save(self.definition, data)
        state_mod.stamp_waits(data)
        if "secret_step" in data:
            self._check_secret_step(data)
        return GameState(self, data, EventLog(events))

    def _check_secret_step(self, data: dict) -> None:
        """Refuse (InvalidSave) a save whose open secret step (its start and the answers
        given in it) does not lead to the state saved beside it."""
        step = data["secret_step"]
        base = parse_save(step["base"])
        state_mod.stamp_waits(base)
        replay = GameState(self, base)
        try:
            for seat, value in step["answers"]:
                replay.apply(seat, value)
        except (IllegalAction, ScriptRuntimeError) as error:
            raise InvalidSave(f"an answer of the open secret step cannot be replayed: "
                              f"{error}", "secret_step.answers") from None
        replayed = json.loads(replay.to_json())
        if "chance" in data and "chance" in replayed:   # a draw waiting is not an answer
            replayed["chance"] = data["chance"]
        if replayed != json.loads(json.dumps(data, sort_keys=True)):
            raise InvalidSave("the open secret step does not lead to the saved state",
                              "secret_step")


class GameState(StateViews):
    """A game in progress: plain data plus the Game it belongs to, and its event log.

    A state keeps a checkpoint (a copy taken at most CHECKPOINT_EVERY decisions ago) and
    the decisions taken since: a failed apply goes back to the checkpoint and takes them
    again (play is deterministic), so apply is all or nothing without copying each time.
    """

    __slots__ = ("game", "_data", "_log", "_rt", "_base", "_since", "_dirty", "_block_at",
                 "_alone", "_seen_logs", "_prefixes")

    def __init__(self, game: Game, data: dict, log: EventLog | None = None,
                 runtime: Runtime | None = None):
        self.game = game
        self._data = data
        self._log = EventLog() if log is None else log
        if runtime is None:
            n = data["n"]
            runtime = Runtime(game.definition, data, game.constants(n),
                              layout_of(game.definition, n), self._log.tail)
        self._rt = runtime
        self._base: tuple | None = None      # (copy of the data, log length) or None
        self._since: list[tuple[int, Any]] = []
        self._dirty = False                  # True once the data was handed out: re-read it
        self._block_at: int | None = None    # the log's length when the open secret step
        #                                      took its first answer (None: not known)
        self._alone: tuple | None = None     # (key, state): the last _as_if_alone made
        self._seen_logs = SeenLogs()         # the log as each seat sees it, kept up
        self._prefixes: dict = {}            # (seat, _block_at) -> (the log's event before
        #                                      it, SeenLogs of the log up to it, its digest)

    @property
    def data(self) -> dict:
        """The state as plain data (what to_json saves; while a secret step is open, the
        step's start is held as marshal bytes, which to_json writes as JSON text). Reading
        it lets the caller change
        it: the next apply takes a fresh checkpoint, and the runtime reads the data again
        (its token index and cache are rebuilt)."""
        self._base = None
        self._dirty = True
        self._alone = None
        return self._data

    def _fresh(self) -> Runtime:
        """The runtime, bound again to the data if the data was handed out since."""
        if self._dirty:
            self._dirty = False
            self._rt.bind()
        return self._rt

    def _runtime(self) -> Runtime:
        """The runtime bound to this state (changes through it are not checkpointed, so the
        next apply takes a fresh checkpoint)."""
        self._base = None
        return self._fresh()

    def _advance(self, answered: dict | None = None) -> None:
        """Run the scripts on to the next decisions (only the thread `answered` can run,
        if given); the game stops, unfinished, at its max_decisions."""
        runtime = self._rt
        if answered is None:
            vm.advance(runtime)
        else:
            vm.resume(runtime, answered)
        data = self._data
        if data["result"] is not None:
            return
        threads = data["threads"]
        for thread in threads:            # a new decision is stamped with its step as asked
            if thread["wait"] is not None:
                break
        else:
            raise ScriptRuntimeError("the game's scripts finished without a result "
                                     "(end_game or check_end never ended the game)")
        limit = data.get("max_decisions")
        if limit is not None and data["steps"] >= limit:
            finish(runtime, [], UNFINISHED)

    # -- who decides -------------------------------------------------------------------
    @property
    def to_move(self) -> list[int]:
        """Seats that must decide now: one, several (simultaneous), or none (game over)."""
        data = self._data
        threads = data["threads"]
        if "chance" in data and data["chance"]["need"]:
            return []                     # chance draws first
        if len(threads) == 1:
            wait = threads[0]["wait"]
            return [] if wait is None else [wait["player"]]
        seats = [t["wait"]["player"] for t in threads if t["wait"] is not None]
        seats.sort()
        return seats

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self._data["result"] is not None

    @property
    def result(self) -> dict | None:
        """{"winners": [...], "reason": ..., "conditions": {...}} once the game is over."""
        return self._data["result"]

    def standing(self, player: int) -> tuple:
        """The values of the game's tie-breakers (end: tiebreakers) for `player` now, the
        first being its main score (e.g. victory points); () if the game declares none."""
        end = self.game.definition.end
        if end is None or not end.tiebreakers:
            return ()
        runtime = self._fresh()
        return tuple(t(runtime, player) for t in end.tiebreakers)

    def _waiting(self, player: Any) -> dict | None:
        """The thread that waits for `player`'s decision, or None."""
        if type(player) is int:
            for thread in self._data["threads"]:
                wait = thread["wait"]
                if wait is not None and wait["player"] == player:
                    return thread
        return None

    def decision(self, player: int) -> dict | None:
        """The pending decision of `player`: {"ask", "options", "secret", "step"}, or None."""
        thread = self._waiting(player)
        return None if thread is None else thread["wait"]

    def decision_context(self, player: int) -> dict | None:
        """Where `player`'s pending decision is asked, as the game's texts name it (None if
        it has none): {"ask", "prompt", "prompt_kinds", "steps", "named", "option_kind"}; see
        interpreter/decision_context.py. Built only from what `player` may see."""
        if isinstance(player, bool) or not isinstance(player, int):
            return None
        return decision_context(self.game.definition, self.data, player, lambda: {
            t["id"] for t in self.observe(player, log=False)["tokens"] if "id" in t})

    def legal_actions(self, player: int) -> list[dict]:
        """The actions `player` may take now, each {"id", "value", "ask", "step"} (the
        question it answers: its ask, and the step counter when it was asked); [] if none."""
        thread = self._waiting(player)
        if thread is None or self.chance_bound is not None:
            return []
        wait = thread["wait"]
        ask, step = wait["ask"], wait["step"]
        return [{"id": v if type(v) is str else str(v) if type(v) is int else action_id(v),
                 "value": v, "ask": ask, "step": step} for v in wait["options"]]

    def apply(self, player: int, action: Any) -> None:
        """Take an action: a legal_actions dict, a value or an id. All or nothing: if it is
        illegal (IllegalAction), answers another question (StaleAction) or a script fails
        (ScriptRuntimeError), the state is left exactly as it was."""
        thread = self._waiting(player)
        if thread is None or self.chance_bound is not None:
            who = ", ".join(map(str, self.to_move)) or (
                "chance" if self.chance_bound is not None else "nobody (the game is over)")
            raise IllegalAction(f"player {brief(player)} has no decision to make; "
                                f"waiting for {who}")
        wait = thread["wait"]
        value = chosen_option(wait, action, player)
        if self._dirty:
            self._fresh()
        if self._base is None or len(self._since) >= CHECKPOINT_EVERY:
            self._base = (state_mod.clone_state(self._data), len(self._log))
            self._since = []
        try:
            self._answer(thread, player, value)
        except ChanceNeeded as need:
            self._restore()
            self._await_chance(need, {"player": player, "value": value})
            return
        except BaseException:
            self._restore()
            raise
        self._since.append((player, value))

    # -- explicit chance ---------------------------------------------------------------
    def _start(self) -> None:
        """Run the scripts from the start to the first decisions (with explicit chance, up
        to a draw chance has not made yet: then nothing of it is kept)."""
        data = self._data
        if "chance" not in data:
            self._advance()
            return
        copy = state_mod.clone_state(data)
        try:
            self._advance()
        except ChanceNeeded as need:
            data.clear()
            data.update(copy)
            self._log.truncate(0)
            self._rt.bind()
            self._await_chance(need, {"start": True})

    def _await_chance(self, need: ChanceNeeded, redo: dict) -> None:
        """Wait for chance's outcomes of `need`, then take `redo` again (the start, or
        {"player", "value"}: an action), from the state as it was before it."""
        chance = self._data["chance"]
        chance["need"] = list(need.bounds)
        chance["done"] = need.done
        chance["what"] = need.what
        chance["redo"] = redo
        self._base = None                    # the next checkpoint holds this

    @property
    def explicit_chance(self) -> bool:
        """Whether chance's outcomes are given one by one (apply_chance), not drawn from a
        seed (Game.new_state(explicit_chance=True))."""
        return "chance" in self._data

    @property
    def chance_bound(self) -> int | None:
        """With explicit chance, while a random draw waits for its outcome: chance must
        draw an integer in [0, chance_bound) (apply_chance); nobody decides meanwhile.
        None otherwise."""
        chance = self._data.get("chance")
        if chance is None or not chance["need"]:
            return None
        return chance["need"][0]

    @property
    def chance_draw(self) -> dict | None:
        """The draw chance must make now: {"what" (the random operation, e.g. "shuffle
        <deck>"), "bound", "index" (this draw's number in the operation, from 0), "draws"
        (how many the operation needs), "action" ([player, value]: the action taken again
        once the draws are made; None before the first decision)}; None if none waits."""
        chance = self._data.get("chance")
        if chance is None or not chance["need"]:
            return None
        need, done, redo = chance["need"], chance["done"], chance["redo"]
        return {"what": chance["what"], "bound": need[0], "index": done,
                "draws": done + len(need),
                "action": [redo["player"], redo["value"]] if "player" in redo else None}

    def apply_chance(self, outcome: int) -> None:
        """Give chance's outcome of the waiting draw (an integer in [0, chance_bound));
        once the random operation has all of its outcomes, the step it stopped is taken
        again, on to the next decisions or the next draw."""
        bound = self.chance_bound
        if bound is None:
            raise IllegalAction("chance has no draw to make now")
        if isinstance(outcome, bool) or not isinstance(outcome, int) \
                or not 0 <= outcome < bound:
            raise IllegalAction(f"chance must draw an integer in [0, {bound}), "
                                f"not {outcome!r}")
        if self._dirty:
            self._fresh()
        chance = self._data["chance"]
        chance["given"].append(int(outcome))
        chance["need"].pop(0)
        chance["done"] += 1
        self._base = None
        if chance["need"]:
            return
        self._redo()

    def _redo(self) -> None:
        """Take again what waited for chance (with the outcomes given so far)."""
        chance = self._data["chance"]
        redo = chance["redo"]
        chance["redo"] = chance["what"] = None
        chance["need"], chance["done"] = [], 0
        self._base = None
        try:
            if redo.get("start"):
                self._start()
            else:
                self.apply(redo["player"], redo["value"])
        except BaseException:                # the action failed after all: the state is
            self._data["chance"]["given"] = []   # the one before it, its draws dropped
            self._base = None
            raise

    def _answer(self, thread: dict, player: int, value: Any) -> None:
        """Give `value` to `thread` (waiting for `player`'s decision) and run on."""
        wait = thread["wait"]
        data = self._data
        threads = data["threads"]
        secret_step = wait["secret"] and len(threads) > 1
        if secret_step:
            self._remember_secret_answer(player, value)
        elif "secret_step" in data:          # left by a step its scripts ended otherwise
            del data["secret_step"]
        frame = thread["stack"][-1]
        frame["e"][wait["var"]] = value
        frame["pc"] += 1
        thread["wait"] = None
        event = {"e": "choice", "player": player, "ask": wait["ask"], "value": value}
        if wait["secret"]:
            event["private"] = True
        else:
            kind = self._face_down_kind(value)
            if kind is not None:             # the others see that one was chosen, not which
                event["masked"], event["piece"] = True, kind
        self._rt.emit(event)
        data["steps"] += 1
        alone = len(threads) == 2            # the main thread and this one
        self._advance(thread)
        if secret_step and alone and not any(t is thread for t in data["threads"]):
            data.pop("secret_step", None)    # the last secret thread finished: step over

    def _face_down_kind(self, value: Any) -> str | None:
        """The kind of the token `value` names, if it is one with secrets lying face down
        (an answer naming it would tell the others which one); else None."""
        lay = self._rt.lay
        i = lay.index.get(value) if type(value) is str else None
        if i is None or not lay.secret[i] or self._rt.shown[i]:
            return None
        return lay.kind_of[i]

    def masks_choice(self, value: Any) -> bool:
        """Whether an answer `value` given now is shown to the other seats without its
        value: it names a face-down token (the log's choice event is masked)."""
        return self._face_down_kind(value) is not None

    def _remember_secret_answer(self, player: int, value: Any) -> None:
        """Keep what a secret step began from and the answers given in it, so that each
        seat can be shown the step as if it were the only one to have answered yet."""
        data = self._data
        step = data.get("secret_step")
        if step is None:
            step = {"base": marshal.dumps(data), "answers": []}   # to_json makes it text
            data["secret_step"] = step
            self._block_at = len(self._log)
        step["answers"].append([player, value])

    def _restore(self) -> None:
        """Back to the checkpoint, then the decisions taken since, again."""
        copy, length = self._base
        self._log.truncate(length)
        data = self._data
        data.clear()
        data.update(state_mod.clone_state(copy))
        self._rt.bind()
        for player, value in self._since:
            self._answer(self._waiting(player), player, value)

    # -- copies and views ------------------------------------------------------------------
    def clone(self) -> GameState:
        """An independent copy: no mutable data is shared (past log events are shared,
        they never change)."""
        data = state_mod.clone_state(self._data)
        log = self._log.fork()
        copy = GameState(self.game, data, log, self._fresh().fork(data, log.tail))
        copy._base, copy._since = self._base, list(self._since)
        copy._block_at = self._block_at
        copy._seen_logs = self._seen_logs.copy()
        copy._prefixes = self._prefixes      # keyed by the step's start: shared
        return copy

    def to_json(self, log: bool = False) -> str:
        """The state as canonical JSON (sorted keys): equal states, equal bytes. Its size
        does not grow with the game: the log is left out unless `log` is true."""
        data = self._data
        step = data.get("secret_step")
        if step is not None and isinstance(step["base"], bytes):
            base = json.dumps(marshal.loads(step["base"]), sort_keys=True, separators=(",", ":"))
            data = {**data, "secret_step": {"base": base, "answers": step["answers"]}}
        if log:
            data = {**data, "log": list(self._log)}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def observe(self, player: int | None, log: bool = True) -> dict:
        """What `player` may see (None: public information only); its log holds the events
        since the game began (or since it was loaded from a save without its log), kept
        per seat as the log grows (seen_log.py). With `log` false the view has no "log".
        Anything but a seat number or None is refused (InvalidArgument)."""
        if player is not None and (type(player) is not int or not 0 <= player < self.players):
            raise InvalidArgument(f"observe() takes a seat (0 to {self.players - 1}) or None "
                                  f"for a spectator, not {brief(player)}")
        seen = self._seen_from(player, log)
        if seen is not self:
            return seen.observe(player, log)
        props = self._fresh().props
        view = state_mod.observe(self.game.definition, self._data, player, None,
                                 None if props is self._rt.lay.props else props)
        if log:
            view["log"] = list(self._seen_logs.events(self._log, player))
        return view

    def seen_digest(self, player: int | None) -> str:
        """A short text (hex) that is the same for two states exactly when the logs
        `player` sees in them (observe(player)["log"]) are the same (but for a 128-bit
        collision): what the player saw, without the log itself. Kept as the log grows;
        inside a secret step, the step as if the player alone had answered, as observe()."""
        if self._step_hiding_others(player) is None:
            return self._seen_logs.digest(self._log, player).hex()
        block = self._block_at
        if block is None:                    # loaded mid-step: from the whole view
            return chained(b"", self.observe(player)["log"]).hex()
        # The step as if alone, without its log, logs only the player's own answers' events.
        own = self._seen_from(player, False)._log
        return chained(self._seen_before_step(player)[1],
                       [v for v in (state_mod.visible_event(e, player) for e in own)
                        if v]).hex()

    def _seen_before_step(self, player: int | None) -> tuple[SeenLogs, bytes]:
        """What `player` saw of the log up to the open secret step's first answer (a
        SeenLogs of that part, and its digest), kept per step and shared with copies."""
        block = self._block_at
        before = self._log[block - 1] if block else None
        known = self._prefixes.get((player, block))
        if known is None or known[0] is not before:
            start = self._log.fork()
            start.truncate(block)
            seen = SeenLogs()
            known = self._prefixes[(player, block)] = (before, seen, seen.digest(start, player))
        return known[1], known[2]

    def _seen_from(self, player: int | None, log: bool = True) -> GameState:
        """The state `player`'s view is built from: this one, or, while a secret step is
        open and others have answered in it, the step as it began plus `player`'s own
        answers, so that nothing it sees (pieces, tokens, who still decides, the log)
        depends on the others' answers. The step as if alone is made again only when it
        would differ: another step, other answers of `player`, the log asked or not
        (seats that have not answered share it)."""
        step = self._step_hiding_others(player)
        if step is None:
            return self
        mine = [value for seat, value in step["answers"] if seat == player]
        key = (step["base"], player if mine else None, marshal.dumps(mine), log,
               self._block_at, player if log and self._block_at is None else None)
        last = self._alone
        if last is not None and last[0][0] is key[0] and last[0][1:] == key[1:]:
            return last[1]
        alone = self._as_if_alone(step, player, log)
        self._alone = (key, alone)
        return alone

    def _seen_kept(self, player: int | None, kept: list | None) -> tuple[GameState, list | None]:
        """What _seen_from(player, False) gives, for a caller that keeps the step as if
        alone from call to call (an observation encoder): `kept` is what the last call
        returned for `player` ([base, answers, steps, state, shared], or None). While
        `player` has not answered in the step, the state is the one _seen_from shares
        with every such seat; once it has, a state of its own (the step's start read again,
        with the shared state's token index), advanced by its new answers, not made again
        from the step's start. The caller must never hand the state out or change it."""
        step = self._step_hiding_others(player)
        if step is None:
            return self, kept
        mine = [value for seat, value in step["answers"] if seat == player]
        done = len(kept[1]) if kept else 0
        if kept and kept[0] == step["base"] and done <= len(mine) and \
                marshal.dumps(kept[1], 2) == marshal.dumps(mine[:done], 2):   # (no refs)
            alone = kept[3]
            if done < len(mine):
                if kept[4]:                      # a copy of its own: the step's start
                    data = _step_start(step)     # again, with the shared one's token index
                    events = EventLog()
                    alone = kept[3] = GameState(self.game, data, events,
                                                alone._fresh().fork(data, events.tail))
                    kept[4] = False
                alone._data["steps"] = kept[2] + done   # as a replay from the start counts
                try:
                    for value in mine[done:]:
                        alone._answer(alone._waiting(player), player, value)
                except BaseException:
                    kept.clear()                 # made again from the start next time
                    raise
        else:
            # Every answer of the step counted one decision since its start.
            steps = self._data["steps"] - len(step["answers"])
            if mine:
                kept = [step["base"], [], steps, self._as_if_alone(step, player, log=False),
                        False]
            else:
                kept = [step["base"], [], steps, self._seen_from(player, False), True]
            alone = kept[3]
        kept[1] = mine
        alone._data["steps"] = self._data["steps"]
        waiting, real = alone._waiting(player), self._waiting(player)
        if waiting is not None and real is not None:
            waiting["wait"]["step"] = real["wait"]["step"]
        return alone, kept

    def rebase_secret_step(self, change: Callable[[GameState], bool]) -> None:
        """Make `change` (a change from outside the rules, such as a scenario's `set`, that
        this state has just been given) to the open secret step's start too, so that every
        view of the step, built from that start, shows it; nothing if no step is open, or
        if `change` returns False (what it changes is not in the step's start yet, such as
        an answer given in the step)."""
        step = self._data.get("secret_step")
        if step is None:
            return
        start = GameState(self.game, _step_start(step))
        if not change(start):
            return
        step["base"] = marshal.dumps(start._data) if isinstance(step["base"], bytes) else \
            json.dumps(start._data, sort_keys=True, separators=(",", ":"))
        self._alone = None

    def _step_hiding_others(self, player: int | None) -> dict | None:
        """The open secret step, if others than `player` have answered in it (what
        `player` sees and samples must then leave their answers out); else None."""
        step = self._data.get("secret_step")
        if step is None or len(self._data["threads"]) < 2 \
                or all(seat == player for seat, _ in step["answers"]):
            return None
        return step

    def _as_if_alone(self, step: dict, player: int | None, log: bool = True) -> GameState:
        """The open secret step as if `player` alone had answered in it yet: its start,
        with `player`'s answers given again (a secret thread that draws at random after an
        answer would draw anew here: none of the built-in games does). Its log is this
        one's up to the step's first answer (all others' secrets left out if that is not
        known, for a state loaded mid-step), then `player`'s own events."""
        data = _step_start(step)
        if not log:                          # a view without the log: none to build
            events = EventLog()
        elif self._block_at is None:
            events = EventLog([e for e in self._log
                               if not e.get("private") or e.get("player") == player])
        else:
            events = self._log.fork()
            events.truncate(self._block_at)
        alone = GameState(self.game, data, events)
        if log and self._block_at is not None:   # what it saw before the step, digested once
            alone._seen_logs = self._seen_before_step(player)[0].copy()
        for seat, value in step["answers"]:
            if seat == player:
                alone._answer(alone._waiting(seat), seat, value)
        # The step counter as it really is, so that the seat's actions (stamped with the
        # step their question was asked at) fit the views and samples built from here.
        alone._data["steps"] = self._data["steps"]
        mine, real = alone._waiting(player), self._waiting(player)
        if mine is not None and real is not None:
            mine["wait"]["step"] = real["wait"]["step"]
        return alone

    def sample(self, seat: int, rng: random.Random | int) -> GameState:
        """A full state `seat` cannot tell from this one: what it cannot see (others'
        face-down tokens, face-down cards, future chance) drawn anew with `rng` (a
        random.Random or a seed). For search with hidden information; see
        interpreter/determinize.py. The result depends only on observe(seat) and `rng`."""
        return self.sampler(seat)(rng)

    def sampler(self, seat: int) -> Callable[[random.Random | int], GameState]:
        """`sample` for many draws of this position: a function rng -> GameState giving
        the same states as `sample(seat, rng)` would now, its fixed work done once (a
        search samples one position hundreds of times). While a secret step is open, the
        samples are of the step as if `seat` alone had answered in it yet."""
        step = self._step_hiding_others(seat)
        if step is not None:
            return self._as_if_alone(step, seat).sampler(seat)
        plan = determinize.Sampler(self.game.definition, self._data, seat)
        log = self._log
        self._seen_logs.digest(log, seat)    # brought up to date once: each world copies it

        def draw(rng: random.Random | int) -> GameState:
            if not isinstance(rng, random.Random):
                rng = random.Random(rng)
            data = plan.draw(rng)
            data.pop("secret_step", None)    # its start holds the real secrets
            world = GameState(self.game, data, log.fork())
            world._seen_logs = self._seen_logs.copy()
            world._ask_others_again(seat)
            chance = data.get("chance")
            if chance is not None and chance["need"]:
                world._redo()                # its draws made anew
            return world
        return draw

    def _ask_others_again(self, seat: int) -> None:
        """Ask again the questions other seats are waiting on in a secret step (their
        options come from secrets a sample drew anew). Such a seat has not answered yet in
        the step (see sampler), so its thread starts the step's block again (what a block
        does before its first question is then done again: in the built-in games, only
        reading the state)."""
        threads = self._data["threads"]
        again = [t for t in threads[1:]
                 if t["wait"] is not None and t["wait"]["player"] != seat]
        if not again:
            return
        for thread in again:
            bottom = thread["stack"][0]
            thread["stack"] = [{"p": bottom["p"], "pc": 0, "e": dict(bottom["e"])}]
            thread["wait"] = None
        vm.advance(self._runtime())

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return self._data["n"]

    def variable(self, name: str) -> Any:
        """The value of a game variable now, or None (read it only: it is the state's own)."""
        return self._data["vars"].get(name)

    def evaluate(self, player: int) -> float:
        """What the game's `evaluation` (for bots) says `player`'s position is worth now
        (0 if the game declares none)."""
        return evaluate(self.game.definition, self._fresh(), player)

    @property
    def decisions(self) -> int:
        """How many decisions the game has taken since it began (a resumed save's too)."""
        return self._data["steps"]

    @property
    def log(self) -> EventLog:
        """Every event so far, a sequence (the full log: use observe() for what one seat may
        see). A state loaded from a save without its log has the events since then."""
        return self._log

    def token_records(self) -> dict[str, dict]:
        """Every token as {id: {kind, owner, at, controller, shown, properties...}} (fresh
        copies, in creation order: changing them changes nothing)."""
        props = self._rt.props
        return state_mod.token_records(self.game.definition, self._data, props)

    def piece_counts(self) -> dict[str, dict[str, list[int]]]:
        """Counted pieces as {kind: {place: [one number per player]}} (a fresh copy)."""
        return state_mod.piece_counts(self.game.definition, self._data)


def _step_start(step: dict) -> dict:
    """A fresh copy of the data an open secret step began from (kept as marshal bytes, or
    as JSON text in a state loaded from a save)."""
    base = step["base"]
    return marshal.loads(base) if isinstance(base, bytes) else json.loads(base)
