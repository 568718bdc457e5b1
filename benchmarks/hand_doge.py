"""A plain hand-written Python Doge: the yardstick the interpreter's speed is measured against.

The rules are those of /work/shared/rules-notes/doge.md with the default value of every
reading in rules/doge/game.yaml `options:`, and the decision points are the same as in
rules/doge/*.regola: the same asks (choose_area, choose_marker, advisor_action,
advisor_destination, move_house_from, move_house_to, build_palace), asked in the same order
and for the same players, and a choice with a single option is taken without asking, as the
interpreter does. Action values need not be regola's ids (areas are numbers here).

The state is plain lists of ints. The flow is a stack of small tasks (lists) with at most
one pending decision, so a paused game copies and saves like any other data:

    state = new_game(players=4, seed=1)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(random_choice(actions))

This file follows the protocol of regola's benchmark (`regola bench --baseline FILE`):
GAME, PLAYERS, GROWTH, new_game(), from_json() and the state's to_move, is_over,
legal_actions(), apply(), clone() and to_json().
"""

from __future__ import annotations

import json
import random

GAME = "doge"
PLAYERS = [3, 4]
LABEL = "hand-written"
GROWTH = ("year", [2, 20])
"""The game variable at whose values the benchmark measures a state (cost as games go on)."""

AREAS = ["cannaregio", "castello", "dorsoduro", "san_marco", "san_polo", "santa_croce",
         "quarantia"]
DISTRICTS = range(6)
QUARANTIA = 6
ADVISOR_HOMES = [0, 1, 2, 3, 4, 5, 6, 6, 6]     # advisor i < 6 is district i's
COUNCIL_ADVISORS = [6, 7, 8]
MARKER_COUNTS = [1, 2, 2, 2]                     # markers of value 0, 1, 2, 3 per player
MARKERS = sum(MARKER_COUNTS)
PALACE_COSTS = [3, 4, 5, 6, 7]
HOUSES, PALACES, RINGS = 15, 8, 6
ROUNDS = {3: 4, 4: 3}
MOST_MARKERS = 4
WINNER_HOUSES, RUNNER_UP_HOUSES, COUNCIL_MOVES_WHEN_TIED = 2, 1, 2

NEUTRAL = -1                   # an advisor's place beside the board; nobody controls it

FIELDS = ["n", "seed", "shuffles", "year", "houses", "house_supply", "palaces",
          "palace_supply", "palaces_in", "ring_supply", "adv_at", "adv_ctrl", "marker_supply",
          "staged", "stacks", "votes", "hand", "played", "rows", "voting_row", "tasks",
          "pending", "result"]


