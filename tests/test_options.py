"""Every named option (a reading of the rulebook) of every built-in game decides something:
the scripts or the game data read it, or it names the only values they support (`choices:`,
enforced by the loader). Text-valued options always list their choices, so a misspelt value
in a variant is refused at its line instead of silently acting as another reading."""

from __future__ import annotations

import pytest
import yaml

import regola
from regola.errors import RuleError
from regola.loading.sources import builtin_games, rules_root


@pytest.mark.parametrize("game", builtin_games())
def test_every_option_is_read_by_the_scripts_or_limited_to_its_choices(game):
    folder = rules_root() / game
    doc = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    scripts = "\n".join((folder / s).read_text(encoding="utf-8") for s in doc["scripts"])
    data = str({k: v for k, v in doc.items() if k != "options"})   # end rules, tracks, goals
    for name, option in doc.get("options", {}).items():
        if "choices" not in option:
            assert name in scripts + data, f"{game}: option {name} is unused"
        if isinstance(option["value"], str):
            assert option["value"] in option.get("choices", []), \
                f"{game}: text option {name} lists no choices"


@pytest.mark.parametrize("game", builtin_games())
def test_a_misspelt_text_option_in_a_variant_is_refused_at_its_line(game, tmp_path):
    options = regola.load_game(game).definition.options
    texts = [o for o in options.values() if isinstance(o.value, str)]
    if not texts:
        pytest.skip(f"{game} has no text-valued options")
    variant = tmp_path / "typo.yaml"
    variant.write_text(f"extends: {game}\nvariant: typo\nname: Typo\noptions:\n"
                       f"  {texts[0].name}: {{value: {texts[0].value}x}}\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        regola.load_game(game, str(variant))
    assert "supported" in str(err.value) and texts[0].value in str(err.value)
