"""The README documents the code as it is: its two set-up commands and every built-in."""

from pathlib import Path

from regola.dsl import builtins

README = (Path(__file__).parent.parent / "README.md").read_text()


def test_readme_starts_with_the_two_set_up_commands():
    commands = [line for line in README.splitlines() if line.startswith("pip install")]
    assert commands[:2] == [
        "pip install . && regola play doge --seats random,random,random,random --seed 1",
        "pip install '.[test]' && pytest",
    ]


def test_every_builtin_of_the_script_language_is_documented():
    names = list(builtins.EXPRESSIONS) + list(builtins.STATEMENTS) + \
        list(builtins.FLOW_STATEMENTS)
    missing = [n for n in names if f"| `{n}` |" not in README]
    assert not missing, f"README lacks built-ins: {missing}"
