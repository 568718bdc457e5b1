"""The generated steps ("the rules in full") of a small test game: loops and branches
that once lost their words, and the phrasings that fold steps into sentences."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from regola.rulebook import build_rulebook
from regola.rulebook.book.rulebook import procedure_in_full

GAME = Path(__file__).parent / "data" / "appendix_game"


@pytest.fixture(scope="module")
def book() -> str:
    return build_rulebook(str(GAME)).rules_in_full


def test_a_loop_around_one_procedure_call_keeps_its_loop(book):
    assert "For each player, one after another, reward (see" in book


def test_an_otherwise_that_only_logs_says_nothing(book):
    assert "If round is more than 3, 0 moves their disc 1 space forward on fame." in book
    assert "Otherwise." not in book
    assert "Otherwise, nothing happens" not in book


def test_a_repeat_of_one_step_is_one_sentence(book):
    assert "1. 1 moves their disc 1 space forward on fame, 3 times over." in book
    assert "Repeat the following 3 times" not in book


def test_a_short_if_and_otherwise_are_one_sentence(book):
    assert "2. If round is more than 5, 0 moves their disc 2 spaces forward on fame; otherwise, " \
        "1 moves their disc 2 spaces forward on fame." in book


def test_a_branch_that_stops_puts_the_rest_under_otherwise(book):
    tidy = book[book.index("## tidy"):book.index("## End of the game")]
    assert "3. If round is more than 9, 0 moves their disc 1 space forward on fame.\n" \
        "4. Otherwise:\n    1. 1 moves their disc 1 space forward on fame.\n" \
        "    2. 1 pays 1 gold to the bank." in tidy
    assert "stop here" not in book.lower() and "nothing further happens" not in book.lower()


def test_no_stop_is_said_after_the_game_ends(book):
    assert "If 0 chose stop, the game ends at once; it is won by 0." in book


def test_a_counted_loop_that_sets_a_game_variable_names_it(book):
    rounds = book[book.index("## rounds"):book.index("## End of the game")]
    assert "\n\nAs round goes from 1 to 3, one at a time:\n\n1. " in rounds
    assert "becomes that number" not in book


@pytest.mark.parametrize("game, said, gone", [
    ("copycat", "the player may choose the office from the offices where a worker already "
                "stands; if they do:\n", "If the player did not choose “skip”"),
    ("copycat", "The player may choose the target space from the street spaces for which the "
                "player can pay for the card in the street space; if they do not, nothing "
                "further happens.", "If the player chose “skip”"),
    ("doge", "The player may choose the starting district from the districts where they have "
             "a house; if they do not, nothing further happens.",
     "keep your houses where they are"),
    ("warsaw", "The player may choose where to build the tile from the spaces where they may "
               "build the picked tile and can pay for it, or choose “discard the tile” instead "
               "(then nothing further happens).", "If the player chose “discard the tile”")])
def test_a_choice_with_a_way_out_says_the_player_may_choose(game, said, gone):
    """`choose from THINGS + ["skip"]` and a test of that answer: one step that says the
    player may choose, not a menu answer in quotes and a test of it. The way out's label
    (written for the table: "keep your houses") is left out, unless the answer is kept
    for a later step to test (Warsaw's discard)."""
    book = build_rulebook(game).rules_in_full
    if game == "doge":      # said by its phrase in the book (phrase_only): its steps
        book = procedure_in_full("doge", "move_house_anywhere")
    assert said in book and gone not in book



def test_a_loop_that_asks_each_value_which_it_is_reads_as_a_list_in_order():
    """Warsaw's scoring (`for kind in scoring_order: if kind == "park": ...`, rule: a
    district scores its kinds in this order) is one line per kind, in the option's order."""
    book = build_rulebook("warsaw").rules_in_full
    assert "In this order:\n\n1. Park: score the player's best park" in book
    assert "7. Public building: score the player's public buildings" in book
    assert "If it is park" not in book


def test_a_choice_of_two_answers_then_a_test_of_it_reads_as_a_list_of_both():
    """Copycat's "coins or VP" action (`choose from ["coins", "vp"]` then `if c == "coins":
    ... else: ...`): each answer with what it does, no quoted answers and no test of them."""
    book = build_rulebook("copycat").rules_in_full
    assert "The player chooses one of these:\n" \
        "        - Gain the coins: raise the player's money by the amount.\n" \
        "        - Score VP: raise the player's VP of the round by 2 times the amount." in book
    assert "“gain the coins”" not in book


@cache
def _book(game: str, lang: str = "en") -> str:
    """A built-in game's rulebook, built once for the tests below."""
    return build_rulebook(game, lang=lang).rules_in_full


def _appendix(game: str, lang: str = "en") -> str:
    """The rules in full: from the first procedure's steps on."""
    book = _book(game, lang)
    return book[book.index('<a id="steps-'):]


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "### One turn in the Quarantia\n\n1. The player chooses: “take control”",
     "The area is Quarantia"),
    ("es", "1. El jugador elige: «tomar el control»", "El área es Quarantia"),
    ("nl", "1. De speler kiest: “de controle overnemen”", "Het gebied is Quarantia")])
