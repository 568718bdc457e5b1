"""A new game is a folder: written by `regola new-game` into a temporary folder outside the
repository, it validates, plays, simulates, runs its own scenarios and builds its en, es and
nl rulebooks with nothing changed outside it; a broken outline, table layout or rule in that
folder is caught at its line (issue 21)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regola.cli.app import app
from regola.i18n.catalog import locales_dir
from regola.loading.sources import rules_root

runner = CliRunner()
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def no_locale(monkeypatch):
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


def package_digest() -> str:
    """A fingerprint of every file of the package's rules and catalogs."""
    digest = hashlib.sha256()
    for root in (rules_root(), locales_dir()):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """The game `regola new-game` writes, made once."""
    where = tmp_path_factory.mktemp("made")
    result = run("new-game", "pairs", "--dir", str(where))
    assert result.exit_code == 0, result.output
    return where / "pairs"


@pytest.fixture
def game(made: Path, tmp_path: Path) -> Path:
    """A fresh copy of the new game in a temporary folder outside the repository."""
    target = tmp_path / "designer" / "pairs"
    shutil.copytree(made, target)
    assert not target.resolve().is_relative_to(rules_root().resolve().parent)
    return target


def lines_of(path: Path, text: str) -> int:
    """The 1-based line of the first line of `path` that holds `text`."""
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text in line)


def test_new_game_writes_its_rules_texts_book_scenario_and_catalogs(made):
    names = sorted(p.relative_to(made).as_posix() for p in made.rglob("*") if p.is_file())
    assert names == ["flow.regola", "game.yaml", "locales/es.po", "locales/nl.po",
                     "reviewed.yaml", "rulebook.yaml",
                     "scenarios/higher_card_wins.scenario.yaml", "table.yaml", "text.yaml"]
    assert "id: pairs" in (made / "game.yaml").read_text(encoding="utf-8")
    assert 'msgctxt "pairs.asks"' in (made / "locales" / "es.po").read_text(encoding="utf-8")


def test_new_game_refuses_a_bad_id_and_an_existing_folder(made):
    result = run("new-game", "Pairs", "--dir", str(made.parent))
    assert result.exit_code == 2
    assert "'Pairs' is not a game id" in result.output
    result = run("new-game", "pairs", "--dir", str(made.parent))
    assert result.exit_code == 2
    assert f"{made} already exists" in result.output


def test_a_game_folder_validates_plays_simulates_runs_its_scenarios_and_builds_its_books(
        game):
    before = package_digest()
    result = run("validate", str(game))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok: pairs (")
    assert "warning" not in result.output
    result = run("play", str(game), "--seats", "random,random", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "regola play" in result.output and "--seed 3" in result.output
    result = run("simulate", str(game), "--games", "6", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "6 games" in result.output
    result = run("scenario", "run", str(game))
    assert result.exit_code == 0, result.output
    assert "1 passed, 0 failed" in result.output
    titles = {"en": "The rules in full", "es": "Las reglas completas",
              "nl": "De volledige regels"}
    for lang, title in titles.items():
        result = run("rulebook", str(game), "--lang", lang)
        assert result.exit_code == 0, result.output
        assert result.output.startswith("# Pairs\n")
        assert f"## {title}" in result.output
    assert "Cada jugador juega una carta de su mano" in \
        run("rulebook", str(game), "--lang", "es").output
    assert package_digest() == before


def test_a_broken_outline_and_table_layout_fail_validate_at_their_lines(game):
    book = game / "rulebook.yaml"
    book.write_text(book.read_text(encoding="utf-8").replace(
        "title: A round", "title: A round: of play"), encoding="utf-8")
    table = game / "table.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace(
        "by_owner: true", "by_owner: sometimes"), encoding="utf-8")
    result = run("validate", str(game))
    assert result.exit_code == 2
    book_line = lines_of(book, "title: A round: of play")
    table_line = lines_of(table, "by_owner: sometimes")
    assert re.search(rf"{re.escape(str(book))}:{book_line}:\d+: YAML syntax", result.output), \
        result.output
    assert re.search(rf"{re.escape(str(table))}:{table_line}:\d+: panels\[0\]\.by_owner",
                     result.output), result.output


def test_a_table_layout_naming_what_the_game_lacks_fails_validate_at_its_line(game):
    table = game / "table.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace(
        "locations: [hand, table, discard]", "locations: [hand, table, trash]"),
        encoding="utf-8")
    report = json.loads(run("validate", str(game), "--format", "json").stdout)
    assert report["valid"] is False
    assert [(p["file"], p["line"]) for p in report["problems"]] == \
        [(str(table), lines_of(table, "trash"))]


