"""Built-ins of money (interpreter/bank.py): holdings, a finite bank, activation markers."""

from __future__ import annotations

from ...interpreter import bank
from ..types import NUMBER, PLAYER, TEXT, TOKEN, sig
from .registry import Builtin

EXPRESSIONS: dict[str, Builtin] = {
    "funds": Builtin(bank.funds, 2, 2, doc="how much of a resource a player holds",
                     sig=sig(TEXT, PLAYER, returns=NUMBER)),
    "in_bank": Builtin(bank.in_bank, 1, 1,
                       doc="how much of a resource the bank still holds (none: unlimited)",
                       sig=sig(TEXT, returns=NUMBER)),
    "bank_gives": Builtin(bank.bank_gives, 2, 2,
                          doc="how many of n units of a resource the bank can give (n, or what "
                              "is left if fewer)",
                          sig=sig(TEXT, NUMBER, returns=NUMBER)),
    "markers_on": Builtin(bank.markers_on, 2, 2,
                          doc="how many units of a resource lie on a token as activation "
                              "markers",
                          sig=sig(TEXT, TOKEN, returns=NUMBER)),
}

STATEMENTS: dict[str, Builtin] = {
    "gain": Builtin(bank.gain, 3, 3,
                    doc="a player takes up to n of a resource from the bank (what is left)",
                    sig=sig(TEXT, PLAYER, NUMBER)),
    "pay": Builtin(bank.pay, 3, 3,
                   doc="a player pays up to n of a resource back to the bank",
                   sig=sig(TEXT, PLAYER, NUMBER)),
    "activate": Builtin(bank.activate, 3, 3,
                        doc="a player lays one unit of a resource on a token to use it",
                        sig=sig(TEXT, PLAYER, TOKEN)),
    "clear_markers": Builtin(bank.clear_markers, 1, 1,
                             doc="every activation marker of a resource goes back to the bank",
                             sig=sig(TEXT)),
}

NAMED_ARGS = {name: {0: "resources"} for name in [*EXPRESSIONS, *STATEMENTS]}
