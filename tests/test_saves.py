"""Saved games: every tampered save is refused with InvalidSave naming the field, and real
saves of random games of every built-in game load and continue exactly as the original."""

from __future__ import annotations

import json
import random

import pytest

import regola
from regola import InvalidSave
from regola.interpreter.layout import layout_of

GAMES = ["doge", "rialto", "warsaw", "copycat"]


@pytest.fixture(scope="module")
def games():
    return {name: regola.load_game(name) for name in GAMES}


def play(state, rng: random.Random, decisions: int) -> None:
    """Take up to `decisions` random decisions."""
    for _ in range(decisions):
        if state.is_over:
            return
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.fixture(scope="module")
def doge_save(games):
    """A Doge game in its second year, with houses on the board and cards played."""
    state = games["doge"].new_state(players=4, seed=3)
    play(state, random.Random(3), 120)
    assert not state.is_over
    return json.loads(state.to_json())


@pytest.fixture(scope="module")
def concept_saves(games):
    """Rialto (tracks, money, connections) and Warsaw (grids) in the middle of a game."""
    saves = {}
    for name, decisions in (("rialto", 150), ("warsaw", 60)):
        state = games[name].new_state(players=3, seed=5)
        play(state, random.Random(5), decisions)
        assert not state.is_over
        saves[name] = json.loads(state.to_json())
    return saves


def refused(game, save, field: str = "") -> InvalidSave:
    """Load a tampered save: it must be InvalidSave (no other exception) naming `field`."""
    with pytest.raises(InvalidSave) as caught:
        game.state_from_json(save if isinstance(save, str | bytes) else json.dumps(save))
    error = caught.value
    assert isinstance(error, regola.RegolaError)
    assert error.field.startswith(field), (error.field, str(error))
    assert str(error)
    return error


def edited(save: dict, change) -> dict:
    copy = json.loads(json.dumps(save))
    change(copy)
    return copy


def first_thread_waiting(save: dict) -> dict:
    return next(t for t in save["threads"] if t["wait"] is not None)


def layout(save: dict, game: str = "doge"):
    return layout_of(regola.load_game(game).definition, save["n"])


def cell_of(save: dict, kind: str, place: str, p: int) -> int:
    """Where player p's pieces of `kind` at `place` are counted in the save's flat row."""
    return layout(save).place_no[place] * save["n"] + p


def add(save: dict, kind: str, place: str, p: int, number) -> None:
    """Change a count: number added (or, if a bool, put in its place)."""
    row, k = save["counts"][kind], cell_of(save, kind, place, p)
    row[k] = number if isinstance(number, bool) else row[k] + number


def token_of(save: dict, kind: str, game: str = "doge", **fields) -> int:
    """The number of the first token of `kind` whose fields (and properties) match."""
    lay = layout(save, game)
    for i in lay.ranges[kind]:
        record = {**lay.props[i], **{k: column[i] for k, column in save["tokens"].items()}}
        if all(record.get(k) == v for k, v in fields.items()):
            return i
    raise AssertionError(f"no {kind} token matches {fields}")


def set_token(save: dict, kind: str, field: str, value, game: str = "doge", **where) -> None:
    save["tokens"][field][token_of(save, kind, game, **where)] = value


