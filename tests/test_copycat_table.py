"""Copycat at the table: its questions say what a person needs to answer them (prices and
money when buying, the turn order of a card, how many copies of a card and what it does),
the turn's question names only what is offered, and the story names what happened."""

from __future__ import annotations

import random
import re

import pytest
from play_helpers import finished

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


# ---- round 4 of the newcomers' reports: markers, used cards, amounts, bookkeeping ------------

def played(want, players: int = 3, seed: int = SEED, limit: int = 4000):
    """A seeded game where seat 0 takes the first option `want(action)` likes (else places,
    uses and buys as `prefer`); each state is yielded before seat 0's decisions."""
    game = regola.load_game("copycat")
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.to_move[0]
        acts = state.legal_actions(seat)
        if seat == 0:
            yield game, state, acts
            liked = [a for a in acts if want(a)]
            state.apply(seat, liked[0] if liked else prefer(acts, rng))
        else:
            state.apply(seat, rng.choice(acts))


def markers_of(game, view: dict) -> dict[str, int]:
    """The VP markers lying on each office, by office."""
    offices = [a for a, v in game.definition.areas.items() if v["kind"] == "office"]
    return dict(zip(offices, view["vars"]["markers"], strict=True))


def office_with_markers():
    """Seat 0's first office question with VP markers on some office: (game, state,
    actions, context)."""
    for game, state, acts, context in decisions({"which_office"}):
        if any(markers_of(game, state.observe(0)).values()):
            return game, state, acts, context
    raise AssertionError("no office had markers")


def test_the_office_question_says_how_many_vp_markers_lie_on_each_office():
    told = 0
    for game, state, acts, context in decisions({"which_office"}):
        markers = markers_of(game, state.observe(0))
        _, shown = labels(game, state, acts, context)
        for action, label in zip(acts, shown, strict=True):
            n = markers[action["value"]]
            name = label.split(" — ")[0]
            if n == 0:
                assert not re.search(r" \+\d+$", name), label
            else:
                told += 1
                assert name.endswith(f" +{n}"), label
    assert told > 5


def test_the_board_command_names_each_office_with_its_markers_and_hides_the_bookkeeping():
    from rich.console import Console

    from regola.cli.view import show_view
    game, state, _, _ = office_with_markers()
    view = state.observe(0)
    console = Console(width=100, record=True)
    show_view(console, game, view, len(view["log"]), GameWords(game.definition))
    shown = console.export_text()
    line = next(x for x in shown.splitlines() if x.startswith("the VP markers lying on the"))
    gw = GameWords(game.definition)
    for office, n in markers_of(game, view).items():
        if n:
            assert f"{gw.place(office)} ({n})" in " ".join(shown.split()), line
    for internal in ("placing allowance", "placement this turn", "Archive", "doubled coins",
                     "place in the phase", "colour cards", "controlled by", "record of used"):
        assert internal not in shown, internal
    assert "VP of the round" in shown and "VP markers" in shown


def used_state():
    """A state in phase 3 where seat 0 has used a card of their play area, and that card."""
    for game, state, _ in played(lambda a: a["value"] in ("use", "fatherly_friend")):
        view = state.observe(0)
        used = view["player_vars"][0]["used"]
        cards = [t for t in view["tokens"] if t.get("id") in used and t.get("at") == "play"]
        if cards:
            return game, state, view, cards[0]
    raise AssertionError("no card was used")


def test_used_cards_are_marked_as_used_in_the_terminal_and_on_the_web():
    from regola.cli.board import Board
    game, state, view, card = used_state()
    gw = GameWords(game.definition)
    mine = " ".join(line.plain for line in Board(game, gw, view).mine())
    name = gw.value(card["name"])
    assert re.search(rf"play area \(you\): .*{name} \(used\)", mine), mine
    table = table_info("g", 0, ["person", "random", "random"], "copycat", None, Words("en"))
    message = seat_message(game, load_layout(game.definition), view, state.legal_actions(0),
                           table, Words("en"), context=state.decision_context(0))
    assert f"{name} · " in message["board"] and "(used)" in message["board"]
    assert "(used)" in message["board_narrow"]
    offices = [x for x in view["player_vars"][0]["used"] if x in game.definition.areas]
    assert ("used by Red" in message["board"]) == bool(offices)


