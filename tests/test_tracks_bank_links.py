"""The engine concepts tracks (stacks, floors), money (a finite bank, activation markers)
and connections (tiles with two ends), on a small game of their own, and their errors."""

from __future__ import annotations

import pytest

from regola.errors import RuleError, ScriptRuntimeError
from regola.interpreter import bank, links, tracks
from regola.loading.loader import load_game

GAME = """
id: toy
name: Toy
players: {min: 2, max: 3}
seats: [red, blue, green]
scripts: [toy.regola]
start: play
locations: [supply, box, laid]
areas:
  north: {kind: land}
  south: {kind: land}
  east: {kind: land}
connections:
  north_south: [north, south]
  south_east: [south, east]
tracks:
  fame: {start: 2, floor: fame_floor}
  order: {}
resources:
  gold: {bank: 5, finite: finite_gold}
tokens:
  plank:
    per_player: false
    start: box
    props: {ends: [[1, 3], [2, 2]]}
options:
  fame_floor: {value: 0, range: [-10, 10], summary: Fame never drops below this.}
  finite_gold: {value: true, summary: The bank can run out.}
end:
  conditions:
    done: "true"
  tiebreakers: ["track_pos(fame, p)", "track_standing(order, p)"]
  share_ties: false
"""

SCRIPT = """
def play():
    advance(fame, 0, 3)
    advance(fame, 1, -5)
    place_disc(order, 0, 1)
    place_disc(order, 1, 1)
    gain(gold, 0, 4)
    gain(gold, 1, 4)
    activate(gold, 0, first(tokens(plank)))
    pay(gold, 0, 1)
    lay_tile(north_south, first(tokens(plank)), south)
    move_token(first(tokens(plank)), laid)
    check_end()
"""


def toy(tmp_path, script: str = SCRIPT, game: str = GAME):
    (tmp_path / "game.yaml").write_text(game, encoding="utf-8")
    (tmp_path / "toy.regola").write_text(script, encoding="utf-8")
    return load_game(str(tmp_path / "game.yaml"))


def test_a_whole_toy_game(tmp_path):
    state = toy(tmp_path).new_state(players=2, seed=1)
    data = state.data
    assert data["tracks"]["fame"]["pos"] == [5, 0]                   # floor 0
    c = state._runtime()
    assert tracks.order(c, "order") == [1, 0]                        # arrived later: on top
    assert tracks.standing(c, "order", 1) == 1
    # 5 in the bank: red takes 4, blue only the 1 left; red lays 1 on the plank, pays 1.
    assert data["bank"]["gold"] == {"bank": 1, "held": [2, 1], "on": {"plank-1": 1}}
    assert links.end_value(c, "north_south", "south") == 1
    assert links.end_value(c, "north_south", "north") == 3
    assert links.end_value(c, "south_east", "east") is None
    assert links.connections(c, "south") == ["north_south", "south_east"]
    assert links.other_end(c, "south_east", "east") == "south"
    assert state.result["winners"] == [0]
    assert bank.clear_markers(c, "gold") == 1 and data["bank"]["gold"]["bank"] == 2
    view = state.observe(1)
    assert view["tracks"] == data["tracks"] and view["links"] == data["links"]


def test_an_unlimited_bank(tmp_path):
    game = toy(tmp_path, game=GAME.replace("finite_gold: {value: true",
                                           "finite_gold: {value: false"))
    state = game.new_state(players=2, seed=1)
    assert state.data["bank"]["gold"]["held"] == [2, 4]
    assert state.data["bank"]["gold"]["bank"] is None


