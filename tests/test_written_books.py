"""The written rulebook and the data that keeps it honest: templates bound to the data,
sections that say which rules they explain (validate refuses an unexplained rule and warns
on a stale section), the rules in full that lose no statement, and the effects.

The test game tests/data/duel_game holds the three rules a generator once lost without a
word: a protection kept in a true/false player variable, a card handed over with `give`,
and the branches of an `if` on a card chosen from the hand.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import regola
from regola.cli.app import app
from regola.i18n.catalog import Words
from regola.i18n.data_values import DataValues
from regola.rulebook.book import build_rulebook
from regola.rulebook.book.procedures import unaccounted
from regola.rulebook.book.rulebook import Book
from regola.rulebook.written.checks import book_checks, book_outline
from regola.rulebook.written.rules import game_rules
from regola.texts.templates import TemplateError, parse_template

DUEL = Path(__file__).parent / "data" / "duel_game"
GAMES = ["doge", "rialto", "warsaw", "copycat"]
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    target = tmp_path / "duel_game"
    shutil.copytree(DUEL, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# -- templates ---------------------------------------------------------------------------
def test_a_template_fills_numbers_lists_and_plurals_in_each_language():
    values = {"n": 1, "costs": [3, 4, 5], "big": 12000}
    text = parse_template("{n, plural, one {# cube} other {# cubes}}; {costs}; "
                          "{costs|first} to {costs|last}; {costs|or}; {big}; {=7}")
    assert text.render(values, Words("en")) == "1 cube; 3, 4, and 5; 3 to 5; 3, 4, or 5; " \
                                               "12,000; 7"
    spanish = parse_template("{costs|count, plural, one {# coste} other {# costes}}: {costs}")
    assert spanish.render(values, Words("es")) == "3 costes: 3, 4 y 5"
    assert parse_template("{big}").render(values, Words("nl")) == "12.000"
    exact = parse_template("{n, plural, =1 {just one} other {#}}")
    assert exact.render(values, Words("en")) == "just one"


def test_a_template_allows_no_python_format_tricks():
    """Only placeholders that name a value: no attribute, index or width."""
    for bad in ("{area.__class__}", "{x:>300}", "{x[0]}", "a { b", "{x!r}"):
        with pytest.raises(TemplateError):
            parse_template(bad).render({"x": 1, "area": "a"}, Words("en"))


def test_numbers_written_by_hand_are_found_outside_placeholders_and_lists():
    text = parse_template("1. Take 2 cubes; then {n} more.\n2. Pass {=3} turns, phase A4.")
    assert [n for n, _ in text.hand_numbers()] == ["2"]


def test_the_data_values_have_short_paths_and_name_where_a_number_is_held():
    values = DataValues(regola.load_game("doge").definition)
    assert values.lookup("winner_houses") == 2
    assert values.lookup("house.per_player") == 15
    assert values.lookup("district.palace_costs") == [3, 4, 5, 6, 7]
    assert values.lookup("placement_rounds.3") == 4
    assert "winner_houses" in values.holding(2)
    with pytest.raises(TemplateError, match=r"did you mean \{winner_houses\}"):
        values.lookup("winer_houses")
    rialto = DataValues(regola.load_game("rialto").definition)
    assert rialto.lookup("g1.value") == 1
    copycat = DataValues(regola.load_game("copycat").definition)
    assert copycat.lookup("donor.price") == 3
    # tokens grouped by a whole-number property too: how many cards each section holds
    assert [copycat.lookup(f"tokens.card.section.{n}.count") for n in (1, 2, 3, 4)] == \
        [11, 15, 13, 12]


def test_a_number_variables_start_value_is_a_placeholder_and_a_hand_number_names_it(duel):
    """A text may say how many points a player starts with: `{points.initial}`, read from
    the variable's `initial`; the same number written by hand is refused, naming it."""
    edit(duel / "game.yaml", "points: {initial: 0}", "points: {initial: 7}")
    values = DataValues(regola.load_game(str(duel)).definition)
    assert values.lookup("points.initial") == 7
    assert values.lookup("player_variables.points.initial") == 7
    assert "points.initial" in values.holding(7)
    with pytest.raises(TemplateError):
        values.lookup("protected.initial")      # true/false starts are not numbers to name


# -- explains: nothing left out, nothing stale ---------------------------------------------
def test_the_test_game_explains_every_rule():
    problems, warnings = book_checks(regola.load_game(str(DUEL)).definition)
    assert [str(p) for p in problems if "catalog" not in str(p)
            and "translated" not in str(p) and "no entry" not in str(p)] == []
    assert warnings == []


@pytest.mark.parametrize("name, kind", [("take_turn", "the procedure"),
                                        ("gift_to", "the ask"),
                                        ("last_turn", "the end rule")])
def test_validate_refuses_a_rule_no_section_explains(duel, name, kind):
    book = duel / "rulebook.yaml"
    text = book.read_text(encoding="utf-8")
    text = re.sub(rf"(?<=[\[ ]){name}, |, {name}(?=\])", "", text)
    assert name not in text
    book.write_text(text, encoding="utf-8")
    result = run("validate", str(duel))
    assert result.exit_code == 2
    assert f"{kind} {name!r}" in result.output and "is explained by no section" in \
        result.output, result.output


def test_validate_refuses_an_unexplained_reading(duel):
    edit(duel / "game.yaml", "end:\n", "options:\n  strikes_pierce_shields:\n    value: false\n"
                                       "    reading: 1\n    summary: A strike ignores a "
                                       "shield.\nend:\n")
    result = run("validate", str(duel))
    assert result.exit_code == 2
    assert "the reading 'strikes_pierce_shields' is explained by no section" in result.output


def test_validate_refuses_a_section_naming_a_rule_the_game_lacks(duel):
    edit(duel / "rulebook.yaml", "explains: [take_turn,", "explains: [take_trun,")
    result = run("validate", str(duel))
    assert result.exit_code == 2
    assert "'take_trun' is no procedure, ask, end condition or reading of the game; did " \
           "you mean take_turn?" in result.output


def test_validate_warns_on_a_section_whose_rules_changed_and_review_clears_it(duel):
    edit(duel / "duel_game.regola", "p.points = p.points + strike_points",
         "p.points = p.points + strike_points + 1")
    result = run("validate", str(duel))
    assert "warning:" in result.output and "section 'turn' explains rules whose scripts " \
                                           "changed since it was last reviewed" in result.output
    assert "section 'game'" not in result.output        # its rules did not change
    hint = f"`regola rulebook {duel.resolve()} --review turn`"    # the game as it is found
    assert hint in " ".join(result.output.split())
    reviewed = run("rulebook", str(duel), "--review", "turn")
    assert reviewed.exit_code == 0 and "reviewed turn" in reviewed.output
    assert "section 'turn'" not in run("validate", str(duel)).output


def test_spacing_and_comments_do_not_make_a_section_stale(duel):
    edit(duel / "duel_game.regola", "def take_turn(p):\n",
         "# a comment\n\ndef take_turn(p):\n")
    assert "warning" not in run("validate", str(duel)).output


def test_a_hand_written_number_the_data_holds_is_refused_with_its_placeholder(duel):
    edit(duel / "rulebook.yaml", "Each of you starts with {hand_size} cards",
         "Each of you starts with 2 cards")
    result = run("validate", str(duel))
    assert result.exit_code == 2
    assert "the number 2 is written by hand, but the data holds it: write {hand_size}" in \
        result.output


