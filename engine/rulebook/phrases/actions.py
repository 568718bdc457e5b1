"""Steps that do something: decisions (`choose`), calls of the game's procedures (read as
their phrase), and every built-in statement of the script language, each with a template.
"""

from __future__ import annotations

from lark import Tree

from ...dsl.builtins import STATEMENTS
from ...dsl.builtins.core import range_ends
from ...dsl.trees import part
from ...i18n.grammar import like
from .env import Env, Step, call_parts, is_name, string_literals, uses


class ActionSteps:
    """Mixed into Steps: decisions and calls."""

    # -- decisions -----------------------------------------------------------------------
    def choose(self, s: Tree, env: Env):
        name, options, player = str(part(s, "target")), part(s, "options"), part(s, "by")
        who = self.p.expr(player, env)
        offered = self.options(options, env)
        self.declare(env, [name])
        offers = self._offered_literals(options, env)
        env.choices[name] = (who, offers)
        guarded = self._guarded(options, env)
        if guarded is not None and len(guarded) >= 3 and \
                sum(cond is not None for _, cond in guarded) >= 2:
            # many answers, most only at times: a list of them, each with when it is offered
            items = [Step(self.t.name("choices", value) if cond is None else
                          self.w("{choice}, if {condition}", choice=self.t.name("choices", value),
                                 condition=self.p.cond(cond, env)))
                     for value, cond in guarded]
            return Step(self.w("{player} chooses one of these:", player=who), items,
                        options=True)
        if offers and all(self.t.has("choices", v) for v in offers) and \
                not self._open(options, env):
            return Step(self.w("{player} chooses: {options}", player=who, options=offered))
        what = str(env.phrases[name])
        if self._plain(options) and _names_the_things(what, self.p.expr(options, env)):
            # "the row: one of the rows nobody has taken yet" says the row twice
            return Step(self.w("{player} chooses {options}", player=who, options=offered))
        if self._plain(options):        # "chooses the district from the two districts ..."
            return Step(self.w("{player} chooses {what} from {things}", player=who, what=what,
                               things=self.p.expr(options, env)))
        return Step(self.w("{player} chooses {what}: {options}", player=who, what=what,
                           options=offered))

    def _plain(self, options: Tree) -> bool:
        """The options are one collection the rules compute (they read "one of ...")."""
        return options.data not in ("list", "ternary", "binop") and not (
            options.data == "call" and str(part(options, "name")) in ("range", "grid_rotations"))

    def _optional_action(self, first: Tree, rest: list[Tree], later: list[Tree],
                         env: Env) -> Step | None:
        """`let x = choose from ["take", "skip"]` then `if x == "take": ...` (any other
        branch only bookkeeping, x read nowhere else): one step, "the player may take a
        card:" with what doing it takes, rather than a menu and a test of its answer."""
        if first.data != "choose_stmt" or not rest or rest[0].data != "if_stmt":
            return None
        name, test = str(part(first, "target")), rest[0]
        offered = self.fixed_answers(part(first, "options"), env)
        cond = part(test, "condition")
        if offered is None or len(offered) != 2 or \
                cond.data != "compare" or str(part(cond, "op")) != "==" or \
                not is_name(part(cond, "left"), name) or part(cond, "right").data != "string":
            return None
        chosen = self.p.known(part(cond, "right"), env)[1]
        clauses = [c for c in part(test, "clauses") if c is not None]
        if chosen not in offered or uses(part(test, "body"), name) or \
                any(uses(stmt, name) for stmt in later) or \
                any(self.block(part(c, "body"), env.child())[0] for c in clauses):
            return None
        inner, stops = self.block(part(test, "body"), env.child())
        if not inner or stops:
            return None
        for clause in clauses:
            self.decided(clause)
        who = self.p.expr(part(first, "by"), env)
        return Step(self.w("{player} may {action}", player=who,
                           action=self.t.name("choices", chosen)), inner)

    def _one_of_two(self, first: Tree, rest: list[Tree], later: list[Tree],
                    env: Env) -> Step | None:
        """`let c = choose from ["a", "b"]` then `if c == "a": X else: Y` (c read nowhere
        else): "the player chooses one:" and each answer with what it does ("gain the coins:
        ..."), rather than a menu in quotes and a test of its answer."""
        if first.data != "choose_stmt" or not rest or rest[0].data != "if_stmt":
            return None
        name, test = str(part(first, "target")), rest[0]
        guarded = self._guarded(part(first, "options"), env) or \
            self._fewer_when(part(first, "options"), env)
        offered = [value for value, _ in guarded] if guarded else None
        when = dict(guarded or [])
        clauses = [c for c in part(test, "clauses") if c is not None]
        cond = part(test, "condition")
        if offered is None or len(offered) != 2 or len(clauses) != 1 or \
                clauses[0].data != "else_clause" or cond.data != "compare" or \
                str(part(cond, "op")) != "==" or not is_name(part(cond, "left"), name) or \
                uses(test, name) != 1 or any(uses(stmt, name) for stmt in later):
            return None
        chosen = self.p.known(part(cond, "right"), env)[1]
        if chosen not in offered:
            return None
        other = next(v for v in offered if v != chosen)
        lines = []
        for answer, block in ((chosen, part(test, "body")), (other, part(clauses[0], "body"))):
            inner, stops = self.block(block, env.child())
            if stops:
                return None
            label = self.t.name("choices", answer)
            if when[answer] is not None:        # offered only at times
                label = self.w("{choice}, if {condition}", choice=label,
                               condition=self.p.cond(when[answer], env))
            lines.append(self._labelled(label, inner) if inner else Step(label))
        if chosen != offered[0]:
            lines.reverse()
        who = self.p.expr(part(first, "by"), env)
        return Step(self.w("{player} chooses one of these:", player=who), lines, options=True)

    def _optional_pick(self, first: Tree, rest: list[Tree], later: list[Tree],
                       env: Env) -> Step | None:
        """`let c = choose from THINGS + ["skip"]` then `if c != "skip": X` (c read nowhere
        after): "the player may choose a card from THINGS; if they do: X"; or then `if c ==
        "skip": return` (only logged before it): "...; if they do not, nothing further
        happens". A way out of a choice said as such, not as a menu answer in quotes."""
        if first.data != "choose_stmt" or not rest or rest[0].data != "if_stmt":
            return None
        name, options, test = str(part(first, "target")), part(first, "options"), rest[0]
        if options.data != "binop" or str(part(options, "op")) != "+":
            return None
        things, way_out = part(options, "left"), self.fixed_answers(part(options, "right"), env)
        if way_out is None:                         # the way out first: ["keep"] + areas
            things, way_out = part(options, "right"), self.fixed_answers(part(options, "left"), env)
        if way_out is None or len(way_out) != 1 or not self._open(things, env):
            return None
        cond = part(test, "condition")
        if any(c is not None for c in part(test, "clauses")) or cond.data != "compare" or \
                str(part(cond, "op")) not in ("==", "!=") or \
                not is_name(part(cond, "left"), name) or \
                self.p.known(part(cond, "right"), env) != (True, way_out[0]) or \
                str(part(cond, "op")) == "!=" and any(uses(stmt, name) for stmt in later):
            return None
        body = part(test, "body")
        who = self.p.expr(part(first, "by"), env)
        self.declare(env, [name])
        env.choices[name] = (who, {way_out[0]})
        head = {"player": who, "what": str(env.phrases[name]),
                "things": self.p.expr(things, env)}
        if str(part(cond, "op")) == "!=":
            inner, stops = self.block(body, env.child())
            if not inner or stops:
                return None
            return Step(self.w("{player} may choose {what} from {things}; if they do:",
                               **head), inner)
        kept = [c for c in body.children if id(c) not in self.dropped]
        if not kept or kept[-1].data != "return_stmt" or any(
                c.data != "call_stmt" or str(part(c, "name")) != "log" for c in kept[:-1]):
            return None
        for stmt in body.children:
            self.said[id(stmt)] = "step"
        if way_out[0] in string_literals(body):
            # the answer is recorded for a later step to test: it keeps its name (quoted)
            return Step(self.w("{player} may choose {what} from {things}, or choose {way_out} "
                               "instead (then nothing further happens)",
                               way_out=self.t.value(way_out[0]), **head))
        # the way out's label is written for the table ("keep your houses"), not for a
        # step about "the player": the step says what declining does instead
        return Step(self.w("{player} may choose {what} from {things}; if they do not, "
                           "nothing further happens", **head))

    def fixed_answers(self, options: Tree, env: Env) -> list[str] | None:
        """The answers of a choice the rules write out and the game's texts name
        (["build", "skip"]); None for options the rules compute."""
        ok, value = self.p.known(options, env)
        if ok and isinstance(value, list) and \
                all(isinstance(v, str) and self.t.has("choices", v) for v in value):
            return value
        return None

    def _guarded(self, options: Tree, env: Env) -> list[tuple[str, Tree | None]] | None:
        """Options built as `["a"] + (["b"] if c else []) + ...`: each fixed answer and the
        condition it is offered under (None: always); answers the data rules out are left
        out. None for options built otherwise."""
        if options.data == "binop" and str(part(options, "op")) == "+":
            left = self._guarded(part(options, "left"), env)
            right = self._guarded(part(options, "right"), env)
            return None if left is None or right is None else left + right
        answers = self.fixed_answers(options, env)
        if answers is not None:
            return [(v, None) for v in answers]
        if options.data == "ternary":
            then, cond, other = options.children
            ok_then, shown = self.p.known(then, env)
            known, holds = self.p.known(cond, env)
            if self.p.known(other, env) != (True, []) or not ok_then or \
                    not isinstance(shown, list) or len(shown) != 1 or \
                    not self.t.has("choices", shown[0]):
                return None
            if known:
                return [(shown[0], None)] if holds else []
            return [(shown[0], cond)]
        return None

    def _open(self, options: Tree, env: Env) -> bool:
        """The options include something other than fixed choices (a list of areas...)."""
        if options.data == "ternary":
            ok, value = self.p.known(part(options, "condition"), env)
            if ok:
                return self._open(part(options, "value" if value else "otherwise"), env)
            return self._open(part(options, "value"), env) or \
                self._open(part(options, "otherwise"), env)
        if options.data == "binop":
            return self._open(part(options, "left"), env) or self._open(part(options, "right"), env)
        if options.data == "list":
            return any(x is not None and x.data != "string" for x in options.children)
        return True

    def _offered_literals(self, options: Tree, env: Env) -> set[str]:
        """The strings a decision can still offer, once the data has decided its branches."""
        if options.data == "ternary":
            ok, value = self.p.known(part(options, "condition"), env)
            if ok:
                return self._offered_literals(part(options, "value" if value else "otherwise"),
                                              env)
        if options.data in ("ternary", "binop", "list"):
            found: set[str] = set()
            children = [part(options, "value"), part(options, "otherwise")] \
                if options.data == "ternary" else options.children
            for child in children:
                if isinstance(child, Tree):
                    found |= self._offered_literals(child, env)
            return found
        if options.data == "list_comp":      # [x for x in ["a", "b"] where ...] may offer a, b
            return self._offered_literals(part(options, "collection"), env)
        return string_literals(options) if options.data == "string" else set()

    def _fewer_when(self, options: Tree, env: Env) -> list[tuple[str, Tree | None]] | None:
        """Options written `A if C else B`, fixed answers, B fewer than A: each answer of A
        and the condition it is offered under (None: always); None otherwise."""
        if options.data != "ternary":
            return None
        a, cond, b = options.children
        ok_a, more = self.p.known(a, env)
        ok_b, less = self.p.known(b, env)
        if not (ok_a and ok_b and isinstance(more, list) and isinstance(less, list) and
                set(less) < set(more) and all(isinstance(v, str) for v in more)):
            return None
        return [(v, None if v in less else cond) for v in more]

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
        if tree.data == "binop" and str(part(tree, "op")) == "+":
            left, right = part(tree, "left"), part(tree, "right")
            parts = []
            for side in (left, right):
                known, v = self.p.known(side, env)
                if not (known and v == []):
                    parts.append(self.options(side, env))
            return self.w.join(parts, style="or")
        if tree.data == "call" and str(part(tree, "name")) == "grid_rotations":
            return self.p.expr(tree, env)           # "0 to 3 quarter turns (...)"
        if tree.data == "call" and str(part(tree, "name")) == "range":
            _, args, _ = call_parts(tree)
            ends = range_ends(self.p, args, env)
            if ends is not None:
                return self.w("any number from {a} to {b}", a=ends[0], b=ends[1])
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
        builtin = STATEMENTS.get(name)
        text = builtin.phrase(self, args, kwargs, env) if builtin is not None else \
            getattr(self, "statement_" + name)(args, kwargs, env)     # the VM's own
        return Step(text) if text else None

    def token_control(self) -> str:
        kinds = [k.control_piece for k in self.g.tokens.values() if k.control_piece]
        return self.t.thing(kinds[0], 1) if len(set(kinds)) == 1 else self.w("control piece")

    # -- built-in statements (one template each) ------------------------------------------
    def owned_tokens(self, tree: Tree, env: Env) -> tuple[str, str] | None:
        """`tokens(KIND, owner=P, at=PLACE, ...)` or `first(...)` of it, as the owner and
        "their cubes from the bag" / "one of their cubes from the bag" (for a move)."""
        one = tree.data == "call" and str(part(tree, "name")) == "first" and \
            part(tree, "args") is not None and len(part(tree, "args").children) == 1
        if one:
            tree = part(part(part(tree, "args"), "arguments")[0], "value")
        if tree.data != "call" or str(part(tree, "name")) != "tokens":
            return None
        _, args, kwargs = call_parts(tree)
        if "owner" not in kwargs or not args:
            return None
        kind = str(part(args[0], "name"))
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

    def statement_end_game(self, args, kwargs, env) -> str:
        if getattr(args[0], "data", None) == "list" and not any(args[0].children):
            return self.w("the game ends at once; nobody wins")
        return self.w("the game ends at once; it is won by {players}",
                      players=self.p.expr(args[0], env))

    def statement_check_end(self, args, kwargs, env) -> str:
        text = self.w("check whether the game ends")
        if "·end" in self.links:
            title, anchor = self.links["·end"]
            text = self.w("{step} (see “[{title}](#{anchor})”)", step=text, title=title,
                          anchor=anchor)
        return text



def _names_the_things(what: str, things: str) -> bool:
    """A chosen thing's two-word name ("the row") whose noun the options name again ("the
    rows nobody has taken yet")."""
    words = what.split()
    if len(words) != 2 or len(words[1]) <= 2:
        return False
    noun = words[1].lower()     # a stem the plural keeps: row(s), stadsde(e)l(en)
    return noun[:-1] in things.lower() or (len(noun) > 5 and noun[:-2] in things.lower())
