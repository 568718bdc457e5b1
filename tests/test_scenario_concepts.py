"""Scenario `set:` and `expect:` keys for the declared engine concepts (tracks, resources,
activation markers, connections, grids, card piles), on small made-up games: each key sets a
position and reads it back, and each inconsistent position is a located failure."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from regola.scenarios.runner import run_file

DATA = Path(__file__).resolve().parent / "data"
CONCEPTS = DATA / "concept_game" / "game.yaml"
GRIDS = DATA / "grid_game" / "game.yaml"


def header(game: Path = CONCEPTS, players: int = 2) -> str:
    return f"game: {game}\nplayers: {players}\nseed: 1\nsteps:\n"


def problems(tmp_path: Path, steps: str, game: Path = CONCEPTS,
             players: int = 2) -> list[tuple[int, str]]:
    path = tmp_path / "case.scenario.yaml"
    path.write_text(header(game, players) + textwrap.dedent(steps), encoding="utf-8")
    return run_file(path).problems


def test_tracks_set_discs_in_the_order_written_later_on_top(tmp_path):
    assert problems(tmp_path, """\
      - set:
          tracks: {fame: {blue: 5, red: 5}}
      - expect:
          - {track: fame, player: red, at: 5}
          - {track: fame, order: [red, blue]}
      - act: ["red: go"]
      - expect:
          - {track: fame, player: red, at: 6}
          - {log: {e: scenario_set, track: fame, player: blue, to: 5}}
    """) == []
    found = problems(tmp_path, """\
      - set:
          tracks: {fame: {red: 5, blue: 5}}
      - expect:
          - {track: fame, order: [red, blue]}
          - {track: fame, player: blue, at: 4}
    """)
    assert [line for line, _ in found] == [8, 9]
    assert "expected the order [red, blue], found blue 5, red 5" in found[0][1]
    assert "blue expected on 4, found on 5" in found[1][1]


@pytest.mark.parametrize("steps, line, message", [
    ("      - set:\n          tracks: {fame: {red: -1}}\n", 6, "its floor is 0"),
    ("      - set:\n          tracks: {fmae: {red: 1}}\n", 6,
     "unknown track 'fmae' (tracks: fame)"),
    ("      - set:\n          tracks: {fame: {pink: 1}}\n", 6, "unknown seat 'pink'"),
    ("      - set:\n          tracks: {fame: {red: two}}\n", 6, "whole number"),
    ("      - expect: {track: fame, order: [red, pink]}\n", 5, "unknown seat 'pink'"),
])
def test_track_errors_are_located(tmp_path, steps, line, message):
    found = problems(tmp_path, steps)
    assert len(found) == 1 and found[0][0] == line and message in found[0][1], found


def test_resources_come_from_the_bank_and_markers_too(tmp_path):
    assert problems(tmp_path, """\
      - set:
          resources: {gold: {red: 4, blue: 3}}
          markers: {gold: [{select: {kind: shop, owner: blue, size: 2}}]}
      - expect:
          - {funds: gold, player: red, is: 4}
          - {funds: gold, player: blue, at_least: 3, at_most: 3}
          - {bank: gold, is: 2}
          - {markers: gold, on: {kind: shop, owner: blue, size: 2}, is: 1}
          - {markers: gold, is: 1}
      - act: ["red: go"]
      - expect:
          - {funds: gold, player: red, is: 3}
          - {bank: gold, is: 3}
      - set:
          resources: {gold: {red: 0}}
          markers: {gold: [{select: {kind: shop, owner: blue}, n: 0}]}
      - expect:
          - {bank: gold, is: 7}
          - {markers: gold, is: 0}
    """) == []


def test_a_resource_cannot_exceed_the_bank(tmp_path):
    found = problems(tmp_path, """\
      - set:
          resources: {gold: {red: 6, blue: 5}}
    """)
    assert found == [(6, "the bank holds only 4 gold, 5 more wanted for blue")]
    found = problems(tmp_path, """\
      - set:
          resources: {gold: {red: 9}}
          markers: {gold: [{select: {kind: shop}, n: 1}]}
    """)
    assert found == [(7, "the bank holds only 0 gold, 1 more wanted for markers on shop-4")]


def test_an_unlimited_bank_never_runs_short(tmp_path):
    assert problems(tmp_path, """\
      - set:
          resources: {gold: {red: 50}}
      - expect:
          - {funds: gold, player: red, is: 50}
          - {bank: gold, is: null}
    """.replace("- set:", "- set:", 1), game=_unlimited(tmp_path)) == []


def _unlimited(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    for name in ("concept_game.regola", "text.yaml"):
        (folder / name).write_text((CONCEPTS.parent / name).read_text())
    text = CONCEPTS.read_text().replace("finite_gold: {value: true", "finite_gold: {value: false")
    (folder / "game.yaml").write_text(text)
    return folder / "game.yaml"


def test_connections_take_a_tile_facing_an_area(tmp_path):
    assert problems(tmp_path, """\
      - set:
          connections:
            north_south: {tile: {kind: plank, ends: [1, 3]}, facing: south, to: laid}
      - expect:
          - {connection: north_south, tile: {kind: plank, ends: [1, 3]}, facing: south}
          - {connection: north_south, ends: {south: 1, north: 3}}
          - {connection: south_east, tile: null}
          - {count: plank, at: laid, is: 1}
      - set:
          connections: {north_south: null, south_east: {tile: {kind: plank}, facing: east}}
      - expect:
          - {connection: north_south, tile: null}
          - {connection: south_east, ends: {east: 1, south: 3}}
    """) == []


@pytest.mark.parametrize("steps, line, message", [
    ("""\
      - set:
          connections: {north_south: {tile: {kind: plank}, facing: north}}
      - set:
          connections: {north_south: {tile: {kind: plank}, facing: north}}
    """, 8, "connection north_south already holds plank-1: free it first"),
    ("""\
      - set:
          connections: {north_south: {tile: {kind: plank}, facing: east}}
    """, 6, "north_south joins north and south, not 'east'"),
    ("""\
      - set:
          connections: {north_east: null}
    """, 6, "unknown connection 'north_east' (connections: north_south, south_east)"),
    ("""\
      - set:
          connections: {north_south: {tile: {kind: card}, facing: north}}
    """, 6, "has no two ends to lie on a connection"),
    ("""\
      - set:
          connections:
            north_south: {tile: {kind: plank, ends: [1, 3]}, facing: north}
            south_east: {tile: {kind: plank, ends: [1, 3]}, facing: east}
    """, 8, "no (other) plank token matches {\"ends\": [1, 3]}"),
])
def test_connection_errors_are_located(tmp_path, steps, line, message):
    found = problems(tmp_path, steps)
    assert len(found) == 1 and found[0][0] == line and message in found[0][1], found


def test_grids_lay_tiles_and_stacks(tmp_path):
    assert problems(tmp_path, """\
      - set:
          grids:
            yard:
              red: [{cell: [0, 0], tile: wheat, rot: 1},
                    {cell: [1, 0], stack: [corn, rice]}]
              blue: [{cell: [5, 5], tile: {crop: rice}}]
      - expect:
          - {grid: yard, player: red, cells: [[0, 0], [1, 0]]}
          - {grid: yard, player: red, cell: [0, 0], top: wheat, rot: 1, height: 1}
          - {grid: yard, player: red, cell: [1, 0], stack: [corn, rice], top: {crop: rice}}
          - {grid: yard, player: red, cell: [0, 1], stack: []}
          - {grid: yard, player: blue, cells: [[5, 5]]}
          - {count: plot, owner: red, at: yard, is: 3}
    """) == []


@pytest.mark.parametrize("steps, line, message", [
    ("""\
      - set:
          grids: {yard: {red: [{cell: [0, 0], tile: wheat}]}}
      - set:
          grids: {yard: {red: [{cell: [0, 0], tile: corn}]}}
    """, 8, "cell [0, 0] of yard already holds plot-"),
    ("""\
      - set:
          grids: {yard: {red: [{cell: [0, 0], tile: wheat}, {cell: [1, 1], tile: corn}]}}
    """, 6, "the cells of yard are not one connected group: [[0, 0], [1, 1]]"),
    ("""\
      - set:
          grids: {yard: {red: [{cell: [0, 0], tile: wheat}, {cell: [1, 0], tile: corn},
                               {cell: [2, 0], tile: rice}]}}
    """, 6, "do not fit its size limit [[2, 2]]: [[0, 0], [1, 0], [2, 0]]"),
    ("""\
      - set:
          grids: {yard: {red: [{cell: [0, 0], tile: wheat, stack: [corn]}]}}
    """, 6, "either 'tile' or 'stack'"),
    ("""\
      - set:
          grids: {yard: {red: [{cell: [0, 0], tile: wheat, rot: 4}]}}
    """, 6, "quarter turns 0-3"),
    ("""\
      - set:
          grids: {yard: {red: [{cell: [0, 0], tile: {colour: red}}]}}
    """, 6, "plot has no field 'colour'"),
    ("""\
      - set:
          grids: {yard: {red: [{cell: [0, 0], tile: wheat}, {cell: [1, 0], tile: wheat}]}}
    """, 6, "only other players' plot tokens match {\"crop\": \"wheat\"} (e.g. blue's)"),
    ("""\
      - expect: {grid: yard, cells: []}
    """, 5, "grid yard is one per player: say whose ('player')"),
])
def test_grid_errors_are_located(tmp_path, steps, line, message):
    found = problems(tmp_path, steps)
    assert len(found) == 1 and found[0][0] == line and message in found[0][1], found


def test_grid_on_top_and_a_shared_grid(tmp_path):
    # grid_game's start has laid red's first plot on [0, 0] of red's yard and a red square
    # on [0, 0] of the shared board.
    assert problems(tmp_path, """\
      - set:
          grids:
            yard: {red: [{cell: [0, 1], tile: X}]}
      - set:
          grids:
            yard: {red: [{cell: [0, 1], tile: ABC, on_top: true}]}
            board: [{cell: [0, 1], tile: {colour: blue}}]
      - expect:
          - {grid: yard, player: red, cell: [0, 1], stack: [X, ABC]}
          - {grid: yard, player: red, cells: [[0, 0], [0, 1]]}
          - {grid: board, cells: [[0, 0], [0, 1]]}
          - {grid: board, cell: [0, 1], top: {colour: blue, lit: false}}
    """.replace("X", "{layout: [x, x, x, x, x, x, x, x, x]}")
        .replace("ABC", "{layout: [a, b, c, a, b, c, a, b, c]}"), game=GRIDS) == []


def test_piles_put_cards_in_a_players_places(tmp_path):
    assert problems(tmp_path, """\
      - set:
          piles:
            card:
              red: {draw: [crown], hand: [coin, {name: star}], discard: [coin]}
              blue: {hand: {cards: [star], shown: true}}
      - expect:
          - {pile: hand, kind: card, player: red, cards: [star, coin]}
          - {pile: draw, kind: card, player: red, cards: [crown], n: 1}
          - {pile: hand, kind: card, player: blue, includes: [{name: star, shown: true}]}
      - act: ["red: go"]
      - expect:
          - {pile: hand, kind: card, player: red, cards: [coin, star, crown]}
          - {pile: draw, kind: card, player: red, cards: []}
      - act: ["red: go"]
      - expect:
          - {pile: hand, kind: card, player: red, n: 4}
          - {pile: discard, kind: card, player: red, n: 0}
      - set:
          piles: {card: {red: {hand: {cards: [crown], only: discard}}}}
      - expect:
          - {pile: hand, kind: card, player: red, cards: [crown]}
          - {pile: discard, kind: card, player: red, cards: [coin, coin, star]}
    """) == []


@pytest.mark.parametrize("steps, line, message", [
    ("""\
      - set:
          piles: {card: {red: {hand: [crown, crown]}}}
    """, 6, "no (other) card token matches {\"name\": \"crown\"}"),
    ("""\
      - set:
          piles: {card: {blue: {hand: [crown]}}}
      - set:
          piles: {card: {red: {hand: [crown]}}}
    """, 8, "only other players' card tokens match {\"name\": \"crown\"} (e.g. blue's)"),
    ("""\
      - set:
          piles: {card: {red: {pocket: [crown]}}}
    """, 6, "unknown place 'pocket'"),
    ("""\
      - set:
          piles: {gold: {red: {hand: [crown]}}}
    """, 6, "unknown piece 'gold'"),
    ("""\
      - expect: {pile: hand, kind: card, player: red, cards: [crown]}
    """, 5, "red's hand of card: no (other) 'crown' in []"),
])
def test_pile_errors_are_located(tmp_path, steps, line, message):
    found = problems(tmp_path, steps)
    assert len(found) == 1 and found[0][0] == line and message in found[0][1], found


def test_another_players_card_is_taken_when_named(tmp_path):
    assert problems(tmp_path, """\
      - set:
          piles: {card: {blue: {hand: [crown]}}}
      - set:
          piles: {card: {red: {hand: [{name: crown, owner: blue}]}}}
      - expect:
          - {pile: hand, kind: card, player: red, cards: [crown]}
          - {pile: hand, kind: card, player: blue, n: 0}
    """) == []


def test_the_command_reports_a_concept_error_at_its_line(tmp_path):
    path = tmp_path / "bad.scenario.yaml"
    path.write_text(header() + "  - set:\n      tracks: {fame: {red: -3}}\n", encoding="utf-8")
    command = [str(Path(sys.executable).parent / "regola"), "scenario", "run", str(path)]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == f"{path}:6: track fame has no space -3: its floor is 0"
    assert "Traceback" not in done.stdout + done.stderr


def test_a_grid_cell_can_be_set_face_up_or_down(tmp_path):
    """A tile laid by `set` keeps its side unless the cell says `shown` (true: face up, as
    a tile in play lies once revealed; false: face down)."""
    assert problems(tmp_path, """\
      - set:
          grids:
            yard: {red: [{cell: [0, 1], tile: X, shown: true},
                         {cell: [1, 0], tile: ABC, shown: false}]}
      - expect:
          - {grid: yard, player: red, cell: [0, 1], top: {shown: true}}
          - {grid: yard, player: red, cell: [1, 0], top: {shown: false}}
    """.replace("X", "{layout: [x, x, x, x, x, x, x, x, x]}")
        .replace("ABC", "{layout: [a, b, c, a, b, c, a, b, c]}"), game=GRIDS) == []
    found = problems(tmp_path, """\
      - set:
          grids: {yard: {red: [{cell: [0, 1], tile: X, shown: 1}]}}
    """.replace("X", "{layout: [x, x, x, x, x, x, x, x, x]}"), game=GRIDS)
    assert len(found) == 1 and found[0][0] == 6 and "shown must be true or false" in \
        found[0][1], found