def test_the_web_board_shows_the_vp_markers_on_each_office():
    game, state, acts, context = office_with_markers()
    view = state.observe(0)
    table = table_info("g", 0, ["person", "random", "random"], "copycat", None, Words("en"))
    message = seat_message(game, load_layout(game.definition), view, acts, table,
                           Words("en"), context=context)
    counted = [n for n in markers_of(game, view).values() if n]
    board = message["board"]
    assert board.count("data-count=") == len(counted)
    assert re.search(r">\d+ VP markers? here<", board)
    shown = [a["label"] for a in message["prompt"]["actions"]]
    assert any(re.search(r" \+\d+( — |$)", label) for label in shown), shown
    assert "+n: the n VP markers lying there" in message["prompt"]["text"]
    # each office says its colour and the phase its action is used in (a newcomer could
    # not tell, when placing, which offices act now and which in phase 3)
    for action, label in zip(acts, shown):
        colour = game.definition.areas[action["value"]]["colour"]
        phase = 2 if colour in ("blue", "purple") else 3
        assert label.endswith(f"a {game.definition.areas[action['value']]['colour']} action, "
                              f"used in phase {phase}") or colour == "yellow_green", label
    assert message["facts"] and "VP of the round" in str(message["seats"] or message["facts"])


def test_the_coin_or_vp_question_and_the_shred_question_say_what_they_give():
    asked = set()
    want = {"hall_coin_or_vp", "use", "sponsor", "flea_market", "campaign_office", "street_5",
            "street_6", "street_1", "street_3"}
    for seed in (SEED, 1, 2, 4, 5):      # seeded games, until both questions were asked
        for game, state, acts in played(lambda a: a["value"] in want, seed=seed, limit=6000):
            ask = acts[0]["ask"]
            if ask in ("coin_or_vp", "shred_card") and ask not in asked:
                question, _ = labels(game, state, acts, state.decision_context(0))
                if ask == "coin_or_vp":
                    assert re.fullmatch(r"Take \d+ coins?, or score \d+ VP instead\?", question)
                else:
                    assert re.match(r"Shred which card for \w[\w ]* \(Shred ", question), \
                        question
                asked.add(ask)
            if len(asked) == 2:
                break
        if len(asked) == 2:
            break
    assert asked == {"coin_or_vp", "shred_card"}


def test_the_actions_to_use_say_their_colour_and_the_step_explains_it():
    from regola.present.labels import option_notes
    for game, state, acts, context in decisions({"which_action"}):
        gw = GameWords(game.definition)
        notes = option_notes(gw, context, [a["value"] for a in acts])
        assert all(re.fullmatch(r"an? (yellow|green|yellow-green|grey|blue|purple) action", n)
                   for n in notes), notes
        steps = Namer(game, gw, state.observe(0)).steps(context)
        assert any("of a colour of this phase:" in s for s in steps), steps
        break


def test_a_red_card_taken_free_is_told_in_the_story():
    game = regola.load_game("copycat")
    for seed in range(1, 40):
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.log) < 3000:
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            state.apply(seat, rng.choice(acts))
            taken = [e for e in state.log if e.get("msg") == "red_cards_taken"]
            if taken:
                gw = GameWords(game.definition)
                said = event_text(taken[0], gw, {})
                assert re.fullmatch(r"(Red|Blue|Green) also takes School Diploma( and School "
                                    r"Diploma)?, free: (a|the) red cards? left of the card "
                                    r"bought comes? along\.", said), said
                bought = state.log.index(taken[0]) - 1
                assert state.log[bought].get("msg") in ("card_bought", "doctorate_bought")
                return
    raise AssertionError("no red card was taken along")


def test_a_game_restored_from_a_snapshot_without_its_log_keeps_the_score_parts(tmp_path):
    from regola.present.scores import whole_log
    from regola.server.messages import score_message
    from regola.server.storage import Store
    from regola.server.tables import Tables
    tables = Tables(Store(tmp_path / "games.sqlite3"))
    session, _ = tables.create({"game": "copycat", "seats": ["random", "random", "random"]})
    state, rng = session.state, random.Random(3)
    n = 0
    while not state.is_over:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        snapshot = state.to_json() if n == 200 else None     # an older server's: no log
        tables.store.append(session.record.id, n, seat, action, state.is_over, snapshot)
        n += 1
    again = Tables(tables.store).restore()[0].state
    assert again.is_over and whole_log(again) is not None
    gw = GameWords(session.game.definition)
    scores = score_message(gw, again.result, whole_log(again))
    assert scores["parts"] and "VP from cards" in scores["parts"]
    assert scores == score_message(gw, state.result, whole_log(state))


