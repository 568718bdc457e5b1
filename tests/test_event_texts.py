"""Every event kind the engine can emit has a sentence in every catalog: a player reading
the log in Spanish or Dutch never sees raw fields or English (Warsaw's grid placements
were shown as "place: token tile-1, piece tile, ..." in every language)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import regola
from regola.i18n import catalog
from regola.i18n.catalog import Words
from regola.i18n.game_words import GameWords, words
from regola.present.events import event_text

ENGINE = Path(regola.__file__).parent

SAMPLES: dict[str, list[dict]] = {
    "move": [{"e": "move", "player": 0, "piece": "house", "n": 2, "from": "supply",
              "to": "san_marco"},
             {"e": "move", "player": None, "piece": "house", "n": 1, "from": "supply",
              "to": "san_marco"}],
    "move_token": [{"e": "move_token", "token": "card-1", "piece": "card", "player": 1,
                    "from": "hand", "to": "played"}],
    "give": [{"e": "give", "token": "card-1", "piece": "card", "player": 2, "from_player": 1},
             {"e": "give", "token": "card-1", "piece": "card", "player": None}],
    "reveal": [{"e": "reveal", "token": "marker-1", "piece": "marker", "player": 0,
                "at": "san_polo", "value": 3},
               {"e": "reveal", "token": "marker-1", "piece": "marker", "player": 0}],
    "reveal_to": [{"e": "reveal_to", "token": "marker-1", "piece": "marker", "player": 0,
                   "at": "san_polo", "value": 3, "private": True},
                  {"e": "reveal_to", "piece": "marker", "player": 0, "at": "san_polo"}],
    "control": [{"e": "control", "token": "advisor-1", "piece": "advisor", "player": 0}],
    "release": [{"e": "release", "token": "advisor-1", "piece": "advisor", "player": 0}],
    "shuffle": [{"e": "shuffle", "deck": "brown"}],
    "reveal_card": [{"e": "reveal_card", "deck": "brown", "index": 0, "card": "castello"}],
    "choice": [{"e": "choice", "player": 0, "ask": "choose_area", "value": "castello"}],
    "note": [{"e": "note", "msg": "year_begins", "year": 2}],
    "game_over": [{"e": "game_over", "winners": [0], "reason": "end_condition"},
                  {"e": "game_over", "winners": [], "reason": "step_limit"}],
    "gain": [{"e": "gain", "resource": "coin", "player": 0, "n": 3}],
    "pay": [{"e": "pay", "resource": "coin", "player": 0, "n": 1}],
    "activate": [{"e": "activate", "resource": "coin", "player": 0, "token": "card-2",
                  "piece": "card"}],
    "clear_markers": [{"e": "clear_markers", "resource": "coin", "n": 4}],
    "track": [{"e": "track", "track": "vp", "player": 1, "from": 3, "to": 5}],
    "lay_tile": [{"e": "lay_tile", "connection": "c1", "token": "card-3", "piece": "card",
                  "facing": "castello", "ends": [3, 4]}],
    "place": [{"e": "place", "token": "card-1", "piece": "card", "player": 0, "from": "hand",
               "to": "played", "cell": [1, 0], "rot": 1, "level": 0},
              {"e": "place", "token": "card-1", "piece": "card", "player": 0, "from": "hand",
               "to": "played", "cell": [1, -1], "rot": 0, "level": 2}],
    "refill": [{"e": "refill", "player": 0, "piece": "card", "from": "played", "to": "hand",
                "n": 5}],
    "scenario_set": [{"e": "scenario_set", "var": "year", "value": 3},
                     {"e": "scenario_set", "var": "year", "value": 3, "player": 1},
                     {"e": "scenario_set", "deck": "brown", "cards": ["castello"], "up": [True]},
                     {"e": "scenario_set", "track": "vp", "player": 0, "to": 4},
                     {"e": "scenario_set", "resource": "coin", "player": 0, "n": 2},
                     {"e": "scenario_set", "resource": "coin", "token": "card-1", "n": 1},
                     {"e": "scenario_set", "connection": "c1", "tile": None},
                     {"e": "scenario_set", "connection": "c1", "tile": "card-2",
                      "facing": "castello"}],
}


def emitted_kinds() -> set[str]:
    """Every event kind written in the engine's code (`"e": "kind"`)."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        found.update(re.findall(r"""["']e["']\s*:\s*["'](\w+)["']""", path.read_text()))
    return found


@cache
def po(lang: str):
    with open(catalog.locales_dir() / lang / "LC_MESSAGES" / "regola.po", "rb") as fp:
        return read_po(fp)


class Recording(Words):
    """Words that remember every engine message (no context) it was asked for."""

    def __init__(self, lang: str):
        super().__init__(lang)
        self.used: list[str] = []

    def __call__(self, message: str, **values) -> str:
        self.used.append(message)
        return super().__call__(message, **values)

    def plural(self, context, one, other, n, **values) -> str:
        if context is None:
            self.used.append(one)
        return super().plural(context, one, other, n, **values)


def test_every_emitted_event_kind_has_a_sample_here():
    assert emitted_kinds() <= set(SAMPLES), emitted_kinds() - set(SAMPLES)


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_event_kind_reads_as_a_sentence_in_every_language(kind, lang):
    definition = regola.load_game("doge").definition
    w = Recording(lang)
    gw = GameWords(definition, w)
    for event in SAMPLES[kind]:
        for shown in (event, {**event, "private": True}):
            line = event_text(shown, gw)
            assert "{" not in line and "}" not in line, line
            assert "=" not in line and not line.startswith(words(kind) + ":"), line
    if lang != "en":
        for message in w.used:
            entry = po(lang).get(message)
            assert entry is not None and entry.string and all(entry.string) \
                and not entry.fuzzy, f"{message!r} is not translated in {lang}"


def test_warsaw_grid_placements_are_told_in_spanish():
    game = regola.load_game("warsaw")
    state = game.new_state(players=2, seed=3)
    gw = GameWords(game.definition, "es")
    placed = [e for e in state.log if e["e"] == "place"]
    assert placed
    line = event_text(placed[0], gw)
    assert "loseta" in line and "place:" not in line and "giro" in line
