"""Steps that do something: decisions (`choose`), calls of the game's procedures (read as
their phrase), and every built-in statement of the script language, each with a template.
"""

from __future__ import annotations

from lark import Tree

from ...i18n.grammar import like
from .env import Env, Step, call_parts, string_literals


class ActionSteps:
    """Mixed into Steps: decisions and calls."""

    # -- decisions -----------------------------------------------------------------------
    def choose(self, s: Tree, env: Env):
        name, options, player = str(s.children[0]), s.children[1], s.children[2]
        who = self.p.expr(player, env)
        offered = self.options(options, env)
        self.declare(env, [name])
        offers = self._offered_literals(options, env)
        env.choices[name] = (who, offers)
        if offers and all(self.t.has("choices", v) for v in offers) and \
                not self._open(options, env):
            return Step(self.w("{player} chooses: {options}", player=who, options=offered))
        return Step(self.w("{player} chooses {what}: {options}", player=who,
                           what=env.phrases[name], options=offered))

    def _open(self, options: Tree, env: Env) -> bool:
        """The options include something other than fixed choices (a list of areas...)."""
        if options.data == "ternary":
            ok, value = self.p.known(options.children[1], env)
            if ok:
                return self._open(options.children[0 if value else 2], env)
            return self._open(options.children[0], env) or self._open(options.children[2], env)
        if options.data == "binop":
            return self._open(options.children[0], env) or self._open(options.children[2], env)
        if options.data == "list":
            return any(x is not None and x.data != "string" for x in options.children)
        return True

    def _offered_literals(self, options: Tree, env: Env) -> set[str]:
        """The strings a decision can still offer, once the data has decided its branches."""
        if options.data == "ternary":
            ok, value = self.p.known(options.children[1], env)
            if ok:
                return self._offered_literals(options.children[0 if value else 2], env)
        if options.data in ("ternary", "binop", "list"):
            found: set[str] = set()
            children = options.children[::2] if options.data == "ternary" else options.children
            for child in children:
                if isinstance(child, Tree):
                    found |= self._offered_literals(child, env)
            return found
        if options.data == "list_comp":      # [x for x in ["a", "b"] where ...] may offer a, b
            return self._offered_literals(options.children[2], env)
        return string_literals(options) if options.data == "string" else set()

    def _fewer(self, a: Tree, b: Tree, env: Env) -> list[tuple[str, bool]] | None:
        """`a if c else b` where both are fixed choices and b drops some of a: each of a's
        choices, and whether it is offered only if c."""
        ok_a, more = self.p.known(a, env)
        ok_b, less = self.p.known(b, env)
        if not (ok_a and ok_b and isinstance(more, list) and isinstance(less, list) and less
                and set(less) < set(more)
                and all(isinstance(v, str) and self.t.has("choices", v) for v in more)):
            return None
        return [(self.t.value(v), v not in less) for v in more]

    def options(self, tree: Tree, env: Env) -> str:
        """What a decision offers: "pass or bid", "one of the regions ..."."""
        ok, value = self.p.known(tree, env)
        if ok and isinstance(value, list) and value and \
                all(self.t.has("choices", v) for v in value):
            return self.w.join([self.t.value(v) for v in value], style="or")
        if tree.data == "list":
            return self.w.join([self.p.expr(x, env) for x in tree.children if x is not None],
                               style="or")
        if tree.data == "ternary":
            a, cond, b = tree.children
            known, which = self.p.known(cond, env)
            if known:
                return self.options(a if which else b, env)
            ok_b, empty = self.p.known(b, env)
            if ok_b and empty == []:
                return self.w("{options} (only if {condition})", options=self.options(a, env),
                              condition=self.p.cond(cond, env))
            fewer = self._fewer(a, b, env)
            if fewer is not None:
                return self.w.join([self.w("{option} (only if {condition})", option=shown,
                                           condition=self.p.cond(cond, env))
                                    if only else shown for shown, only in fewer], style="or")
            return self.w("if {condition}, {a}; otherwise, {b}", a=self.options(a, env),
                          condition=self.p.cond(cond, env), b=self.options(b, env))
        if tree.data == "binop" and str(tree.children[1]) == "+":
            left, right = tree.children[0], tree.children[2]
            parts = []
            for side in (left, right):
                known, v = self.p.known(side, env)
                if not (known and v == []):
                    parts.append(self.options(side, env))
            return self.w.join(parts, style="or")
        return self.w("one of {things}", things=self.p.expr(tree, env))

    # -- calls ---------------------------------------------------------------------------
    def call(self, s: Tree, env: Env):
        name, args, kwargs = call_parts(s)
        proc = self.g.program.procs.get(name)
        if proc is not None:
            values = {p: self.p.expr(a, env) for p, a in zip(proc.params, args)}
            n = None
            if "n" in proc.params:
                ok, known = self.p.known(args[proc.params.index("n")], env)
                n = known if ok and isinstance(known, int) else None
            if n is None and "n" in proc.params and self.t.has("procedures_amount", name):
                text = self.t.name("procedures_amount", name, **values)   # n worked out in play
            else:
                text = self.t.name("procedures", name, n, **values)
            if name in self.links and self.links[name][1] != env.proc:
                title, anchor = self.links[name][0], self.links[name][1]
                text = self.w("{step} (see “[{title}](#{anchor})”)", step=text, title=title,
                              anchor=anchor)
            return Step(text)
        text = getattr(self, "statement_" + name)(args, kwargs, env)
        return Step(text) if text else None

    def token_control(self) -> str:
        kinds = [k.control_piece for k in self.g.tokens.values() if k.control_piece]
        return self.t.thing(kinds[0], 1) if len(set(kinds)) == 1 else self.w("control piece")

    # -- built-in statements (one template each) ------------------------------------------
    def statement_move(self, args, kwargs, env) -> str:
        kind = str(args[0].children[0])
        owner = self.p.expr(args[1], env)
        src, dst = self.p.where(args[2], "from", env), self.p.where(args[3], "to", env)
        count = args[4] if len(args) > 4 else Tree("number", ["1"])
        ok, n = self.p.known(count, env)
        if ok and isinstance(n, int):
            return self.w.plural(None, "{owner} moves {n} {things} {source} {destination}",
                                 "{owner} moves {n} {things} {source} {destination}", n,
                                 owner=owner, things=self.t.thing(kind, n), source=src,
                                 destination=dst)
        if count.data == "call":
            name, c_args, c_kwargs = call_parts(count)
            if name == "count" and c_args and c_args[0] == args[0] and \
                    set(c_kwargs) == {"owner", "at"} and c_kwargs["owner"] == args[1] and \
                    c_kwargs["at"] == args[2]:        # all the player's pieces there
                return self.w("{owner} moves all their {things} {source} {destination}",
                              owner=owner, things=self.t.thing(kind, 2), source=src,
                              destination=dst)
        return self.w("{owner} moves {things} {source} {destination}, as many as {amount}",
                      owner=owner, amount=self.p.expr(count, env),
                      things=self.t.thing(kind, 2), source=src, destination=dst)

    def statement_move_token(self, args, kwargs, env) -> str:
        destination = self.p.where(args[1], "to", env)
        owned = self._owned(args[0], env)
        if owned:
            return self.w("{owner} moves {tokens} {destination}", owner=owned[0], tokens=owned[1],
                          destination=destination)
        return self.w("move {token} {destination}", token=self.p.expr(args[0], env),
                      destination=destination)

    def _owned(self, tree: Tree, env: Env) -> tuple[str, str] | None:
        """`tokens(KIND, owner=P, at=PLACE, ...)` or `first(...)` of it, as the owner and
        "their cubes from the bag" / "one of their cubes from the bag" (for a move)."""
        one = tree.data == "call" and str(tree.children[0]) == "first" and \
            tree.children[1] is not None and len(tree.children[1].children) == 1
        if one:
            tree = tree.children[1].children[0].children[0]
        if tree.data != "call" or str(tree.children[0]) != "tokens":
            return None
        _, args, kwargs = call_parts(tree)
        if "owner" not in kwargs or not args:
            return None
        kind = str(args[0].children[0])
        rest = {k: v for k, v in kwargs.items() if k not in ("owner", "at")}
        things = self.p.narrowed(self.t.thing(kind, 2), kind, rest, env)
        if one:
            text = self.w("one of their {things}", things=things)
        else:
            text = like(things, self.w("their {things}", things=things))
        if "at" in kwargs:
            text = self.w("{things} {place}", things=text,
                          place=self.p.where(kwargs["at"], "from", env))
        return self.p.expr(kwargs["owner"], env), text

    def statement_draw(self, args, kwargs, env) -> str:
        kind = str(args[0].children[0])
        src, dst = self.p.where(args[1], "from", env), self.p.where(args[2], "to", env)
        count = args[3] if len(args) > 3 else Tree("number", ["1"])
        ok, n = self.p.known(count, env)
        picked = {k: v for k, v in kwargs.items() if k not in ("at",)}
        known_dst, place = self.p.known(args[2], env)
        if ok and isinstance(n, int) and not (known_dst and place in self.g.locations):
            return self.w.plural(None, "put {n} {things}, drawn at random {source}, on {place}",
                                 "put {n} {things}, drawn at random {source}, on {place}", n,
                                 things=self.p.narrowed(self.t.thing(kind, n), kind, picked, env),
                                 source=src, place=self.p.expr(args[2], env))
        if ok and isinstance(n, int):
            return self.w.plural(None, "take {n} {things} at random {source} and put it "
                                       "{destination}",
                                 "take {n} {things} at random {source} and put them "
                                 "{destination}", n,
                                 things=self.p.narrowed(self.t.thing(kind, n), kind, picked, env),
                                 source=src, destination=dst)
        noun = None
        if count.data == "call" and str(count.children[0]) == "len":
            counted = call_parts(count)[1]
            noun = self.p.noun(counted[0], env) if counted else None
        how_many = self.w("as many as there are {things}", things=noun) if noun else \
            self.w("as many as {amount}", amount=self.p.expr(count, env))
        return self.w("take {things} at random {source} and put them {destination}: "
                      "{how_many} (all there are, if fewer)", how_many=how_many,
                      things=self.p.narrowed(self.t.thing(kind, 2), kind, picked, env),
                      source=src, destination=dst)

    def statement_give(self, args, kwargs, env) -> str:
        ok, who = self.p.known(args[1], env)
        if ok and who is None:
            return self.w("{token} now belongs to nobody", token=self.p.expr(args[0], env))
        return self.w("{token} now belongs to {player}", token=self.p.expr(args[0], env),
                      player=self.p.expr(args[1], env))

    def statement_reveal(self, args, kwargs, env) -> str:
        return self.w("turn {token} face up", token=self.p.expr(args[0], env))

    def statement_hide(self, args, kwargs, env) -> str:
        return self.w("turn {token} face down", token=self.p.expr(args[0], env))

    def statement_control(self, args, kwargs, env) -> str:
        return self.w("{player} takes control of {token} and puts a {piece} of their own on "
                      "it (a {piece} already there goes back to its owner)",
                      player=self.p.expr(args[1], env), token=self.p.expr(args[0], env),
                      piece=self.token_control())

    def statement_release(self, args, kwargs, env) -> str:
        return self.w("{token} becomes neutral: the {piece} on it goes back to its owner",
                      token=self.p.expr(args[0], env), piece=self.token_control())

    def statement_shuffle(self, args, kwargs, env) -> str:
        return self.w("shuffle {deck} and lay the cards face down",
                      deck=self.p.expr(args[0], env))

    def statement_reveal_card(self, args, kwargs, env) -> str:
        ok, i = self.p.known(args[1], env)
        deck = self.p.expr(args[0], env)
        if ok and isinstance(i, int):
            return self.w("turn face up the {ordinal} card of {deck}", ordinal=self.t.ordinal(i),
                          deck=deck)
        return self.w("turn face up the card of {deck} at {position}", deck=deck,
                      position=self.p.expr(args[1], env))

    def statement_reveal_deck(self, args, kwargs, env) -> str:
        return self.w("turn every card of {deck} face up", deck=self.p.expr(args[0], env))

    def statement_log(self, args, kwargs, env) -> None:
        """Messages to the game log are not rules: the rulebook leaves them out."""
        return None

    def statement_end_game(self, args, kwargs, env) -> str:
        return self.w("the game ends at once; it is won by {players}",
                      players=self.p.expr(args[0], env))

    def statement_check_end(self, args, kwargs, env) -> str:
        text = self.w("check whether the game ends")
        if "·end" in self.links:
            title, anchor = self.links["·end"]
            text = self.w("{step} (see “[{title}](#{anchor})”)", step=text, title=title,
                          anchor=anchor)
        return text