def test_help_wraps_between_words_and_keeps_the_first_option_on_a_small_screen():
    from regola.cli.help_text import fitted_help
    game, state, acts, context = office_with_markers()
    gw = GameWords(game.definition)
    question, shown = labels(game, state, acts, context)
    options = list(zip([str(a["value"]) for a in acts], shown, strict=True))
    steps = Namer(game, gw, state.observe(0)).steps(context)
    for width, height in ((80, 24), (100, 30)):
        out = fitted_help(gw, options, acts, steps, question, width, height)
        assert all(len(line) <= width for line in out), out
        words = {w for label in shown for w in label.split()}
        printed = {w for line in out for w in line.split()}
        assert words <= printed, words - printed          # no word cut in two
        assert out[0] == "— help —" and len(out) <= height - 2, len(out)
        assert any(line.startswith(f"  [{options[0][0]}] ") for line in out)


def test_a_small_screen_keeps_the_effects_of_the_cards_for_sale_and_the_hand():
    from play_helpers import keyed_game, play, seats
    rng = random.Random(5)

    def buyer(actions: list[dict], _keys: list[str]) -> int:
        """Places workers on buying offices, uses actions and buys: every question comes."""
        return next((i for i, a in enumerate(actions) if str(a["value"]).startswith(
            ("hall_buy", "street_"))), next((i for i, a in enumerate(actions)
                                             if a["value"] in ("place", "use")),
                                            rng.randrange(len(actions))))
    keys, _ = keyed_game("copycat", 3, 7, buyer, stop_after=60)
    result = play("copycat", "--seed", "7", "--seats", seats(3), stdin="\n".join(keys) + "\n",
                  env={"COLUMNS": "80", "LINES": "24"})
    drawn = [chunk.lstrip(" ").splitlines() for chunk in
             result.output.split("your choice (? for help):")]
    drawn = [lines[next(i for i, x in enumerate(lines) if x.startswith("Copycat · ")):]
             for lines in drawn if any(x.startswith("Copycat · ") for x in lines)]
    buys = [s for s in drawn if any("buy the card of which street space" in x for x in s)]
    turns = [s for s in drawn if any("[a] play a card" in x for x in s)]
    assert buys and turns
    for screen in drawn:
        assert len(screen) < 24 and all(len(x) <= 80 for x in screen), "\n".join(screen)
    for screen in buys:
        offered = [x for x in screen if re.match(r"\[\d+\] ", x)]
        assert offered and all(" — " in x for x in offered), "\n".join(screen)
    for screen in turns:            # a card to play: the hand is on the screen
        assert any(x.startswith("hand (you): ") for x in screen), "\n".join(screen)


# ---- fifth round: prices and effects where the cards lie, the phase of a played card -----

def test_the_street_lines_give_each_card_its_price_and_the_board_its_effect():
    from regola.cli.board import Board
    from regola.cli.view import for_sale_lines
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=SEED)
    view = state.observe(0)
    gw = GameWords(game.definition, "en")
    lines = [t.plain for t in Board(game, gw, view).front_notes()]
    for n in range(1, 12):
        space = f"street_{n}"
        card = next(t for t in view["tokens"] if t.get("at") == space and t["kind"] == "card")
        surcharge = game.definition.areas[space]["surcharge"]
        price = f"{card['price']} + surcharge {surcharge}" if surcharge else str(card["price"])
        assert f"{n} {gw.value(card['name'])} (price {price})" in lines
    board = for_sale_lines(game, view, gw)
    assert len(board) == 11 and all(" — " in line for line in board)     # with the effect
    assert board[0].startswith("1 street space 1: ")                         # in order


def test_a_played_card_says_in_which_phase_its_action_is_used():
    gw = GameWords(regola.load_game("copycat").definition, "en")
    later = {"e": "note", "msg": "card_played", "player": 0, "card": "Patron", "n": 1}
    now = {**later, "card": "Intern", "n": 0}
    assert event_text(later, gw) == ("Red plays Patron; its action is used later, in phase 3 "
                                     "(buy and score).")
    assert event_text(now, gw) == "Red plays Intern; its action may be used in this phase."
    state = next(decisions({"which_card"}))[1]
    state.apply(0, state.legal_actions(0)[0])
    played = [e for e in state.log if e.get("msg") == "card_played"]
    assert played and all(e["n"] in (0, 1) for e in played)