@pytest.mark.parametrize("unlimited", [False, True])
def test_a_bank_finite_unless_an_option(tmp_path, unlimited):
    # finite: {unless: OPTION}: the bank runs out unless the option is true; bank_gives
    # tells how much of an amount the bank can give (all of it when it never runs out).
    game = GAME.replace("finite: finite_gold}", "finite: {unless: endless_gold}}").replace(
        "  finite_gold: {value: true",
        f"  endless_gold: {{value: {str(unlimited).lower()}, summary: Gold never runs out.}}\n"
        "  finite_gold: {value: true")
    state = toy(tmp_path, game=game).new_state(players=2, seed=1)
    gold = state.data["bank"]["gold"]
    assert gold["bank"] == (None if unlimited else 1)        # as in test_a_whole_toy_game
    c = state._runtime()
    assert bank.bank_gives(c, "gold", 3) == (3 if unlimited else 1)
    assert bank.bank_gives(c, "gold", -1) == 0
    assert bank.in_bank(c, "gold") == (None if unlimited else 1)


def test_finite_unless_no_option_is_a_located_error(tmp_path):
    with pytest.raises(RuleError) as err:
        toy(tmp_path, game=GAME.replace("finite: finite_gold}", "finite: {unless: nothing}}"))
    assert "game.yaml:" in str(err.value) and "'nothing' is not an option" in str(err.value)


def test_a_tile_cannot_lie_on_a_taken_connection(tmp_path):
    script = SCRIPT.replace("    move_token(first(tokens(plank)), laid)\n",
                            "    lay_tile(north_south, tokens(plank)[1], north)\n")
    with pytest.raises(ScriptRuntimeError, match="already holds"):
        toy(tmp_path, script).new_state(players=2, seed=1)


def test_activating_without_money_fails(tmp_path):
    script = "def play():\n    activate(gold, 0, first(tokens(plank)))\n    check_end()\n"
    with pytest.raises(ScriptRuntimeError, match="no gold"):
        toy(tmp_path, script).new_state(players=2, seed=1)


def test_a_wrong_track_name_is_a_located_error(tmp_path):
    script = "def play():\n    advance(fmae, 0, 1)\n    check_end()\n"
    with pytest.raises(RuleError) as err:
        toy(tmp_path, script)
    text = str(err.value)
    assert "toy.regola:2:" in text and "unknown name 'fmae'" in text and "fame" in text


def test_a_resource_where_a_track_belongs_is_a_located_error(tmp_path):
    script = "def play():\n    advance(gold, 0, 1)\n    check_end()\n"
    with pytest.raises(RuleError) as err:
        toy(tmp_path, script)
    assert "toy.regola:2:13" in str(err.value)
    assert "advance: 'gold' is not a track" in str(err.value)


def test_a_connection_to_an_unknown_area_is_a_located_error(tmp_path):
    with pytest.raises(RuleError) as err:
        toy(tmp_path, game=GAME.replace("south_east: [south, east]",
                                        "south_east: [south, west]"))
    assert "game.yaml:" in str(err.value) and "'west' is not an area" in str(err.value)


def test_a_floor_naming_no_option_is_a_located_error(tmp_path):
    with pytest.raises(RuleError) as err:
        toy(tmp_path, game=GAME.replace("floor: fame_floor", "floor: fame_flor"))
    assert "tracks.fame.floor" in str(err.value) or "'fame_flor'" in str(err.value)


