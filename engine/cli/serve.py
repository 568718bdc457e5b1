"""`regola serve`: the web table (extra `regola[web]`): a lobby to make games of any
built-in game or variant, seats for people (each with a secret link) and bots, and a board
in the browser; games are kept in SQLite and go on after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import RegolaError, w
from ..i18n.catalog import Words


class ServeError(RegolaError):
    """The web table cannot start (the extra is missing, the database cannot be opened)."""


def serve(host: Annotated[str, typer.Option("--host", help="Address to listen on.")]
          = "127.0.0.1",
          port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port.")] = 8000,
          db: Annotated[Path, typer.Option(
              "--db", help="The SQLite file that keeps the games (made if missing).")]
          = Path("regola-games.sqlite3"),
          bot_delay: Annotated[float, typer.Option(
              "--bot-delay", min=0, max=60,
              help="Seconds a bot waits before each move (so people can follow).")] = 0.3,
          designer: Annotated[bool, typer.Option(
              "--designer",
              help="Designer mode, for a rule designer's own machine only: a panel on every "
                   "table switches seats without their links, shows the whole state (every "
                   "secret and the seed), steps back through the decisions and starts games "
                   "from scenario files. Anyone who can open the server sees everything.")]
          = False,
          allowed_host: Annotated[list[str] | None, typer.Option(
              "--allowed-host",
              help="A host name the server answers to, besides the address it listens on "
                   "(repeat for several; '*' for any). Browsers' requests for other names "
                   "are refused.")] = None,
          games_per_address: Annotated[int, typer.Option(
              "--games-per-address", min=1,
              help="Games not yet over that one client address may have made.")] = 10,
          max_games: Annotated[int, typer.Option(
              "--max-games", min=1, help="Games the server holds in all.")] = 500,
          messages_per_second: Annotated[float, typer.Option(
              "--messages-per-second", min=0.1,
              help="What one connection may send a second on average (twice as many at "
                   "once).")] = 20,
          keep_hours: Annotated[float, typer.Option(
              "--keep-hours", min=0,
              help="Hours a finished game is kept; a game with no action for seven times "
                   "as long is removed too.")] = 24):
    """Serve the web table: open the printed address in a browser."""
    try:
        import uvicorn

        from ..server.app import create_app
        from ..server.limits import MAX_MESSAGE
        from ..server.quotas import Limits
    except ImportError as error:
        raise ServeError.text(w("the web table needs the web extra: pip install "
                                "'regola[web]' ({reason})"), reason=str(error)) from None
    if not db.parent.is_dir():
        raise ServeError.text(w("cannot keep games in {file}: no folder {folder}"),
                              file=str(db), folder=str(db.parent))
    try:
        limits = Limits(games_per_address=games_per_address, games=max_games,
                        keep_finished=keep_hours * 3600, keep_idle=7 * keep_hours * 3600,
                        messages_per_second=messages_per_second,
                        message_burst=max(1, round(2 * messages_per_second)))
        app = create_app(db, bot_delay, designer, allowed_hosts(host, allowed_host or []),
                         limits)
    except Exception as error:   # sqlite3 cannot open or create the file
        raise ServeError.text(w("cannot open the games database {file}: {reason}"),
                              file=str(db), reason=str(error)) from None
    shown = f"[{host}]" if ":" in host else host
    typer.echo(Words()(w("regola web table: open http://{host}:{port}/ in a browser (games "
                         "kept in {file}; Ctrl-C stops)"), host=shown, port=port, file=db))
    if designer:
        typer.echo("designer mode: every seat, secret and seed is shown to anyone who opens "
                   "this server; keep it on your own machine (--host 127.0.0.1)")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=4 * MAX_MESSAGE,
                timeout_graceful_shutdown=3)


def allowed_hosts(host: str, extra: list[str]) -> list[str]:
    """The host names the server answers to: the loopback names and the address it listens
    on; any name when it listens on every address (0.0.0.0, ::) and none is given."""
    from ..server.guard import ANY_HOST, LOOPBACK
    if host in ("0.0.0.0", "::", "") and not extra:
        return [ANY_HOST]
    return [*LOOPBACK, host, *extra]


def register_serve(app: typer.Typer, handle_errors) -> None:
    """Add `regola serve` to the command line."""
    app.command("serve")(handle_errors(serve))