def test_a_card_for_sale_on_the_web_writes_its_effect_and_no_label_part_is_split():
    from regola.server.svg.context import Ctx
    from regola.server.svg.tokens import tag, wrap_parts
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=SEED)
    view = state.observe(0)
    gw = GameWords(game.definition, "en")
    ctx = Ctx(game.definition, view, gw, load_layout(game.definition))
    card = next(t for t in view["tokens"] if t.get("at") == "street_3")
    svg = "".join(tag(ctx, card, 1, 150).body)
    effect = ctx.effect_of_token(card)
    assert effect and effect.split()[0] in svg and "italic" in svg
    hand = next(t for t in view["tokens"] if t.get("at") == "hand" and t.get("owner") == 0)
    assert "italic" not in "".join(tag(ctx, hand, 1, 150).body)    # only what is for sale
    lines = wrap_parts("School Diploma · red · turn order 1 · price 0", 130)
    assert "price 0" in lines and all(not x.endswith("price") for x in lines)


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_the_web_hand_writes_each_cards_effect_under_its_name(lang):
    import xml.etree.ElementTree as ET

    from regola.present.labels import effects_of
    from regola.server.svg.board import draw_mine
    from regola.server.svg.context import Ctx
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=SEED)
    view = state.observe(0)
    gw = GameWords(game.definition, lang)
    acts = state.legal_actions(0)
    ctx = Ctx(game.definition, view, gw, load_layout(game.definition),
              {a["id"]: a["id"] for a in acts})
    svg = draw_mine(ctx)
    said = [t.text or "" for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    hand = [t for t in view["tokens"] if t.get("owner") == 0 and t.get("at") == "hand"]
    assert hand
    for card in hand:                       # every card's effect is drawn, not only hovered
        effect = effects_of(gw).of_token(card)
        assert effect and effect in " ".join(said)


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_the_web_hand_fits_a_phone_long_card_names_and_all(lang):
    import xml.etree.ElementTree as ET

    from regola.server.svg.board import draw_mine
    from regola.server.svg.context import NARROW, Ctx
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=SEED)
    ctx = Ctx(game.definition, state.observe(0), GameWords(game.definition, lang),
              load_layout(game.definition), {}, width=NARROW)
    root = ET.fromstring(draw_mine(ctx))
    svg = "{http://www.w3.org/2000/svg}"
    cards = root.findall(svg + "g")
    assert len(cards) >= 5
    for card in cards:          # each card's left edge plus its width stays in the picture
        x = float(card.get("transform").split("(")[1].split(",")[0])
        assert x + float(card.find(svg + "rect").get("width")) <= float(root.get("width"))


def test_a_question_with_one_answer_is_answered_for_the_player_with_a_line_that_says_so():
    """No question with one option is asked, and none is skipped in silence: the story says
    the player had one possible answer and names it (the card then played is that card)."""
    game = regola.load_game("copycat")
    rng = random.Random(SEED)
    state = game.new_state(players=3, seed=SEED)
    while not state.is_over:
        seat = state.to_move[0]
        acts = state.legal_actions(seat)
        assert len(acts) > 1, acts      # one option: never asked
        state.apply(seat, rng.choice(acts))
    gw = GameWords(game.definition, Words("en"))
    questions = set()
    for seat in range(3):
        log = state.observe(seat)["log"]
        told = [i for i, e in enumerate(log) if e.get("msg") == "answered_for"]
        questions |= {log[i]["question"] for i in told}
        for i in told:
            if log[i]["question"] == "q_which_card":
                # it would tell what is left in the hand: the player's alone
                assert log[i]["player"] == seat and log[i].get("private"), log[i]
                played = next(e for e in log[i:] if e.get("msg") == "card_played")
                assert played["card"] == log[i]["answer"] and played["player"] == seat
                text = event_text(log[i], gw)
                assert text == (f"{gw.seat(seat)} has only one possible answer to which card "
                                f"to play: {gw.value(log[i]['answer'])}. It is taken without "
                                "asking."), text
    assert {"q_which_card", "q_turn_action"} <= questions, questions
    log = state.observe(0)["log"]
    told = [i for i, e in enumerate(log) if e.get("msg") == "answered_for"]
    entries = [entry_text(e, gw) for e in story(log)]
    assert any("has only one possible answer to what to do next" in t for t in entries)
    for lang, words in (("es", "solo tiene una respuesta posible a"),
                        ("nl", "heeft maar één mogelijk antwoord op")):
        assert words in event_text(log[told[0]], GameWords(game.definition, Words(lang)))


