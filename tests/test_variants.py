"""Variants: checked against their game (names, types, choices) with every problem located
in the variant file; a variant given as a game; their own name and description; the
`new-variant` command; and load_game seeing edited files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import regola
from conftest import edit_rule_file
from regola.cli.app import app
from regola.loading.sources import builtin_games, builtin_variants, rules_root
from regola.rulebook.book import build_rulebook

runner = CliRunner()


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """These tests read English output: the locale of the machine must not change it."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


def variant(tmp_path: Path, body: str, game: str = "doge") -> Path:
    path = tmp_path / "v.yaml"
    path.write_text(f"extends: {game}\nvariant: v\nname: V\n{body}", encoding="utf-8")
    return path


def problems(path: Path, game: str = "doge") -> list[str]:
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(game, str(path))
    return [str(p) for p in err.value.problems]


def test_every_built_in_variant_still_loads():
    loaded = [(game, p.stem) for game in builtin_games() for p in builtin_variants(game)]
    assert len(loaded) >= 3
    for game, vid in loaded:
        assert regola.load_game(game, vid).definition.variant == vid


# -- C: what a variant overrides must exist and keep its type -------------------------------
def test_a_misspelt_constant_says_which_one_was_meant(tmp_path):
    path = variant(tmp_path, "constants:\n  winer_houses: 3\n")
    assert problems(path) == [f"{path}:5:17: constants.winer_houses: no constant "
                              "'winer_houses' in doge (did you mean winner_houses?)"]


def test_a_misspelt_area_is_not_reported_as_a_missing_kind(tmp_path):
    path = variant(tmp_path, "areas:\n  canaregio: {palace_costs: [2, 3, 4, 5, 6]}\n")
    assert problems(path) == [f"{path}:5:3: areas.canaregio: no area 'canaregio' in doge "
                              "(did you mean cannaregio?)"]


def test_an_unknown_option_piece_or_track_is_refused(tmp_path):
    path = variant(tmp_path, "options:\n  shared_victroy: {value: false}\n"
                             "pieces:\n  hose: {per_player: 3}\n")
    assert problems(path) == [
        f"{path}:5:3: options.shared_victroy: no option 'shared_victroy' in doge "
        "(did you mean shared_victory?)",
        f"{path}:7:3: pieces.hose: no piece 'hose' in doge (did you mean house?)"]
    rialto = variant(tmp_path, "tracks:\n  vps: {start: 1}\n", "rialto")
    assert problems(rialto, "rialto") == [f"{rialto}:5:3: tracks.vps: no track 'vps' in rialto "
                                          "(did you mean vp?)"]


def test_a_new_constant_is_allowed_only_when_the_variant_uses_it(tmp_path):
    unused = variant(tmp_path, "constants:\n  last_round: 6\n")
    (problem,) = problems(unused)
    assert problem.startswith(f"{unused}:5:15: constants.last_round: no constant 'last_round' "
                              "in doge; doge has: placement_rounds, ")
    assert problem.endswith("a new constant is allowed only if the variant's rules use it")
    used = variant(tmp_path, "constants:\n  last_round: 6\nend:\n  conditions:\n"
                             "    late: game.year >= last_round\n")
    assert regola.load_game("doge", str(used)).definition.constants["last_round"] == 6


def test_wrongly_typed_constants_and_options_are_all_reported_at_once(tmp_path):
    path = variant(tmp_path, "constants:\n  winner_houses: three\n"
                             "  placement_rounds: {by_players: {3: 4, 4: many}}\n"
                             "  runner_up_houses: 1.5\n"
                             "options:\n  shared_victory: {value: maybe}\n")
    assert problems(path) == [
        f"{path}:5:18: constants.winner_houses: constant 'winner_houses' of doge is a whole "
        'number, got "three"',
        f"{path}:6:44: constants.placement_rounds.by_players.4: constant 'placement_rounds' of "
        'doge is a whole number, got "many"',
        f"{path}:7:21: constants.runner_up_houses: constant 'runner_up_houses' of doge is a "
        "whole number, got 1.5",
        f"{path}:9:27: options.shared_victory.value: option 'shared_victory' of doge is true "
        'or false, got "maybe"']


