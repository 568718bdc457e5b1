"""Warsaw: the component data of shared/rules-notes/warsaw.md (Components; Tiles and the
district; PROVISIONAL data) checked against the tile rows and constants the game loads, and
the randomness of the setup. Each test names the notes' item it checks (coverage.yaml)."""

from __future__ import annotations

from collections import Counter

from warsaw_helpers import GAME, bank_left, call, coins, fresh, with_options

TYPES = {"park", "residential", "commercial", "cultural", "industrial"}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}


def tiles(state=None):
    state = state or fresh()
    return list(state.token_records().values())


def regular(epoch=None):
    return [t for t in tiles() if t["family"] == "regular"
            and (epoch is None or t["epoch"] == epoch)]


def pieces(tile, kind):
    """The edge-connected groups of quarters of `kind` on one tile (quarter indexes 0-3,
    row by row)."""
    edges = {0: (1, 2), 1: (0, 3), 2: (0, 3), 3: (1, 2)}
    left = {i for i, q in enumerate(tile["quarters"]) if q == kind}
    groups = []
    while left:
        todo, group = [left.pop()], set()
        while todo:
            i = todo.pop()
            group.add(i)
            for j in edges[i]:
                if j in left:
                    left.remove(j)
                    todo.append(j)
        groups.append(group)
    return groups


def test_components_counts(tmp_path):
    """notes: Components - 105 city tiles: epoch tiles with backs I-VI, 4 start tiles, 5
    milestones; the bank of 36 coins; 4 mermaids (one per seat, 2-4 players)."""
    state = fresh()
    found = Counter(t["family"] for t in tiles(state))
    assert len(tiles(state)) == 105
    assert found["start"] == 4 and found["milestone"] == 5
    assert found["regular"] + found["public"] == 96
    assert {t["epoch"] for t in tiles(state) if t["family"] in ("regular", "public")} \
        == set(ROMAN)
    assert GAME.definition.resources["coin"].bank is None       # Reading 14: never runs out
    finite = fresh(with_options(tmp_path, bank_unlimited="false"), players=4)
    assert bank_left(finite) + sum(coins(finite, p) for p in range(4)) == 36
    assert len(GAME.definition.seats) == 4


def test_milestones_are_two_sided():
    """notes: Components - 5 two-sided milestones; Setup - each lies on its own space (one
    between each pair of consecutive epochs), one face up."""
    ms = sorted((t for t in tiles() if t["family"] == "milestone"), key=lambda t: t["slot"])
    assert [t["slot"] for t in ms] == [1, 2, 3, 4, 5]
    assert all(len(t["sides"]) == 2 and t["sides"][0] != t["sides"][1] for t in ms)


def test_tiles_have_four_quarters_of_five_types():
    """notes: Tiles and the district - a tile is 2x2 quarters, each one of the five area
    types, so a tile shows 1-4 types; its cost is printed on it."""
    for t in regular() + [t for t in tiles() if t["family"] == "start"]:
        assert len(t["quarters"]) == 4 and set(t["quarters"]) <= TYPES, t
        assert 1 <= len(set(t["quarters"])) <= 4
        assert isinstance(t["cost"], int) and t["cost"] >= 0


def test_icons_only_on_cultural_and_industrial_quarters():
    """notes: Tiles and the district - cultural and industrial areas carry a number icon,
    some tiles a transport icon; PROVISIONAL data - one icon per area piece of a tile,
    1-3 VP of culture or 1-3 coins of industry."""
    for t in regular():
        for q, icon in zip(t["quarters"], t["icons"]):
            assert icon == 0 or q in ("cultural", "industrial"), t
        for kind in ("cultural", "industrial"):
            for piece in pieces(t, kind):
                values = [t["icons"][i] for i in piece if t["icons"][i]]
                assert len(values) == 1 and 1 <= values[0] <= 3, t
    assert any(t["transport"] for t in regular())


def test_public_buildings_and_milestones_fill_the_tile():
    """notes: Tiles and the district - public-building and milestone tiles fill the whole
    tile (no quarters): one part type over all four quarters, marked whole."""
    for t in tiles():
        if t["family"] in ("public", "milestone"):
            assert t["whole"] is True and len(set(t["quarters"])) == 1, t