def _terminal(stdin: str, columns: int = 100, lines: int = 30) -> str:
    """The screens of `regola play copycat` (Red a person, two random bots, seed 7) given
    these keys."""
    from typer.testing import CliRunner

    from regola.cli.app import app
    result = CliRunner().invoke(app, ["play", "copycat", "--seats", "human,random,random",
                                      "--seed", "7"], input=stdin,
                                env={"COLUMNS": str(columns), "LINES": str(lines)})
    return result.stdout


def test_cards_are_keyed_one_to_n_in_each_question_at_the_terminal():
    """The turn-order question keys its cards 1..5 (copies of a card each their own key,
    not 37, 37.2, 37.3), and the play question counts its cards off from 1 again."""
    out = _terminal("3\na\n1\n")
    order = out[:out.index("your choice")]
    assert "[1] Fatherly Friend (turn order 9)" in order
    assert "[2] Fatherly Friend (turn order 10)" in order
    assert "[3] Fatherly Friend (turn order 11)" in order
    assert "[4] Local Radio (turn order 17)" in order and "[5] Local TV (turn order 18)" in order
    assert "37" not in order
    play = out[out.index("Play which card from your hand?"):]
    assert "[1] Fatherly Friend ×2" in play and "[2] Local Radio" in play
    assert "[3] Local TV" in play
    assert "Red plays Fatherly Friend" in play


def test_an_offices_coin_is_told_in_the_story_before_the_buy():
    game = regola.load_game("copycat")
    gw = GameWords(game.definition)
    for seed in range(12):
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.log) < 3000:
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            pick = next((a for a in acts if a["value"] == "hall_buy_coin"), None)
            if pick is None or acts[0]["ask"] != "which_action":
                pick = prefer(acts, rng) if seat == 0 else rng.choice(acts)
            before = len(state.log)
            state.apply(seat, pick)
            if pick["value"] == "hall_buy_coin" and acts[0]["ask"] == "which_action":
                said = [entry_text(e, gw) for e in story(state.log[before:])]
                name = gw.place("hall_buy_coin")
                assert any(re.fullmatch(rf"(Red|Blue|Green) uses {name} and gains 1 coin "
                                        r"\(\d+ in all\)\.", s) for s in said), said
                return
    raise AssertionError("nobody used the Procurement Office")


def test_the_turn_order_names_the_card_each_player_turned_up():
    game = regola.load_game("copycat")
    gw = GameWords(game.definition)
    state = game.new_state(players=3, seed=SEED)
    rng = random.Random(SEED)
    while not any(e.get("msg") == "turn_order" for e in state.log):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    said = [entry_text(e, gw) for e in story(state.observe(0)["log"])]
    order = next(s for s in said if s.startswith("Turn order:"))
    shown = [s for s in said if " for the turn order: number " in s]
    assert len(shown) == 3, said
    seats = [re.match(r"(Red|Blue|Green) turns up (.+) for the turn order: number (\d+)\.$", s)
             for s in shown]
    assert all(seats), shown
    names = [m[1] for m in seats]
    assert order.split(" (")[0] == "Turn order: " + ", ".join(names[:-1]) + ", and " + names[-1]
    numbers = [int(m[3]) for m in seats]
    assert numbers == sorted(numbers, reverse=True)
    assert all("_" not in m[2] and m[2][0].isupper() for m in seats), shown   # a name in words


def test_the_last_story_line_says_what_ended_the_game_on_the_web_and_the_terminal():
    import io

    from rich.console import Console

    from regola.cli.screen import Screen
    game, state = finished("copycat", 3, SEED)
    view = state.observe(0)
    table = table_info("g", 0, ["person", "random", "random"], "copycat", None, Words("en"))
    message = seat_message(game, load_layout(game.definition), view, [], table, Words("en"))
    last = message["log"][-1]["text"]
    assert re.fullmatch(r"Game over \(the 11th round is over\): (Red|Blue|Green)"
                        r"( and (Red|Blue|Green))? wins?\.", last), last
    assert "an end condition was met" not in last
    screen = Screen(Console(file=io.StringIO(), width=100), game, GameWords(game.definition))
    screen.seat = 0
    told = [t.plain for t in screen.log_lines(view, len(view["log"]) - 1)]
    assert told and told[-1] == last, told
    assert screen.full_log_lines(view)[-1].plain == last


