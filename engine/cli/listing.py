"""`regola games`: the built-in games, their player counts, variants and options."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..errors import RegolaError
from ..i18n.catalog import Words
from ..i18n.game_words import GameWords
from ..loading.loader import load_game
from ..loading.sources import builtin_games, builtin_variants, display_name, resolve_game
from ..loading.yaml_source import load_yaml
from ..present.effects import written


def cells(*values: str) -> list[Text]:
    """Table cells as plain text (brackets in rule text are not rich markup)."""
    return [Text(v) for v in values]


def variant_info(path: Path, w: Words | None = None) -> tuple[str, str, str]:
    """A variant file's id, name and description, read without loading the game (the file
    name as id if the file is unreadable)."""
    doc, _, problems = load_yaml(path, display_name(path))
    if problems or not isinstance(doc, dict):
        return path.stem, (w or Words())("(unreadable: run regola validate)"), ""
    return (path.stem, str(doc.get("name", "")), str(doc.get("description", "")))


def games_report(console: Console, details: bool, w: Words | None = None,
                 only: str | None = None) -> None:
    """Print one row per built-in game (or only the game `only`, with its details); with
    details, each game's provisional data, variants and options too."""
    w = w or Words()
    if only is not None:
        resolve_game(only)                  # an unknown id: did you mean ...?
        details = True
    table = Table(title=w.ctx("table", "Built-in games"), title_justify="left")
    for column in (w.ctx("table", "game"), w.ctx("table", "name"), w.ctx("table", "players"),
                   w.ctx("table", "seats"), w.ctx("table", "variants")):
        table.add_column(column)
    loaded = {}
    for game_id in [only] if only is not None else builtin_games():
        infos = [variant_info(p, w) for p in builtin_variants(game_id)]
        variants = [f"{vid} ({name})" if name else vid for vid, name, _ in infos]
        try:
            game = loaded[game_id] = load_game(game_id)
        except RegolaError:
            table.add_row(*cells(game_id, w("(invalid: run regola validate {game})",
                                            game=game_id), "", "",
                                 "\n".join(variants) or "-"))
            continue
        gw = GameWords(game.definition, w)
        variants = [f"{vid} ({gw.label('variants', vid, fallback=name)})" if name else vid
                    for vid, name, _ in infos]
        counts = game.player_counts
        players = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        seats = ", ".join(gw.seat(p) for p in range(len(game.definition.seats)))
        table.add_row(*cells(game_id, gw.game_name(), players, seats,
                             "\n".join(variants) or "-"))
    console.print(table)
    if not details:
        return
    for game_id, game in loaded.items():
        gw = GameWords(game.definition, w)
        provisional_report(console, game_id, gw, w)
        variants_report(console, game_id, gw, w)
        options = game.definition.options
        if not options:
            console.print(w("{game}: no options", game=game_id), markup=False)
            continue
        opts = Table(title=w("{game}: options (rule readings)", game=game_id),
                     title_justify="left")
        opts.add_column(w.ctx("table", "option"), no_wrap=True)
        opts.add_column(w.ctx("table", "value"))
        opts.add_column(w.ctx("table", "reading"), justify="right")
        opts.add_column(w.ctx("table", "summary"), ratio=1)
        for opt in options.values():
            opts.add_row(*cells(opt.name, gw.value(opt.value),
                                "" if opt.reading is None else str(opt.reading),
                                option_summary(gw, opt.name, opt.summary)))
        console.print(opts)


def option_summary(gw: GameWords, name: str, summary: str) -> str:
    """An option's summary in the player's language, its placeholders filled from the data
    ("phase {=2}" as "phase 2"); as written if one cannot be filled."""
    english = (gw.texts.get("options") or {}).get(name)
    if isinstance(english, str):
        return written(gw, "options", english) or gw.option(name, summary)
    return gw.option(name, summary)


def provisional_report(console: Console, game_id: str, gw: GameWords, w: Words) -> None:
    """A table of the game's provisional data (none printed if the game has none)."""
    entries = gw.definition.provisional
    if not entries:
        return
    table = Table(title=w("{game}: provisional data (no source prints it)", game=game_id),
                  title_justify="left")
    table.add_column(w.ctx("table", "entry"), no_wrap=True)
    table.add_column(w.ctx("table", "data"))
    table.add_column(w.ctx("table", "missing"), ratio=1)
    for entry in entries:
        table.add_row(*cells(entry["id"], entry["what"],
                             gw.label("provisional", entry["id"], fallback=entry["missing"])))
    console.print(table)


def variants_report(console: Console, game_id: str, gw: GameWords, w: Words) -> None:
    """A table of the game's built-in variants: name and description (none if it has none)."""
    infos = [variant_info(p, w) for p in builtin_variants(game_id)]
    if not infos:
        return
    table = Table(title=w("{game}: variants", game=game_id), title_justify="left")
    table.add_column(w.ctx("table", "variant"), no_wrap=True)
    table.add_column(w.ctx("table", "name"))
    table.add_column(w.ctx("table", "description"), ratio=1)
    for vid, name, description in infos:
        table.add_row(*cells(vid, gw.label("variants", vid, fallback=name),
                             gw.label("variant_descriptions", vid, fallback=description)))
    console.print(table)