def test_provisional_tiles_per_epoch():
    """notes: PROVISIONAL data - 16 tiles per epoch (12 district tiles, 4 public buildings);
    I-II show 1-2 types a tile, III-IV 2-3, V-VI 3-4; each type at least twice per epoch;
    costs I 1-3 ... VI 6-8 with the public buildings at the top; a transport icon on 3
    tiles per epoch from II on."""
    mix = {1: (1, 2), 2: (1, 2), 3: (2, 3), 4: (2, 3), 5: (3, 4), 6: (3, 4)}
    for e in ROMAN:
        reg = regular(e)
        pub = [t for t in tiles() if t["family"] == "public" and t["epoch"] == e]
        assert len(reg) == 12 and len(pub) == 4
        low, high = mix[e]
        assert all(low <= len(set(t["quarters"])) <= high for t in reg), e
        types = Counter(k for t in reg for k in set(t["quarters"]))
        assert set(types) == TYPES and min(types.values()) >= 2, e
        assert all(e <= t["cost"] <= e + 2 for t in reg)
        assert all(t["cost"] == e + 2 for t in pub)
        assert sum(bool(t["transport"]) for t in reg) == (0 if e == 1 else 3)


def test_provisional_start_tile_and_park_table():
    """notes: PROVISIONAL data - the start tile costs 0, park on top, residential below;
    park table 0, 1, 3, 6, 10, 15 VP for 0-5+ adjacent residential areas."""
    for t in tiles():
        if t["family"] == "start":
            assert t["cost"] == 0 and t["quarters"] == ["park", "park", "residential",
                                                         "residential"]
    state = fresh()
    assert [call(state, "park_points", n) for n in range(8)] == [0, 1, 3, 6, 10, 15, 15, 15]


def test_provisional_milestone_faces():
    """notes: PROVISIONAL data - milestones cost 0; ten faces "most ...": residential areas,
    commercial areas, culture value, industry value, transport groups, public buildings,
    quarters in the biggest park, overbuilt spaces, area types, spaces; each gives +2 VP."""
    ms = [t for t in tiles() if t["family"] == "milestone"]
    faces = [f for t in ms for f in t["sides"]]
    assert sorted(faces) == sorted(["residential_areas", "commercial_areas", "culture_value",
                                    "industry_value", "transport_groups", "public_buildings",
                                    "biggest_park", "overbuilt_spaces", "area_types",
                                    "spaces"])
    assert set(faces) <= set(GAME.definition.goals.measures)
    assert all(t["cost"] == 0 and t["reward"] == "vp" and t["amount"] == 2 for t in ms)


def test_provisional_public_buildings_eight_effects_three_times():
    """notes: PROVISIONAL data - public buildings, 8 effects x 3: +1 VP per adjacent
    residential area, +1 coin per adjacent residential area, +1 VP per adjacent cultural
    area, +1 coin per adjacent commercial area, shield against pollution, transport tile,
    +2 VP, +2 coins."""
    def effect(t):
        return (t["reward"], t["amount"], t["per"], bool(t["shield"]), bool(t["transport"]))
    found = Counter(effect(t) for t in tiles() if t["family"] == "public")
    assert found == {("vp", 1, "residential", False, False): 3,
                     ("coins", 1, "residential", False, False): 3,
                     ("vp", 1, "cultural", False, False): 3,
                     ("coins", 1, "commercial", False, False): 3,
                     (None, None, None, True, False): 3, (None, None, None, False, True): 3,
                     ("vp", 2, None, False, False): 3, ("coins", 2, None, False, False): 3}


def test_setup_shuffles_stacks_face_down_and_picks_faces_at_random():
    """notes: Setup - the epoch tiles lie in 6 shuffled stacks face down; each milestone
    shows a random face. Different seeds deal different hands and show other faces."""
    hands, faces = set(), set()
    for seed in range(1, 9):
        state = fresh(players=2, seed=seed)
        stacked = [t for t in tiles(state) if t["at"] == "stacks"]
        assert len(stacked) == 80 and not any(t["shown"] for t in stacked)
        assert sorted({t["epoch"] for t in stacked}) == [2, 3, 4, 5, 6]
        hands.add(frozenset(tid for tid, t in state.token_records().items()
                            if t["owner"] == 0 and t["at"] in ("hand", "picked")))
        faces.add(tuple(state.data["vars"]["faces"]))
        assert coins(state, 0) == 6
    assert len(hands) > 1 and len(faces) > 1
