"""Copycat's readings (shared/rules-notes/copycat.md, Readings) read the other way: each test
flips one reading's option and shows that the scripts then follow the other reading, so the
scenarios of the chosen reading check something the option decides."""

from __future__ import annotations

from test_copycat_rules import run_with_options


def test_reading_01_other_value_blue_in_phase_three(tmp_path):
    """Reading 1 (blue_phase), other value: a blue card is no action in phase 2; in phase 3 it
    draws, and the drawn cards are played at once."""
    steps = """\
  - act: ["red: 18", "blue: 9"]
  - set:
      tokens: [{select: {kind: card, name: press_release}, to: hand, owner: red}]
  - act: ["red: play", "red: press_release"]
  - expect:
      - {legal: {player: red, is: [place, play, pass]}}
  - act: ["red: pass", "blue: pass", "red: use"]
  - expect:
      - {legal: {player: red, includes: [press_release]}}
  - act: ["red: press_release", "red: 2"]
  - expect:
      - {count: card, owner: red, at: hand, is: 0}
      - {count: card, owner: red, at: play, is: 7}
"""
    assert run_with_options(tmp_path, {"blue_in_phase_two": False}, steps) == []


def test_reading_02_other_value_round_one_only_blue_offices(tmp_path):
    """Reading 2 (round1_offices), other value: in round 1 only blue office actions are
    usable: the Records Office draws in phase 2, the purchasing office gives no buy."""
    steps = """\
  - act: ["red: 18", "blue: 9", "red: place", "red: hall_buy_a", "red: end_turn",
          "blue: pass", "red: place", "red: hall_draw_two", "red: use", "red: 2"]
  - expect:
      - {count: card, owner: red, at: hand, is: 6}
  - act: ["red: end_turn", "red: pass", "red: use"]
  - expect:
      - {legal: {player: red, includes: [fatherly_friend], excludes: [hall_buy_a]}}
"""
    assert run_with_options(tmp_path, {"round_one_offices_all": False}, steps) == []


def test_reading_04_other_value_ties_keep_previous_order(tmp_path):
    """Reading 4 (order_ties), other value: tied players keep their previous order."""
    steps = """\
  - set:
      vars: {order: [0, 1]}
  - act: ["red: 17", "blue: 17"]
  - expect:
      - {var: order, is: [0, 1]}
"""
    assert run_with_options(tmp_path, {"ties_reverse_previous": False}, steps) == []


def test_reading_05_other_value_spent_coins_still_count(tmp_path):
    """Reading 5 (phase2_coins), other value: the coin spent for Spin Doctor in phase 2 still
    counts as money."""
    steps = """\
  - act: ["red: 18", "blue: 9"]
  - set:
      tokens: [{select: {kind: card, name: spin_doctor}, to: hand, owner: red}]
  - act: ["red: play", "red: fatherly_friend", "red: play", "red: fatherly_friend",
          "red: play", "red: spin_doctor", "red: use", "red: fatherly_friend", "red: done",
          "red: pass", "blue: pass", "red: use", "red: fatherly_friend"]
  - expect:
      - {var: money, player: red, is: 2}
"""
    assert run_with_options(tmp_path, {"phase_two_coins_spent": False}, steps) == []


def test_reading_08_other_value_occupied_office_gives_markers(tmp_path):
    """Reading 8 (occupied_office), other value: the second worker takes the markers too."""
    steps = """\
  - act: ["red: 18", "blue: 9", "red: place", "red: hall_coins", "red: end_turn"]
  - set:
      vars: {markers: [0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}
      tokens: [{select: {kind: card, name: party_congress}, to: hand, owner: blue}]
  - act: ["blue: play", "blue: party_congress", "blue: use", "blue: hall_coins"]
  - expect:
      - {count: worker, at: hall_coins, is: 2}
      - {var: collected, player: blue, is: 3}
"""
    assert run_with_options(tmp_path, {"occupied_office_no_markers": False}, steps) == []


def test_reading_10_other_value_two_doublers_double_twice(tmp_path):
    """Reading 10 (twice_cap), other value: a second doubler doubles again."""
    steps = """\
  - act: ["red: 18", "blue: 9", "red: pass", "blue: pass"]
  - set:
      tokens:
        - {select: {kind: card, name: tax_haven}, to: play, owner: red, shown: true}
        - {select: {kind: card, name: offshore_account}, to: play, owner: red, shown: true}
        - {select: {kind: card, name: patron}, to: play, owner: red, shown: true}
  - act: ["red: use", "red: patron", "red: use", "red: tax_haven", "red: use",
          "red: offshore_account"]
  - expect:
      - {var: money, player: red, is: 8}
"""
    assert run_with_options(tmp_path, {"copy_is_second_use": False}, steps) == []


def test_reading_11_other_value_shred_from_hand_only(tmp_path):
    """Reading 11 (shred_from), other value: only hand cards can be shredded."""
    steps = """\
  - act: ["red: 18", "blue: 9"]
  - set:
      tokens: [{select: {kind: card, name: campaign_office}, to: hand, owner: red}]
  - act: ["red: play", "red: local_radio", "red: play", "red: campaign_office", "red: use"]
  - expect:
      - {legal: {player: red, includes: [fatherly_friend, skip], excludes: [local_radio]}}
"""
    assert run_with_options(tmp_path, {"shred_from_hand_or_play": False}, steps) == []