def test_a_game_that_does_not_load_still_has_its_other_files_read(game):
    """Every broken file is named in one run, even when the rules themselves fail."""
    rules = game / "game.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "players: {min: 2, max: 2}", "players: 2"), encoding="utf-8")
    table = game / "table.yaml"
    table.write_text(table.read_text(encoding="utf-8") + "panels: [\n", encoding="utf-8")
    scenario = game / "scenarios" / "higher_card_wins.scenario.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("seed: 1", "seed: [1"),
                        encoding="utf-8")
    result = run("validate", str(game))
    assert result.exit_code == 2
    files = {line.split(":")[0] for line in result.output.splitlines()[1:]}
    assert files == {str(rules), str(table), str(scenario)}, result.output


def test_a_scenario_in_the_folder_fails_when_its_rule_is_broken_there(game):
    flow = game / "flow.regola"
    flow.write_text(flow.read_text(encoding="utf-8").replace(
        "winner.points = winner.points + 1", "winner.points = winner.points + 2"),
        encoding="utf-8")
    assert run("validate", str(game)).exit_code == 0    # still a valid game: another rule
    result = run("scenario", "run", str(game))
    assert result.exit_code == 1
    assert "expected points = 1, found 2" in result.output
    assert "0 passed, 1 failed" in result.output


def test_a_scenario_in_a_game_folder_naming_another_game_is_a_located_error(game):
    scenario = game / "scenarios" / "higher_card_wins.scenario.yaml"
    scenario.write_text("game: kuhn\n" + scenario.read_text(encoding="utf-8"),
                        encoding="utf-8")
    result = run("scenario", "run", str(game))
    assert result.exit_code == 1
    assert f"{scenario}:1: this scenario is kept with the game in" in result.output
    assert "not 'kuhn'" in result.output
    result = run("validate", str(game))
    assert result.exit_code == 2 and f"{scenario}:1:" in result.output


def test_a_scenario_outside_a_game_names_it_by_a_path_from_the_scenario_file(game, tmp_path):
    elsewhere = tmp_path / "checks" / "deep"
    elsewhere.mkdir(parents=True)
    source = (game / "scenarios" / "higher_card_wins.scenario.yaml").read_text(
        encoding="utf-8")
    (elsewhere / "wins.scenario.yaml").write_text("game: ../../designer/pairs\n" + source,
                                                  encoding="utf-8")
    result = run("scenario", "run", str(elsewhere))
    assert result.exit_code == 0, result.output
    assert "1 passed, 0 failed" in result.output


def test_a_game_that_ships_english_only_needs_no_catalogs(game):
    rules = game / "game.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "languages: [en, es, nl]", "languages: [en]"), encoding="utf-8")
    shutil.rmtree(game / "locales")
    assert run("validate", str(game)).exit_code == 0
    result = run("catalogs", "update", str(game))
    assert result.exit_code == 0
    assert "ships its texts in English only" in result.output
    assert not (game / "locales").exists()


def test_a_game_shipping_spanish_must_have_it_complete(game):
    rules = game / "game.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "languages: [en, es, nl]", "languages: [en, es]"), encoding="utf-8")
    (game / "locales" / "nl.po").unlink()
    text = game / "text.yaml"
    text.write_text(text.read_text(encoding="utf-8").replace(
        "  round_tied:", "  all_passed: Everybody passed\n  round_tied:"), encoding="utf-8")
    result = run("validate", str(game))
    assert result.exit_code == 2
    assert "no entry for 'Everybody passed'" in result.output and "nl.po" not in result.output
    result = run("catalogs", "update", str(game))
    assert "es.po: 1 added, 0 dropped; 1 to translate" in result.output
    assert not (game / "locales" / "nl.po").exists()


def test_catalogs_compile_writes_what_the_game_then_reads(game):
    result = run("catalogs", "compile", str(game))
    assert result.exit_code == 0, result.output
    assert (game / "locales" / "es.mo").is_file() and (game / "locales" / "nl.mo").is_file()
    assert "## Las reglas completas" in run("rulebook", str(game), "--lang", "es").output
    po = game / "locales" / "es.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Cartas"', 'msgstr ""'),
                  encoding="utf-8")
    result = run("catalogs", "compile", str(game))
    assert result.exit_code == 2
    assert "'Cards' is not translated" in result.output


def test_a_copy_given_a_new_id_keeps_its_translations(game):
    rules = game / "game.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("id: pairs", "id: twins"),
                     encoding="utf-8")
    assert run("validate", str(game)).exit_code == 2     # the catalogs still say pairs
    result = run("catalogs", "update", str(game))
    assert "es.po: 0 added, 0 dropped; 0 to translate" in result.output, result.output
    assert run("validate", str(game)).exit_code == 0


def test_a_game_is_found_by_its_name_inside_its_own_folder(game, monkeypatch):
    monkeypatch.chdir(game)
    result = run("validate", "pairs")
    assert result.exit_code == 0 and result.output.startswith("ok: pairs"), result.output
    wrong = run("validate", "pears")
    assert wrong.exit_code != 0
    assert "the game here is in the folder 'pairs'" in wrong.output, wrong.output
    monkeypatch.chdir(game.parent)
    away = run("validate", "pears")
    assert "run it inside the game's folder named 'pears'" in away.output, away.output
