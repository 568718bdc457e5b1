"""Copycat at the table: its questions say what a person needs to answer them (prices and
money when buying, the turn order of a card, how many copies of a card and what it does),
the turn's question names only what is offered, and the story names what happened."""

from __future__ import annotations

import random
import re

import pytest

import regola
from regola.i18n.catalog import Words
from regola.i18n.game_words import GameWords
from regola.present.events import event_text
from regola.present.labels import Namer
from regola.present.story import entry_text, story
from regola.present.table_layout import load_layout
from regola.server.messages import seat_message, table_info

SEED = 7
NAMED = ("place", "play", "use", "pass", "end_turn")


def prefer(acts: list[dict], rng: random.Random) -> dict:
    """Seat 0's pick: places workers, uses actions and buys, so that every question comes."""
    wanted = [a for a in acts if a["value"] in ("place", "use") or
              str(a["value"]).startswith(("hall_buy", "street_"))]
    return wanted[0] if wanted else rng.choice(acts)


def decisions(asks: set[str], players: int = 3, seed: int = SEED, limit: int = 3000):
    """Seat 0's decisions at the given asks in a seeded game: (game, state, actions, context)
    for each, taken before the decision is answered."""
    game = regola.load_game("copycat")
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.to_move[0]
        acts = state.legal_actions(seat)
        if seat == 0 and acts[0]["ask"] in asks:
            yield game, state, acts, state.decision_context(seat)
        state.apply(seat, prefer(acts, rng) if seat == 0 else rng.choice(acts))


def labels(game, state, acts, context, lang: str = "en") -> tuple[str, list[str]]:
    """The question and the option labels as the terminal shows them to seat 0."""
    namer = Namer(game, GameWords(game.definition, lang), state.observe(0))
    values = [a["value"] for a in acts]
    return (namer.prompt(context, acts[0]["ask"], values),
            namer.options(values, context["named"], context["option_kind"], context))


def price_of(view: dict, space: str, game) -> int:
    """The price a card on a street space costs: its own price plus the space's surcharge."""
    card = next(t for t in view["tokens"] if t.get("at") == space and t["kind"] == "card")
    return card["price"] + game.definition.areas[space]["surcharge"]


def test_the_buy_question_gives_each_price_the_money_and_what_is_too_dear():
    seen = 0
    for game, state, acts, context in decisions({"buy_card"}):
        view = state.observe(0)
        money = view["player_vars"][0]["money"]
        question, shown = labels(game, state, acts, context)
        assert f"You have {money} coin" in question
        for action, label in zip(acts, shown, strict=True):
            if action["value"] == "skip":
                continue
            price = price_of(view, action["value"], game)
            assert price <= money
            assert f", {price} coin" in label.split(" — ")[0]
        offered = {a["value"] for a in acts}
        for space in game.definition.areas:
            if not space.startswith("street_") or space in offered:
                continue
            card = [t for t in view["tokens"] if t.get("at") == space and t["kind"] == "card"]
            if card and price_of(view, space, game) > money:
                name = GameWords(game.definition, "en").value(card[0]["name"])
                assert f"{name} ({price_of(view, space, game)})" in question
        seen += 1
        if seen >= 4:
            break
    assert seen


def test_the_buy_question_reads_in_spanish_and_dutch():
    game, state, acts, context = next(decisions({"buy_card"}))
    for lang, have, coin in (("es", "Tienes", "moneda"), ("nl", "Je hebt", "munt")):
        question, shown = labels(game, state, acts, context, lang)
        assert have in question and "{" not in question
        assert all(coin in label for a, label in zip(acts, shown, strict=True)
                   if a["value"] != "skip")


def test_turn_order_cards_name_their_number_and_what_they_do():
    game, state, acts, context = next(decisions({"order_card"}))
    _, shown = labels(game, state, acts, context)
    for action, label in zip(acts, shown, strict=True):
        assert re.search(rf"\(turn order {action['value']}\) — \S", label), label


def test_the_cards_to_use_carry_their_effect_and_how_many_copies_there_are():
    counted = 0
    for game, state, acts, context in decisions({"which_action", "which_card"}):
        view = state.observe(0)
        _, shown = labels(game, state, acts, context)
        where = "play" if acts[0]["ask"] == "which_action" else "hand"
        for action, label in zip(acts, shown, strict=True):
            if action["value"] in game.definition.areas:
                assert " — " in label                  # an office says what it does
                continue
            assert " — " in label, label              # so does a card
            copies = [t for t in view["tokens"] if t.get("owner") == 0 and
                      t.get("at") == where and t.get("name") == action["value"]]
            if acts[0]["ask"] == "which_card" and len(copies) > 1:
                assert f"×{len(copies)} — " in label
                counted += 1
            elif len(copies) == 1:
                assert "×" not in label
    assert counted


def test_the_turn_question_names_only_the_choices_offered():
    words = GameWords(regola.load_game("copycat").definition, "en")
    asked = 0
    for game, state, acts, context in decisions({"turn_action"}):
        question, shown = labels(game, state, acts, context)
        offered = {a["value"] for a in acts}
        for name in NAMED:
            said = words.value(name) in question
            assert said == (name in offered), (name, question)
        asked += 1
        if asked > 10:
            break
    assert asked


def test_the_story_counts_markers_workers_and_coins():
    lines = []
    for seed in range(3):
        game = regola.load_game("copycat")
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        gw = GameWords(game.definition, "en")
        view = state.observe(None)
        lines += [entry_text(e, gw) for e in story(view["log"])]
    text = "\n".join(lines)
    assert "markers there: 0" not in text and "with 1 coins" not in text
    assert "with 0 workers" not in text
    assert re.search(r"places a worker on [^.,]+\.\n", text)       # no markers: said plainly


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_a_shredded_card_is_named_and_no_money_is_said_in_words(lang):
    gw = GameWords(regola.load_game("copycat").definition, lang)
    shred = event_text({"e": "note", "msg": "shredded_for_coin", "player": 0,
                        "card": "school_diploma", "money": 3}, gw)
    assert gw.value("school_diploma") in shred
    broke = event_text({"e": "note", "msg": "buys_nothing", "player": 0, "n": 0}, gw)
    one = event_text({"e": "note", "msg": "buys_nothing", "player": 0, "n": 1}, gw)
    assert "0" not in broke and "1" in one and broke != one
    marker = event_text({"e": "note", "msg": "worker_placed", "player": 0,
                         "office": "hall_coins", "n": 0}, gw)
    assert "0" not in marker and gw.place("hall_coins") in marker


def test_the_web_board_labels_prices_names_the_sections_and_writes_effects_whole():
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=SEED)
    layout = load_layout(game.definition)
    view = state.observe(0)
    table = table_info("g", 0, ["person", "random", "random"], "copycat", None, Words("en"))
    message = seat_message(game, layout, view, state.legal_actions(0), table, Words("en"),
                           context=state.decision_context(0))
    board = message["board"] + message["board_narrow"]
    assert "price 0" in board and "amount 1" not in board
    assert "Section I office cards" in board and "section 0" not in board
    assert "Printed offices (faded: not in play with this many players)" in \
        message["board"].replace("\n", " ")
    last_words = "temporary pile."              # the Patent Office's effect, to its end
    assert board.count(last_words) >= 2
    labels_ = [a["label"] for a in message["prompt"]["actions"]]
    assert all(re.search(r"\(turn order \d+\)", label) for label in labels_)


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_the_turn_question_reads_in_each_language(lang):
    game, state, acts, context = next(decisions({"turn_action"}))
    question, shown = labels(game, state, acts, context, lang)
    assert "{" not in question
    assert all(label in question for label in shown)