def test_the_validate_command_lists_every_variant_problem_and_exits_2(tmp_path):
    path = variant(tmp_path, "constants:\n  winer_houses: 3\n  winner_houses: true\n")
    result = runner.invoke(app, ["validate", "doge", "--variant", str(path)])
    assert result.exit_code == 2
    assert "invalid: 2 problems" in result.output
    assert f"{path}:5:17: constants.winer_houses: no constant 'winer_houses' in doge (did " \
           "you mean winner_houses?)" in result.output
    assert f"{path}:6:18: constants.winner_houses: constant 'winner_houses' of doge is a " \
           "whole number, got true" in result.output


def test_an_option_value_outside_its_choices_is_refused_with_the_other_problems(tmp_path):
    path = variant(tmp_path, "options:\n  empty_deck_draws_what_exists: {value: false}\n"
                             "constants:\n  nope: 1\n", "copycat")
    found = problems(path, "copycat")
    assert found[0] == (f"{path}:5:41: options.empty_deck_draws_what_exists.value: option "
                        "'empty_deck_draws_what_exists': the scripts do not support the value "
                        "false; supported: true")
    assert found[1].startswith(f"{path}:7:9: constants.nope: no constant 'nope' in copycat")


def test_a_constant_may_become_per_player_count_and_back(tmp_path):
    per_count = variant(tmp_path, "constants:\n  winner_houses: {by_players: {3: 3, 4: 2}}\n"
                                  "  placement_rounds: 3\n")
    constants = regola.load_game("doge", str(per_count)).definition.constants
    assert constants["winner_houses"] == {"by_players": {3: 3, 4: 2}}
    assert constants["placement_rounds"] == 3


def test_a_variant_cannot_change_the_game_id(tmp_path):
    path = variant(tmp_path, "id: rialto\n")
    assert problems(path) == [f"{path}:4:5: id: a variant cannot change its game's id"]


def test_a_game_file_given_as_a_variant_is_named_as_such():
    with pytest.raises(regola.RuleError) as err:
        regola.load_game("doge", str(rules_root() / "doge" / "game.yaml"))
    assert str(err.value) == ("rules/doge/game.yaml:1:1: this file is a game, not a variant "
                              "(a variant starts with `extends: <game>`)")


# -- D: a variant given where a game is expected ----------------------------------------------
def test_a_built_in_variant_given_as_a_game_suggests_variant():
    path = rules_root() / "doge" / "variants" / "year_limit.yaml"
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(str(path))
    assert str(err.value) == ("rules/doge/variants/year_limit.yaml:2:10: extends: this file is "
                              "a variant of doge, not a game; load it with its game: "
                              "load_game('doge', 'year_limit')")
    for command in (["validate"], ["play"], ["simulate", "--games", "1"], ["rulebook"]):
        result = runner.invoke(app, [*command[:1], str(path), *command[1:]])
        assert result.exit_code == 2, result.output
        assert (f"rules/doge/variants/year_limit.yaml:2:10: extends: this file is a variant of "
                f"doge, not a game; use: regola {command[0]} doge --variant year_limit"
                ) in result.output
        assert "Traceback" not in result.output


def test_a_variant_file_elsewhere_given_as_a_game_suggests_its_path(tmp_path):
    path = variant(tmp_path, "")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert (f"{path}:1:10: extends: this file is a variant of doge, not a game; use: regola "
            f"validate doge --variant {path}") in result.output


def test_a_variant_in_a_game_folder_is_found_by_its_id(tmp_path):
    game = tmp_path / "mygame"
    shutil.copytree(rules_root() / "doge", game)
    shutil.copy(game / "variants" / "year_limit.yaml", game / "variants" / "six.yaml")
    edit_rule_file(game / "variants" / "six.yaml", ("variant: year_limit", "variant: six"))
    assert regola.load_game(str(game), "six").definition.variant == "six"
    result = runner.invoke(app, ["validate", str(game / "variants" / "six.yaml")])
    assert f"use: regola validate {game} --variant six" in result.output


