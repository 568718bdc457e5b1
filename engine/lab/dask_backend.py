"""The Dask backend: a study's games as tasks on a dask.distributed cluster.

Without a scheduler address it starts a LocalCluster of `jobs` worker processes (one
thread each) on this machine and closes it afterwards; with `--scheduler tcp://host:8786`
it sends the games to that cluster, whose workers need regola installed (the same
version) and, for a game or variant given as a file, that file at the same path.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from ..errors import w
from .backends import (
    BackendError,
    Done,
    Keep,
    Piece,
    StudiesProgress,
    _collect,
    pieces_of,
    safe_run,
)
from .study import Study

CONNECT_TIMEOUT = "20s"
"""How long to wait for a scheduler given by address before giving up."""


def _distributed():
    try:
        import distributed
    except ImportError:
        raise BackendError.text(w("--backend dask needs Dask: pip install 'regola[dask]'")) \
            from None
    return distributed


def connect(scheduler: str | None, jobs: int):
    """A Client of the cluster at `scheduler`, or of a new local one with `jobs` worker
    processes; BackendError if the scheduler cannot be reached."""
    distributed = _distributed()
    if scheduler is None:
        cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1,
                                           processes=True, dashboard_address=":0",
                                           silence_logs=logging.ERROR)
        return distributed.Client(cluster)
    try:
        return distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise BackendError.text(w("cannot reach the Dask scheduler {address}: {reason}"),
                                address=scheduler, reason=str(error) or type(error).__name__) \
            from None


def run_dask(studies: list[Study], jobs: int, scheduler: str | None = None,
             progress: StudiesProgress | None = None, done: list[Done] | None = None,
             keep: Keep | None = None) -> list[list[dict]]:
    """Every game of the studies not done yet on a Dask cluster; each study's records in
    index order (see backends.run_studies)."""
    client = connect(scheduler, jobs)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})) or jobs)
        pieces = pieces_of(studies, workers, done, keep)
        portable = [s.portable() for s in studies]
        futures = client.map(safe_run, [portable[k] for k, _ in pieces],
                             [indices for _, indices in pieces], pure=False)
        which = {future.key: piece for future, piece in zip(futures, pieces)}

        def finished() -> Iterator[tuple[Piece, tuple]]:
            """Each piece and its outcome, as the cluster finishes it."""
            for future in _distributed().as_completed(futures):
                yield which[future.key], future.result()
        return _collect(finished(), studies, progress, done, keep)
    finally:
        cluster = client.cluster
        client.close()
        if cluster is not None and scheduler is None:
            cluster.close()
