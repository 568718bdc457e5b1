"""The balance lab: studies of many games between bots, run on one core, on worker
processes or on a Dask cluster with identical results, summed up with 95% intervals and
compared between variants with significance tests.

    from regola.lab import Study, parse_seats, run_study, summarize
    seats = tuple(parse_seats("random,random,random", None, [3, 4]))   # GAME: an id or path
    records = run_study(Study(GAME, seats, games=100, seed=1), jobs=2)
    # run_studies([...]) plays several studies (a base game and variants) on one pool
    summary = summarize(records, regola.load_game(GAME).definition.seats)
"""

from .backends import BACKENDS, BackendError, default_jobs, run_studies, run_study
from .compare import compare
from .seats import BadSeats, SeatSpec, parse_seat, parse_seats
from .study import Study, record, without_timings
from .summary import summarize

__all__ = ["BACKENDS", "BackendError", "BadSeats", "SeatSpec", "Study", "compare",
           "default_jobs", "parse_seat", "parse_seats", "record", "run_studies", "run_study",
           "summarize",
           "without_timings"]
