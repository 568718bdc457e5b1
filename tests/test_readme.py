"""The README documents the code as it is: its two set-up commands and every built-in."""

from pathlib import Path

from regola.dsl import builtins

README = (Path(__file__).parent.parent / "README.md").read_text()


def test_readme_starts_with_the_two_set_up_commands():
    """A virtual environment first (Debian's Python refuses a system-wide pip install), on
    the Python the package asks for, then the main job and the tests."""
    lines = README.splitlines()
    first_block = lines.index("```") + 1
    assert lines[first_block] == "python3 -m venv .venv && . .venv/bin/activate"
    assert "Python 3.11 or newer" in README.split("```", 1)[0]
    commands = [line for line in lines if line.startswith("pip install")]
    assert commands[:2] == [
        "pip install . && regola play doge --seats random,random,random,random --seed 1",
        "pip install '.[test]' && pytest",
    ]


def test_every_builtin_of_the_script_language_is_documented():
    names = list(builtins.EXPRESSIONS) + list(builtins.STATEMENTS) + \
        list(builtins.FLOW_STATEMENTS)
    missing = [n for n in names if f"| `{n}` |" not in README]
    assert not missing, f"README lacks built-ins: {missing}"


def python_example() -> str:
    """The code block of the README's "From Python" section, as printed."""
    section = README.split("## From Python", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_python_example_runs_as_printed_and_ends(capsys):
    code = python_example()
    assert "regola.load_game" in code and "state.apply" in code
    names: dict = {}
    exec(compile(code, "README.md (From Python)", "exec"), names)
    state = names["state"]
    assert state.is_over
    assert state.result["reason"] == "end_condition" and state.result["winners"]
    assert str(state.result) in capsys.readouterr().out
    assert names["game"].state_from_json(names["saved"]).to_json() == names["saved"]
    assert names["view"]["seat"] == 2
