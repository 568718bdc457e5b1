"""The components' sentence on secret properties says who keeps them: a kind each player
owns keeps them from the others, and any other kind (lots laid out on the table that nobody
owns, a shared deck) hides them while face down, so a book never says "each player keeps
the value of their lots secret" of pieces no player owns (found by a designer's auction)."""

from __future__ import annotations

import pytest

from regola.i18n.catalog import Words
from regola.loading.loader import load_game
from regola.rulebook.book.components import Components
from regola.rulebook.texts import Texts


def secrets_of(game: str, lang: str = "en") -> list[str]:
    definition = load_game(game).definition
    return Components(Texts(definition, Words(lang))).secrets()


def test_a_kind_each_player_owns_is_kept_secret_by_its_owner():
    """Doge: each player's ballot markers (owned per player, secret value)."""
    sentences = secrets_of("doge")
    assert any(s.startswith("each player keeps the value of their ballot markers secret")
               for s in sentences), sentences


def test_a_kind_nobody_owns_per_player_hides_its_face_while_face_down():
    """Copycat's cards form shared decks: no player owns a kind of them."""
    sentences = secrets_of("copycat")
    (card,) = [s for s in sentences if "card" in s]
    assert card.startswith("face down, a card hides its name, ")
    assert "from the players it is not shown to" in card
    assert "of their cards" not in card


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_the_face_down_sentence_is_translated(lang):
    english = secrets_of("copycat")
    translated = secrets_of("copycat", lang)
    assert translated and translated != english
    assert not any("face down" in s or "hides its" in s for s in translated)
