"""Spanish contracts "de el" and "a el" when a name is filled into a sentence."""

from __future__ import annotations

from regola.i18n.catalog import Words
from regola.i18n.catalog import _spanish_contractions as spanish_contractions


def test_de_el_and_a_el_contract():
    assert spanish_contractions("el turno de el jugador") == "el turno del jugador"
    assert spanish_contractions("da una carta a el jugador") == "da una carta al jugador"
    untouched = "de El Dorado; a ella; de ellos; desde el canal"
    assert spanish_contractions(untouched) == untouched


def test_only_spanish_sentences_are_contracted():
    assert Words("es")("{owner}'s {variable}", owner="el jugador",
                       variable="el número").endswith("del jugador")
    assert "de el" in Words("en")("{x}", x="de el")