def test_the_worker_question_names_the_offices_left_out_because_they_are_taken():
    seen = 0
    for game, state, acts, context in decisions({"which_office"}):
        question, _shown = labels(game, state, acts, context)
        view = state.observe(0)
        offered = {a["value"] for a in acts}
        held = {area for area, counts in view["pieces"].get("worker", {}).items()
                if area in game.definition.areas and any(counts)}
        taken = question.split("Taken already, so not offered: ")[1]
        gw = GameWords(game.definition)
        for office in held:
            assert office not in offered
            assert gw.place(office) in taken, (office, question)
        if not held:
            assert taken == "none."
        seen += bool(held)
    assert seen


def test_the_action_question_says_the_money_before_a_buy_can_spend_it():
    """Newcomer pass: a buy used before the coin cards bought nothing, unwarned. The question
    that picks an action says the coins the player has now and that coin actions add to
    them (Copycat, phase 3: use the actions of your cards and offices in any order)."""
    seen = 0
    for game, state, acts, context in decisions({"which_action"}):
        money = state.observe(0)["player_vars"][0]["money"]
        question, _ = labels(game, state, acts, context)
        assert question.startswith(f"You have {money} coin")
        assert "coin actions add to" in question
        seen += 1
        if seen >= 5:
            break
    assert seen


def asked_in_random_games(ask: str, seeds: range):
    """Every seat's decisions at `ask` in random games of these seeds: (game, state, seat,
    actions), taken before the decision is answered."""
    game = regola.load_game("copycat")
    for seed in seeds:
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            if acts[0]["ask"] == ask:
                yield game, state, seat, acts
            state.apply(seat, rng.choice(acts))


def test_a_count_of_cards_to_draw_is_offered_as_plain_numbers():
    """"How many cards do you draw?" offers 0, 1, 2, not "0: Fatherly Friend" (a newcomer
    read cards in the buttons: the counts matched a property of cards in hand)."""
    seen = 0
    for game, state, seat, acts in asked_in_random_games("how_many_cards", range(30, 36)):
        table = table_info("g", seat, ["person"] * 3, "copycat", None, Words("en"))
        message = seat_message(game, load_layout(game.definition), state.observe(seat), acts,
                               table, Words("en"), context=state.decision_context(seat))
        labels = [a["label"] for a in message["prompt"]["actions"]]
        assert labels == [str(a["value"]) for a in acts], labels
        seen += 1
    assert seen > 10


def test_a_buy_that_brings_red_cards_says_so_before_it_is_chosen():
    """Buying a card takes the red cards to its left too: the option says so ("you must
    also take 1 red card to its left (no action)"), not only the story afterwards
    (newcomers nc12, nc13: "free" read as a bonus)."""
    from regola.present.labels import option_notes
    told = 0
    for game, state, seat, acts in asked_in_random_games("buy_card", range(4, 10)):
        values = [a["value"] for a in acts]
        notes = option_notes(GameWords(game.definition), state.decision_context(seat), values)
        for value, note in zip(values, notes):
            if note:
                assert re.fullmatch(r"you must also take the (School Diploma|\d+ School "
                                    r"Diplomas) to its left \((a )?red cards?: no action\)",
                                    note), note
                told += 1
            assert note is None or value != "skip"
    assert told


def test_the_one_more_action_question_says_the_money_and_the_actions_not_used_yet():
    """Newcomer pass 19: phase 3 asked "Use one more action, or stop?" with neither the
    coins in hand nor the actions still unused: it now says both."""
    game = regola.load_game("copycat")
    for seed in range(10):
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            if actions[0]["ask"] == "use_action":
                gw = GameWords(game.definition)
                view = state.observe(seat)
                context = state.decision_context(seat)
                text = Namer(game, gw, view).prompt(context, "use_action",
                                                    [a["value"] for a in actions])
                money = view["player_vars"][seat]["money"]
                assert text.startswith(f"You have {money} coin"), text
                assert "Not used yet: " in text and "{" not in text, text
                return
            state.apply(seat, rng.choice(actions))
    raise AssertionError("no one-more-action question in 10 games")
