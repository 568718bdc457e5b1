"""Parse effect scripts with the Lark grammar; syntax errors become located problems."""

from __future__ import annotations

import sys
import threading
from functools import cache
from importlib import resources

import lark
from lark import Lark, Token, Tree, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.exceptions import UnexpectedEOF
from lark.indenter import DedentError, Indenter

from ..errors import Location, Problem
from .cache import grammar_cache, load_tree, store_tree, tree_key
from .trees import FIELDS, part

_TOKEN_WORDS = {
    "_NL": "end of line", "_INDENT": "indented block", "_DEDENT": "end of block",
    "NAME": "name", "NUMBER": "number", "STRING": "string", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "COLON": "':'", "COMMA": "','", "EQUAL": "'='",
    "DOT": "'.'", "COMP_OP": "comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*', '//' or '%'",
    "$END": "end of file", "MINUS": "'-'",
}

MAX_DEPTH = 100
"""How deeply statements and expressions may nest (the built-in games need about 20); a
deeper tree is refused where it is parsed, so no later pass can run out of stack."""


class IndentProblem(DedentError):
    """A line that dedents to a column no enclosing block starts at, with its place."""

    def __init__(self, line: int, column: int, message: str):
        super().__init__(message)
        self.line, self.column = line, column


class ScriptIndenter(Indenter):
    """Turns leading whitespace into INDENT/DEDENT tokens, as Python does."""

    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def handle_NL(self, token: Token):
        """As Lark's, but an inconsistent dedent names the line and column it happens at."""
        try:
            yield from super().handle_NL(token)
        except DedentError as err:
            indent = token.rsplit("\n", 1)[1]
            line = (token.end_line or token.line or 1)
            raise IndentProblem(line, len(indent) + 1,
                                f"inconsistent indentation: this line starts at column "
                                f"{len(indent) + 1}, but no enclosing block starts there "
                                f"(blocks start at column "
                                f"{', '.join(str(i + 1) for i in self.indent_level)})") from err


_PER_THREAD = threading.local()


def _parser() -> Lark:
    """This thread's parser: the indenter keeps its state while it parses, so two threads
    (the web table compiles games in worker threads) must not share one."""
    parser = getattr(_PER_THREAD, "parser", None)
    if parser is None:
        grammar = resources.files(__package__).joinpath("grammar.lark").read_text()
        parser = _PER_THREAD.parser = Lark(
            grammar, parser="lalr", postlex=ScriptIndenter(), start=["start", "expression"],
            propagate_positions=True, maybe_placeholders=True, cache=grammar_cache())
    return parser


def _expected_words(expected: set[str]) -> str:
    words = sorted({_TOKEN_WORDS.get(t, t.strip('"').lower()) for t in expected})
    return ", ".join(words[:8]) + (", ..." if len(words) > 8 else "")


def _last_place(source: str) -> tuple[int, int]:
    """The line and column just after the last text of a script."""
    lines = source.rstrip().splitlines() or [""]
    return len(lines), len(lines[-1]) + 1


def _hint(err: UnexpectedInput, expected: set[str], source: str, line: int) -> str:
    """Advice for the common mistakes a parse error comes from ('' if none fits):
    `if a = b` (a comparison is `==`), `[x for x in L if C]` (a filter is `where`)."""
    tok = getattr(err, "token", None)
    if tok is None:
        return ""
    if tok.type == "EQUAL" and "COMP_OP" in expected:
        return " (to compare two values, write '==')"
    text = source.splitlines()[line - 1] if 0 < line <= len(source.splitlines()) else ""
    if "ELSE" in expected and " for " in text and " if " in text and "[" in text:
        return " (to keep only some items of a list, write 'where': [x for x in L where C])"
    return ""


def _caret(text: str, line: int, column: int) -> str:
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    return f"\n    {lines[line - 1]}\n    {' ' * (column - 1)}^"


@cache
def _salt() -> str:
    grammar = resources.files(__package__).joinpath("grammar.lark").read_text()
    return f"{lark.__version__} {sys.version_info[:2]} {MAX_DEPTH} {RETURNED_CHOICE}\n{grammar}"


def parse(text: str, file: str, start: str = "start", line_offset: int = 0,
          column_offset: int = 0) -> Tree:
    """Parse `text`; raise SyntaxProblem with file:line:col and what was expected. A whole
    script's tree is kept by its text (cache.py), so an unchanged script is parsed once."""
    key = tree_key(_salt(), text) if start == "start" else None
    tree = load_tree(key) if key is not None else None
    if tree is None:
        tree = _parse(text, file, start, line_offset, column_offset)
        if key is not None:
            store_tree(key, tree)
    return tree


def _parse(text: str, file: str, start: str, line_offset: int, column_offset: int) -> Tree:
    source = text if text.endswith("\n") or start == "expression" else text + "\n"
    try:
        tree = _parser().parse(source, start=start)
    except UnexpectedInput as err:
        line, column = getattr(err, "line", 0) or 0, getattr(err, "column", 0) or 0
        if isinstance(err, UnexpectedCharacters):
            what = f"unexpected character {source[err.pos_in_stream]!r}"
        elif isinstance(err, UnexpectedEOF):
            what = "unexpected end of script"
        elif isinstance(err, UnexpectedToken):
            tok = err.token
            shown = "end of line" if tok.type == "_NL" else repr(str(tok))
            if tok.type in ("$END", "_DEDENT", "_INDENT"):
                shown = _TOKEN_WORDS[tok.type]
            what = f"unexpected {shown}"
            if not line:                  # a token made by the indenter: at the last line
                line, column = _last_place(source)
        else:
            what = "syntax error"
        expected = getattr(err, "expected", None) or getattr(err, "allowed", None)
        if expected:
            what += f"; expected {_expected_words(set(expected))}"
            what += _hint(err, set(expected), source, line)
        what += _caret(source, line, column)
        if line == 1:
            column += column_offset
        raise SyntaxProblem(Problem(Location(file, line + line_offset, column), what)) from None
    except IndentProblem as err:
        raise SyntaxProblem(Problem(Location(file, err.line + line_offset, err.column),
                                    str(err) + _caret(source, err.line, err.column))) from None
    except DedentError as err:   # pragma: no cover - ScriptIndenter raises IndentProblem
        raise SyntaxProblem(Problem(Location(file, 1 + line_offset, 1),
                                    f"inconsistent indentation: {err}")) from None
    _check_depth(tree, file, line_offset, column_offset)
    _lift_choices(tree)
    return tree


RETURNED_CHOICE = "_chosen"
"""The variable `return choose from ...` and `p.VAR = choose from ...` keep their choice
in (a script may use the name too: the value is returned or stored at once, so nothing of
it is lost)."""


def _lift_choices(tree: Tree) -> None:
    """`choose from ...` is an expression in the grammar, but a decision stops the whole
    procedure, so it stands only where a statement can stop: as the value of `let`, of an
    assignment to a local (both become a `choose_stmt`), of `return` or of an assignment to
    a player's or the game's variable (`p.VAR = ...`: a `choose_stmt` into RETURNED_CHOICE,
    then the return or the assignment of it). Anywhere else the checker refuses it."""
    for block in list(tree.find_data("block")):
        lifted: list = []
        for stmt in block.children:
            kind = stmt.data if isinstance(stmt, Tree) else None
            value = part(stmt, "value") if kind in ("let_stmt", "assign_stmt", "attr_assign_stmt",
                                                  "return_value_stmt") else None
            if not isinstance(value, Tree) or value.data != "choose_expr":
                lifted.append(stmt)
            elif kind in ("return_value_stmt", "attr_assign_stmt"):
                name = Token("NAME", RETURNED_CHOICE, line=value.meta.line,
                             column=value.meta.column)
                lifted.append(Tree("choose_stmt", [name, *value.children], stmt.meta))
                kept = [part(stmt, field) for field in FIELDS[kind][:-1]]
                lifted.append(Tree(kind, [*kept, Tree("name", [name], value.meta)], stmt.meta))
            else:
                lifted.append(Tree("choose_stmt", [part(stmt, "name"), *value.children],
                                   stmt.meta))
        block.children.clear()
        block.children.extend(lifted)


def _check_depth(tree: Tree, file: str, line_offset: int, column_offset: int) -> None:
    """Refuse a tree nested more than MAX_DEPTH deep, at the node where it gets too deep
    (counted without recursion, so any depth is measured safely)."""
    stack = [(tree, 1, tree)]
    while stack:
        node, depth, parent = stack.pop()
        if depth > MAX_DEPTH:   # located where the too deep part starts: the parent's span
            line = parent.meta.line if not parent.meta.empty else 1
            column = parent.meta.column if not parent.meta.empty else 1
            if line == 1:
                column += column_offset
            raise SyntaxProblem(Problem(Location(file, line + line_offset, column),
                                        f"nested too deeply: more than {MAX_DEPTH} levels of "
                                        "expressions and blocks; split it with 'let' or a "
                                        "'fn'"))
        stack.extend((child, depth + 1, node) for child in node.children
                     if isinstance(child, Tree))


class SyntaxProblem(Exception):
    """A located syntax error in a script (wrapped into a RuleError by the loader)."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem
