"""The static types of script values, as the type checker (typecheck.py) infers them.

At run time a player is a number, and places and tokens are texts (their names and ids),
so types form families: a player is a kind of number, a place or a token a kind of text.
`UNKNOWN` is anything the checker cannot know yet: it is accepted everywhere, so a check
only fails where both sides are known. `NOTHING` is "no value seen yet" (the items of `[]`,
a local before its first assignment is looked at); `none` is accepted where any value is.
Built-ins declare their parameter and result types with `Sig`, beside their code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Type:
    """A type: a name, and the type of the items for a list."""

    name: str
    item: Type | None = None

    def __str__(self) -> str:
        return describe(self)


NUMBER = Type("number")
PLAYER = Type("player")
TEXT = Type("text")
PLACE = Type("place")
TOKEN = Type("token")
BOOLEAN = Type("boolean")
NONE = Type("none")
MAPPING = Type("mapping")     # a mapping of keys to values in the rule file
UNKNOWN = Type("unknown")
NOTHING = Type("nothing")
SEQUENCE = Type("sequence")   # a pattern for parameters: a list or a text
T = Type("T")                 # a pattern for parameters: any type, the same wherever it is


def list_of(item: Type) -> Type:
    """The type of a list of `item`s."""
    return Type("list", item)


CELL = list_of(NUMBER)
"""A cell of a grid, [x, y]."""
REGION = list_of(CELL)
"""A region of a grid: its cells."""

_PARENT = {PLAYER: NUMBER, PLACE: TEXT, TOKEN: TEXT}
_WORDS = {"number": "a number", "player": "a player", "text": "a text", "place": "a place",
          "mapping": "a mapping",
          "token": "a token", "boolean": "true/false", "none": "none",
          "unknown": "a value", "nothing": "a value", "sequence": "a list or a text",
          "T": "a value"}
_PLURAL = {"number": "numbers", "player": "players", "text": "texts", "place": "places",
           "mapping": "mappings",
           "token": "tokens", "boolean": "true/false values", "none": "nones",
           "unknown": "values", "nothing": "values", "sequence": "lists or texts", "T": "values"}


def describe(t: Type) -> str:
    """The type in words with an article: "a number", "a list of places"."""
    if t.name == "list":
        return "a list" if t.item is None else f"a list of {_plural(t.item)}"
    return _WORDS.get(t.name, t.name)


def _plural(t: Type) -> str:
    if t.name == "list":
        return "lists" if t.item in (None, UNKNOWN, NOTHING) else f"lists of {_plural(t.item)}"
    return _PLURAL.get(t.name, t.name)


def known(t: Type) -> bool:
    """Whether a check can rely on the type (not unknown, not yet seen, not none)."""
    return t not in (UNKNOWN, NOTHING, NONE, T)


def family(t: Type) -> Type:
    """The most general type of the same kind: number, text, boolean, a list."""
    if t.name == "list":
        return list_of(UNKNOWN)
    return _PARENT.get(t, t)


def join(a: Type, b: Type) -> Type:
    """The type of a value that is either an `a` or a `b`."""
    if a == b:
        return a
    if a in (NOTHING, NONE):
        return b if b != NOTHING else a
    if b in (NOTHING, NONE):
        return a
    if UNKNOWN in (a, b):
        return UNKNOWN
    if a.name == "list" and b.name == "list":
        return list_of(join(a.item or UNKNOWN, b.item or UNKNOWN))
    if family(a) == family(b):
        return family(a)
    return UNKNOWN


def join_all(types: Iterable[Type]) -> Type:
    """The join of many types (NOTHING for none at all)."""
    out = NOTHING
    for t in types:
        out = join(out, t)
    return out


def compatible(given: Type, wanted: Type) -> bool:
    """Whether a value of type `given` may be what is `wanted`: false only when both are
    known and of different kinds (a player is a number, a text may be a place...)."""
    if not known(given) or not known(wanted):
        return True
    if wanted == SEQUENCE:
        return given.name == "list" or family(given) == TEXT
    if given.name == "list" or wanted.name == "list":
        return given.name == wanted.name and compatible(given.item or UNKNOWN,
                                                        wanted.item or UNKNOWN)
    if given == wanted or _PARENT.get(given) == wanted or _PARENT.get(wanted) == given:
        return True
    return False


def of_value(value: Any, places: set[str]) -> Type:
    """The type of a value in a rule file; texts that name an area or a location are places,
    none tells nothing."""
    if value is None:
        return UNKNOWN
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, int | float):
        return NUMBER
    if isinstance(value, str):
        return PLACE if value in places else TEXT
    if isinstance(value, list):
        items = join_all(of_value(v, places) for v in value if v is not None)
        return list_of(UNKNOWN if items == NOTHING else items)
    if isinstance(value, dict):
        return MAPPING
    return UNKNOWN


def values_type(values: Iterable[Any], places: set[str]) -> Type:
    """The type of one of several values (a token property, an area property)."""
    found = join_all(of_value(v, places) for v in values if v is not None)
    return UNKNOWN if found == NOTHING else found


Result = Callable[[Any, Any, list[Type]], Type]
"""A built-in's own result rule: result(checker, call node, argument types) -> type."""


@dataclass(frozen=True)
class Sig:
    """A built-in's parameter types (patterns with T) and result type."""

    params: tuple[Type, ...] = ()
    returns: Type = UNKNOWN
    result: Result | None = None


def sig(*params: Type, returns: Type = NONE, result: Result | None = None) -> Sig:
    """A signature: the parameter types in order and the result type."""
    return Sig(tuple(params), returns, result)


def bind(pattern: Type, given: Type, found: dict[str, Type]) -> bool:
    """Match an argument's type against a parameter pattern, binding T; False on a clash."""
    if pattern == T:
        found["T"] = join(found.get("T", NOTHING), given)
        return True
    if pattern.name == "list" and given.name == "list" and pattern.item is not None:
        return bind(pattern.item, given.item or UNKNOWN, found)
    if pattern.name == "list" and pattern.item == T:
        if known(given):
            return False
        found["T"] = join(found.get("T", NOTHING), UNKNOWN)
        return True
    return compatible(given, pattern)


def instantiate(t: Type, found: dict[str, Type]) -> Type:
    """A result type with T replaced by what the arguments bound it to."""
    if t == T:
        bound = found.get("T", UNKNOWN)
        return UNKNOWN if bound == NOTHING else bound
    if t.name == "list" and t.item is not None:
        return list_of(instantiate(t.item, found))
    return t


def concrete(t: Type) -> bool:
    """Whether a type has no T in it (a demand on a parameter must be concrete)."""
    if t == T:
        return False
    return t.item is None or concrete(t.item)