def test_a_translation_with_a_hand_written_number_or_other_placeholders_is_refused(duel):
    run("catalogs", "update", str(duel))
    po = duel / "locales" / "es.po"
    english = ("Each of you starts with {hand_size} cards from the deck. The game lasts "
               "{turns} turns; in each turn, every player plays one card and draws a new one. "
               "Whoever has the most points at the end wins.")
    text = po.read_text(encoding="utf-8")
    assert "Each of you starts with {hand_size}" in text
    from babel.messages.pofile import read_po, write_po
    with open(po, "rb") as fp:
        catalog = read_po(fp)
    catalog.get(english, context="duel_game.book").string = \
        "Cada uno empieza con 2 cartas. La partida dura {turnos} turnos."
    with open(po, "wb") as fp:
        write_po(fp, catalog)
    result = run("validate", str(duel))
    assert "es.po:" in result.output
    assert "the number 2 is written by hand, but the data holds it: write {hand_size}" in \
        result.output
    assert "unknown placeholder {turnos}" in result.output
    assert "the translation's placeholders ({turnos}) differ from the English ones " \
           "({hand_size}, {turns})" in result.output


# -- the rules in full ------------------------------------------------------------------------
def _lost(book: Book) -> list[tuple[str, int, str]]:
    keep = set(book.outline.quiet) | set(book.outline.bookkeeping)
    lost = []
    for name, proc in book.g.program.procs.items():
        if "·" in name or name in book.outline.phrase_only:    # said by its phrase
            continue
        book.steps.said = {}
        book.steps.procedure(name)
        lost += [(name, line, kind) for line, kind in unaccounted(book.steps, proc.tree, keep)]
    return lost


@pytest.mark.parametrize("game", [*GAMES, str(DUEL)])
def test_the_rules_in_full_say_every_statement_of_every_procedure(game):
    """Each statement is said as a step, folded into one, ruled out by the data (an option
    decides its branch), a story line, or a name the game lists as bookkeeping."""
    assert _lost(Book(game, None, Words("en"))) == []


def test_a_statement_the_renderer_drops_is_found(monkeypatch):
    """The walk has teeth: a form that says nothing is reported at its line."""
    book = Book(str(DUEL), None, Words("en"))
    monkeypatch.setitem(book.steps.forms, "attr_assign_stmt", lambda s, env: None)
    lost = _lost(book)
    assert ("take_turn", 22, "attr_assign_stmt") in lost
    assert any(name == "take_turn" and kind == "attr_assign_stmt" and line > 22
               for name, line, kind in lost)


def test_the_rules_once_lost_are_in_the_book():
    """A protection in a true/false variable, a `give`, and each branch of an `if` on the
    card chosen from the hand."""
    rules = build_rulebook(str(DUEL)).rules_in_full
    assert "protected becomes true" in rules and "protected becomes false" in rules
    assert "now belongs to q" in rules                        # the gift's give
    assert "If the face of c is shield" in rules
    assert "Otherwise, if the face of c is gift" in rules
    assert "Otherwise:" in rules and "raise p's points by 1" in rules.lower()


def test_every_rule_of_the_test_game_is_a_rule_of_one_of_four_kinds():
    rules = game_rules(regola.load_game(str(DUEL)).definition)
    kinds = {name: rule.kind for name, rule in rules.items()}
    assert kinds == {"play": "procedure", "draw_one": "procedure", "take_turn": "procedure",
                     "play_card": "ask", "gift_to": "ask", "strike_at": "ask",
                     "last_turn": "end", "tiebreak": "end"}
    assert all(rule.noticed for rule in rules.values())


def test_the_book_file_names_its_sections_titles_and_rules():
    outline = book_outline(regola.load_game(str(DUEL)).definition)
    assert outline.titles == {"game": "Duel", "turn": "Your turn",
                              "appendix": "The rules in full"}
    assert outline.explains["turn"] == ["take_turn", "play_card", "gift_to", "strike_at"]


def test_a_variant_that_changes_an_explained_rule_shows_it_generated_and_says_so():
    """The section explaining the changed end rule is generated from the variant's rules,
    under a note; the other sections keep their written text."""
    text = build_rulebook(str(DUEL), "endless").markdown
    game = text.split('<a id="section-turn"></a>')[0]
    assert "This section is generated from the variant's rules" in game
    assert "The game lasts 6 turns" not in game
    assert "The player's points is at least 3" in game
    turn = text.split('<a id="section-turn"></a>')[1]
    assert "At the start of your turn your shield" in turn
    assert "generated from the variant" not in turn


def test_a_variant_may_write_its_own_text_for_a_section_it_changes():
    text = build_rulebook(str(DUEL), "sudden").markdown
    assert "## Duel to three" in text
    assert "Play in turns until a player has three points" in text
    assert "generated from the variant" not in text


def test_the_variants_texts_go_to_the_games_catalogs():
    from regola.rulebook.written.checks import book_catalog_texts
    texts = [english for _, _, english, _ in
             book_catalog_texts(regola.load_game(str(DUEL)).definition)]
    assert "Duel to three" in texts
    assert any(t.startswith("Each of you starts with {hand_size} cards from the deck. Play in "
                            "turns") for t in texts)


def test_a_name_listed_as_bookkeeping_leaves_the_rules_in_full_and_nothing_is_lost(duel):
    """The game decides what is its engine's bookkeeping: the turn counter, listed, is no
    longer a step, and the walk still finds no statement lost."""
    before = build_rulebook(str(duel)).rules_in_full
    assert "Raise the turn number by 1." in before
    edit(duel / "rulebook.yaml", "sections:\n", "bookkeeping: [turn]\nsections:\n")
    after = build_rulebook(str(duel)).rules_in_full
    assert "Raise the turn number by 1." not in after
    assert "The game ends when the turn number is at least 6." in after   # the end names it
    assert _lost(Book(str(duel), None, Words("en"))) == []


def test_the_rules_in_full_end_with_the_end_of_the_game():
    rules = build_rulebook(str(DUEL)).rules_in_full
    assert "### End of the game" in rules
    assert "Check whether the game ends (see “[End of the game](#steps-end)”)" in rules
    assert "Compare each player's points: the highest wins." in rules


def test_a_variable_may_read_one_way_in_one_procedure():
    """variables: {<procedure>__<name>: ...} names a local in one procedure only."""
    from regola.rulebook.phrases.env import Env
    book = Book(str(DUEL), None, Words("en"))
    book.g.text.setdefault("variables", {})["take_turn__q"] = "the player struck"
    assert book.phrases.var("q", Env(proc="take_turn")) == "the player struck"
    assert book.phrases.var("q", Env(proc="play")) == "q"


def test_an_entry_of_a_pair_reads_as_the_text_file_names_it():
    """entries: {<name>__<n>: ...} names the n-th entry of a list a script indexes."""
    from lark import Token, Tree

    from regola.rulebook.phrases.env import Env
    book = Book(str(DUEL), None, Words("en"))
    book.g.text["entries"] = {"plan__1": "the space {x} names"}
    tree = Tree("index", [Tree("name", [Token("NAME", "plan")]),
                          Tree("number", [Token("NUMBER", "0")])])
    book.g.text.setdefault("variables", {})["plan"] = "the plan"
    assert book.phrases.expr(tree, Env(proc="play")) == "the space the plan names"


def test_a_phrase_only_procedure_is_said_by_its_phrase_in_the_rules_in_full(duel):
    """phrase_only: a small procedure whose phrase says it all is not listed step by step;
    its calls read as the phrase. Without a phrase, the book file is refused."""
    edit(duel / "rulebook.yaml", "sections:\n", "phrase_only: [draw_one]\nsections:\n")
    result = run("validate", str(duel))
    assert "'draw_one' has no phrase to say it all" in result.output
    edit(duel / "text.yaml", "game: Duel\n",
         "game: Duel\nprocedures:\n  draw_one: \"{p} draws a card, if the deck has one\"\n")
    rules = build_rulebook(str(duel)).rules_in_full
    assert "### Draw one" not in rules
    assert "draws a card, if the deck has one" in rules