def test_a_name_for_one_fixed_thing_is_no_step(lang, said, gone):
    """`let area = quarantia` (a name for a fixed area, then read by the steps): no step
    "the area is Quarantia"; the steps name the area itself."""
    book = _book("doge", lang)
    assert said in book and gone not in book


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "1. Raise the round number by 1.", "Add 1 to the round number"),
    ("es", "1. Aumenta el número de la ronda en 1.", "Añade 1 al número de la ronda"),
    ("nl", "1. Verhoog het rondenummer met 1.", "Tel 1 op bij het rondenummer")])
def test_a_number_that_grows_is_raised_not_added_to(lang, said, gone):
    """`x = x + n` reads as raising x by n, not as a sum added to a variable."""
    appendix = _appendix("copycat", lang)
    assert said in appendix and gone not in appendix


@pytest.mark.parametrize("lang, said", [
    ("en", "The number of spaces the player loses is the number of spaces this war destroys, "
           "but no more than the number of spaces of the player's district minus 1."),
    ("es", "pero nunca más de"),
    ("nl", "maar niet meer dan")])
def test_the_smaller_of_two_values_is_a_value_and_its_cap(lang, said):
    """`min([a, b])`: "a, but no more than b", not "the smallest of a and b"."""
    appendix = _appendix("warsaw", lang)
    assert said in appendix
    assert "the smallest of" not in appendix and "el menor entre" not in appendix and \
        "de kleinste van" not in appendix


def test_a_guard_that_only_checks_a_choice_can_be_made_folds_into_the_choice():
    """`if len(THINGS) > 0:` around a choice from THINGS the player may decline: the choice
    alone, one level less (Copycat's shred a card for a worker)."""
    appendix = _appendix("copycat")
    assert "- Shred a card for a worker:\n" \
        "    1. The player may choose the card from the cards the player may shred; if " \
        "they do:\n        1. The chosen card is shredded: it leaves the game." in appendix
    assert "If there is at least one of the cards the player may shred" not in appendix


def test_an_otherwise_with_one_step_is_one_line_that_keeps_its_sub_steps():
    """A branch that stops, then one step with sub-steps: "Otherwise, repeat the following
    ...:", not "Otherwise:" with the loop nested one level further."""
    appendix = _appendix("copycat")
    assert "2. Otherwise, repeat the following until a step below says to stop:\n" \
        "    1. The player chooses one of these:" in appendix
    assert "2. Otherwise:\n    1. Repeat the following" not in appendix


@pytest.mark.parametrize("lang, said", [
    ("en", "The game also ends if no player can meet an end condition any more, even by "
           "building every palace left in their supply on the free palace spaces; then every "
           "player can win."),
    ("es", "La partida también termina si "),
    ("nl", "Het spel eindigt ook in dit geval: geen enkele speler kan nog")])
def test_an_end_of_the_whole_table_is_said_apart_from_the_players_conditions(lang, said):
    """Doge's stalemate (an end condition that names no player) is its own sentence, not a
    fourth condition a player meets."""
    end = _appendix("doge", lang)
    assert said in end
    if lang == "en":
        assert "one of these 3 conditions:" in end and "one of these 4 conditions" not in end
        assert "- No player can meet" not in end


@pytest.mark.parametrize("lang, said", [
    ("en", "The cards of the street spaces slide towards the start of the row to close every "
           "gap"),
    ("es", "hacia el principio de la fila"),
    ("nl", "schuiven op naar het begin van de rij")])
def test_a_row_that_slides_names_its_start(lang, said):
    """A row closing its gaps says the start of which thing: no "its" without antecedent."""
    appendix = _appendix("copycat", lang)
    assert said in appendix and "towards its start" not in appendix