# -- E: the variant's own name and description; new-variant ------------------------------------
def test_a_variant_rulebook_uses_the_variant_files_name_and_description(tmp_path):
    path = variant(tmp_path, "description: Two houses for each winner, one more than usual.\n"
                             "constants:\n  winner_houses: 3\n")
    edit_rule_file(path, ("name: V", "name: Generous elections"))
    markdown = build_rulebook("doge", str(path), "en").markdown
    assert markdown.startswith("# Doge: Generous elections\n")
    assert ("This rulebook describes the variant “Generous elections”: Two houses for each "
            "winner, one more than usual.") in markdown


def test_games_details_lists_each_variant_with_its_name_and_description():
    result = runner.invoke(app, ["games", "--details"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "doge: variants" in result.stdout
    row = next(line for line in result.stdout.splitlines() if "cheap_palaces" in line
               and "Cheaper palaces" in line and "palace space costs one house less" in line)
    assert row


def test_new_variant_writes_a_commented_file_that_validates(tmp_path):
    out = tmp_path / "generous.yaml"
    result = runner.invoke(app, ["new-variant", "doge", "generous", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "extends: doge\nvariant: generous\n" in text and "name: Generous\n" in text
    assert "#   shared_victory: {value: true}" in text          # options, commented
    assert "#   winner_houses: 2" in text                       # constants, commented
    assert "#   cannaregio: {palace_costs: [3, 4, 5, 6, 7]}" in text
    checked = runner.invoke(app, ["validate", "doge", "--variant", str(out)])
    assert checked.exit_code == 0 and "ok: doge variant generous" in checked.output
    # uncommenting an override gives a working variant
    edit_rule_file(out, ("# constants:\n", "constants:\n"),
                   ("#   winner_houses: 2", "  winner_houses: 3"))
    assert regola.load_game("doge", str(out)).definition.constants["winner_houses"] == 3


@pytest.mark.parametrize("game", ["rialto", "warsaw", "copycat"])
def test_new_variant_files_of_every_game_validate(tmp_path, game):
    out = tmp_path / f"{game}_x.yaml"
    result = runner.invoke(app, ["new-variant", game, "x", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert regola.load_game(game, str(out)).definition.variant == "x"


def test_new_variant_refuses_to_overwrite_and_a_bad_id(tmp_path):
    out = tmp_path / "taken.yaml"
    out.write_text("mine\n", encoding="utf-8")
    result = runner.invoke(app, ["new-variant", "doge", "taken", "--out", str(out)])
    assert result.exit_code == 2
    assert f"{out} already exists; choose another file with --out" in result.output
    assert out.read_text(encoding="utf-8") == "mine\n"
    bad = runner.invoke(app, ["new-variant", "doge", "Not-An-Id", "--out",
                              str(tmp_path / "n.yaml")])
    assert bad.exit_code == 2 and "'Not-An-Id' is not a variant id" in bad.output
    assert not (tmp_path / "n.yaml").exists()


# -- F: load_game sees edited files ---------------------------------------------------------
def test_load_game_sees_an_edited_constant(doge_copy):
    first = regola.load_game(str(doge_copy))
    assert first.definition.constants["winner_houses"] == 2
    assert regola.load_game(str(doge_copy)) is first            # unchanged files: same game
    edit_rule_file(doge_copy / "game.yaml", ("winner_houses: 2", "winner_houses: 5"))
    assert regola.load_game(str(doge_copy)).definition.constants["winner_houses"] == 5


def test_load_game_sees_edited_variants_scripts_and_texts(doge_copy, tmp_path):
    path = variant(tmp_path, "constants:\n  winner_houses: 3\n")
    assert regola.load_game(str(doge_copy), str(path)).definition.constants[
        "winner_houses"] == 3
    edit_rule_file(path, ("winner_houses: 3", "winner_houses: 4"))
    assert regola.load_game(str(doge_copy), str(path)).definition.constants[
        "winner_houses"] == 4
    edit_rule_file(doge_copy / "text.yaml", ("game: Doge", "game: Doge II"))
    assert regola.load_game(str(doge_copy)).definition.text["game"] == "Doge II"
    first = "    let areas_left = [c.area for c in tokens(card, owner=p, at=hand)]\n"
    edit_rule_file(doge_copy / "flow.regola", (first, "    let areas_left = \n"))
    with pytest.raises(regola.RuleError):
        regola.load_game(str(doge_copy))
