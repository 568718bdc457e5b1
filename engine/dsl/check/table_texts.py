"""Load-time checks of the texts a table (the terminal, a web page) fills in as a game runs:

- `prompts`: an ask's question with the asking procedure's values ("Build a tower in
  {area}?"); each key is an ask (its placeholders are checked where the ask is compiled);
- `token_names`: how a token of a kind is named, from its properties ("{code}"); each key
  is a token kind and each placeholder one of its properties;
- `screen`: `status`, the line over the board, from the game's variables ("Year {year}").
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from ...errors import Location, Problem
from ...interpreter.model import GameDef
from .calls import message_texts, placeholders


def _where(g: GameDef, dotted: str) -> Location:
    return g.text_locations.get(dotted) or Location(g.files[-1] if g.files else "", path=dotted)


def _suggest(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def table_text_problems(g: GameDef) -> list[Problem]:
    """The problems of a game's prompts, token_names and screen texts."""
    problems: list[Problem] = []
    text = g.text or {}
    asks = text.get("asks") or {}
    for key in text.get("prompts") or {}:
        if key not in asks:
            problems.append(Problem(_where(g, f"prompts.{key}"), (
                f"{key!r} is not an ask of the game (the asks section has no such entry)"
                + _suggest(key, asks))))
    for key, entry in (text.get("token_names") or {}).items():
        kind = g.tokens.get(key)
        if kind is None:
            problems.append(Problem(_where(g, f"token_names.{key}"), (
                f"{key!r} is not a kind of token" + _suggest(key, g.tokens))))
            continue
        for form in message_texts(entry):
            unknown = [m for m in placeholders(form) if m not in kind.props]
            if unknown:
                problems.append(Problem(_where(g, f"token_names.{key}"), (
                    f"{', '.join('{' + m + '}' for m in unknown)} is not a property of {key} "
                    f"(its properties: {', '.join(kind.props) or 'none'})")))
    for key, entry in (text.get("screen") or {}).items():
        if key != "status":
            problems.append(Problem(_where(g, f"screen.{key}"),
                                    f"{key!r}: the screen section has only 'status'"))
            continue
        for form in message_texts(entry):
            unknown = [m for m in placeholders(form) if m not in g.constants and (
                m not in g.game_vars or g.game_vars[m].visibility != "public")
                and m not in g.options]
            if unknown:
                names = ", ".join("{" + m + "}" for m in unknown)
                problems.append(Problem(_where(g, f"screen.{key}"), (
                    f"{names} is neither a public game variable nor the game's data (the game's "
                    f"variables: {', '.join(g.game_vars) or 'none'})")))
    return problems

