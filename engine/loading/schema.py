"""Check rule documents against the JSON Schemas in rules/schema/, every problem located."""

from __future__ import annotations

import difflib
import json
from functools import cache
from importlib import resources

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from ..errors import Problem
from .yaml_source import Positions, dotted

_TYPE_WORDS = {"integer": "an integer", "string": "a text", "boolean": "true or false",
               "array": "a list", "object": "a mapping", "null": "nothing", "number": "a number"}


@cache
def validator(kind: str) -> Draft202012Validator:
    """The validator for 'game' or 'variant' documents."""
    text = resources.files("regola.rules").joinpath(f"schema/{kind}.schema.json").read_text()
    schema = json.loads(text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _describe(err: ValidationError) -> str:
    v = err.validator
    if v == "type":
        want = err.validator_value
        want = [want] if isinstance(want, str) else want
        words = " or ".join(_TYPE_WORDS.get(w, w) for w in want)
        if isinstance(err.instance, list) and "array" not in want:
            got = "a list"
        elif isinstance(err.instance, dict) and "object" not in want:
            got = "a mapping"
        else:
            got = repr(err.instance)
        return f"expected {words}, got {got}"
    if v == "required":
        missing = [k for k in err.validator_value if k not in err.instance]
        return "missing required key " + ", ".join(repr(k) for k in missing)
    if v == "additionalProperties":
        allowed = list(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        hints = []
        for k in extra:
            close = difflib.get_close_matches(k, allowed, n=1)
            hints.append(f"{k!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
        return "unknown key " + ", ".join(hints) + (f"; allowed: {', '.join(allowed)}"
                                                   if allowed else "")
    if v == "enum":
        return f"expected one of {', '.join(map(repr, err.validator_value))}, got {err.instance!r}"
    if v == "pattern":
        return f"{err.instance!r} is not a valid name (use lower-case letters, digits and _)" \
            if "a-z" in err.validator_value else \
            f"{err.instance!r} does not match {err.validator_value}"
    if v == "anyOf":
        return f"{err.instance!r} is not a valid value here"
    if v in ("minimum", "minItems", "minProperties", "uniqueItems"):
        return err.message
    return err.message


def check(doc: object, kind: str, positions: Positions, file: str) -> list[Problem]:
    """Every schema problem of `doc`, each at the file:line:col of the offending value."""
    problems = []
    errors = sorted(validator(kind).iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    for err in errors:
        path = tuple(err.absolute_path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = set(err.schema.get("properties", {}))
            extra = [k for k in err.instance if k not in allowed]
            if extra and (*path, extra[0]) in positions:
                path = (*path, extra[0])
        problems.append(Problem(_located(positions, path, file), _describe(err)))
    return problems


def _located(positions: Positions, path: tuple, file: str):
    location = positions.find(path, file)
    if not location.path:
        location = type(location)(location.file, location.line, location.column, dotted(path))
    return location


def _kind_schema_problems(kinds: dict, positions: Positions, file: str) -> list[Problem]:
    """Each property schema an area kind declares must itself be a valid JSON Schema."""
    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA,
                                format_checker=Draft202012Validator.FORMAT_CHECKER)
    problems = []
    for kind, body in kinds.items():
        for prop, prop_schema in body.get("properties", {}).items():
            err = best_match(meta.iter_errors(prop_schema))
            ref = _reference(prop_schema)
            if err is None and ref is None:
                continue
            inner = tuple(err.absolute_path) if err is not None else ref
            path = ("area_kinds", kind, "properties", prop, *inner)
            what = _describe(err) if err is not None else \
                "a property schema cannot refer to other schemas ($ref)"
            if err is not None and inner and inner[-1] == "type":
                what = (f"not a JSON type: {json.dumps(err.instance)} (use string, integer, "
                        "number, boolean, array, object or null)")
            problems.append(Problem(_located(positions, path, file),
                                    f"{what} (the JSON Schema of property {prop!r} of "
                                    f"{kind} areas)"))
    return problems


def _reference(schema_: object, path: tuple = ()) -> tuple | None:
    """The path of the first $ref in a schema, if any."""
    if isinstance(schema_, dict):
        for key, value in schema_.items():
            if key in ("$ref", "$dynamicRef") and isinstance(value, str):
                return (*path, key)
            found = _reference(value, (*path, key))
            if found is not None:
                return found
    elif isinstance(schema_, list):
        for i, value in enumerate(schema_):
            found = _reference(value, (*path, i))
            if found is not None:
                return found
    return None


def check_areas(doc: dict, positions: Positions, file: str) -> list[Problem]:
    """Each area's properties against the JSON Schemas its kind declares (area_kinds)."""
    kinds = doc.get("area_kinds")
    if not kinds:
        return []
    problems = _kind_schema_problems(kinds, positions, file)
    if problems:
        return problems
    for area, props in doc.get("areas", {}).items():
        kind = kinds.get(props["kind"])
        if kind is None:
            problems.append(Problem(_located(positions, ("areas", area, "kind"), file),
                                    f"unknown kind of area {props['kind']!r}; declared: "
                                    + ", ".join(kinds)))
            continue
        schema_ = {"type": "object", "additionalProperties": False,
                   "required": kind.get("required", []),
                   "properties": {"kind": {}, "symbol": {"type": "string"},
                                  **kind.get("properties", {})}}
        for err in Draft202012Validator(schema_).iter_errors(props):
            path = ("areas", area, *err.absolute_path)
            problems.append(Problem(_located(positions, path, file),
                                    f"{_describe(err)} (a {props['kind']} area)"))
    return problems