@pytest.mark.parametrize("lang, aside", [
    ("en", "(one more for the winner of the stage bonus)"),
    ("nl", "(één meer voor de winnaar van de etappebonus)")])
def test_an_aside_in_a_name_is_said_once_in_a_step(lang, aside):
    """A name whose words end in an aside (Rialto's "their count (one more for the winner
    of the stage bonus)"), used twice in one step, has the aside only the first time."""
    appendix = _appendix("rialto", lang)
    lines = [line for line in appendix.splitlines() if aside in line]
    assert lines and all(line.count(aside) == 1 for line in lines)


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "    1. The player chooses one of the districts.\n",
     "Move the advisor to the district where it goes."),
    ("es", "    1. El jugador elige cualquiera de los distritos.\n",
     "Mueve el consejero al distrito adonde va."),
    ("nl", "    1. De speler kiest een van de stadsdelen.\n",
     "De raadsheer gaat naar het stadsdeel waar hij naartoe gaat.")])
def test_a_destination_the_player_chooses_is_not_named_by_the_move(lang, said, gone):
    """Doge's Quarantia turn: the player picks a district and the advisor goes there; the
    move does not name its destination by the move itself ("where it goes"), and a chosen
    thing its options name reads "one of the districts" (Dutch and Spanish plurals too)."""
    appendix = _appendix("doge", lang)
    assert said in appendix and gone not in appendix
    assert {"en": "Move the advisor to the district.", "es": "Mueve el consejero al distrito.",
            "nl": "De raadsheer gaat naar het stadsdeel."}[lang] in appendix


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "2. The player takes control of one of the advisors of the Quarantia that are on the "
           "advisor spaces, which now carries their control ring",
     "The advisor is one of the advisors"),
    ("es", "2. El jugador toma el control de uno de los consejeros de la Quarantia que están en "
           "los espacios de consejero, que ahora lleva",
     "El consejero es uno de los consejeros"),
    ("nl", "2. De speler neemt de controle over een van de raadsheren van de Quarantia die zich "
           "op de raadsheervelden bevinden, waar nu",
     "De raadsheer is een van de raadsheren")])
def test_any_one_of_some_pieces_is_named_where_it_is_first_used(lang, said, gone):
    """`let taken = first(<advisors in no order>)`: no step that says the advisor "is one of"
    them; the step that first uses it says "one of the advisors ...", the next "the
    advisor" (Doge's Quarantia turn)."""
    appendix = _appendix("doge", lang)
    assert said in appendix and gone not in appendix
    turn = appendix[appendix.index(said):]
    assert {"en": "3. Move the advisor to", "es": "3. Mueve el consejero al",
            "nl": "3. De raadsheer gaat naar"}[lang] in turn


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "3. The player repeats the following as long as the player has fewer than 4 ballot "
           "markers on the chosen card and has at least one ballot marker in their supply; "
           "once the player has at least one ballot marker on the chosen card, they may "
           "stop at any time:", "until the player decides to stop (which"),
    ("es", "3. El jugador repite lo siguiente mientras el jugador tenga menos de 4 marcadores de "
           "votación sobre la carta elegida y tenga al menos un marcador de votación en su "
           "reserva; en cuanto el jugador tenga al menos un marcador de votación sobre la "
           "carta elegida, puede parar cuando quiera:", "hasta que el jugador decida parar (solo"),
    ("nl", "3. De speler herhaalt het volgende zolang de speler minder dan 4 stemschijven op de "
           "gekozen kaart heeft en minstens één stemschijf in de eigen voorraad heeft; "
           "zodra de speler minstens één stemschijf op de gekozen kaart heeft, mag hij op elk "
           "moment stoppen:", "tot de speler besluit te stoppen (dat mag")])
def test_a_loop_a_player_may_stop_once_says_who_repeats_and_when_they_may_stop(lang, said,
                                                                              gone):
    """Doge's markers (`while A: choose (["done"] if C else []) + values ...`): the player
    repeats while A holds and may stop once C holds, not "repeat ..., until the player
    decides to stop (which they may once C)"."""
    appendix = _appendix("doge", lang)
    assert said in appendix and gone not in appendix


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "- The player has at least 7 palaces on the board and has a palace in at least 5 "
           "districts.", "on the board and the player has"),
    ("es", "- El jugador tiene al menos 7 palacios en el tablero y tiene un palacio en al menos 5 "
           "distritos.", "en el tablero y el jugador tiene"),
    ("nl", "- De speler heeft minstens 7 paleizen op het speelbord en heeft in minstens 5 "
           "stadsdelen een paleis.", "op het speelbord en de speler heeft")])
def test_clauses_joined_by_and_say_their_shared_subject_once(lang, said, gone):
    """`A and B` where both open with the same subject (Doge's end conditions): "the player
    has A and has B", not "the player has A and the player has B"."""
    appendix = _appendix("doge", lang)
    assert said in appendix and gone not in appendix


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "1. If the player has no worker at home, the player is out of the phase.",
     "from now on, the player is out of the phase"),
    ("es", "1. Si el jugador no tiene ningún trabajador en casa, el jugador está fuera de la "
           "fase.", "a partir de ahora, el jugador está fuera de la fase"),
    ("nl", "1. Als de speler geen medewerker thuis heeft: de speler komt in deze fase niet meer "
           "aan de beurt.", "voortaan geldt dat")])
def test_a_flag_that_is_set_reads_as_the_state_it_gives(lang, said, gone):
    """A true-or-false variable set (`p.passed = true`) reads as the state its text gives
    (Dutch in main-clause order), with no "from now on" (Copycat's phase 2)."""
    appendix = _appendix("copycat", lang)
    assert said in appendix and gone not in appendix.lower()
    assert {"en": "Keep unused cards: the player may keep unused cards at the clean-up",
            "es": "Guardar las cartas sin usar: el jugador puede guardar cartas sin usar",
            "nl": "Kaarten houden: de speler mag bij het opruimen ongebruikte kaarten houden"
            }[lang] in appendix


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "to turn the tile: 0, 1, 2, or 3.", "the same look count as one"),
    ("es", "girar la loseta en sentido horario: 0, 1, 2 o 3.", "cuentan como uno"),
    ("nl", "de tegel draait: 0, 1, 2 of 3.", "tellen als één")])
def test_the_quarter_turns_a_player_may_choose_are_said_as_numbers(lang, said, gone):
    """`choose from grid_rotations(district, t)` (Warsaw): "0, 1, 2 or 3", without the
    menu's merging of turns that look alike, which is no rule."""
    appendix = _appendix("warsaw", lang)
    assert said in appendix and gone not in appendix


@pytest.mark.parametrize("game, lang, said, gone", [
    ("warsaw", "en", "1. The player pays coins to the bank, as many as the cost to the player of "
                     "building the picked tile on the chosen space.", "The cost is "),
    ("warsaw", "es", "1. El jugador paga monedas a la banca, en la cantidad que indica el coste "
                     "para el jugador de construir la loseta elegida en el espacio elegido.",
     "El coste es "),
    ("warsaw", "nl", "1. De speler betaalt munten aan de bank, zoveel als de bouwprijs voor de "
                     "speler van de gekozen tegel op het gekozen vak.",
     "Het te betalen bedrag is "),
    ("copycat", "en", "1. The player chooses one of the empty offices where the player may place "
                      "a worker now.", "The offices with a worker on them are"),
    ("copycat", "en", "1. The player chooses one of these:\n        - Gain the coins",
     "The number of VP the action gives instead of the coins is")])
def test_a_name_given_a_value_is_no_step_of_its_own(game, lang, said, gone):
    """`let cost = build_cost(...)` that one built-in step reads (`pay(coin, p, cost)`): that
    step says the value, with no step "the cost is ..." (Warsaw); a `let` no step reads is
    not said at all (Copycat's occupied offices, the VP a choice would give)."""
    appendix = _appendix(game, lang)
    assert said in appendix and gone not in appendix


@pytest.mark.parametrize("lang, said", [
    ("en", "**What the card in the street space costs**: if the card is a doctorate, the "
           "surcharge of the street space, but no less than 1; otherwise, the price of the card "
           "plus the surcharge of the street space."),
    ("es", "**Lo que cuesta la carta de la casilla de la calle**: si la carta es un doctorado,"),
    ("nl", "**Wat de kaart op het straatvak kost**: als de kaart een doctorstitel is,")])
def test_a_definition_names_the_thing_its_term_names_short(lang, said):
    """Copycat's price of a street card: the term names "the card in the street space", so
    the value says "the card", not the whole phrase three times over."""
    assert said in _book("copycat", lang)


