"""A study's journal (`regola simulate --keep FILE`): each finished game is kept as it ends,
and the same command run again plays only the games the file does not hold, with the records
of one uninterrupted run; a journal of another study (other settings, edited rules) or a file
that is no journal is refused, naming the file, before any game is played."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

import regola
from regola.cli.app import app
from regola.lab import Study, parse_seats, run_study, without_timings
from regola.lab.journal import JournalError, open_journal
from regola.loading.sources import rules_root

runner = CliRunner()
SIMULATE = ["simulate", "copycat", "--players", "3", "--seats", "greedy,random,random",
            "--seed", "4"]


def simulate(*args: str):
    return runner.invoke(app, [*SIMULATE, *args])


def lines_of(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_study_kept_in_two_runs_has_the_records_of_one_run(tmp_path, jobs):
    path = tmp_path / "study.jsonl"
    first = simulate("--games", "3", "--keep", str(path), "--jobs", jobs)
    assert first.exit_code == 0, first.output
    kept = lines_of(path)
    assert kept[0]["study"]["seed"] == 4 and "games" not in kept[0]["study"]
    assert sorted(r["game"] for r in kept[1:]) == [0, 1, 2]
    second = simulate("--games", "5", "--keep", str(path), "--jobs", jobs, "--json", "-")
    assert second.exit_code == 0, second.output
    assert "holds 3 of the 5 games" in second.output
    assert "Copycat: 5 games, 2 played now in " in second.output
    assert sorted(r["game"] for r in lines_of(path)[1:]) == [0, 1, 2, 3, 4]   # 3, 4 added
    whole = simulate("--games", "5", "--json", "-")
    strip = lambda out: without_timings(json.loads(out[out.index("["):out.rindex("]") + 1]))  # noqa: E731
    assert strip(second.stdout) == strip(whole.stdout)
    third = simulate("--games", "5", "--keep", str(path), "--jobs", jobs)
    assert "holds every game (5): nothing to play" in third.output
    assert "Copycat: 5 games, all kept before, " in third.output


def test_a_game_is_kept_as_soon_as_it_ends(tmp_path):
    """A study stopped part-way (here by the keeper itself) keeps what finished."""
    game = regola.load_game("doge")
    study = Study("doge", tuple(parse_seats("random", 3, [3, 4])), 6, 2)
    journal = open_journal(tmp_path / "j.jsonl", study, game)

    def keep_two(records):
        journal.keep(records)
        if journal.held == 2:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        run_study(study, jobs=1, done=journal.done, keep=keep_two)
    journal.close()
    again = open_journal(tmp_path / "j.jsonl", study, game)
    assert sorted(again.done) == [0, 1]
    rest = run_study(study, jobs=2, done=again.done, keep=again.keep)
    again.close()
    assert without_timings(rest) == without_timings(run_study(study, jobs=1))
    assert len(open_journal(tmp_path / "j.jsonl", study, game).done) == 6


def test_a_last_line_cut_short_by_a_kill_is_dropped(tmp_path):
    path = tmp_path / "study.jsonl"
    assert simulate("--games", "2", "--keep", str(path)).exit_code == 0
    with path.open("a") as out:
        out.write('{"game": 2, "winn')                 # the write a kill interrupted
    result = simulate("--games", "3", "--keep", str(path))
    assert result.exit_code == 0, result.output
    assert sorted(r["game"] for r in lines_of(path)[1:]) == [0, 1, 2]


@pytest.mark.parametrize("change, setting", [
    (["--seed", "5"], "seed"),
    (["--seats", "random,random,greedy"], "seats"),
    (["--max-decisions", "900"], "max_decisions"),
])
def test_the_journal_of_another_study_is_refused_before_any_game(tmp_path, change, setting):
    path = tmp_path / "study.jsonl"
    assert simulate("--games", "2", "--keep", str(path)).exit_code == 0
    before = path.read_bytes()
    result = runner.invoke(app, [*SIMULATE, "--games", "3", "--keep", str(path), *change])
    assert result.exit_code == 2
    assert f"{path} keeps another study: its {setting} is" in result.output
    assert "Traceback" not in result.output
    assert path.read_bytes() == before


def test_edited_rules_make_another_study(tmp_path):
    """A variant study on rules edited since the journal was begun is not mixed into it."""
    rules = tmp_path / "copycat"
    shutil.copytree(rules_root() / "copycat", rules)
    path = tmp_path / "study.jsonl"
    args = ["simulate", str(rules), "--players", "3", "--seed", "1", "--keep", str(path)]
    assert runner.invoke(app, [*args, "--games", "1"]).exit_code == 0
    game_yaml = rules / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\n# a changed rule file\n")
    result = runner.invoke(app, [*args, "--games", "2"])
    assert result.exit_code == 2
    assert f"{path} keeps a study of other rules: a rule file changed" in result.output


@pytest.mark.parametrize("text, where", [('{"x": 1}\n', ":1 is not a study journal"),
                                         (None, ":2 is not a game's record")])
def test_a_file_that_is_no_journal_is_refused_at_its_line(tmp_path, text, where):
    path = tmp_path / "study.jsonl"
    if text is None:
        assert simulate("--games", "1", "--keep", str(path)).exit_code == 0
        lines = path.read_text().splitlines()
        text = "\n".join([lines[0], "not json", *lines[1:]]) + "\n"
    path.write_text(text)
    result = simulate("--games", "2", "--keep", str(path))
    assert result.exit_code == 2 and f"{path}{where}" in result.output
    with pytest.raises(JournalError):
        open_journal(path, Study("copycat", tuple(parse_seats("random", 3, [3])), 1, 4),
                     regola.load_game("copycat"))


def test_a_journal_is_written_only_when_a_game_ends(tmp_path):
    path = tmp_path / "new.jsonl"
    study = Study("doge", tuple(parse_seats("random", 3, [3, 4])), 2, 1)
    journal = open_journal(path, study, regola.load_game("doge"))
    journal.close()
    assert not path.exists()


def test_compare_keeps_a_journal_per_study_in_its_folder(tmp_path):
    folder = tmp_path / "kept"
    args = ["compare", "doge", "--variant", "year_limit", "--players", "3", "--seed", "2",
            "--json", "-"]
    first = runner.invoke(app, [*args, "--games", "3", "--keep", str(folder)])
    assert first.exit_code == 0, first.output
    assert sorted(p.name for p in folder.iterdir()) == ["base.jsonl",
                                                        "variant-year_limit.jsonl"]
    second = runner.invoke(app, [*args, "--games", "5", "--keep", str(folder)])
    assert second.exit_code == 0, second.output
    assert "holds 6 of the 10 games" in second.output
    whole = runner.invoke(app, [*args, "--games", "5"])
    rows = lambda out: json.loads(out[out.index("{"):out.rindex("}") + 1])["rows"]  # noqa: E731
    assert rows(second.stdout) == rows(whole.stdout)
    assert len((folder / "variant-year_limit.jsonl").read_text().splitlines()) == 6


def test_a_study_without_seed_goes_on_with_its_journals_seed(tmp_path):
    """The same command again, with no --seed: the journal's seed, not a new one."""
    path = tmp_path / "study.jsonl"
    args = ["simulate", "doge", "--players", "3", "--keep", str(path), "--json", "-"]
    first = runner.invoke(app, [*args, "--games", "2"])
    assert first.exit_code == 0, first.output
    seed = lines_of(path)[0]["study"]["seed"]
    second = runner.invoke(app, [*args, "--games", "3"])
    assert second.exit_code == 0, second.output
    assert f"seed: {seed}" in second.output and "holds 2 of the 3 games" in second.output
    assert sorted(r["seed"] for r in lines_of(path)[1:]) == [seed, seed + 1, seed + 2]


def test_a_journal_that_is_also_an_output_is_refused(tmp_path):
    path = tmp_path / "study.jsonl"
    result = simulate("--games", "1", "--keep", str(path), "--json", str(path))
    assert result.exit_code == 2 and "is also an output of this run" in result.output
    assert not path.exists()