@pytest.mark.parametrize("lang, merged", [
    ("en", "If the starting district is the district that voted, the player chooses the "
           "destination district from the districts other than the district that voted; "
           "otherwise, the destination district is the district that voted."),
    ("es", "Si el distrito de partida es el distrito que ha votado, el jugador elige el "
           "distrito de destino"),
])
def test_a_value_set_then_overwritten_reads_as_one_case(lang, merged):
    """Doge's `let dest = home` then `if src == home: dest = choose ...` (moving a house
    after abstaining) is one step with its two cases, not a value set and then replaced."""
    from regola.rulebook.book.rulebook import procedure_in_full
    text = procedure_in_full("doge", "move_house_for_district", lang)
    assert merged in text
    assert "3. The destination district is the district that voted." not in text


def test_a_loop_ended_by_one_answer_says_so_in_its_heading():
    """Doge's marker loop (`choose ... (["done"] if C else []) + values`, then `if pick ==
    "done": break`) reads "the player repeats ... as long as ...; once C, they may stop at
    any time", its choice lists only the values, and no step says to stop repeating or quotes the
    answer (rule: 1 to 4 markers on the card, phase 1)."""
    from regola.rulebook.book import build_rulebook
    text = build_rulebook("doge").rules_in_full
    assert "; once the player has at least one ballot marker on the chosen card, they may " \
        "stop at any time:" in text
    assert "The player chooses the value of the next marker from the values of the markers " \
        "in their supply." in text
    assert "stop repeating" not in text and "“stop adding markers”" not in text


def test_a_bounded_score_reads_as_one_addition():
    """Warsaw's `p.vp = max([0, p.vp + vp])` (a score never below 0, reading 13) is one
    addition with its floor, not "the score becomes the score plus ..."."""
    from regola.rulebook.book.rulebook import procedure_in_full
    text = procedure_in_full("warsaw", "score_points")      # said by its phrase in the book
    assert "Raise the player's victory points by the victory points scored (never below 0)." \
        in text
    assert "victory points become" not in text


def test_a_flag_read_once_is_said_where_it_is_read():
    """Doge's `let may_take = ...` read by one choice: the choice says the condition, and no
    step says that "taking control is allowed" (reading 6)."""
    from regola.rulebook.book import build_rulebook
    text = build_rulebook("doge").rules_in_full
    assert "Take control, if the winner has at least one control ring in their supply or " \
        "the winner controls the district's advisor:" in text
    assert "is allowed only if" not in text


def test_a_choice_to_do_something_or_not_reads_as_may():
    """Doge's `let act = choose from ["build", "skip"]` then `if act == "build": ...` (the
    other branch only bookkeeping) reads "the player may build a palace:" with what building
    takes, not a menu of two quoted answers and a test of the answer (building at the same
    time, rule: one palace per placement)."""
    from regola.rulebook.book import build_rulebook
    text = build_rulebook("doge").rules_in_full
    assert "the player may build a palace:" in text
    assert "“build a palace” or “do not build”" not in text
    assert "If the player chose “build a palace”" not in text


def test_a_standing_as_last_tie_breaker_leaves_no_tie_to_share():
    """Rialto's last tie-breaker is the Doge track's standing (track_standing: no two discs
    share a place), so the end says nothing of players still tied (rule: the Doge track
    breaks every tie)."""
    from regola.rulebook.book import build_rulebook
    end = build_rulebook("rialto").rules_in_full.split("### End of the game", 1)[1]
    assert "how far each player is ahead on the Doge track" in end
    assert "still tied share the victory" not in end and "first in seat order" not in end


def test_the_turn_summary_heads_a_loop_without_saying_nothing_happens(duel):
    """A loop of the start procedure heads its lines in the turn summary ("For each
    player:"), never with the words of an empty body ("For each player, nothing happens:")."""
    aid = build_rulebook(str(duel)).aid
    assert "1. For each player:\n    1. Repeat the following 2 times:" in aid
    assert "nothing happens" not in aid.lower()
