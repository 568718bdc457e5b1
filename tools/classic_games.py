"""regola's classic games against OpenSpiel's native ones, through the OpenSpiel adapter.

    python tools/classic_games.py                 # every comparison, one table
    python tools/classic_games.py --games tictactoe goofspiel --iterations 200

For each game the same algorithms run on OpenSpiel's own implementation and on
`regola_<game>` (`pyspiel.load_game("regola_<game>", {"seed": 0})`; a fixed seed leaves one
chance node of one outcome before the game): the number of states (every non-chance state
reached, terminals included, told apart by `str(state)`: OpenSpiel's own string for its
games, the state without its log for regola's), the number of information states (distinct
(player, information-state string) pairs at the decision nodes of every history; not counted
for a perfect-information game, whose information states are its histories), the first
player's game value (exact: backward induction over the states for a perfect-information
game; else the expected value of CFR's average policy) and the exploitability of that
average policy after the same number of CFR iterations. Simultaneous-move native games are
compared in OpenSpiel's turn-based form (`pyspiel.convert_to_turn_based`), which is how
regola asks secret choices. A dealt game (Kuhn and Leduc poker) waits for the adapter's
explicit chance nodes: each card dealt is a chance node of as many outcomes as the deck has
cards left, as in OpenSpiel.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from typing import Any

ITERATIONS = 200
"""CFR iterations for the imperfect-information games (the same on both sides)."""


@dataclass(frozen=True)
class Pair:
    """A regola game and the OpenSpiel native game (with its parameters) it is compared to."""

    game: str
    native: str
    params: tuple[tuple[str, Any], ...] = ()
    turn_based: bool = False
    exact: bool = False               # perfect information: backward induction, no CFR
    first_value: float | None = None  # the known game value for the first player
    chance: bool = False              # the game deals cards: needs explicit chance nodes


PAIRS = {
    "tictactoe": Pair("tictactoe", "tic_tac_toe", exact=True, first_value=0.0),
    "goofspiel": Pair("goofspiel", "goofspiel",
                      (("num_cards", 4), ("points_order", "descending"),
                       ("returns_type", "win_loss"), ("imp_info", True)),
                      turn_based=True, first_value=0.0),
    "kuhn": Pair("kuhn", "kuhn_poker", first_value=-1 / 18, chance=True),
    "leduc": Pair("leduc", "leduc_poker", chance=True),
}


def native_game(pair: Pair) -> Any:
    """OpenSpiel's own game for `pair` (turn-based if it is simultaneous)."""
    import pyspiel
    game = pyspiel.load_game(pair.native, dict(pair.params))
    return pyspiel.convert_to_turn_based(game) if pair.turn_based else game


def regola_game(pair: Pair) -> Any:
    """regola's game for `pair` through the OpenSpiel adapter: with a fixed seed (no draw
    to make) for a game without chance, else as the adapter deals."""
    import pyspiel

    import regola.adapters.openspiel  # noqa: F401  (registers regola_<game>)
    return pyspiel.load_game("regola_" + pair.game, {} if pair.chance else {"seed": 0})


def has_explicit_chance() -> bool:
    """Whether the adapter exposes the rules' random draws as chance nodes: Kuhn poker's
    first chance node deals a card (3 outcomes), not one of `seeds` seeds. Until then a
    dealt game cannot be compared with OpenSpiel's."""
    import pyspiel

    import regola.adapters.openspiel  # noqa: F401
    game = pyspiel.load_game("regola_kuhn")
    state = game.new_initial_state()
    seeds = game.get_parameters().get("seeds")
    return state.is_chance_node() and len(state.chance_outcomes()) != seeds


def all_states(game: Any) -> dict[str, Any]:
    """Every non-chance state, terminals included, by str(state)."""
    from open_spiel.python.algorithms import get_all_states
    return get_all_states.get_all_states(game, include_terminals=True,
                                         include_chance_states=False, to_string=str)


def information_states(game: Any) -> int:
    """How many distinct (player, information-state string) pairs the decision nodes of the
    whole game tree have (every history visited: two histories that reach one state may
    still differ in what a player saw on the way)."""
    seen = set()

    def walk(state: Any) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            for action, _ in state.chance_outcomes():
                walk(state.child(action))
            return
        player = state.current_player()
        seen.add((player, state.information_state_string(player)))
        for action in state.legal_actions():
            walk(state.child(action))

    walk(game.new_initial_state())
    return len(seen)


def exact_value(game: Any) -> float:
    """The first player's value of a perfect-information zero-sum game by backward
    induction, each state (by str) solved once."""
    import pyspiel
    memo: dict[str, float] = {}

    def value(state: Any) -> float:
        key = str(state)
        if key in memo:
            return memo[key]
        if state.is_terminal():
            v = state.returns()[0]
        elif state.is_chance_node():
            v = sum(p * value(state.child(a)) for a, p in state.chance_outcomes())
        else:
            values = [value(state.child(a)) for a in state.legal_actions()]
            v = max(values) if state.current_player() == 0 else min(values)
        memo[key] = v
        return v

    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    return value(game.new_initial_state())


def cfr(game: Any, iterations: int) -> tuple[float, float]:
    """The first player's expected value of CFR's average policy after `iterations`, and its
    exploitability."""
    from open_spiel.python.algorithms import cfr as cfr_mod
    from open_spiel.python.algorithms import expected_game_score, exploitability
    solver = cfr_mod.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    value = expected_game_score.policy_value(game.new_initial_state(), [policy] * 2)[0]
    return float(value), float(exploitability.exploitability(game, policy))


def measure(pair: Pair, side: str, iterations: int = ITERATIONS) -> dict[str, Any]:
    """The figures of one side ("native" or "regola") of a pair."""
    start = time.perf_counter()
    game = native_game(pair) if side == "native" else regola_game(pair)
    states = all_states(game)
    row: dict[str, Any] = {"game": pair.game, "side": side, "states": len(states),
                           "infostates": None if pair.exact else information_states(game)}
    if pair.exact:
        row["value"], row["exploitability"] = exact_value(game), None
    else:
        row["value"], row["exploitability"] = cfr(game, iterations)
    row["seconds"] = time.perf_counter() - start
    return row


def table(rows: list[dict[str, Any]], iterations: int) -> str:
    """The rows as a Markdown table."""
    lines = ["| game | implementation | states | information states | value (first player) "
             f"| exploitability (CFR, {iterations} it.) | time (s) |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        name = ("regola_" + r["game"]) if r["side"] == "regola" else \
            PAIRS[r["game"]].native + (" (turn-based)" if PAIRS[r["game"]].turn_based else "")
        method = "exact" if r["exploitability"] is None else "CFR"
        expl = "-" if r["exploitability"] is None else f"{r['exploitability']:.6f}"
        info = "-" if r["infostates"] is None else f"{r['infostates']:,}"
        lines.append(f"| {r['game']} | {name} | {r['states']:,} | {info} | "
                     f"{r['value']:+.6f} ({method}) | {expl} | {r['seconds']:.1f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(PAIRS), choices=list(PAIRS))
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    args = parser.parse_args(argv)
    rows, skipped = [], []
    for name in args.games:
        pair = PAIRS[name]
        if pair.chance and not has_explicit_chance():
            skipped.append(name)
            continue
        rows += [measure(pair, "native", args.iterations),
                 measure(pair, "regola", args.iterations)]
    print(table(rows, args.iterations))
    for name in skipped:
        print(f"\n{name}: skipped, the adapter has no explicit chance nodes yet "
              "(one chance node picks a seed)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