def test_reading_18_other_value_a_tie_on_vp_is_shared_at_once(tmp_path):
    """Reading 18 (final_tie_last_round), other value: VP gained in the last round breaks no
    tie; red and blue tied on VP share the victory although blue gained more."""
    steps = """\
  - set:
      vars: {round: 11}
      player_vars: {red: {vp: 50}, blue: {vp: 49}}
  - act: ["red: 18", "blue: 9", "red: pass", "blue: pass", "red: done"]
  - act: ["blue: use", "blue: local_radio", "blue: done"]
  - expect:
      - {over: true}
      - {winners: [red, blue]}
"""
    assert run_with_options(tmp_path, {"final_tie_last_round": False}, steps) == []


def test_reading_18_other_value_reads_in_the_rulebook(tmp_path):
    """Reading 18, other value: the end section drops the last-round tie-breaker (a tie-breaker
    an option turns into a constant breaks no tie) and the note says the reading is off."""
    from regola.rulebook.book import build_rulebook

    variant = tmp_path / "plain_ties.yaml"
    variant.write_text("extends: copycat\nvariant: plain_ties\nname: Plain ties\n"
                       "options:\n  final_tie_last_round: {value: false}\n", encoding="utf-8")
    book = build_rulebook("copycat", str(variant), "en").published     # book and rules in full
    assert "VP of the round among them" not in book
    assert "compare 0" not in book
    assert "Players who are still tied share the victory." in book
    assert "VP of the round among them" in build_rulebook("copycat", None, "en").published


def test_reading_21_other_value_grey_may_take_grey(tmp_path):
    """Reading 21 (grey_skips_grey), other value: Plagiarism copies the Archive (so red keeps
    cards in phase 4, and the Archive counts as used), and the Chief of Staff uses the Patent
    Office (a grey office) again to copy one more card."""
    steps = """\
  - set:
      vars: {open_offices: [hall_buy_a, hall_coins, s3_copy]}
  - act: ["red: 18", "blue: 9", "red: place", "red: s3_copy", "red: end_turn", "blue: pass",
          "red: pass"]
  - set:
      tokens:
        - {select: {kind: card, name: plagiarism}, to: play, owner: red, shown: true}
        - {select: {kind: card, name: archive}, to: play, owner: red, shown: true}
        - {select: {kind: card, name: chief_of_staff}, to: play, owner: red, shown: true}
        - {select: {kind: card, name: patron}, to: play, owner: red, shown: true}
  - act: ["red: use", "red: plagiarism"]
  - expect:
      - {legal: {player: red, includes: [archive, chief_of_staff, patron, skip]}}
  - act: ["red: archive", "red: use"]
  - expect:
      - {legal: {player: red, excludes: [archive, plagiarism]}}
  - act: ["red: s3_copy", "red: patron"]
  - expect:
      - {var: money, player: red, is: 2}
  - act: ["red: use", "red: chief_of_staff"]
  - expect:
      - {legal: {player: red, is: [s3_copy, skip]}}
  - act: ["red: s3_copy"]
  - expect:
      - {legal: {player: red, includes: [fatherly_friend, archive], excludes: [patron]}}
  - act: ["red: fatherly_friend"]
  - expect:
      - {var: money, player: red, is: 3}
  - act: ["red: done", "blue: done"]
  - expect:
      - {ask: keep_card, player: red}
"""
    assert run_with_options(tmp_path, {"grey_skips_grey": False}, steps) == []


def test_reading_22_other_value_occupied_office_is_the_turns_placement(tmp_path):
    """Reading 22 (occupied_office_extra_placement), other value: Party Congress's worker on an
    occupied office is the turn's placement: after it Blue cannot place again this turn, and
    used after a placement it places nobody."""
    steps = """\
  - set:
      tokens: [{select: {kind: card, name: party_congress}, to: hand, owner: blue}]
  - act: ["red: 18", "blue: 9", "red: place", "red: hall_coins", "red: end_turn"]
  - act: ["blue: play", "blue: party_congress", "blue: use", "blue: hall_coins"]
  - expect:
      - {count: worker, at: hall_coins, is: 2}
      - {legal: {player: blue, excludes: [place], includes: [end_turn]}}
"""
    assert run_with_options(tmp_path, {"occupied_office_extra_placement": False}, steps) == []
    steps = """\
  - set:
      tokens: [{select: {kind: card, name: party_congress}, to: hand, owner: blue}]
  - act: ["red: 18", "blue: 9", "red: place", "red: hall_coins", "red: end_turn"]
  - act: ["blue: place", "blue: hall_vp_two", "blue: play", "blue: party_congress",
          "blue: use"]
  - expect:
      - {ask: turn_action, player: blue}
      - {count: worker, at: hall_coins, is: 1}
      - {count: worker, player: blue, at: home, is: 2}
"""
    assert run_with_options(tmp_path, {"occupied_office_extra_placement": False}, steps) == []