class Doge:
    """A game of Doge in progress."""

    def __init__(self, players: int, seed: int):
        n = players
        self.n, self.seed, self.shuffles, self.year = n, seed, 0, 0
        self.houses = [[0] * 6 for _ in range(n)]
        self.house_supply = [HOUSES] * n
        self.palaces = [[0] * 6 for _ in range(n)]
        self.palace_supply = [PALACES] * n
        self.palaces_in = [0] * 6
        self.ring_supply = [RINGS] * n
        self.adv_at = [NEUTRAL] * 9
        self.adv_ctrl = [-1] * 9
        self.marker_supply = [MARKER_COUNTS[:] for _ in range(n)]   # by value
        self.staged = [[0, 0] for _ in range(n)]        # markers chosen this round: count, sum
        self.stacks = [[0] * 7 for _ in range(n)]       # markers on each area (public size)
        self.votes = [[0] * 7 for _ in range(n)]        # the sum of their values
        self.hand = [[True] * 7 for _ in range(n)]      # the player cards not yet played
        self.played = [-1] * n                          # the area of the card played this round
        self.rows = [self._shuffled(list(range(7))), self._shuffled(list(range(7)))]
        self.voting_row = 0
        self.tasks: list[list] = [["year"]]
        self.pending: list | None = None     # [player, ask, options, handler, context]
        self.result: dict | None = None

    # -- the public face ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self.result is not None

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (None once the game is over)."""
        return None if self.pending is None else self.pending[0]

    @property
    def ask(self) -> str | None:
        """The kind of the pending decision (regola's ask names)."""
        return None if self.pending is None else self.pending[1]

    def legal_actions(self) -> list:
        """The options of the pending decision ([] once the game is over)."""
        return [] if self.pending is None else self.pending[2]

    def apply(self, action) -> None:
        """Take one of legal_actions() and play on to the next decision."""
        player, _, options, handler, context = self.pending
        if action not in options:
            raise ValueError(f"{action!r} is not one of {options}")
        self.pending = None
        HANDLERS[handler](self, context, action)
        self._run()

    def clone(self) -> Doge:
        """An independent copy (tasks and pending decisions are never changed in place, so
        the copy shares them)."""
        other = Doge.__new__(Doge)
        other.n, other.seed, other.shuffles, other.year = self.n, self.seed, self.shuffles, \
            self.year
        other.houses = [row[:] for row in self.houses]
        other.house_supply = self.house_supply[:]
        other.palaces = [row[:] for row in self.palaces]
        other.palace_supply = self.palace_supply[:]
        other.palaces_in = self.palaces_in[:]
        other.ring_supply = self.ring_supply[:]
        other.adv_at = self.adv_at[:]
        other.adv_ctrl = self.adv_ctrl[:]
        other.marker_supply = [row[:] for row in self.marker_supply]
        other.staged = [row[:] for row in self.staged]
        other.stacks = [row[:] for row in self.stacks]
        other.votes = [row[:] for row in self.votes]
        other.hand = [row[:] for row in self.hand]
        other.played = self.played[:]
        other.rows = [row[:] for row in self.rows]
        other.voting_row = self.voting_row
        other.tasks = self.tasks[:]
        other.pending = self.pending
        other.result = self.result
        return other

    def to_json(self) -> str:
        """The whole state as JSON."""
        return json.dumps({name: getattr(self, name) for name in FIELDS},
                          separators=(",", ":"))

    # -- the flow ----------------------------------------------------------------------
    def _run(self) -> None:
        tasks = self.tasks
        while self.pending is None and self.result is None:
            task = tasks.pop()
            TASKS[task[0]](self, task)

    def _ask(self, player: int, ask: str, options: list, handler: str, context) -> None:
        """Pause for a decision; a single option is taken at once, without asking."""
        if len(options) == 1:
            HANDLERS[handler](self, context, options[0])
        else:
            self.pending = [player, ask, options, handler, context]

    def _shuffled(self, cards: list[int]) -> list[int]:
        self.shuffles += 1
        random.Random(self.seed * 1_000_003 + self.shuffles).shuffle(cards)
        return cards

    def _year(self, task: list) -> None:
        self.year += 1
        self.tasks += [["check_end"], ["end_year"], ["election", 0], ["round", 0]]

    # Phase 1: each round, every player with markers left picks a card, then markers.
    def _round(self, task: list) -> None:
        r = task[1]
        if r == ROUNDS[self.n]:
            return
        tasks = self.tasks
        tasks.append(["round", r + 1])
        tasks.append(["reveal"])
        for p in reversed(range(self.n)):
            if any(self.marker_supply[p]):
                tasks.append(["place", p])

    def _place(self, task: list) -> None:
        p = task[1]
        hand = self.hand[p]
        self._ask(p, "choose_area", [a for a in range(7) if hand[a]], "area", p)

    def _on_area(self, p: int, area: int) -> None:
        self.hand[p][area] = False
        self.played[p] = area
        self._offer_marker(p, 0)

    def _offer_marker(self, p: int, placed: int) -> None:
        """Markers one at a time: "done" once at least one is placed, at most 4."""
        supply = self.marker_supply[p]
        if placed >= MOST_MARKERS:
            return
        values = [v for v in range(4) if supply[v]]
        if values:
            self._ask(p, "choose_marker", ["done"] + values if placed else values, "marker",
                      [p, placed])

    def _on_marker(self, context: list, value) -> None:
        if value == "done":
            return
        p, placed = context
        self.marker_supply[p][value] -= 1
        staged = self.staged[p]
        staged[0] += 1
        staged[1] += value
        self._offer_marker(p, placed + 1)

    def _reveal(self, task: list) -> None:
        for p in range(self.n):
            area = self.played[p]
            if area >= 0:
                staged = self.staged[p]
                self.stacks[p][area] += staged[0]
                self.votes[p][area] += staged[1]
                self.staged[p] = [0, 0]
                self.played[p] = -1

    # Phase 2: every area votes once, in the order of the face-up row.
    def _election(self, task: list) -> None:
        i = task[1]
        if i == 7:
            self._shuffled(self.rows[self.voting_row])
            self.voting_row = 1 - self.voting_row
            return
        self.tasks.append(["election", i + 1])
        self._hold_election(self.rows[self.voting_row][i])

    def _hold_election(self, area: int) -> None:
        votes = [row[area] for row in self.votes]       # markers, and advisors there:
        for a in range(9):
            if self.adv_at[a] == area and self.adv_ctrl[a] != -1:
                votes[self.adv_ctrl[a]] += 1
        levels = sorted({v for v in votes if v > 0}, reverse=True)
        if not levels:
            return                        # Reading 12: nobody votes, nothing changes
        winners = [p for p in range(self.n) if votes[p] == levels[0]]
        runners_up = [p for p in range(self.n) if votes[p] == levels[1]] \
            if len(levels) > 1 and len(winners) == 1 else []
        if area == QUARANTIA:
            self._council_election(winners, runners_up)
        else:
            self._district_election(area, winners, runners_up)

    # -- district elections ---------------------------------------------------------------
    def _district_election(self, area: int, winners: list[int], runners_up: list[int]) -> None:
        if len(winners) != 1:
            self._neutralize(area)
            group = [p for p in winners if self._earn(p, area, WINNER_HOUSES) > 0]
            self._build_together(area, group)
            return
        w = winners[0]
        self.tasks.append(["runners_up", area, runners_up])
        self.tasks.append(["winner_houses", area, w])
        may_take = self.ring_supply[w] > 0 or self.adv_ctrl[area] == w     # Reading 6
        self._ask(w, "advisor_action", ["take", "abstain"] if may_take else ["abstain"],
                  "district_action", [area, w])

    def _on_district_action(self, context: list, act: str) -> None:
        area, w = context
        if act == "take":
            self._ask(w, "advisor_destination", [a for a in range(7) if a != area],
                      "district_destination", [area, w])
        else:
            self._neutralize(area)
            sources = [d for d in DISTRICTS if self.houses[w][d] > 0]   # Reading 7: always
            self._ask(w, "move_house_from", ["none"] + sources, "from_home", [w, area])

    def _on_district_destination(self, context: list, dest: int) -> None:
        area, w = context
        self._control(area, w)
        self.adv_at[area] = dest

    def _on_from_home(self, context: list, src) -> None:
        if src == "none":
            return
        p, home = context
        dests = [d for d in DISTRICTS if d != src] if src == home else [home]
        self._ask(p, "move_house_to", dests, "move_to", [p, src])

    def _winner_houses(self, task: list) -> None:
        area, w = task[1], task[2]
        if self._earn(w, area, WINNER_HOUSES) > 0:
            self._build_together(area, [w])

    def _runners_up(self, task: list) -> None:
        area = task[1]
        group = [p for p in task[2] if self._earn(p, area, RUNNER_UP_HOUSES) > 0]
        self._build_together(area, group)

    # -- the Quarantia --------------------------------------------------------------------
    def _council_election(self, winners: list[int], runners_up: list[int]) -> None:
        for a in COUNCIL_ADVISORS:
            self._neutralize(a)
        tasks = self.tasks
        if len(winners) != 1:
            for p in reversed(winners):
                tasks += [["move_any", p]] * COUNCIL_MOVES_WHEN_TIED
            return
        w = winners[0]
        tasks.append(["council_step", w])            # Reading 8: a lone winner's 2nd step
        if len(runners_up) == 1:
            tasks.append(["council_step", runners_up[0]])
        else:                                        # Reading 13: in the runner-up's place
            tasks += [["move_any", p] for p in reversed(runners_up)]
        tasks.append(["council_step", w])

    def _council_step(self, task: list) -> None:
        p = task[1]
        free = [a for a in COUNCIL_ADVISORS if self.adv_ctrl[a] == -1 and self.adv_at[a] == NEUTRAL]
        may_take = self.ring_supply[p] > 0 and len(free) > 0
        self._ask(p, "advisor_action", ["take", "abstain"] if may_take else ["abstain"],
                  "council_action", [p, free[0] if free else -1])

    def _on_council_action(self, context: list, act: str) -> None:
        p, adv = context
        if act == "take":
            self._ask(p, "advisor_destination", list(DISTRICTS), "council_destination", context)
        else:
            self._move_any(["move_any", p])

    def _on_council_destination(self, context: list, dest: int) -> None:
        p, adv = context
        self._control(adv, p)
        self.adv_at[adv] = dest

    def _move_any(self, task: list) -> None:
        p = task[1]
        sources = [d for d in DISTRICTS if self.houses[p][d] > 0]
        self._ask(p, "move_house_from", ["none"] + sources, "from_any", p)

    def _on_from_any(self, p: int, src) -> None:
        if src == "none":
            return
        self._ask(p, "move_house_to", [d for d in DISTRICTS if d != src], "move_to", [p, src])

    def _on_move_to(self, context: list, dest: int) -> None:
        p, src = context
        self.houses[p][src] -= 1
        self.houses[p][dest] += 1
        self._build_together(dest, [p])

    # -- advisors, houses and palaces -----------------------------------------------------
    def _neutralize(self, adv: int) -> None:
        ctrl = self.adv_ctrl[adv]
        if ctrl != -1:
            self.ring_supply[ctrl] += 1
            self.adv_ctrl[adv] = -1
        self.adv_at[adv] = NEUTRAL

    def _control(self, adv: int, p: int) -> None:
        ctrl = self.adv_ctrl[adv]
        if ctrl == p:
            return
        if ctrl != -1:
            self.ring_supply[ctrl] += 1
        self.ring_supply[p] -= 1
        self.adv_ctrl[adv] = p

    def _earn(self, p: int, area: int, n: int) -> int:
        """Reading 10: houses are placed at once; a short supply places what it has."""
        take = min(n, self.house_supply[p])
        self.house_supply[p] -= take
        self.houses[p][area] += take
        return take

    def _build_together(self, area: int, group: list[int]) -> None:
        """Readings 2, 3, 11: one palace per step; tied builders all pay the cost of the
        first free space and take the spaces in seat order."""
        if group:
            built = self.palaces_in[area]
            cost = PALACE_COSTS[built] if built < len(PALACE_COSTS) else 0
            self.tasks.append(["build", area, group, 0, cost])

    def _build(self, task: list) -> None:
        _, area, group, i, cost = task
        while i < len(group):
            p = group[i]
            i += 1
            if cost and self.palaces_in[area] < len(PALACE_COSTS) \
                    and self.palace_supply[p] > 0 and self.houses[p][area] >= cost:
                self.tasks.append(["build", area, group, i, cost])
                self._ask(p, "build_palace", ["build", "skip"], "build", [p, area, cost])
                return

    def _on_build(self, context: list, act: str) -> None:
        if act == "skip":
            return
        p, area, cost = context
        self.houses[p][area] -= cost
        self.house_supply[p] += cost
        self.palaces[p][area] += 1
        self.palace_supply[p] -= 1
        self.palaces_in[area] += 1

    # -- the end of a year ----------------------------------------------------------------
    def _end_year(self, task: list) -> None:
        """Reading 9: markers and cards come back."""
        for p in range(self.n):
            self.marker_supply[p] = MARKER_COUNTS[:]
            self.stacks[p] = [0] * 7
            self.votes[p] = [0] * 7
            self.hand[p] = [True] * 7

    def _check_end(self, task: list) -> None:
        met = {}
        for p in range(self.n):
            spread = sum(1 for d in DISTRICTS if self.palaces[p][d] > 0)
            total = sum(self.palaces[p])
            conditions = []
            if spread == 6:
                conditions.append("every_district")
            if total >= 7 and spread >= 5:                      # Reading 4: at least
                conditions.append("seven_in_five")
            if total >= 8 and spread >= 4:
                conditions.append("eight_in_four")
            if conditions:
                met[p] = conditions
        if not met:
            self.tasks.append(["year"])
            return
        keys = {p: (sum(self.palaces[p]), sum(self.houses[p])) for p in met}
        best = max(keys.values())
        self.result = {"winners": [p for p in met if keys[p] == best],   # Reading 5: shared
                       "reason": "end_condition",
                       "conditions": {str(p): c for p, c in met.items()}}


TASKS = {"year": Doge._year, "round": Doge._round, "place": Doge._place,
         "reveal": Doge._reveal, "election": Doge._election,
         "winner_houses": Doge._winner_houses, "runners_up": Doge._runners_up,
         "council_step": Doge._council_step, "move_any": Doge._move_any,
         "build": Doge._build, "end_year": Doge._end_year, "check_end": Doge._check_end}
HANDLERS = {"area": Doge._on_area, "marker": Doge._on_marker,
            "district_action": Doge._on_district_action,
            "district_destination": Doge._on_district_destination,
            "from_home": Doge._on_from_home, "council_action": Doge._on_council_action,
            "council_destination": Doge._on_council_destination,
            "from_any": Doge._on_from_any, "move_to": Doge._on_move_to, "build": Doge._on_build}


def new_game(players: int = 4, seed: int = 0) -> Doge:
    """A new game, played on to its first decision."""
    if players not in PLAYERS:
        raise ValueError(f"Doge is for 3 or 4 players, not {players}")
    state = Doge(players, seed)
    state._run()
    return state


def from_json(text: str) -> Doge:
    """A state saved with Doge.to_json()."""
    data = json.loads(text)
    state = Doge.__new__(Doge)
    for name in FIELDS:
        setattr(state, name, data[name])
    return state


def play_random(players: int, seed: int) -> Doge:
    """One game with uniformly random choices (seeded): the finished state."""
    state = new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state
