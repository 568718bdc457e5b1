"""Built-ins of money (interpreter/bank.py): holdings, a finite bank, activation markers."""

from __future__ import annotations

from ...interpreter import bank
from ..trees import name_in
from ..types import NUMBER, PLAYER, TEXT, TOKEN, sig
from .registry import Builtin


# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_funds(reader, args, kwargs, env) -> str:
    return reader.w("the number of {things} {player} has",
                  things=reader.resource_words(args[0]), player=reader.expr(args[1], env))


def phrase_in_bank(reader, args, kwargs, env) -> str:
    return reader.w("the number of {things} left in the bank",
                  things=reader.resource_words(args[0]))


def phrase_bank_gives(reader, args, kwargs, env) -> str:
    amount = reader.expr(args[1], env)
    kind = reader.g.resources.get(name_in(args[0]) or "")
    if kind is not None and kind.bank is None:
        return amount
    return reader.w("{amount}, or the number of {things} left in the bank if that is fewer",
                  amount=amount, things=reader.resource_words(args[0]))


def phrase_markers_on(reader, args, kwargs, env) -> str:
    return reader.w("the number of {things} on {token}",
                  things=reader.resource_words(args[0]), token=reader.expr(args[1], env))


def phrase_gain(reader, args, kwargs, env) -> str:
    player = reader.p.expr(args[1], env)
    ok, n = reader.p.known(args[2], env)
    if ok and isinstance(n, int):
        text = reader.w.plural(None, "{player} takes {n} {things} from the bank",
                             "{player} takes {n} {things} from the bank", n, player=player,
                             things=reader.resource_words(args[0], n))
    else:
        text = reader.w("{player} takes {things} from the bank, as many as {amount}",
                      player=player, amount=reader.p.expr(args[2], env),
                      things=reader.resource_words(args[0]))
    kind = reader.g.resources.get(name_in(args[0]) or "")
    if kind is not None and kind.bank is None:
        return text
    return reader.w("{step} (while the bank lasts)", step=text)


def phrase_pay(reader, args, kwargs, env) -> str:
    player = reader.p.expr(args[1], env)
    ok, n = reader.p.known(args[2], env)
    if ok and isinstance(n, int):
        return reader.w.plural(None, "{player} pays {n} {things} to the bank",
                             "{player} pays {n} {things} to the bank", n, player=player,
                             things=reader.resource_words(args[0], n))
    return reader.w("{player} pays {things} to the bank, as many as {amount}",
                  player=player, amount=reader.p.expr(args[2], env),
                  things=reader.resource_words(args[0]))


def phrase_activate(reader, args, kwargs, env) -> str:
    return reader.w("{player} puts one of their {things} on {token} to use it",
                  player=reader.p.expr(args[1], env), token=reader.p.expr(args[2], env),
                  things=reader.resource_words(args[0]))


def phrase_clear_markers(reader, args, kwargs, env) -> str:
    return reader.w("every {thing} lying on a piece goes back to the bank",
                  thing=reader.resource_words(args[0], 1))


EXPRESSIONS: dict[str, Builtin] = {
    "funds": Builtin(bank.funds, 2, 2, doc="how much of a resource a player holds",
                     sig=sig(TEXT, PLAYER, returns=NUMBER), phrase=phrase_funds),
    "in_bank": Builtin(bank.in_bank, 1, 1,
                       doc="how much of a resource the bank still holds (none: unlimited)",
                       sig=sig(TEXT, returns=NUMBER), phrase=phrase_in_bank),
    "bank_gives": Builtin(bank.bank_gives, 2, 2,
                          doc="how many of n units of a resource the bank can give (n, or what "
                              "is left if fewer)",
                          sig=sig(TEXT, NUMBER, returns=NUMBER), phrase=phrase_bank_gives),
    "markers_on": Builtin(bank.markers_on, 2, 2,
                          doc="how many units of a resource lie on a token as activation "
                              "markers",
                          sig=sig(TEXT, TOKEN, returns=NUMBER), phrase=phrase_markers_on),
}

STATEMENTS: dict[str, Builtin] = {
    "gain": Builtin(bank.gain, 3, 3,
                    doc="a player takes up to n of a resource from the bank (what is left)",
                    sig=sig(TEXT, PLAYER, NUMBER), phrase=phrase_gain),
    "pay": Builtin(bank.pay, 3, 3,
                   doc="a player pays up to n of a resource back to the bank",
                   sig=sig(TEXT, PLAYER, NUMBER), phrase=phrase_pay),
    "activate": Builtin(bank.activate, 3, 3,
                        doc="a player lays one unit of a resource on a token to use it",
                        sig=sig(TEXT, PLAYER, TOKEN), phrase=phrase_activate),
    "clear_markers": Builtin(bank.clear_markers, 1, 1,
                             doc="every activation marker of a resource goes back to the bank",
                             sig=sig(TEXT), phrase=phrase_clear_markers),
}

NAMED_ARGS = {name: {0: "resources"} for name in [*EXPRESSIONS, *STATEMENTS]}
