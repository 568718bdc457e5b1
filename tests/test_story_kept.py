"""The story kept from view to view (present/story.py KeptStory, Teller) tells the same
lines as the story told again from the whole log at every view."""

from __future__ import annotations

import random

import pytest

import regola
from regola.i18n.catalog import Words
from regola.present.story import KeptStory, Teller, entry_text, story, without_secrets
from regola.server.messages import (
    DETAIL_LINES,
    EARLIER_SHOWN,
    LOG_LINES,
    SPECTATOR_LINES,
    detail_text,
    game_words,
    since_last_move,
    story_entries,
)

GAMES = ("doge", pytest.param("rialto", marks=pytest.mark.slow),   # (the two longest: CI's
         pytest.param("warsaw", marks=pytest.mark.slow),             # slow run)
         "copycat", "tictactoe", "goofspiel", "kuhn", "leduc")


def rebuilt(gw, log: list[dict], tokens: dict, seat: int | None) -> list[dict]:
    """The story's lines as they were made before the story was kept: the whole story
    told again, its secrets dropped, the lines picked from the front."""
    told = without_secrets(story(log), seat)
    start = since_last_move(log, seat)
    new = [entry for entry in told if entry.last >= start]
    room = EARLIER_SHOWN - len(new)
    earlier = [entry for entry in told if entry.last < start][-room:] if room > 0 else []
    shown = [(entry, True) for entry in earlier] + [(entry, False) for entry in new]
    limit = SPECTATOR_LINES if seat is None else LOG_LINES

    def index(event: dict) -> int:
        return next((i for i in range(len(log) - 1, -1, -1) if log[i] is event), len(log) - 1)

    return [{"text": entry_text(entry, gw, tokens),
             "details": [detail_text(gw, {k: v for k, v in e.items() if v is not None},
                                     tokens, log[:index(e) + 1])
                         for e in entry.details[-DETAIL_LINES:]],
             **({"earlier": True} if seen else {})}
            for entry, seen in shown[-limit:]]


def random_states(game_id: str, seed: int, decisions: int):
    """The states of a seeded random game, one after each decision (the same object)."""
    game = regola.load_game(game_id)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    yield state
    for _ in range(decisions):
        if state.is_over:
            return
        seat = min(state.to_move)              # the lowest of those who decide
        state.apply(seat, rng.choice(state.legal_actions(seat))["value"])
        yield state


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_story_equals_the_story_told_again_after_every_decision(game_id):
    game = regola.load_game(game_id)
    gw = game_words(game.definition, Words("en"))
    for seed in (1, 2):
        kept: dict = {}
        checked = 0
        for state in random_states(game_id, seed, 90):
            for seat in [None, *range(state.players)]:
                # seed 2: a view of a fresh copy (as the web table draws), whose log is
                # filtered again (hidden events copied anew: equal, not the same objects)
                view = (state if seed == 1 else state.clone()).observe(seat)
                tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
                story_kept = kept.setdefault(seat, KeptStory())
                lines = story_entries(gw, view["log"], tokens, seat, None, story_kept)
                assert lines == rebuilt(gw, view["log"], tokens, seat), (seed, seat)
                assert lines == story_entries(gw, view["log"], tokens, seat)
                checked += 1
        assert checked > state.players


def test_a_kept_story_told_an_earlier_log_tells_it_again():
    """A log that does not carry on the last one (an earlier state, another game) is told
    from its start."""
    game = regola.load_game("rialto")
    gw = game_words(game.definition, Words("en"))
    logs = [list(state.observe(0)["log"]) for state in random_states("rialto", 3, 60)]
    kept = KeptStory()
    for log in [logs[-1], logs[10], logs[40], logs[5]]:
        assert story_entries(gw, log, {}, 0, None, kept) == rebuilt(gw, log, {}, 0)


@pytest.mark.parametrize("choices", [True, False])
def test_a_log_told_in_parts_tells_the_story_told_whole(choices):
    *_, state = random_states("doge", 4, 200)
    log = list(state.log)
    teller = Teller(choices)
    rng = random.Random(0)
    at = 0
    while at < len(log):
        step = rng.randint(0, 7)
        teller.add(log[at:at + step])
        at += step
        assert teller.entries() == story(log[:at], choices)
