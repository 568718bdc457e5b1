"""Every construct of the script language and every built-in has a rulebook template, and
every kind of rule data is shown somewhere: nothing renders as a stub."""

from __future__ import annotations

import json
import re
import shutil
import string

import pytest
from doge_generated import OUTLINE, generated_doge

from regola.dsl import builtins
from regola.dsl.parse import _parser
from regola.i18n.catalog import Words
from regola.loading.loader import load_game
from regola.loading.sources import rules_root
from regola.rulebook.book import Book
from regola.rulebook.book.coverage import GAME_KEYS, RENDERED_WITHIN
from regola.rulebook.book.markdown import steps_markdown


def grammar_constructs() -> set[str]:
    """Every tree node a script can produce: rule names and aliases of the Lark grammar."""
    names = set()
    for rule in _parser().rules:
        name = str(rule.alias or rule.origin.name)
        if name.startswith("_") or (rule.options.expand1 and not rule.alias):
            continue          # inlined rules (?rule) make no node of their own
        names.add(name)
    names.add("choose_stmt")   # made of a choose_expr by the parser (dsl/parse.py)
    return names


@pytest.fixture(scope="module")
def book():
    return Book(generated_doge(), None, Words("en"))


def test_every_grammar_construct_has_a_template(book):
    constructs = grammar_constructs()
    assert {"let_stmt", "rank", "list_comp", "simultaneous_stmt", "ternary"} <= constructs
    templates = set(book.phrases.forms) | set(book.steps.forms) | set(RENDERED_WITHIN)
    assert not constructs - templates, f"no rulebook template for {constructs - templates}"
    assert not templates - constructs, f"templates for unknown constructs {templates - constructs}"


def test_every_builtin_has_a_template(book):
    """A built-in's phrase is declared with it (dsl/builtins: Builtin.phrase); the VM's own
    statements are read by the rulebook's reader of statements."""
    missing = [n for n, b in {**builtins.EXPRESSIONS, **builtins.STATEMENTS}.items()
               if b.phrase is None]
    missing += [n for n in builtins.FLOW_STATEMENTS if not hasattr(book.steps, f"statement_{n}")]
    assert not missing, f"built-ins without a rulebook template: {missing}"


EVERYTHING = '''
const three = 3
fn double(x) = x * 2
def every_construct(p, area):
    let xs = [count(house, owner=p, at=area), 2, three]
    let ys = [v + 1 for v in xs where v > 1]
    let total = sum(xs) - min(xs) + max(xs) // 2 % 3
    let negative = -total
    let flags = any([total > 1, false]) or all([total > 2]) and not total == none
    let t = 1 if p in players else 2
    let u = p not in players
    let r = rank q in players by count(house, owner=q, at=area), double(1) where q != p
    let top = r[0]
    let cards = deck_cards(brown)
    let c = deck_card(brown, 0)
    let s = seat(p)
    let ds = distinct(sorted(reversed(range(1, total)))) + range(total)
    let yes = true
    let f = first(tokens(marker, owner=p))
    let n = len(xs)
    let shown = f.value
    game.year = game.year + 1
    n = n - 1
    let pick = choose from ["take", "abstain"] by p ask "advisor_action"
    let ordered = sort v in xs by v, 0 - v where v > 0
    if pick == "take":
        move(house, p, supply, area, 2)
    elif n > 2:
        move_token(f, area)
    else:
        pass
    for m in tokens(marker, owner=p):
        reveal(m)
        hide(m)
        reveal_to(m, p)
    while n > 0:
        n = n - 1
        break
    repeat 2:
        shuffle(brown)
    simultaneous q in players:
        reveal_card(brown, 0)
    control(f, p)
    release(f)
    draw(marker, supply, area, 2, owner=p)
    give(f, p)
    give(f, none)
    draw_refill(marker, p, supply, area, 2, in_play)
    slide_row(marker, districts)
    let ys = set_at(xs, 0, count_of(xs, 2) + index_of(empty_places(house, districts), area))
    let seen = [negative, t, top, cards, c, s, ds, yes, shown]
    if u and flags and len(seen) > 0:
        reveal_deck(blue)
    reveal_deck(blue)
    log("year_begins", year=1)
    check_end()
    if n > 9:
        return len(ordered)
    end_game([p], "done")
    return
'''


@pytest.fixture(scope="module")
def everything(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rules") / "doge"
    shutil.copytree(rules_root() / "doge", folder)
    shutil.copy(OUTLINE, folder / "rulebook.yaml")
    (folder / "everything.regola").write_text(EVERYTHING, encoding="utf-8")
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    old = "scripts: [flow.regola, elections.regola, building.regola]"
    assert old in text
    game.write_text(text.replace(old, old[:-1] + ", everything.regola]"), encoding="utf-8")
    return Book(str(folder), None, Words("en"))


def test_a_script_using_every_construct_renders_without_stubs(everything):
    used = {n.data for n in everything.g.program.procs["every_construct"].tree.iter_subtrees()}
    assert grammar_constructs() - used <= {"start", "expression", "func_def", "const_def",
                                            "proc_def", "params", "choose_expr"}
    calls = {str(n.children[0]) for n in everything.g.program.procs["every_construct"]
             .tree.iter_subtrees() if n.data in ("call", "call_stmt")}
    # concept built-ins need declarations this game lacks; their own tests render them
    assert set(builtins.EXPRESSIONS) | set(builtins.STATEMENTS) | \
        set(builtins.FLOW_STATEMENTS) <= calls | builtins.CONCEPT_BUILTINS
    text = steps_markdown(everything.steps.procedure("every_construct"))
    body = everything.g.program.procs["every_construct"].tree.children[2]
    reads = [str(n.children[0]) for n in body.iter_subtrees() if n.data == "name"]
    unread = [s for s in body.children if s.data == "let_stmt" and str(s.children[0]) not in reads]
    # one step per statement or more; a `let` no statement reads is no step
    assert text.count("\n") + 1 >= len(body.children) - len(unread) - 3
    assert "{" not in text and "}" not in text
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", text), text
    assert not re.search(r"[A-Z][a-z]+[A-Z]", text)         # no CamelCase node names
    for words in ("from highest to lowest", "at the same time and in secret",
                  "2 times over", "stop repeating", "otherwise", "the sum of", "the smallest of",
                  "the largest of", "divided by", "the remainder of", "minus", "is one of",
                  "is not one of", "the cards of", "the colour of", "in reverse order",
                  "from lowest to highest", "each value once", "whole numbers",
                  "chooses: “take control” or “abstain and move a house”", "shuffle",
                  "turn every card",
                  "becomes neutral", "takes control", "check whether the game ends",
                  "the game ends at once; it is won by the player",
                  "nothing happens", "raise", "lower"):
        assert words.lower() in text.lower(), words


def test_every_key_of_a_game_file_is_accounted_for():
    schema = json.loads((rules_root() / "schema" / "game.schema.json").read_text())
    assert set(schema["properties"]) == set(GAME_KEYS)


def test_every_component_kind_of_the_data_appears(book):
    text = book.markdown()
    g = book.g
    words = book.t
    for kind in g.pieces:
        assert f"- {g.pieces[kind].per_player} {words.thing(kind, 2)}" in text
    for kind in g.tokens:
        assert words.thing(kind, 2) in text and words.thing(kind, 1).capitalize() in text
    for deck in g.decks:
        assert f"{len(g.decks[deck].cards)} {words.name('decks', deck)}" in text
    for area in g.areas:
        assert words.area(area) in text
    for option in g.options.values():
        assert f"**Reading {option.reading}.**" in text
    for value in g.game_vars:
        assert words.name("game_variables", value) in text
    for name in g.constants:
        assert words.name("constants", name) in text


def test_phrases_use_only_their_parameters():
    game = load_game("doge").definition
    for section, defs in (("procedures", game.program.procs), ("functions", game.program.funcs),
                          ("functions_short", game.program.funcs),
                          ("functions_counted", game.program.funcs)):
        for key, entry in game.text.get(section, {}).items():
            assert key in defs, f"{section}.{key}: no such definition"
            texts = [entry] if isinstance(entry, str) else [entry["one"], entry["other"]]
            for text in texts:
                fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
                allowed = set(defs[key].params) | ({"n"} if section == "functions_counted"
                                                   else set())
                assert fields <= allowed, f"{section}.{key}: {fields}"


def test_the_outline_covers_every_procedure(book):
    shown = {name for _, name in book.outline.procedures()} | set(book.outline.phrase_only)
    procs = {p for p in book.g.program.procs if "·" not in p}
    assert procs == shown
