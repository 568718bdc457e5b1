"""What `?` shows at the table: where the decision is asked, every option with its key and
id, and the table's commands."""

from __future__ import annotations

import textwrap

from ..i18n.game_words import GameWords


def help_lines(gw: GameWords, options: list[tuple[str, str]], actions: list[dict],
               steps: list[str], question: str) -> list[str]:
    """The help of one decision, as lines."""
    w = gw.w
    out = [w("— help —")]
    if steps:
        out.append(w("where: {steps}", steps=" › ".join(steps)))
    out.append(w("question: {question}", question=question))
    out.append(w("options (key, name, id):"))
    for (key, label), action in zip(options, actions):
        out.append(f"  [{key}] {label}  ({action['id']})")
    out += [w("Type a key, or an option's name or id. Numbers choose values (an area keeps "
              "its number on the board, a number is its own key); letters choose named "
              "actions and keep their meaning for the whole game."),
            w("  ? KEY        one option in full; ? NAME: what a thing on the table does"),
            w("  u            undo your last decision (not after a secret or chance came out)"),
            w("  save [FILE]  save the game and stop; resume it with: regola play --load FILE"),
            w("  board        everything you can see, in full"),
            w("  log          the whole story, each entry with its moves"),
            w("  Enter        draw the screen again"),
            w("  quit         stop without saving (it asks first)")]
    return out


def fitted_help(gw: GameWords, options: list[tuple[str, str]], actions: list[dict],
                steps: list[str], question: str, width: int, height: int) -> list[str]:
    """The help of one decision for a screen of `width` x `height`: every line wrapped
    between words (never inside one), the options last, just over the prompt; when it is
    taller than the screen, the table's commands shrink to one line, the breadcrumb to its
    last step, then the commands and the options' ids go, then that step, so that the
    first option stays on the screen."""
    lines = help_lines(gw, options, actions, steps, question)
    first = lines.index(gw.w("options (key, name, id):"))
    head, listed, commands = lines[:first], lines[first:first + 1 + len(options)], \
        lines[first + 1 + len(options):]
    brief = [gw.w("commands: u undo · save · board · log · Enter redraw · quit")]
    where = [line for line in head if not line.startswith(gw.w("where: {steps}", steps=""))]
    top, head, where = head[:1], head[1:], where[1:]
    bare = listed[:1] + [f"  [{key}] {label}" for key, label in options]   # without ids
    # the breadcrumb's last step in at most two lines (a tester missed why a question came)
    last = wrap_words(gw.w("where: {steps}", steps=" › ".join(
        ["…", steps[-1]] if len(steps) > 1 else steps)), width)[:2] if steps else []
    for parts in ((top, commands, head, listed), (top, brief, head, listed),
                  (top, brief, last, where, listed), (top, last, where, listed),
                  (top, last, where, bare), (top, brief, where, listed), (top, where, bare)):
        out = [row for part in parts for line in part for row in wrap_words(line, width)]
        if len(out) <= height - 2:          # the line typed and the next prompt stay too
            return out
    return out


def option_help(options: list[tuple[str, str]], key: str, width: int) -> list[str] | None:
    """`? KEY`: the option of that key (any case) in full, wrapped between words; None if
    no option has that key."""
    for shown, label in options:
        if shown.lower() == key.strip().lower():
            return wrap_words(f"[{shown}] {label}", width)
    return None


def wrap_words(line: str, width: int) -> list[str]:
    """A line cut between words to `width` columns, later parts indented as it is (plus
    four for an option's label); a word longer than the line stays whole."""
    indent = len(line) - len(line.lstrip(" ")) + (4 if line.lstrip().startswith("[") else 2)
    return textwrap.wrap(line, max(20, width), subsequent_indent=" " * indent,
                         break_long_words=False, break_on_hyphens=False,
                         drop_whitespace=True) or [""]
