"""`regola games`: the built-in games, their player counts, variants and options."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..errors import RegolaError
from ..loading.loader import load_game
from ..loading.sources import builtin_games, builtin_variants, display_name
from ..loading.yaml_source import load_yaml
from .render import value_text


def cells(*values: str) -> list[Text]:
    """Table cells as plain text (brackets in rule text are not rich markup)."""
    return [Text(v) for v in values]


def variant_info(path: Path) -> tuple[str, str]:
    """A variant file's id and name, read without loading the game (file stem if unreadable)."""
    doc, _, problems = load_yaml(path, display_name(path))
    if problems or not isinstance(doc, dict):
        return path.stem, "(unreadable: run regola validate)"
    return str(doc.get("variant", path.stem)), str(doc.get("name", ""))


def games_report(console: Console, details: bool) -> None:
    """Print one row per built-in game; with details, each game's options too."""
    table = Table(title="Built-in games", title_justify="left")
    for column in ("game", "name", "players", "seats", "variants"):
        table.add_column(column)
    loaded = {}
    for game_id in builtin_games():
        variants = [f"{vid} ({name})" if name else vid
                    for vid, name in map(variant_info, builtin_variants(game_id))]
        try:
            game = loaded[game_id] = load_game(game_id)
        except RegolaError:
            table.add_row(*cells(game_id, f"(invalid: run regola validate {game_id})", "", "",
                                 "\n".join(variants) or "-"))
            continue
        d = game.definition
        counts = game.player_counts
        players = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        table.add_row(*cells(game_id, d.name, players, ", ".join(d.seats),
                             "\n".join(variants) or "-"))
    console.print(table)
    if not details:
        return
    for game_id, game in loaded.items():
        options = game.definition.options
        if not options:
            console.print(f"{game_id}: no options", markup=False)
            continue
        opts = Table(title=f"{game_id}: options (rule readings)", title_justify="left")
        opts.add_column("option", no_wrap=True)
        opts.add_column("value")
        opts.add_column("reading", justify="right")
        opts.add_column("summary", ratio=1)
        for opt in options.values():
            opts.add_row(*cells(opt.name, value_text(opt.value),
                                "" if opt.reading is None else str(opt.reading), opt.summary))
        console.print(opts)
