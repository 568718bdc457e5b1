"""Pictures of studies with matplotlib (the `lab` extra): win rates with their 95% error
bars, a histogram of game lengths, end conditions; for `compare`, the base game and each
variant side by side. The caller gives the texts (translated) and the file (.png or .svg).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from textwrap import fill

from ..errors import RegolaError, w

FORMATS = (".png", ".svg")
"""The picture formats --plot writes, by the file's suffix."""


class PlotError(RegolaError):
    """matplotlib is missing, or the picture's file name has a format it cannot write."""


@dataclass
class Series:
    """One study as the plots need it: a name, labels and rates with intervals per seat,
    game lengths, and how many games ended each way."""

    name: str
    seats: list[str]
    rates: list[float]
    lows: list[float]
    highs: list[float]
    lengths: list[float]
    endings: dict[str, int]


@dataclass
class Titles:
    """The translated texts of a figure."""

    wins: str
    win_rate: str
    lengths: str
    length_axis: str
    games: str
    endings: str
    heading: str = ""


def check_plot_file(path: str) -> None:
    """PlotError unless `path` ends in a known format and matplotlib is installed."""
    if Path(path).suffix.lower() not in FORMATS:
        raise PlotError.text(w("--plot {file}: the picture must be a .png or .svg file"),
                             file=path)
    _pyplot()


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise PlotError.text(w("--plot needs matplotlib: pip install 'regola[lab]'")) \
            from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot
    return pyplot


def plot(series: list[Series], titles: Titles, path: str) -> None:
    """One figure of three panels (win rates, length histogram, endings) for one study or
    several side by side, written to `path`."""
    pyplot = _pyplot()
    from matplotlib.ticker import MaxNLocator
    figure, (wins, lengths, endings) = pyplot.subplots(
        1, 3, figsize=(15, 4.8), layout="constrained", gridspec_kw={"width_ratios": [1.3, 1, 1]})
    count = len(series)
    width = 0.8 / count
    for k, s in enumerate(series):
        xs = [i + (k - (count - 1) / 2) * width for i in range(len(s.seats))]
        below = [max(0.0, r - lo) for r, lo in zip(s.rates, s.lows)]
        above = [max(0.0, hi - r) for r, hi in zip(s.rates, s.highs)]
        wins.bar(xs, s.rates, width, yerr=[below, above], capsize=4, label=s.name)
    wins.set_xticks(range(len(series[0].seats)), series[0].seats, rotation=15, fontsize=8)
    wins.set_ylabel(titles.win_rate)
    wins.set_title(titles.wins)
    wins.yaxis.set_major_formatter(lambda y, _: f"{y:.0%}")
    low = min(min(s.lengths, default=0) for s in series)
    high = max(max(s.lengths, default=0) for s in series)
    step = max(1, round((high - low + 1) / 30))
    bins = [low - 0.5 + i * step for i in range(int((high - low) // step) + 2)]
    for s in series:
        lengths.hist(s.lengths, bins=bins, label=s.name, alpha=0.6 if count > 1 else 1.0,
                     histtype="stepfilled", edgecolor="black", linewidth=0.5)
    lengths.set_xlabel(titles.length_axis)
    lengths.set_ylabel(titles.games)
    lengths.set_title(titles.lengths)
    lengths.yaxis.set_major_locator(MaxNLocator(integer=True))
    lengths.xaxis.set_major_locator(MaxNLocator(integer=True))
    kinds = list(dict.fromkeys(k for s in series for k in s.endings))
    for k, s in enumerate(series):
        ys = [i + (k - (count - 1) / 2) * width for i in range(len(kinds))]
        endings.barh(ys, [s.endings.get(kind, 0) for kind in kinds], width, label=s.name)
    endings.set_yticks(range(len(kinds)), [fill(k, 24) for k in kinds], fontsize=8)
    endings.invert_yaxis()
    endings.set_xlabel(titles.games)
    endings.set_title(titles.endings)
    endings.xaxis.set_major_locator(MaxNLocator(integer=True))
    if titles.heading:
        figure.suptitle(titles.heading)
    if count > 1:
        handles, labels = wins.get_legend_handles_labels()
        figure.legend(handles, labels, loc="outside lower center", ncol=count)
    figure.savefig(path)
    pyplot.close(figure)
