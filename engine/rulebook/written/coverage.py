"""Nothing silently left out, nothing silently stale: what each section of a written book
explains, checked against the game's rules.

    coverage_problems(definition, outline)    # errors: a rule a player notices unexplained
    stale_sections(definition, outline)       # warnings: rules changed since the review
    review(definition, outline)               # mark sections reviewed (reviewed.yaml)

Each section names the rules it explains (`explains:` in rulebook.yaml). Every ask, end
condition and reading, and every procedure a player notices, must be explained by some
section. Beside the book, reviewed.yaml keeps each section's fingerprint (rules.py) as it
was when someone last read the section against its rules; a section whose rules have
changed since is stale until it is reviewed again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ...errors import Location, Problem
from ...loading.sources import command_name, display_name
from .rules import Rule, game_rules, section_fingerprint

REVIEWED = "reviewed.yaml"
"""The file beside the book that keeps each section's fingerprint at its last review."""

HEADER = ("# Written by `regola rulebook GAME --review`: for each section of rulebook.yaml, the\n"
          "# fingerprint of the rules it explains when someone last read it against them.\n"
          "# `regola validate` warns about a section whose rules have changed since.\n")


def explained(outline: Any) -> dict[str, list[str]]:
    """Rule name -> the sections that explain it."""
    out: dict[str, list[str]] = {}
    for sid, names in outline.explains.items():
        for name in names:
            out.setdefault(name, []).append(sid)
    return out


def coverage_problems(definition: Any, outline: Any,
                      rules: dict[str, Rule] | None = None) -> list[Problem]:
    """A rule named by no section that a player notices, and a section naming a rule the
    game does not have: located problems in the book file."""
    if not outline.written():
        return []
    rules = rules if rules is not None else game_rules(definition)
    problems = []
    section_index = {sid: i for i, (sid, _) in enumerate(outline.sections)}
    for sid, names in outline.explains.items():
        for k, name in enumerate(names):
            if name not in rules:
                import difflib
                near = difflib.get_close_matches(name, list(rules), n=3)
                hint = f"; did you mean {', '.join(near)}?" if near else ""
                bare = name.partition(":")[2]
                if bare in rules:
                    hint = (f"; a prefix only tells apart two rules of one name: write "
                            f"{bare!r}")
                problems.append(Problem(outline.where("sections", section_index[sid],
                                                      "explains", k),
                                        f"{name!r} is no procedure, ask, end condition or "
                                        f"reading of the game{hint}"))
    covered = explained(outline)
    for name, rule in rules.items():
        if rule.noticed and name not in covered:
            what = {"procedure": "the procedure", "ask": "the ask", "end": "the end rule",
                    "reading": "the reading"}[rule.kind]
            asked = f" (asked in {rule.where})" if rule.where else ""
            problems.append(Problem(outline.where("sections"),
                                    f"{what} {name!r}{asked} is explained by no section: name "
                                    f"it under a section's explains"))
    return problems


def reviewed_path(definition: Any) -> Path:
    """Where a game keeps the fingerprints of its reviewed sections."""
    return Path(definition.folder) / REVIEWED


def read_reviewed(definition: Any) -> dict[str, str]:
    """Section id -> fingerprint at its last review (empty if never reviewed)."""
    path = reviewed_path(definition)
    if not path.exists():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError:
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def fingerprints(definition: Any, outline: Any,
                 rules: dict[str, Rule] | None = None) -> dict[str, str]:
    """Section id -> the fingerprint of the rules it explains now (sections that explain
    nothing have none)."""
    rules = rules if rules is not None else game_rules(definition)
    return {sid: section_fingerprint(rules, names)
            for sid, names in outline.explains.items() if names}


def stale_sections(definition: Any, outline: Any) -> list[Problem]:
    """Warnings: each section whose rules changed since it was last reviewed (or that was
    never reviewed), located at the section's title."""
    if not outline.written():
        return []
    reviewed = read_reviewed(definition)
    now = fingerprints(definition, outline)
    index = {sid: i for i, (sid, _) in enumerate(outline.sections)}
    warnings = []
    for sid, print_ in now.items():
        if reviewed.get(sid) == print_:
            continue
        why = "was never reviewed" if sid not in reviewed else \
            "explains rules whose scripts changed since it was last reviewed"
        game = command_name(definition.id, definition.folder)
        warnings.append(Problem(outline.where("sections", index[sid], "title"),
                                f"section {sid!r} {why}: read it against its rules, then "
                                f"`regola rulebook {game} --review {sid}`"))
    return warnings


def changed_sections(definition: Any, base: Any, outline: Any) -> set[str]:
    """The sections whose rules differ between the base game and a variant of it. A
    section whose only changed rules are readings, and which prints the readings (the
    `notes` block, which gives a variant's value its own note), has not changed."""
    mine, theirs = game_rules(definition), game_rules(base)
    changed = {name for name, rule in mine.items()
               if theirs.get(name) is None or theirs[name].fingerprint != rule.fingerprint}
    changed |= set(theirs) - set(mine)
    out = set()
    for sid, names in outline.explains.items():
        hit = changed & set(names)
        if not hit:
            continue
        notes = "notes" in dict(outline.sections).get(sid, [])
        if notes and all(mine[n].kind == "reading" for n in hit if n in mine):
            continue
        out.add(sid)
    return out


def review(definition: Any, outline: Any, sections: list[str] | None = None) -> list[str]:
    """Record the current fingerprint of the given sections (all if none are given) as
    reviewed; the ids recorded. An unknown section id is a problem located in the book."""
    now = fingerprints(definition, outline)
    unknown = [s for s in sections or [] if s not in dict(outline.sections)]
    if unknown:
        from ...errors import RuleError
        raise RuleError([Problem(Location(outline.file), f"no section {s!r} in the book; "
                                                          f"sections: "
                                                          + ", ".join(dict(outline.sections)))
                         for s in unknown])
    chosen = [s for s in (sections or list(now)) if s in now]
    reviewed = read_reviewed(definition)
    reviewed.update({sid: now[sid] for sid in chosen})
    ordered = {sid: reviewed[sid] for sid, _ in outline.sections if sid in reviewed}
    path = reviewed_path(definition)
    path.write_text(HEADER + yaml.safe_dump(ordered, sort_keys=False), encoding="utf-8")
    return chosen


def reviewed_name(definition: Any) -> str:
    """How the reviewed file is named in messages."""
    return display_name(reviewed_path(definition))
