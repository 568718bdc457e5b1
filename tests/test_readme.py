"""The README is what a README is: the two set-up commands first, what regola is, one example
that runs as printed, and links to the manual that all lead somewhere."""

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


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


def test_the_readme_is_short_and_links_to_the_manual():
    assert len(README.splitlines()) < 200
    links = re.findall(r"\]\((site/manual/[^)#]+)", README)
    assert "site/manual/index.md" in links and len(links) > 10
    missing = [link for link in links if not (ROOT / link).is_file()]
    assert not missing, f"the README links to pages that are not there: {missing}"


def test_the_python_example_runs_as_printed_and_ends(capsys):
    code = README.split("```python\n", 1)[1].split("```", 1)[0]
    names: dict = {}
    exec(compile(code, "README.md", "exec"), names)
    state = names["state"]
    assert state.is_over and state.result["winners"]
    assert str(state.result) in capsys.readouterr().out