def test_validate_reports_exit_2_without_traceback(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    toy(tmp_path)
    (tmp_path / "toy.regola").write_text("def play():\n    gain(fame, 0, 1)\n", encoding="utf-8")
    done = subprocess.run([str(Path(sys.executable).parent / "regola"), "validate",
                           str(tmp_path / "game.yaml")], capture_output=True, text=True)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "gain: 'fame' is not a resource" in done.stdout + done.stderr


TEXT = """
game: Toy
tracks: {fame: the fame track, order: the order track}
resources: {gold: {one: gold piece, other: gold pieces}}
pieces: {plank: {one: plank, other: planks}}
areas: {north: North, south: South, east: East}
"""

EVERY_BUILTIN = """
def play():
    advance(fame, 0, 3)
    advance(fame, 1, -5)
    advance(fame, 1, track_pos(fame, 0))
    place_disc(order, 0, 1)
    gain(gold, 0, funds(gold, 1) + in_bank(gold))
    gain(gold, 1, bank_gives(gold, 2))
    pay(gold, 0, 1)
    activate(gold, 0, first(tokens(plank)))
    clear_markers(gold)
    if markers_on(gold, first(tokens(plank))) > 0 and track_standing(order, 0) > 0:
        let far = other_end(first(connections()), south)
        lay_tile(first(connections(north)), first(tokens(plank)), far)
    if tile_on(first(connections())) == none and end_value(first(connections()), north) == 1:
        pay(gold, first(track_order(order)), len(connection_ends(first(connections()))))
    check_end()
"""


def test_every_concept_builtin_reads_in_the_rulebook(tmp_path):
    from regola.dsl.builtins import bank as builtins_bank
    from regola.dsl.builtins import links as builtins_links
    from regola.dsl.builtins import tracks as builtins_tracks
    from regola.i18n.catalog import Words
    from regola.rulebook.book import Book
    from regola.rulebook.book.markdown import steps_markdown

    (tmp_path / "text.yaml").write_text(TEXT, encoding="utf-8")
    toy(tmp_path, EVERY_BUILTIN, GAME.replace("scripts: [toy.regola]",
                                              "scripts: [toy.regola]\ntext: text.yaml"))
    book = Book(str(tmp_path / "game.yaml"), None, Words("en"))
    calls = {str(n.children[0]) for n in book.g.program.procs["play"].tree.iter_subtrees()
             if n.data in ("call", "call_stmt")}
    mine = set()
    for module in (builtins_tracks, builtins_bank, builtins_links):
        mine |= set(module.EXPRESSIONS) | set(module.STATEMENTS)
    assert mine <= calls
    text = steps_markdown(book.steps.procedure("play"))
    for words in ("moves their disc 3 spaces forward on the fame track",
                  "moves their disc 5 spaces back on the fame track",
                  "puts their disc on space 1 of the order track, on top of any discs",
                  "takes gold pieces from the bank, as many as", "(while the bank lasts)",
                  "left in the bank", "pays 1 gold piece to the bank",
                  "pays gold pieces to the bank, as many as",
                  "2, or the number of gold pieces left in the bank if that is fewer",
                  "to use it", "every gold piece lying on a piece goes back to the bank",
                  "its first end toward", "the connections of North", "the tile on",
                  "the two areas joined by", "furthest ahead", "how far"):
        assert words.lower() in text.lower(), words
    assert "{" not in text and "}" not in text
    components = book.markdown()
    assert "The bank holds 5 gold pieces" in components
    assert "The board has 2 connections between two areas" in components
    assert "the fame track: every disc starts on space 2 and never goes below space 0" in \
        components


def test_spare_tokens_make_a_supply_that_does_not_run_out(tmp_path):
    # spares: {copies, unless}: extra copies of every token at its start place, none while
    # the `unless` option is true; the components (props) stay as listed.
    spare = GAME.replace("    props: {ends: [[1, 3], [2, 2]]}\n",
                         "    props: {ends: [[1, 3], [2, 2]]}\n"
                         "    spares: {copies: 2, unless: finite_gold}\n")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    limited = toy(tmp_path / "a", game=spare).new_state(players=2, seed=1)
    planks = [t for t in limited.token_records().values() if t["kind"] == "plank"]
    assert len(planks) == 2
    game = toy(tmp_path / "b", game=spare.replace("finite_gold: {value: true",
                                                  "finite_gold: {value: false"))
    planks = [t for t in game.new_state(players=2, seed=1).token_records().values()
              if t["kind"] == "plank"]
    assert [t["ends"] for t in planks] == [[1, 3], [2, 2]] * 3
    assert len(game.definition.tokens["plank"].props["ends"]) == 2


def test_spares_unless_must_name_an_option(tmp_path):
    bad = GAME.replace("    props: {ends: [[1, 3], [2, 2]]}\n",
                       "    props: {ends: [[1, 3], [2, 2]]}\n"
                       "    spares: {copies: 2, unless: finite_gol}\n")
    with pytest.raises(RuleError) as err:
        toy(tmp_path, game=bad)
    assert "game.yaml:" in str(err.value) and "'finite_gol' is not an option" in str(err.value)
