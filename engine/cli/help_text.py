"""What `?` shows at the table: where the decision is asked, every option with its key and
id, and the table's commands."""

from __future__ import annotations

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
            w("  u            undo your last decision (not after a secret or chance came out)"),
            w("  save [FILE]  save the game and stop; resume it with: regola play --load FILE"),
            w("  board        everything you can see, in full"),
            w("  log          the whole story, each entry with its moves"),
            w("  Enter        draw the screen again"),
            w("  quit         stop without saving")]
    return out
