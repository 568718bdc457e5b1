"""Built-ins of counted pieces and tokens (interpreter/runtime.py and tokens.py): counting
and finding them, moving, drawing, giving, revealing and controlling them."""

from __future__ import annotations

import re
from typing import Any

from lark import Tree

from ...interpreter.private_reveal import reveal_to
from ...interpreter.runtime import Runtime
from ..trees import call_parts, first, name_in, part
from ..types import NUMBER, PLACE, PLAYER, TEXT, TOKEN, list_of, sig
from .registry import FILTERS, Builtin


def tokens_only(compiler: Any, node: Any) -> None:
    """At load time: the kind named first is a kind of token, not counted pieces."""
    argument = part(part(node, "args"), "arguments")[0] if part(node, "args") is not None \
        else None
    if argument is None or argument.data != "pos_arg" or part(argument, "value").data != "name":
        return                       # the kind check names this mistake
    kind = name_in(part(argument, "value"))
    if kind not in compiler.g.tokens and kind in compiler.g.pieces:
        name = str(part(node, "name"))
        compiler.fail(node, f"{name}: {kind!r} are counted pieces; {name} picks tokens")



# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_move(reader, args, kwargs, env) -> str:
    kind = str(first(args[0]))
    owner = reader.p.expr(args[1], env)
    src, dst = reader.p.where(args[2], "from", env), reader.p.where(args[3], "to", env)
    count = args[4] if len(args) > 4 else Tree("number", ["1"])
    ok, n = reader.p.known(count, env)
    if ok and isinstance(n, int):
        return reader.w.plural(None, "{owner} moves {n} {things} {source} {destination}",
                             "{owner} moves {n} {things} {source} {destination}", n,
                             owner=owner, things=reader.t.thing(kind, n), source=src,
                             destination=dst)
    if count.data == "call":
        name, c_args, c_kwargs = call_parts(count)
        if name == "count" and c_args and c_args[0] == args[0] and \
                set(c_kwargs) == {"owner", "at"} and c_kwargs["owner"] == args[1] and \
                c_kwargs["at"] == args[2]:        # all the player's pieces there
            return reader.w("{owner} moves all their {things} {source} {destination}",
                          owner=owner, things=reader.t.thing(kind, 2), source=src,
                          destination=dst)
    return reader.w("{owner} moves {things} {source} {destination}, as many as {amount}",
                  owner=owner, amount=reader.p.expr(count, env),
                  things=reader.t.thing(kind, 2), source=src, destination=dst)


def phrase_move_token(reader, args, kwargs, env) -> str:
    destination = reader.p.where(args[1], "to", env)
    owned = reader.owned_tokens(args[0], env)
    if owned:
        return reader.w("{owner} moves {tokens} {destination}", owner=owned[0], tokens=owned[1],
                      destination=destination)
    token = reader.p.expr(args[0], env)
    return reader.w("move {token} {destination}", token=token,
                  destination=_named_again(reader, token, destination))


def _named_again(reader, token: str, destination: str) -> str:
    """A destination that names the moving token again ("to the square where the
    knight goes"), with that second mention as a pronoun ("where it goes")."""
    found = re.search(r"(?:\S+\s+){3,}?(" + re.escape(token) + r")(?!\w)", destination) \
        if len(token) > 3 else None
    if found is None:       # not named again after a place of its own ("to the X where")
        return destination
    at = found.start(1)
    pronoun = reader.w.ctx("the token a step moves, named again in its destination",
                           "{thing:pl=them|it}", thing=token)
    if not pronoun.strip():     # a language that leaves the pronoun out ("adonde va")
        return destination[:at].rstrip() + destination[at + len(token):]
    return destination[:at] + pronoun + destination[at + len(token):]


def phrase_draw(reader, args, kwargs, env) -> str:
    kind = str(first(args[0]))
    src, dst = reader.p.where(args[1], "from", env), reader.p.where(args[2], "to", env)
    count = args[3] if len(args) > 3 else Tree("number", ["1"])
    ok, n = reader.p.known(count, env)
    picked = {k: v for k, v in kwargs.items() if k not in ("at",)}
    known_dst, place = reader.p.known(args[2], env)
    if ok and isinstance(n, int) and not (known_dst and place in reader.g.locations):
        return reader.w.plural(None, "put {n} {things}, drawn at random {source}, on {place}",
                             "put {n} {things}, drawn at random {source}, on {place}", n,
                             things=reader.p.narrowed(reader.t.thing(kind, n), kind, picked, env),
                             source=src, place=reader.p.expr(args[2], env))
    if ok and isinstance(n, int):
        return reader.w.plural(None, "take {n} {things} at random {source} and put it "
                                   "{destination}",
                             "take {n} {things} at random {source} and put them "
                             "{destination}", n,
                             things=reader.p.narrowed(reader.t.thing(kind, n), kind, picked, env),
                             source=src, destination=dst)
    noun = None
    if count.data == "call" and str(part(count, "name")) == "len":
        counted = call_parts(count)[1]
        noun = reader.p.noun(counted[0], env) if counted else None
    how_many = reader.w("as many as there are {things}", things=noun) if noun else \
        reader.w("as many as {amount}", amount=reader.p.expr(count, env))
    return reader.w("take {things} at random {source} and put them {destination}: "
                  "{how_many} (all there are, if fewer)", how_many=how_many,
                  things=reader.p.narrowed(reader.t.thing(kind, 2), kind, picked, env),
                  source=src, destination=dst)


