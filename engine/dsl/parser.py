"""Parse effect scripts with the Lark grammar; syntax errors become located problems."""

from __future__ import annotations

from functools import cache
from importlib import resources

from lark import Lark, Tree, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.exceptions import UnexpectedEOF
from lark.indenter import DedentError, Indenter

from ..errors import Location, Problem

_TOKEN_WORDS = {
    "_NL": "end of line", "_INDENT": "indented block", "_DEDENT": "end of block",
    "NAME": "name", "NUMBER": "number", "STRING": "string", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "COLON": "':'", "COMMA": "','", "EQUAL": "'='",
    "DOT": "'.'", "COMP_OP": "comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*', '//' or '%'",
    "$END": "end of file",
}


class ScriptIndenter(Indenter):
    """Turns leading whitespace into INDENT/DEDENT tokens, as Python does."""

    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


@cache
def _parser() -> Lark:
    grammar = resources.files(__package__).joinpath("grammar.lark").read_text()
    return Lark(grammar, parser="lalr", postlex=ScriptIndenter(),
                start=["start", "expression"], propagate_positions=True,
                maybe_placeholders=True)


def _expected_words(expected: set[str]) -> str:
    words = sorted({_TOKEN_WORDS.get(t, t.strip('"').lower()) for t in expected})
    return ", ".join(words[:8]) + (", ..." if len(words) > 8 else "")


def _caret(text: str, line: int, column: int) -> str:
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    return f"\n    {lines[line - 1]}\n    {' ' * (column - 1)}^"


def parse(text: str, file: str, start: str = "start", line_offset: int = 0,
          column_offset: int = 0) -> Tree:
    """Parse `text`; raise SyntaxProblem with file:line:col and what was expected."""
    source = text if text.endswith("\n") or start == "expression" else text + "\n"
    try:
        return _parser().parse(source, start=start)
    except UnexpectedInput as err:
        line, column = getattr(err, "line", 0) or 0, getattr(err, "column", 0) or 0
        if isinstance(err, UnexpectedCharacters):
            what = f"unexpected character {source[err.pos_in_stream]!r}"
        elif isinstance(err, UnexpectedEOF):
            what = "unexpected end of script"
        elif isinstance(err, UnexpectedToken):
            tok = err.token
            shown = "end of line" if tok.type == "_NL" else repr(str(tok))
            if tok.type == "$END":
                shown = "end of file"
            what = f"unexpected {shown}"
        else:
            what = "syntax error"
        expected = getattr(err, "expected", None) or getattr(err, "allowed", None)
        if expected:
            what += f"; expected {_expected_words(set(expected))}"
        what += _caret(source, line, column)
        if line == 1:
            column += column_offset
        raise SyntaxProblem(Problem(Location(file, line + line_offset, column), what)) from None
    except DedentError as err:
        raise SyntaxProblem(Problem(Location(file, 1 + line_offset, 1),
                                    f"inconsistent indentation: {err}")) from None


class SyntaxProblem(Exception):
    """A located syntax error in a script (wrapped into a RuleError by the loader)."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem
