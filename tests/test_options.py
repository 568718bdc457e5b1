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


@pytest.mark.parametrize("game", builtin_games())
def test_every_other_choice_has_its_own_rulebook_text(game):
    definition = regola.load_game(game).definition
    texts = definition.text.get("option_values", {})
    doc = yaml.safe_load((rules_root() / game / "game.yaml").read_text(encoding="utf-8"))
    for name, option in doc.get("options", {}).items():
        for choice in option.get("choices", []):
            if isinstance(choice, str) and choice != option["value"]:
                assert f"{name}__{choice}" in texts, f"{game}: no option_values text for " \
                                                     f"{name} = {choice}"


@pytest.mark.parametrize("lang, old, new", [
    ("en", "a player may win at most one of them",
     "If several players get there in the same stage F, each of them scores"),
    ("es", "un jugador puede ganar como máximo una de ellas",
     "Si varios jugadores lo logran en la misma etapa F, cada uno gana"),
    ("nl", "een speler kan er hoogstens één winnen",
     "Komen meerdere spelers in dezelfde etappe F zover, dan krijgt ieder van hen"),
])
def test_a_variant_reading_replaces_the_default_note_in_every_language(tmp_path, lang, old,
                                                                      new):
    # Rialto, Reading 9 (district_bonus): a variant choosing one_per_player must print that
    # reading, not the default's. The written book states the default reading in its own
    # words in "District bonuses" (`new`: all who qualify in the same stage F win it); the
    # variant's book replaces that chapter with the variant's reading (`old`).
    from regola.rulebook.book import build_rulebook

    variant = tmp_path / "one_each.yaml"
    variant.write_text("extends: rialto\nvariant: one_each\nname: One bonus each\n"
                       "options:\n  district_bonus: {value: one_per_player}\n",
                       encoding="utf-8")
    book = build_rulebook("rialto", str(variant), lang)
    assert old in book.markdown
    assert new not in book.markdown
    assert new in build_rulebook("rialto", None, lang).markdown
    assert not {m for m in book.missing if m.startswith("option_values")}
