"""The words of the web table's pages (lobby, table, errors), through the catalogs: the
English source strings are marked with w() and sent to the browser translated."""

from __future__ import annotations

from ..bots import bot_name
from ..errors import w
from ..i18n.catalog import Words

UI = {
    "title": w("regola: a table for board games"),
    "new_game": w("New game"),
    "game": w("Game"),
    "variant": w("Variant"),
    "no_variant": w("(none: the game as written)"),
    "players": w("Players"),
    "seat": w("Seat"),
    "seats": w("Seats"),
    "options": w("Options"),
    "default": w("default"),
    "create": w("Create the game"),
    "created": w("The game is ready. Send each person their own link: it is their seat, "
                 "and it is secret."),
    "link_for": w("Link for {seat}"),
    "watch_link": w("Anyone can watch (public information only)"),
    "open_seat": w("Play this seat"),
    "games": w("Games on this server"),
    "no_games": w("No games yet."),
    "watch": w("Watch"),
    "over": w("over"),
    "running": w("playing"),
    "language": w("Language"),
    "your_turn": w("Your decision"),
    "show_on_board": w("Show it on the board ↓"),
    "back_to_question": w("↑ Back to your decision"),
    "what_pieces_do": w("What the pieces do"),
    "choose_it": w("Choose it"),
    "waiting_for": w("Waiting for {seats}"),
    "you_are": w("You play {seat}"),
    "watching": w("You are watching: you see public information only."),
    "your_hand": w("Your hand and secret choices"),
    "log": w("Since your last move (click a line for its moves)"),
    "log_watch": w("Latest events"),
    "nothing_new": w("The lines above came before your last move: nothing has happened since."),
    "story_earlier": w("Earlier lines ({n}): show them"),
    "story_fold": w("Show only the latest lines"),
    "story_whole": w("Read the whole game from the start"),
    "story_whole_title": w("The whole game, from the start"),
    "story_latest": w("Back to the latest lines"),
    "result": w("Result"),
    "place": w("place"),
    "player": w("player"),
    "condition_met": w("end condition met"),
    "seed": w("Seed (now that the game is over): {seed}"),
    "connecting": w("Connecting…"),
    "reconnecting": w("Connection lost; reconnecting…"),
    "lobby": w("All games"),
    "board": w("Board"),
    "sent": w("Sent…"),
    "copy": w("Copy"),
    "no_limit": w("none"),
}


def ui_words(words: Words) -> dict[str, str]:
    """Every page text in the language of `words`."""
    return {key: words(text) for key, text in UI.items()}


def seat_kind_name(words: Words, kind: str) -> str:
    """Who plays a seat, in words: a person, or a bot by its name."""
    if kind == "person":
        return words.ctx("seat kind", "person")
    return bot_name(words, kind)
