"""The lab's Dask backend (issue 11, item 4): a local cluster of several worker processes
on this machine plays a study with the same records as --jobs 1, whether regola starts the
cluster or is pointed at a running one by its scheduler's address. Skipped without the
dask extra (pip install '.[dask]'; .ci/run installs it)."""

from __future__ import annotations

import json
import logging

import pytest
from typer.testing import CliRunner

from regola.cli.app import app
from regola.lab import Study, parse_seats, run_study, without_timings

distributed = pytest.importorskip("distributed")
runner = CliRunner()


def strip(records: list[dict]) -> list[dict]:
    return without_timings(records)


@pytest.fixture(scope="module")
def cluster():
    """A running cluster of two worker processes, as a user's would be."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", silence_logs=logging.ERROR) as c:
        yield c


def test_a_cluster_at_an_address_gives_the_records_of_one_process(cluster):
    """Done when: the distributed backend gives the results of --jobs 1 for the same seed."""
    study = Study("doge", tuple(parse_seats("random", 3, [3, 4])), 5, 21)
    local = run_study(study, jobs=1)
    remote = run_study(study, backend="dask", scheduler=cluster.scheduler_address)
    assert without_timings(remote) == without_timings(local)
    assert [r["game"] for r in remote] == list(range(5))


def test_simulate_backend_dask_starts_a_local_cluster_with_the_same_results():
    args = ["simulate", "doge", "--games", "4", "--seed", "3", "--players", "3", "--json", "-"]
    one = runner.invoke(app, [*args, "--jobs", "1"])
    dask = runner.invoke(app, [*args, "--backend", "dask", "--jobs", "2"])
    assert one.exit_code == 0 and dask.exit_code == 0, one.output + dask.output
    assert strip(json.loads(dask.stdout)) == strip(json.loads(one.stdout))


def test_bad_seats_are_refused_before_the_cluster_plays(cluster):
    result = runner.invoke(app, ["simulate", "doge", "--games", "2", "--players", "3",
                                 "--backend", "dask", "--scheduler", cluster.scheduler_address,
                                 "--seats", "random,random,wizard"])
    assert result.exit_code == 2 and "unknown bot 'wizard'" in result.output
    alone = runner.invoke(app, ["simulate", "doge", "--games", "1", "--scheduler",
                                cluster.scheduler_address])
    assert alone.exit_code == 2 and "--scheduler needs --backend dask" in alone.output


def test_a_scheduler_that_cannot_be_reached_is_a_message(monkeypatch):
    from regola.lab import dask_backend
    monkeypatch.setattr(dask_backend, "CONNECT_TIMEOUT", "1s")
    for address, reason in (("tcp://127.0.0.1:9", "Timed out"), ("nonsense", "port")):
        result = runner.invoke(app, ["simulate", "doge", "--games", "1", "--backend", "dask",
                                     "--scheduler", address])
        assert result.exit_code == 2, result.output
        assert f"cannot reach the Dask scheduler {address}: " in result.output
        assert reason in result.output and "Traceback" not in result.output


@pytest.mark.slow
@pytest.mark.parametrize("game", ["doge", "rialto", "warsaw", "copycat"])
def test_every_game_plays_alike_on_one_process_two_and_a_cluster(game, cluster):
    study = Study(game, tuple(parse_seats("random", 3, [2, 3, 4, 5])), 12, 100)
    one = without_timings(run_study(study, jobs=1))
    assert without_timings(run_study(study, jobs=2)) == one
    assert without_timings(run_study(study, backend="dask",
                                     scheduler=cluster.scheduler_address)) == one


def test_a_cluster_plays_only_what_a_journal_lacks_and_keeps_it(cluster, tmp_path):
    """simulate --keep on a cluster: the games already kept are not sent, and the ones the
    cluster plays are kept as they come back; the records are those of --jobs 1."""
    from regola import load_game
    from regola.lab.journal import open_journal
    study = Study("doge", tuple(parse_seats("random", 3, [3, 4])), 5, 8)
    game = load_game("doge")
    journal = open_journal(tmp_path / "j.jsonl", study, game)
    journal.keep(run_study(Study("doge", study.seats, 2, 8), jobs=1))
    journal.close()
    journal = open_journal(tmp_path / "j.jsonl", study, game)
    sent = []
    remote = run_study(study, backend="dask", scheduler=cluster.scheduler_address,
                       done=journal.done, keep=lambda records: sent.extend(records))
    journal.close()
    assert sorted(r["game"] for r in sent) == [2, 3, 4]
    assert without_timings(remote) == without_timings(run_study(study, jobs=1))
