"""The blocks of a resumable procedure (see resumable.py) and how they are written out: a
dispatch on the frame's resume point that loads the variables still needed, then the
blocks, each `if _pc == N:`, inside `while True:` when a jump goes back."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...errors import Location
from .statements import Ctx, Jump, Out
from .writer import Spot, Writer

_NUMBER = re.compile("\x00(\\d+)([+-]\\d+)?\x00")


@dataclass(eq=False)
class Label:
    """A block of a resumable procedure; its number is given when the code is rendered."""

    key: int
    resume: bool = False      # a frame may resume here (the entry, after a stop)
    gap: bool = False         # the number before it is a choose's stop (P, resumed at P+1)
    n: int = -1
    index: int = -1

    def text(self, offset: int = 0) -> str:
        """A placeholder for the label's number (plus an offset)."""
        return f"\x00{self.key}{offset:+d}\x00" if offset else f"\x00{self.key}\x00"


@dataclass
class Block:
    """Straight-line code from one label to a jump."""

    label: Label
    out: Out = field(default_factory=list)


@dataclass
class Resume:
    """A point where a frame can resume: the variables surely set there, loops' state."""

    label: Label
    assigned: frozenset[str]
    live: frozenset[str]
    hidden: dict[str, str]
    stop: int = 0             # the frame's pc while it waits there (relative to the label)
    needs: frozenset[str] = frozenset()   # what the frame must hold while it waits
    fresh: bool = False       # a new frame: only its parameters are in `e`


class Blocks:
    """The blocks of one resumable procedure, their labels and resume points."""

    def __init__(self, ctx: Ctx, entry: frozenset[str], live: frozenset[str], fresh: bool):
        self.ctx = ctx
        self.blocks: list[Block] = []
        self.resumes: list[Resume] = []
        self.keys = 0
        first = self.label(resume=True)
        self.start(first)
        self.resumes.append(Resume(first, entry, live, {}, needs=entry, fresh=fresh))

    # -- labels and blocks ---------------------------------------------------------------
    def label(self, resume: bool = False, gap: bool = False) -> Label:
        """A new label."""
        self.keys += 1
        return Label(self.keys, resume, gap)

    def start(self, label: Label) -> None:
        """Start the block of `label` (after the current one)."""
        label.index = len(self.blocks)
        self.blocks.append(Block(label))

    @property
    def out(self) -> Out:
        """The lines of the current block."""
        return self.blocks[-1].out

    def goto(self, label: Label, spot: Spot | None = None) -> None:
        """End the current block with a jump to `label`, and start `label`'s block if it is
        next."""
        self.out.append(Jump(0, label, spot))

    # -- rendering -------------------------------------------------------------------------
    def resume_here(self, assigned: frozenset[str], live: frozenset[str],
                    chosen: str | None = None) -> tuple[Label, frozenset[str]]:
        """End the block and start one a frame can resume at (after a choose of `chosen`:
        one number later than where it stops); that label, and what is surely set after it
        (only the variables still needed are loaded when a frame resumes there)."""
        label = self.label(resume=True, gap=chosen is not None)
        self.goto(label)
        self.start(label)
        kept = assigned & live
        self.resumes.append(Resume(label, assigned, live, dict(self.ctx.hidden),
                                   -1 if chosen is not None else 0, kept - {chosen}))
        return label, kept

    # -- statements ------------------------------------------------------------------------
    def number(self) -> None:
        """Give every label its number: blocks in order, a gap before a choose's resume."""
        n = 0
        for block in self.blocks:
            if block.label.gap:
                n += 1
            block.label.n = n
            n += 1

    def render(self, out: Writer, depth: int, header: str, where: Location) -> None:
        """Write the function: the entry (loads by resume point), then the blocks."""
        self.out.append((0, "return None", None))
        self.number()
        looping = any(isinstance(line, Jump) and
                      (line.always or line.label.index <= i)
                      for i, block in enumerate(self.blocks) for line in block.out)
        entry = Spot(where)
        out.add(depth, header, entry)
        out.add(depth + 1, "_e = _f['e']", entry)
        out.add(depth + 1, "_pc = _f['pc']", entry)
        loads = [(resume.label.n, self.loads(resume)) for resume in self.resumes]
        if all(lines == ["pass"] for _, lines in loads):     # nothing to load anywhere
            points = ", ".join(str(n) for n, _ in loads)
            out.add(depth + 1, f"if _pc not in {{{points}}}:", entry)
        else:
            for i, (n, lines) in enumerate(loads):
                out.add(depth + 1, f"{'elif' if i else 'if'} _pc == {n}:", entry)
                for line in lines:
                    out.add(depth + 2, line, entry)
            out.add(depth + 1, "else:", entry)
        out.add(depth + 2, "_bad_pc(_f)", entry)
        inner = depth + 1
        if looping:
            out.add(inner, "while True:", None)
            inner += 1
        for i, block in enumerate(self.blocks):
            out.add(inner, f"if _pc == {block.label.n}:", None)
            for line in block.out:
                if isinstance(line, Jump):
                    target = line.label
                    out.add(inner + 1 + line.depth, f"_pc = {target.n}", line.spot)
                    if line.always or target.index <= i:
                        out.add(inner + 1 + line.depth, "continue", line.spot)
                else:
                    d, text, spot = line
                    out.add(inner + 1 + d, _NUMBER.sub(self._numbered, text), spot)

    def loads(self, resume: Resume) -> list[str]:
        """Where a frame resumes: the loops' state and the variables still needed from the
        frame's `e`; every other variable starts unset (`_keep` leaves it be in `e`)."""
        lines = [f"{v} = _e[{k!r}]" for k, v in resume.hidden.items()]
        unset = []
        for name, python in self.ctx.names.items():
            if name in resume.assigned and name in resume.live:
                lines.append(f"{python} = _e[{name!r}]")
            elif name in resume.live and not resume.fresh:
                lines.append(f"{python} = _e.get({name!r}, _UNSET)")
            else:
                unset.append(python)
        if unset:
            lines.append(" = ".join([*unset, "_UNSET"]))
        return lines or ["pass"]

    def _numbered(self, match: re.Match) -> str:
        key, offset = int(match.group(1)), int(match.group(2) or 0)
        label = next(b.label for b in self.blocks if b.label.key == key)
        return str(label.n + offset)

    def resume_points(self) -> dict[int, tuple[str, ...]]:
        """Where a frame of this procedure may stand -> what its `e` must hold there."""
        return {r.label.n + r.stop: tuple(sorted(r.needs)) + tuple(r.hidden)
                for r in self.resumes}