# (name, change of the save, the field the message must name)
TAMPERED = [
    ("no format", lambda s: s.pop("format"), "format"),
    ("format 1", lambda s: s.update(format=1), "format"),
    ("format as text", lambda s: s.update(format="2"), "format"),
    ("format true", lambda s: s.update(format=True), "format"),
    ("another game", lambda s: s.update(game="rialto"), "game"),
    ("a variant", lambda s: s.update(variant="cheap_palaces"), "variant"),
    ("unknown field", lambda s: s.update(cheat=1), "cheat"),
    ("no players", lambda s: s.update(n=0), "n"),
    ("too many players", lambda s: s.update(n=5), "n"),
    ("players as a bool", lambda s: s.update(n=True), "n"),
    ("seed as text", lambda s: s.update(seed="1"), "seed"),
    ("seed a fraction", lambda s: s.update(seed=1.5), "seed"),
    ("seed too large", lambda s: s.update(seed=2 ** 70), "seed"),
    ("negative rng", lambda s: s.update(rng=-1), "rng"),
    ("steps a float", lambda s: s.update(steps=3.0), "steps"),
    ("max decisions 0", lambda s: s.update(max_decisions=0), "max_decisions"),
    ("past max decisions", lambda s: s.update(max_decisions=1), "result"),
    ("unknown game variable", lambda s: s["vars"].update(gold=9), "vars.gold"),
    ("missing game variable", lambda s: s["vars"].pop("year"), "vars.year"),
    ("pvars for 3 players", lambda s: s["pvars"].pop(), "pvars"),
    ("50 phantom houses", lambda s: add(s, "house", "supply", 0, 50), "counts.house"),
    ("a negative count",
     lambda s: (add(s, "house", "supply", 1, 1), add(s, "house", "dorsoduro", 1, -1 - (
         s["counts"]["house"][cell_of(s, "house", "dorsoduro", 1)]))),
     "counts.house.dorsoduro[1]"),
    ("a count that is true", lambda s: add(s, "house", "supply", 2, True),
     "counts.house.supply[2]"),
    ("a count row too short", lambda s: s["counts"]["house"].pop(), "counts.house"),
    ("houses past the last place", lambda s: s["counts"]["house"].extend([1, 0, 0, 0]),
     "counts.house"),
    ("counts as places", lambda s: s["counts"].update(house={"supply": [15] * 4}),
     "counts.house"),
    ("an unknown piece kind", lambda s: s["counts"].update(castle=[1] * 4), "counts.castle"),
    ("a missing piece kind", lambda s: s["counts"].pop("palace"), "counts.palace"),
    ("a ring in play for nothing",
     lambda s: (add(s, "ring", "supply", 0, -1), add(s, "ring", "in_play", 0, 1)),
     "counts.ring.in_play[0]"),
    ("a token kind in the save",
     lambda s: s["tokens"].update(kind=["dragon"] * len(s["tokens"]["at"])), "tokens.kind"),
    ("a token too many", lambda s: [column.append(column[0]) for column in s["tokens"].values()],
     "tokens.at"),
    ("a missing token", lambda s: [column.pop() for column in s["tokens"].values()],
     "tokens.at"),
    ("a token at an unknown place", lambda s: set_token(s, "card", "at", "atlantis"),
     "tokens.at["),
    ("a token at a list of places", lambda s: set_token(s, "card", "at", ["hand"]),
     "tokens.at["),
    ("a token owned by seat 7", lambda s: set_token(s, "marker", "owner", 7), "tokens.owner["),
    ("a token owned by a name", lambda s: set_token(s, "marker", "owner", "red"),
     "tokens.owner["),
    ("a token controlled by true", lambda s: set_token(s, "advisor", "controller", True),
     "tokens.controller["),
    ("a token shown 'yes'", lambda s: set_token(s, "marker", "shown", "yes"), "tokens.shown["),
    ("a token property in the save",
     lambda s: s["tokens"].update(value=[9] * len(s["tokens"]["at"])), "tokens.value"),
    ("a column too short", lambda s: s["tokens"]["shown"].pop(), "tokens.shown"),
    ("a missing column", lambda s: s["tokens"].pop("controller"), "tokens.controller"),
    ("tokens by id", lambda s: s.update(tokens={"marker-1": {"at": "supply"}}), "tokens"),
    ("tokens as a list", lambda s: s.update(tokens=list(s["tokens"].values())), "tokens"),
    ("a card replaced in a deck", lambda s: s["decks"]["brown"]["cards"].__setitem__(0, "x"),
     "decks.brown.cards"),
    ("a deck missing a face", lambda s: s["decks"]["brown"]["up"].pop(), "decks.brown.up"),
    ("no threads", lambda s: s.update(threads=[]), "threads"),
    ("a thread in an unknown procedure",
     lambda s: s["threads"][0]["stack"][0].update(p="cheat"), "threads[0].stack[0].p"),
    ("a negative pc", lambda s: s["threads"][0]["stack"][0].update(pc=-1),
     "threads[0].stack[0].pc"),
    ("a pc past the end", lambda s: s["threads"][0]["stack"][0].update(pc=10 ** 6),
     "threads[0].stack[0].pc"),
    ("a frame without variables", lambda s: s["threads"][0]["stack"][0].pop("e"),
     "threads[0].stack[0].e"),
    ("a decision for seat 9", lambda s: first_thread_waiting(s)["wait"].update(player=9),
     "threads["),
    ("a decision without options", lambda s: first_thread_waiting(s)["wait"].update(options=[]),
     "threads["),
    ("a decision on an unknown question",
     lambda s: first_thread_waiting(s)["wait"].update(ask="cheat"), "threads["),
    ("a decision without its ask", lambda s: first_thread_waiting(s)["wait"].pop("ask"),
     "threads["),
    ("a decision asked in the future",
     lambda s: first_thread_waiting(s)["wait"].update(step=10 ** 6), "threads["),
    ("nobody to decide", lambda s: first_thread_waiting(s).update(wait=None), "threads"),
    ("a result while decisions wait",
     lambda s: s.update(result={"winners": [0], "reason": "", "conditions": {}}), "threads["),
    ("a winner in seat 9", lambda s: s.update(result={"winners": [9], "reason": "",
                                                       "conditions": {}}), "result.winners[0]"),
    ("a result that is text", lambda s: s.update(result="red wins"), "result"),
    ("a log that is an object", lambda s: s.update(log={}), "log"),
    ("an event without a kind", lambda s: s.update(log=[{"player": 0}]), "log[0]"),
    ("too deeply nested", lambda s: s["vars"].update(year=json.loads("[" * 150 + "]" * 150)),
     "vars.year"),
]