def test_a_list_of_locations_is_said_as_places():
    """`count(card, owner=p, at=[draw, discard])`: each location as a place, even one whose
    name is also an answer's ("draw" is Copycat's draw action too)."""
    book = _book("copycat", "en")
    assert "the number of cards the player has in their draw pile and on their discard " \
        "pile" in book
    assert "“draw cards”" not in book


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "3. Repeat the following as many times as their count (one more for the winner of the "
           "stage bonus) minus the number they can take from their personal supply:\n",
     "councilmen still to move from other districts"),
    ("es", "3. Repite lo siguiente tantas veces como indica su total (uno más para el ganador "
           "de la bonificación de etapa) menos el número de concejales que puede sacar de su "
           "reserva personal:\n",
     "Repite lo siguiente mientras"),
    ("nl", "3. Herhaal het volgende zo vaak als zijn kaartentotaal (één meer voor de winnaar van "
           "de etappebonus) min het aantal raadsleden dat hij uit zijn persoonlijke voorraad kan "
           "nemen:\n",
     "Herhaal het volgende zolang")])
def test_a_loop_that_counts_a_name_down_says_how_many_times(lang, said, gone):
    """`let n = V` then `while n > 0: ...; n = n - 1` (Rialto's Councilman action): "repeat
    the following as many times as V", with no step that names the count or lowers it."""
    appendix = _appendix("rialto", lang)
    steps = appendix[appendix.index('<a id="steps-councilman-action">'):]
    steps = steps[:steps.index("<a id=", 10)]
    assert said in steps and gone not in steps


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "Turn the cards on the leftover pile and on the players' discard piles face down.",
     "on their discard pile face down"),
    ("es", "en las pilas de descarte de los jugadores", "y en su pila de descarte"),
    ("nl", "op de aflegstapels van de spelers", "en op zijn aflegstapel")])
def test_a_new_draw_pile_gathers_every_players_discards(lang, said, gone):
    """Rialto (option reshuffle_all_discards): the new draw pile takes every player's
    discard pile, not one player's."""
    book = build_rulebook("rialto", lang=lang).rules_in_full
    assert said in book and gone not in book


@pytest.mark.parametrize("lang, said", [
    ("en", "if any count is above zero"), ("es", "si algún total es mayor que cero"),
    ("nl", "als iemands kaartentotaal hoger is dan nul")])
def test_the_stage_bonus_needs_a_count_above_zero_not_a_card_played(lang, said):
    """Rialto, stage bonus: nobody wins it only when every count is zero (a yellow building
    counts without a card), as the chapter says."""
    book = build_rulebook("rialto", lang=lang).rules_in_full
    assert said in book and "if anyone played" not in book


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "Play a card from the hand", "its action is used later)"),
    ("es", "Jugar una carta de la mano", "su acción se usa más tarde)"),
    ("nl", "Een kaart uit de hand spelen", "de actie ervan gebruik je later)")])
def test_playing_a_card_in_phase_two_does_not_say_its_action_waits(lang, said, gone):
    """Copycat, phase 2: a purple or blue card played may be used at once (the chapter
    says so), so the turn's "play" answer does not say its action waits for later."""
    book = build_rulebook("copycat", lang=lang).rules_in_full
    assert said in book and gone not in book


@pytest.mark.parametrize("lang, said, gone", [
    ("en", "1. The player chooses the number they take: any number from 0 to the amount, but no "
           "more than the number of workers the player has in their reserve.",
     "The most they may take is"),
    ("es", "1. El jugador elige el número que toma: cualquier número entre 0 y el número de la "
           "acción, pero nunca más del número de trabajadores que tiene el jugador en su reserva.",
     "mayor que 0"),
    ("nl", "1. De speler kiest het aantal dat hij neemt: een aantal van 0 tot en met het aantal, "
           "maar niet meer dan het aantal medewerkers van de speler in de reserve.",
     "groter dan 0")])
def test_a_choice_from_zero_to_a_bound_needs_no_guard_and_no_name_for_the_bound(lang, said, gone):
    """`let up_to = min([amount, ...])` then `if up_to > 0: let n = choose from range(up_to +
    1)` (Copycat's Gain workers): one step, the choice from 0 to the bound said in full; no
    step that names the bound and no test that it is above 0."""
    steps = procedure_in_full("copycat", "do_effect", lang)
    workers = steps[steps.index("- " + {"en": "Gain workers", "es": "Ganar trabajadores",
                                        "nl": "Extra medewerkers"}[lang]):]
    workers = workers[:workers.index("\n- ")]
    assert said in workers and gone not in workers
