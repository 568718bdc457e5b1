"""Short keys at the terminal: cards offered in a question that names no place are keyed
1, 2, 3 ... in the order listed (not by numbers that run on after the board's areas)."""

from __future__ import annotations

import regola
from regola.cli.keys import KeyBook, keyed_as
from regola.i18n.game_words import GameWords


def _first_question(game_id: str, players: int = 2, seed: int = 3):
    game = regola.load_game(game_id)
    state = game.new_state(players=players, seed=seed)
    seat = state.to_move[0]
    view = state.observe(seat)
    actions = state.legal_actions(seat)
    context = state.decision_context(seat)
    return game, actions, context, view


def test_cards_for_the_turn_order_are_keyed_one_to_n():
    """Copycat's first question (a card for the turn order, copies of one card among
    them) gives each option its own key 1..n, no suffixed ids like 37.2."""
    game, actions, context, view = _first_question("copycat")
    book = KeyBook(game, GameWords(game.definition))
    keys = book.keys(keyed_as(actions, context, view), context["named"] if context else [])
    assert keys == [str(n) for n in range(1, len(actions) + 1)]


def test_short_keys_skip_the_numbers_other_options_use():
    """A question mixing a number option with cards: the cards take the free numbers."""
    game = regola.load_game("copycat")
    book = KeyBook(game, GameWords(game.definition))
    actions = [{"id": "a", "value": 1, "ask": "x"}, {"id": "b", "value": {"c": 1}, "ask": "x"},
               {"id": "c", "value": {"c": 2}, "ask": "x"}]
    assert book.keys(actions, []) == ["1", "2", "3"]


def test_places_keep_their_board_numbers():
    """Areas are still keyed by their number on the board."""
    game = regola.load_game("copycat")
    book = KeyBook(game, GameWords(game.definition))
    areas = list(game.definition.areas)
    actions = [{"id": a, "value": a, "ask": "y"} for a in areas[11:14]]
    assert book.keys(actions, []) == ["12", "13", "14"]


def test_a_street_space_labelled_by_its_card_keeps_its_key_between_two_buys():
    """Buying from the street: each space keeps its board number as its key, though the
    question labels it by the card on it (a newcomer bought the wrong card: Donor on
    street space 3 went from [3] to [2] between the two buys of one action)."""
    import random
    game = regola.load_game("copycat")
    book = KeyBook(game, GameWords(game.definition))
    checked = 0
    for seed in range(6, 12):       # seeded random games; several buy with choices
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            if acts[0]["ask"] == "buy_card" and len(acts) > 2:
                context = state.decision_context(seat)
                named = context.get("named") or []
                keys = book.keys(keyed_as(acts, context, state.observe(seat)), named)
                for action, key in zip(acts, keys):
                    if action["value"] != "skip":
                        assert key == str(book.areas[action["value"]]), (action, key)
                        checked += 1
            state.apply(seat, rng.choice(acts))
    assert checked


def test_the_kinds_of_a_piece_keep_their_keys_between_two_questions():
    """Rialto's discards offer the card types in hand: each type keyed by its place among
    the game's types, so a type keeps its key when another runs out (a newcomer typed ahead
    and discarded the wrong card when Gondola moved from [3] to [2])."""
    game = regola.load_game("rialto")
    book = KeyBook(game, GameWords(game.definition))
    first = [{"id": t, "value": t, "ask": "discard_card"} for t in
             ("gold", "bridge", "gondola", "joker")]
    second = [a for a in first if a["value"] != "bridge"]
    assert book.keys(first, []) == ["2", "4", "5", "7"]
    assert book.keys(second, []) == ["2", "5", "7"]
