"""A face-down token shows only what its back shows: a token kind with secret properties
must declare every other property whose value differs between its tokens as public, or the
loader refuses it (Copycat's start cards once showed their set letter to every seat)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import regola
from conftest import edit_rule_file
from regola.loading.sources import rules_root


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(str(folder))
    return [str(p) for p in err.value.problems]


def copy_of(game: str, tmp_path: Path) -> Path:
    target = tmp_path / game
    shutil.copytree(rules_root() / game, target)
    return target


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_copycat_face_down_cards_hide_their_set_from_other_seats():
    """notes Components: the start set's letter is printed on the card's face."""
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=5)
    hidden = [t for t in state.observe(1)["tokens"]
              if t["kind"] == "card" and t["owner"] == 0 and not t["shown"]]
    assert hidden
    for token in hidden:
        assert "set" not in token and "id" not in token and "name" not in token
    own = [t for t in state.observe(0)["tokens"]
           if t["kind"] == "card" and t["owner"] == 0 and not t["shown"]]
    assert own and all(t["set"] in ("a", "b", "c", "d") for t in own)


def test_warsaw_tile_backs_show_their_epoch_to_everyone():
    game = regola.load_game("warsaw")
    state = game.new_state(players=2, seed=5)
    face_down = [t for t in state.observe(None)["tokens"]
                 if t["kind"] == "tile" and not t["shown"]]
    assert face_down and all("epoch" in t and "cost" not in t for t in face_down)


def test_a_differing_property_left_undeclared_is_refused(tmp_path):
    folder = copy_of("copycat", tmp_path)
    game = folder / "game.yaml"
    edit_rule_file(game, ("secret: [name, number, price, section, colour, effect, amount, set]",
                          "secret: [name, number, price, section, colour, effect, amount]"))
    (problem,) = problems_of(folder)
    assert problem.startswith(f"{game}:{line_of(game, 'secret: [name')}:5: tokens.card.secret: ")
    assert "card: the property 'set' differs between tokens and is neither secret nor public" \
        in problem


def test_warsaw_without_its_public_list_is_refused(tmp_path):
    folder = copy_of("warsaw", tmp_path)
    edit_rule_file(folder / "game.yaml", ("    public: [epoch, slot]\n", ""))
    problems = problems_of(folder)
    assert len(problems) == 2
    assert "the property 'epoch' differs" in problems[0]
    assert "the property 'slot' differs" in problems[1]


def test_a_public_entry_must_be_a_property_and_not_secret(tmp_path):
    folder = copy_of("warsaw", tmp_path)
    game = folder / "game.yaml"
    edit_rule_file(game, ("    public: [epoch, slot]\n",
                          "    public: [epoch, slot, cost, colour]\n"))
    problems = problems_of(folder)
    row = line_of(game, "public: [epoch")
    assert any(p.startswith(f"{game}:{row}:") and "'cost' of tile is both secret and public"
               in p for p in problems)
    assert any("tokens.tile.public[3]: 'colour' is not a property of tile" in p
               for p in problems)
