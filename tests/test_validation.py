"""Bad rule files: every problem at once, each located as file:line:col: path: message."""

from __future__ import annotations

from pathlib import Path

import pytest

import regola
from conftest import edit_rule_file


def edit(path: Path, old: str, new: str) -> None:
    edit_rule_file(path, (old, new))


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(str(folder))
    return [str(p) for p in err.value.problems]


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_the_built_in_game_and_variants_are_valid():
    assert regola.load_game("doge").definition.id == "doge"
    for variant in ("cheap_palaces", "year_limit"):
        assert regola.load_game("doge", variant).definition.variant == variant


def test_broken_yaml_is_located(doge_copy):
    edit(doge_copy / "game.yaml", "pieces:\n", "pieces: [\n")
    (problem,) = problems_of(doge_copy)
    assert problem.startswith(f"{doge_copy / 'game.yaml'}:")
    assert "YAML syntax" in problem


def test_schema_problems_are_all_reported_with_line_column_and_path(doge_copy):
    game = doge_copy / "game.yaml"
    edit(game, "seats:", "seatz:")
    edit(game, "house:  {per_player: 15}", "house:  {per_player: many}")
    problems = problems_of(doge_copy)
    row = line_of(game, "seatz:")
    assert f"{game}:{row}:1: seatz: unknown key 'seatz' (did you mean 'seats'?)" in problems[1] \
        or any(p.startswith(f"{game}:{row}:1: seatz: unknown key") for p in problems)
    house_row = line_of(game, "per_player: many")
    assert any(p.startswith(f"{game}:{house_row}:") and "pieces.house.per_player" in p
               and "expected an integer, got 'many'" in p for p in problems)
    assert any("missing required key 'seats'" in p for p in problems)


def test_area_properties_are_checked_against_their_kind(doge_copy):
    game = doge_copy / "game.yaml"
    edit(game, "palace_costs: [3, 4, 5, 6, 7]}\n  san_polo",
         "palace_costs: [3, 4, five, 6, 7]}\n  san_polo")
    (problem,) = problems_of(doge_copy)
    row = line_of(game, "[3, 4, five")
    assert problem.startswith(f"{game}:{row}:")
    assert "areas.san_marco.palace_costs[2]: expected an integer, got 'five'" in problem


def test_script_syntax_error_shows_line_column_and_caret(doge_copy):
    script = doge_copy / "building.regola"
    edit(script, "        let built = 0\n", "        let built = 0 +\n")
    (problem,) = problems_of(doge_copy)
    row = line_of(script, "let built = 0 +")
    assert problem.startswith(f"{script}:{row}:")
    assert "unexpected end of line" in problem and "^" in problem


def test_unknown_names_arity_and_kinds_are_reported_together(doge_copy):
    script = doge_copy / "flow.regola"
    card_played = "    move_token(first(tokens(card, owner=p, at=hand, area=area)), played)\n"
    edit(script, card_played,
         card_played + "    let placed = count(horse, owner=p)\n    move(house, p)\n"
         "    let x = lenn(placed)\n    let y = tokens(house, colour=1)\n")
    problems = problems_of(doge_copy)
    text = "\n".join(problems)
    assert f"{script}:{line_of(script, 'horse')}:24: def choose_card_and_markers: unknown name " \
           "'horse'; did you mean 'house'?" in text
    assert "move takes 4 to 5 argument(s), got 2" in text
    assert "unknown function 'lenn'; did you mean 'len'?" in text
    assert "tokens: unknown filter 'colour'" in text
    assert len(problems) == 4


def test_end_condition_expressions_are_checked_in_the_yaml(doge_copy):
    game = doge_copy / "game.yaml"
    edit(game, "every_district: districts_with_palace(p)",
         "every_district: district_with_palace(p)")
    (problem,) = problems_of(doge_copy)
    assert problem.startswith(f"{game}:{line_of(game, 'every_district:')}:")
    assert "end.conditions.every_district" in problem and "districts_with_palace" in problem


def test_a_local_may_not_hide_a_piece_kind(doge_copy):
    edit(doge_copy / "flow.regola", "for c in tokens(card, at=played)",
         "for card in tokens(card, at=played)")
    problems = problems_of(doge_copy)
    assert any("local name 'card' hides the global 'card'" in p for p in problems)


def test_variant_problems_are_located_in_the_variant_file(tmp_path):
    variant = tmp_path / "bad.yaml"
    variant.write_text("extends: doge\nvariant: bad\nname: Bad\nareas:\n"
                       "  castello: {palace_costs: [3, x]}\n")
    with pytest.raises(regola.RuleError) as err:
        regola.load_game("doge", str(variant))
    (problem,) = err.value.problems
    assert str(problem).startswith(f"{variant}:5:")
    assert "areas.castello.palace_costs[1]" in str(problem)


def test_an_option_value_outside_its_choices_is_refused_at_its_line(tmp_path):
    # `choices:` lists the values the scripts support; any other (here a variant's) is refused.
    variant = tmp_path / "other_reading.yaml"
    variant.write_text("extends: copycat\nvariant: other_reading\nname: Other\noptions:\n"
                       "  empty_deck_draws_what_exists: {value: false}\n")
    with pytest.raises(regola.RuleError) as err:
        regola.load_game("copycat", str(variant))
    (problem,) = err.value.problems
    assert str(problem).startswith(f"{variant}:5:")
    assert "option 'empty_deck_draws_what_exists'" in str(problem)
    assert "do not support the value false; supported: true" in str(problem)


def test_a_value_among_the_choices_loads(tmp_path):
    variant = tmp_path / "same_reading.yaml"
    variant.write_text("extends: copycat\nvariant: same_reading\nname: Same\noptions:\n"
                       "  vp_track_unbounded: {value: true}\n")
    assert regola.load_game("copycat", str(variant)).definition.options[
        "vp_track_unbounded"].value is True
