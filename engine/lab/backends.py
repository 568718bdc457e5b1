"""Where a study's games are played: in this process, in worker processes on this machine,
or on a Dask cluster. Every backend returns the same records in the same order (game
index order): a game is a pure function of the study and its index.

    records = run_study(study, jobs=4)                          # processes on this machine
    records = run_study(study, backend="dask", jobs=4)          # a local Dask cluster
    records = run_study(study, backend="dask", scheduler="tcp://host:8786")

A study may start with games already played (`done`, by index: a journal's, see
journal.py); only the others are played, and `keep` hears of each piece of records as it
finishes, so that they can be kept before the study ends.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..errors import RegolaError, w
from .study import Study, record, run_games

Progress = Callable[[int, int], None]
"""Called as progress(games_done, games_total) as games finish."""

Done = dict[int, dict]
"""A study's records already played, by game index."""

Keep = Callable[[int, list[dict]], None]
"""Called as keep(study number, records) as each piece of games finishes."""

BACKENDS = ("local", "dask")
"""`local`: this machine (--jobs processes); `dask`: a Dask cluster (dask.distributed)."""


class BackendError(RegolaError):
    """A backend that cannot run: its package is missing or its scheduler cannot be reached."""


class StudyFailed(RegolaError):
    """A game failed in a worker and its error could not be carried back as it was."""


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                      # not on Linux
        return max(1, os.cpu_count() or 1)


PIECE = 10
"""The most games in one piece of work sent to a worker."""


def chunks(indices: list[int], jobs: int, most: int = PIECE) -> list[list[int]]:
    """Game indices cut into pieces of at most `most` games, at least eight pieces per
    worker when there are enough games: the progress bar moves, a slow piece does not
    hold the others up, and an interrupted study stops soon."""
    size = max(1, min(most, len(indices) // max(1, jobs * 8)))
    return [indices[i:i + size] for i in range(0, len(indices), size)]


def to_play(study: Study, done: Done | None) -> list[int]:
    """The indices of the study's games not played yet."""
    return [i for i in range(study.games) if not done or i not in done]


def safe_run(study: Study, indices: list[int]) -> tuple[list[dict] | None, object]:
    """run_games in a worker: (records, None), or (None, the error) with the error as it
    was when it can travel between processes, else as its message."""
    try:
        return run_games(study, indices), None
    except RegolaError as error:
        try:
            pickle.loads(pickle.dumps(error))
            return None, error
        except Exception:                       # an error with arguments pickle cannot rebuild
            return None, "\n".join([str(error), *getattr(error, "__notes__", [])])


def _raise(error: object) -> None:
    if isinstance(error, BaseException):
        raise error
    raise StudyFailed(str(error))


Piece = tuple[int, list[int]]
"""Some games of one study: (the study's number among those run together, game indices)."""

StudiesProgress = Callable[[int, int, int], None]
"""Called as progress(study number, games done, games of that study) as games finish."""


def pieces_of(studies: list[Study], workers: int, done: list[Done] | None = None,
              keep: Keep | None = None) -> list[Piece]:
    """Every study's games not played yet cut into pieces for `workers` workers (of one
    game each when they are kept: a game is kept as soon as it ends)."""
    done = done or [{} for _ in studies]
    most = 1 if keep is not None else PIECE
    return [(k, indices) for k, s in enumerate(studies)
            for indices in chunks(to_play(s, done[k]), workers, most)]


def _collect(finished: Iterator[tuple[Piece, tuple]], studies: list[Study],
             progress: StudiesProgress | None, done: list[Done] | None = None,
             keep: Keep | None = None) -> list[list[dict]]:
    """Each study's records put back in index order as pieces finish (after those already
    done), kept and counted as they come."""
    by_index: list[dict[int, dict]] = [
        {i: r for i, r in (done[k] if done else {}).items() if i < s.games}
        for k, s in enumerate(studies)]
    for (k, indices), (records, error) in finished:
        if error is not None:
            _raise(error)
        by_index[k].update(zip(indices, records))
        if keep is not None:
            keep(k, records)
        if progress is not None:
            progress(k, len(by_index[k]), studies[k].games)
    return [[found[i] for i in range(s.games)] for found, s in zip(by_index, studies)]


def run_local(studies: list[Study], jobs: int, progress: StudiesProgress | None = None,
              done: list[Done] | None = None, keep: Keep | None = None) -> list[list[dict]]:
    """The studies' games in this process (jobs 1) or in `jobs` worker processes."""
    pieces = pieces_of(studies, jobs, done, keep)
    if jobs <= 1 or sum(len(indices) for _, indices in pieces) <= 1:
        games = {k: studies[k].load() for k, _ in pieces}

        def one_by_one() -> Iterator[tuple[Piece, tuple]]:
            """Each game played here, as a piece of its own."""
            for k, indices in pieces:
                for i in indices:
                    yield (k, [i]), ([record(games[k], studies[k], i)], None)
        return _collect(one_by_one(), studies, progress, done, keep)
    portable = [s.portable() for s in studies]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(jobs, len(pieces)), mp_context=context) as pool:
        futures = {pool.submit(safe_run, portable[k], indices): (k, indices)
                   for k, indices in pieces}
        try:
            return _collect(((futures[f], f.result()) for f in as_completed(futures)),
                            studies, progress, done, keep)
        except BaseException:               # an error or ^C: drop the pieces not started
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def run_studies(studies: list[Study], jobs: int | None = None, backend: str = "local",
                scheduler: str | None = None, progress: StudiesProgress | None = None,
                done: list[Done] | None = None, keep: Keep | None = None) \
        -> list[list[dict]]:
    """Every game of several studies on one pool of workers (or one cluster): each
    study's records in index order, the same as each study run alone. `done[k]`: study
    k's games already played (not played again); `keep`: told of new records as they
    finish."""
    jobs = default_jobs() if jobs is None else jobs
    if backend == "dask":
        from .dask_backend import run_dask
        return run_dask(studies, jobs, scheduler, progress, done, keep)
    if backend != "local":
        raise BackendError.text(w("unknown backend {backend}; backends: {backends}"),
                                backend=repr(backend), backends=", ".join(BACKENDS))
    return run_local(studies, jobs, progress, done, keep)


def run_study(study: Study, jobs: int | None = None, backend: str = "local",
              scheduler: str | None = None, progress: Progress | None = None,
              done: Done | None = None, keep: Callable[[list[dict]], None] | None = None) \
        -> list[dict]:
    """Every game of the study, one record each, in index order, on the chosen backend
    (`done` and `keep` as run_studies', for this one study)."""
    each = None if progress is None else (lambda _k, n, total: progress(n, total))
    kept = None if keep is None else (lambda _k, records: keep(records))
    return run_studies([study], jobs, backend, scheduler, each,
                       None if done is None else [done], kept)[0]
