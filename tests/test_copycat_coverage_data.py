"""Copycat's component data and set-up, item by item of the notes (shared/rules-notes/copycat.md,
sections Components, Board, Setup and "Component data: status", with its PROVISIONAL lists):
each test names the notes line it checks (rules/copycat/coverage.yaml maps them)."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml

import regola
from regola.loading.sources import rules_root

# The colour of an action box follows its kind (notes Action kinds).
COLOUR_OF = {
    "coins": "yellow", "shred_coins": "yellow", "double_coins": "yellow", "buy": "yellow",
    "slide_buy": "yellow", "vp": "green", "vp_per_coin": "green", "double_markers": "green",
    "coin_or_vp": "yellow_green", "workers": "purple", "shred_worker": "purple",
    "extra_office": "purple", "occupied_office": "purple", "draw": "blue",
    "draw_per_coin": "blue", "cycle": "blue", "copy": "grey", "reuse_card": "grey",
    "reuse_office": "grey", "keep": "grey",
}

# notes "Component data: status", PROVISIONAL: the action cards of sections I-IV in listed
# order (name, price, effect, amount); they are numbered 19-61 in this order, with the notes'
# values. The amounts of 6 offices were raised from the notes' values by issue 11's tuning
# (rules/copycat/NOTES.md lists old -> new); still provisional.
ACTION_CARDS = {
    1: [("campaign_office", 2, "shred_worker", 1), ("donor", 3, "coins", 2),
        ("intern", 3, "workers", 1), ("press_release", 2, "draw", 2),
        ("regional_paper", 3, "vp", 2), ("sponsor", 2, "coin_or_vp", 1),
        ("flea_market", 1, "shred_coins", 1), ("aide", 2, "cycle", 2), ("patron", 4, "coins", 2)],
    2: [("campaign_manager", 6, "workers", 2), ("talk_show", 5, "vp", 3),
        ("bank_loan", 5, "coins", 3), ("ghostwriter", 5, "copy", 1),
        ("speechwriter", 5, "draw", 3), ("party_congress", 4, "occupied_office", 1),
        ("backroom_deal", 4, "extra_office", 1), ("spin_doctor", 3, "draw_per_coin", 1),
        ("charity_gala", 5, "vp_per_coin", 1), ("shredder", 3, "shred_coins", 2),
        ("tv_spot", 6, "vp", 3), ("benefactor", 3, "coins", 2), ("adviser", 4, "cycle", 3)],
    3: [("tax_haven", 8, "double_coins", 1), ("opinion_poll", 6, "double_markers", 1),
        ("network", 7, "reuse_card", 1), ("chief_of_staff", 7, "reuse_office", 1),
        ("treasurer", 6, "coins", 3), ("national_radio", 7, "vp", 4),
        ("volunteers", 6, "workers", 2), ("archive", 5, "keep", 1),
        ("press_office", 6, "draw", 3), ("national_tv", 8, "vp", 4), ("pollster", 5, "cycle", 3)],
    4: [("industry_lobby", 8, "coins", 4), ("prime_time", 9, "vp", 5),
        ("plagiarism", 8, "copy", 1), ("party_machine", 8, "workers", 2),
        ("offshore_account", 9, "double_coins", 1), ("headline", 10, "vp", 5),
        ("think_tank", 8, "draw", 4), ("cover_up", 7, "shred_coins", 2),
        ("rally", 8, "vp_per_coin", 1), ("kingmaker", 9, "reuse_office", 1)],
}

# notes PROVISIONAL: board offices, player-count offices and section offices as
# (section, effect, amount, bonus coins, fewest players).
BOARD_OFFICES = [
    (0, "buy", 1, 0, 2), (0, "buy", 1, 0, 2), (0, "buy", 1, 1, 2), (0, "buy", 2, 0, 2),
    (0, "coins", 2, 0, 2), (0, "draw", 2, 0, 2), (0, "draw", 1, 0, 2), (0, "vp", 2, 0, 2),
    (0, "vp", 1, 0, 2), (0, "coin_or_vp", 1, 0, 2),
]
PLAYER_COUNT_OFFICES = [(0, "buy", 1, 0, 3), (0, "draw", 2, 0, 3), (0, "buy", 1, 0, 4),
                        (0, "coins", 1, 0, 4)]
SECTION_OFFICES = [
    (1, "vp", 3, 0, 2), (1, "draw", 3, 0, 2), (1, "slide_buy", 1, 0, 2),
    (2, "buy", 1, 2, 2), (2, "vp", 4, 0, 2), (2, "reuse_office", 1, 0, 2),
    (3, "double_coins", 1, 0, 2), (3, "copy", 1, 0, 2),
    (4, "vp", 5, 0, 2), (4, "reuse_card", 1, 0, 2),
    (5, "buy", 1, 3, 2),
]


@pytest.fixture(scope="module")
def copycat():
    return regola.load_game("copycat")


@pytest.fixture(scope="module")
def rows():
    doc = yaml.safe_load((rules_root() / "copycat" / "game.yaml").read_text(encoding="utf-8"))
    return doc["tokens"]["card"]["rows"]


@pytest.fixture(scope="module")
def offices(copycat):
    return {a: v for a, v in copycat.definition.areas.items() if v["kind"] == "office"}


def test_start_cards_four_sets_numbered_9_to_18(rows):
    """notes Components: 40 start cards, 4 identical sets of 10 (A-D) numbered 9-18;
    Component data: 7 give 1 coin, 3 give 1 VP; PROVISIONAL start numbers: Fatherly Friend
    9-15 (+1 coin), Local Newspaper 16, Local Radio 17, Local TV 18 (+1 VP)."""
    start = [r for r in rows if r["section"] == 0]
    assert len(start) == 40
    sets = {s: [r for r in start if r["set"] == s] for s in "abcd"}
    assert all(len(cards) == 10 for cards in sets.values())
    strip = [[{k: v for k, v in r.items() if k != "set"} for r in cards] for cards in sets.values()]
    assert all(cards == strip[0] for cards in strip), "the four sets are identical"
    assert sorted(r["number"] for r in sets["a"]) == list(range(9, 19))
    for r in sets["a"]:
        assert r["price"] == 0 and r["amount"] == 1
        if r["number"] <= 15:
            assert (r["name"], r["colour"], r["effect"]) == ("fatherly_friend", "yellow", "coins")
    assert [r["name"] for r in sorted(sets["a"], key=lambda r: r["number"])][7:] == [
        "local_newspaper", "local_radio", "local_tv"]
    assert all(r["effect"] == "vp" and r["colour"] == "green"
               for r in sets["a"] if r["number"] > 15)


def test_action_card_counts_and_numbers(rows):
    """notes Components: sections I 11, II 15, III 13, IV 12 (51 action cards); red cards carry
    1-8, the rest 19-61, each number once; section V: 4 doctorates (no number)."""
    action = [r for r in rows if 1 <= r["section"] <= 4]
    assert Counter(r["section"] for r in action) == {1: 11, 2: 15, 3: 13, 4: 12}
    red = sorted(r["number"] for r in action if r["colour"] == "red")
    rest = sorted(r["number"] for r in action if r["colour"] != "red")
    assert red == list(range(1, 9))
    assert rest == list(range(19, 62))
    doctorates = [r for r in rows if r["section"] == 5]
    assert len(doctorates) == 4 and all(r["name"] == "doctorate" for r in doctorates)
    assert all(r["number"] == 0 for r in doctorates)


def test_red_cards_two_per_section_free_no_action(rows):
    """notes PROVISIONAL: red school diplomas, 2 per section I-IV (#1-2 in I ... #7-8 in IV),
    price 0, no action (Action kinds, Red: none)."""
    red = [r for r in rows if r["colour"] == "red"]
    assert len(red) == 8
    for r in red:
        assert r["name"] == "school_diploma" and r["price"] == 0 and r["effect"] == "none"
        assert r["section"] == (r["number"] + 1) // 2


def test_provisional_card_list(rows):
    """notes PROVISIONAL card list of sections I-IV: name, price and effect of every action
    card, numbered in listed order from 19; the colour follows the effect kind."""
    listed = [(s, *card) for s in (1, 2, 3, 4) for card in ACTION_CARDS[s]]
    ours = [r for r in rows if 1 <= r["section"] <= 4 and r["colour"] != "red"]
    assert [(r["section"], r["name"], r["price"], r["effect"], r["amount"]) for r in ours] == listed
    assert [r["number"] for r in ours] == list(range(19, 62))
    for r in ours:
        assert r["colour"] == COLOUR_OF[r["effect"]], r["name"]


def test_offices_printed_player_count_and_cards(offices):
    """notes Components and Board: 10 printed offices, 4 player-count offices (3-4 or 4
    players), 11 office cards by section 3/3/2/2/1 (15 office cards in all); PROVISIONAL
    office list."""
    def key(v):
        return (v["section"], v["effect"], v["amount"], v["bonus"], v["min_players"])

    printed = sorted(key(v) for v in offices.values() if v["section"] == 0)
    assert printed == sorted(BOARD_OFFICES + PLAYER_COUNT_OFFICES)
    cards = sorted(key(v) for v in offices.values() if v["section"] > 0)
    assert cards == sorted(SECTION_OFFICES)
    assert len(PLAYER_COUNT_OFFICES) + len(SECTION_OFFICES) == 15
    for v in offices.values():
        assert v["colour"] == COLOUR_OF[v["effect"]]


def test_rich_offices_variant_raises_only_the_vp_offices(offices):
    """The variant rich_offices (rules/copycat/NOTES.md, the balance lab's tuning) raises the
    five VP offices and the Lobby; every other office is the base game's."""
    rich = {a: v for a, v in regola.load_game("copycat", "rich_offices").definition.areas.items()
            if v["kind"] == "office"}
    raised = {a: (offices[a]["amount"], v["amount"]) for a, v in rich.items()
              if v != offices[a]}
    assert raised == {"hall_vp_two": (2, 6), "hall_vp_one": (1, 4), "hall_coin_or_vp": (1, 2),
                      "s1_vp": (3, 7), "s2_vp": (4, 9), "s4_vp": (5, 11)}


def test_exactly_one_office_gives_two_buys(offices):
    """notes Board: one office (in the whole department) gives 2 buys; checklist 16."""
    two = [a for a, v in offices.items() if v["effect"] == "buy" and v["amount"] == 2]
    assert two == ["hall_buy_two"]


def test_buys_only_on_offices_extra_workers_only_on_cards(rows, offices):
    """notes Component data: buys only on offices, extra workers only on cards."""
    assert not [r for r in rows if r.get("effect") in ("buy", "slide_buy")]
    worker_effects = {"workers", "shred_worker", "extra_office", "occupied_office"}
    assert not [a for a, v in offices.items() if v["effect"] in worker_effects]


def test_street_spaces_and_surcharges(copycat):
    """notes Board: the street has 11 spaces; surcharge +0 on 1-4, +1 on 5-8, +2 on 9-11."""
    street = sorted((v["position"], v["surcharge"]) for v in copycat.definition.areas.values()
                    if v["kind"] == "street_space")
    assert street == [(p, 0 if p <= 4 else 1 if p <= 8 else 2) for p in range(1, 12)]


def test_workers_markers_and_limits(copycat):
    """notes Components: 28 workers (7 per colour, 4 colours), 25 VP markers; A round: at
    most 11 rounds; End: 95 VP; 2-4 players."""
    d = copycat.definition
    assert d.pieces["worker"].per_player == 7 and len(d.seats) == 4
    assert d.constants["vp_markers"] == 25
    assert d.constants["rounds"] == 11
    assert d.constants["vp_target"] == 95
    assert (d.min_players, d.max_players) == (2, 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_doctorates_equal_the_player_count(copycat, players):
    """notes Setup: the supply's bottom holds as many doctorates as players (Component data:
    doctorates = players); the others are out of the game."""
    state = copycat.new_state(players=players, seed=2)
    cards = [t for t in state.token_records().values() if t["kind"] == "card" and t["section"] == 5]
    assert sum(1 for t in cards if t["at"] == "supply") == players
    assert sum(1 for t in cards if t["at"] == "box") == 4 - players


def test_start_pieces_and_shuffled_start_decks(copycat):
    """notes Setup: each player's start set, shuffled face down, is their draw pile; career
    piece on 0; no VP markers on the offices yet."""
    hands = set()
    for seed in range(6):
        state = copycat.new_state(players=2, seed=seed)
        data, tokens = state.data, state.token_records()
        for p in range(2):
            mine = [t for t in tokens.values() if t["kind"] == "card" and t["owner"] == p]
            assert len(mine) == 10 and {t["set"] for t in mine} == {"ab"[p]}
            assert all(not t["shown"] for t in mine if t["at"] in ("draw", "hand"))
        hands.add(tuple(sorted(t["number"] for t in state.token_records().values()
                               if t["kind"] == "card" and t["owner"] == 0 and t["at"] == "hand")))
        assert [pv["vp"] for pv in data["pvars"]] == [0, 0]
        assert set(data["vars"]["markers"]) == {0}
    assert len(hands) > 2, "the start decks are shuffled"