def phrase_give(reader, args, kwargs, env) -> str:
    ok, who = reader.p.known(args[1], env)
    if ok and who is None:
        return reader.w("{token} now belongs to nobody", token=reader.p.expr(args[0], env))
    return reader.w("{token} now belongs to {player}", token=reader.p.expr(args[0], env),
                  player=reader.p.expr(args[1], env))


def phrase_reveal(reader, args, kwargs, env) -> str:
    return reader.w("turn {token} face up", token=reader.p.expr(args[0], env))


def phrase_reveal_to(reader, args, kwargs, env) -> str:
    return reader.w("show {token} to {player} alone", token=reader.p.expr(args[0], env),
                    player=reader.p.expr(args[1], env))


def phrase_hide(reader, args, kwargs, env) -> str:
    return reader.w("turn {token} face down", token=reader.p.expr(args[0], env))


def phrase_control(reader, args, kwargs, env) -> str:
    return reader.w("{player} takes control of {token}, which now carries their {piece} "
                    "(another player's {piece} on it goes back to its owner)",
                  player=reader.p.expr(args[1], env), token=reader.p.expr(args[0], env),
                  piece=reader.token_control())


def phrase_release(reader, args, kwargs, env) -> str:
    return reader.w("{token} becomes neutral: the {piece} on it goes back to its owner",
                  token=reader.p.expr(args[0], env), piece=reader.token_control())


def phrase_count(reader, args, kwargs, env) -> str:
    return reader.w("the number of {things}",
                  things=reader.pieces(reader.kind_of(args), kwargs, env, counted=True))


def phrase_tokens(reader, args, kwargs, env) -> str:
    return reader.pieces(reader.kind_of(args), kwargs, env)


EXPRESSIONS: dict[str, Builtin] = {
    "count": Builtin(Runtime.count, 1, 1, FILTERS,
                     doc="how many pieces of a kind match owner, at and property filters",
                     sig=sig(TEXT, returns=NUMBER), phrase=phrase_count),
    "tokens": Builtin(Runtime.tokens, 1, 1, FILTERS,
                      doc="the tokens of a kind that match the filters",
                      sig=sig(TEXT, returns=list_of(TOKEN)), phrase=phrase_tokens),
}

STATEMENTS: dict[str, Builtin] = {
    "move": Builtin(Runtime.move, 4, 5,
                    doc="move up to n pieces of a player from one place to another",
                    sig=sig(TEXT, PLAYER, PLACE, PLACE, NUMBER), phrase=phrase_move),
    "move_token": Builtin(Runtime.move_token, 2, 2,
                          doc="put a token at a place", sig=sig(TOKEN, PLACE),
                          phrase=phrase_move_token),
    "draw": Builtin(Runtime.draw, 3, 4,
                    FILTERS, doc="move up to n tokens of a kind, picked at random among those at "
                                 "a place (and matching the filters), to another place",
                    check=tokens_only, sig=sig(TEXT, PLACE, PLACE, NUMBER), phrase=phrase_draw),
    "give": Builtin(Runtime.give, 2, 2,
                    doc="a token now belongs to a player (none: to nobody)",
                    sig=sig(TOKEN, PLAYER), phrase=phrase_give),
    "reveal": Builtin(Runtime.reveal, 1, 1, doc="turn a token face up",
                      sig=sig(TOKEN), phrase=phrase_reveal),
    "reveal_to": Builtin(reveal_to, 2, 2,
                         doc="show a token's secret properties to one player only (the "
                             "others learn only that it was shown)",
                         sig=sig(TOKEN, PLAYER), phrase=phrase_reveal_to),
    "hide": Builtin(Runtime.hide, 1, 1, doc="turn a token face down",
                    sig=sig(TOKEN), phrase=phrase_hide),
    "control": Builtin(Runtime.control, 2, 2,
                       doc="a player takes control of a token with a control piece",
                       sig=sig(TOKEN, PLAYER), phrase=phrase_control),
    "release": Builtin(Runtime.release, 1, 1,
                       doc="a token becomes neutral; its control piece goes home",
                       sig=sig(TOKEN), phrase=phrase_release),
}