@pytest.mark.parametrize("name,change,field", TAMPERED, ids=[t[0] for t in TAMPERED])
def test_tampered_doge_save_is_refused(games, doge_save, name, change, field):
    refused(games["doge"], edited(doge_save, change), field)


def test_tampered_dict_is_refused_without_changing_it(games, doge_save):
    """A dict is checked like text, and never changed (the state gets its own copy)."""
    bad = edited(doge_save, lambda s: s["vars"].update(year=float("nan")))
    with pytest.raises(InvalidSave, match="vars.year"):
        games["doge"].state_from_json(bad)
    with pytest.raises(InvalidSave, match="seed"):
        games["doge"].state_from_json({**doge_save, "seed": {1, 2}})
    state = games["doge"].state_from_json(doge_save)
    state.data["vars"]["year"] = 99
    assert doge_save["vars"]["year"] != 99


@pytest.mark.parametrize("text,message", [
    ("{", "not JSON"),
    ("[]", "not a list"),
    ("[1, 2]", "a list"),
    ("42", "a number"),
    ("null", "null"),
    ('"save"', "a string"),
    ("{\"seed\": NaN}", "NaN"),
    ("{\"seed\": 1, \"seed\": 2}", "twice"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("{\"seed\": " + "9" * 5000 + "}", "not a save"),
    (b"\xff\xfe{}", "not UTF-8"),
    ("{}", "missing"),
])
def test_text_that_is_not_a_save_is_refused(games, text, message):
    error = refused(games["doge"], text)
    assert message in str(error)


@pytest.mark.parametrize("value", [None, 42, ["a"], object()])
def test_values_that_are_not_saves_are_refused(games, value):
    with pytest.raises(InvalidSave):
        games["doge"].state_from_json(value)


CONCEPTS = [
    ("rialto", "two discs at the same moment",
     lambda s: s["tracks"]["doge"]["stamp"].__setitem__(1, s["tracks"]["doge"]["stamp"][0]),
     "tracks.doge.stamp"),
    ("rialto", "a disc stamped in the future",
     lambda s: s["tracks"]["vp"]["stamp"].__setitem__(0, 10 ** 6), "tracks.vp.stamp[0]"),
    ("rialto", "a disc at a fractional space", lambda s: s["tracks"]["vp"]["pos"].__setitem__(
        0, 1.5), "tracks.vp.pos[0]"),
    ("rialto", "coins from nowhere", lambda s: s["bank"]["coin"]["held"].__setitem__(
        0, s["bank"]["coin"]["held"][0] + 10), "bank.coin"),
    ("rialto", "a negative bank", lambda s: s["bank"]["coin"].update(bank=-1), "bank.coin.bank"),
    ("rialto", "a coin on a phantom token",
     lambda s: s["bank"]["coin"]["on"].update({"edifice-9999": 1}), "bank.coin.on"),
    ("rialto", "a phantom tile on a bridge",
     lambda s: next(iter(s["links"].values())).update(tile="bridge_tile-9999",
                                                       facing="santa_croce"), "links."),
    ("rialto", "a tile facing no end",
     lambda s: next(iter(s["links"].values())).update(
         tile=layout(s, "rialto").tids[token_of(s, "bridge_tile", "rialto")], facing=None),
     "links."),
    ("rialto", "an unknown connection", lambda s: s["links"].update(moon_bridge={
        "tile": None, "facing": None}), "links.moon_bridge"),
    ("rialto", "no money at all", lambda s: s.pop("bank"), "bank"),
    ("warsaw", "a tile turned seven times",
     lambda s: set_token(s, "tile", "rot", 7, "warsaw", at="district"), "tokens.rot["),
    ("warsaw", "a tile on the grid without a cell",
     lambda s: set_token(s, "tile", "cell", None, "warsaw", at="district"), "tokens.cell["),
    ("warsaw", "a tile on a cell that is not [x, y]",
     lambda s: set_token(s, "tile", "cell", [0, "a"], "warsaw", at="district"), "tokens.cell["),
    ("warsaw", "a tile at a list of places",
     lambda s: set_token(s, "tile", "at", ["district"], "warsaw", at="district"), "tokens.at["),
    ("warsaw", "a tile off the grid with a cell",
     lambda s: set_token(s, "tile", "cell", [0, 0], "warsaw", at="box"), "tokens.cell["),
    ("warsaw", "no grid columns", lambda s: s["tokens"].pop("level"), "tokens.level"),
]


@pytest.mark.parametrize("game,name,change,field", CONCEPTS, ids=[c[1] for c in CONCEPTS])
def test_tampered_concept_parts_are_refused(games, concept_saves, game, name, change, field):
    refused(games[game], edited(concept_saves[game], change), field)


@pytest.mark.parametrize("name", GAMES)
def test_real_saves_load_and_continue_identically(games, name):
    """Saves taken all through random games are accepted, equal the original, and the
    loaded game continues exactly as the original with the same decisions."""
    game = games[name]
    for players in (game.player_counts[0], game.player_counts[-1]):
        state = game.new_state(players=players, seed=players)
        rng = random.Random(players)
        saves = []
        while not state.is_over:
            if len(saves) < 6 and state.data["steps"] % 40 == 7:
                saves.append((state.to_json(), rng.getstate()))
            play(state, rng, 1)
        saves.append((state.to_json(), rng.getstate()))
        for text, rng_state in saves:
            loaded = game.state_from_json(text)
            assert loaded.to_json() == text
            rng.setstate(rng_state)
            play(loaded, rng, 10 ** 6)
            assert loaded.to_json() == state.to_json()
        assert game.state_from_json(state.data).to_json() == state.to_json()


def test_a_save_of_a_variant_loads_only_into_that_variant(games):
    variant = regola.load_game("doge", variant="cheap_palaces")
    text = variant.new_state(players=3, seed=1).to_json()
    assert variant.state_from_json(text).to_json() == text
    error = refused(games["doge"], text, "variant")
    assert "cheap_palaces" in str(error)
