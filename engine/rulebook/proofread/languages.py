"""What the proofreader knows of each language: the chosen form of address and the forms
that break it, colour names, words that leak a true/false or empty value, determiners of each
gender, and the verbs that show a clause's mood or order."""

from __future__ import annotations

import re

ADDRESS = {
    "en": ("you", None),
    # Spanish speaks to the reader as "tú" (imperatives "pon", "baraja"): no usted, no vosotros.
    "es": ("tú", re.compile(r"\b(usted|ustedes|vosotros|vosotras|vuestros?|vuestras?|os)\b|"
                            r"\b\w+(áis|éis)\b", re.IGNORECASE)),
    # Dutch speaks to the reader as "je": no "u", "uw" or "jullie".
    "nl": ("je", re.compile(r"\b(u|uw|jullie)\b", re.IGNORECASE)),
}
"""The form of address each language's books use, and a pattern of the forms that break it."""

NOT_IMPERATIVE = {"pared", "merced", "césped", "huésped", "usted", "madrid", "ardid", "david"}
"""Spanish words ending like a vosotros imperative (-ad, -ed, -id) that are not one."""

TRUTH = {
    "en": re.compile(r"\b(true|false|True|False|None|null)\b"),
    "es": re.compile(r"\b(verdader[oa]s?|fals[oa]s?|True|False|None|null|nulo)\b",
                     re.IGNORECASE),
    "nl": re.compile(r"\b(onwaar|True|False|None|null)\b|\b(wordt|is|zijn|worden) waar\b",
                     re.IGNORECASE),
}
"""Words that show a true/false or empty value instead of saying what it means."""

EMPTY_CELLS = {"en": {"nothing", "none"}, "es": {"nada", "ninguno", "ninguna"},
               "nl": {"niets", "geen"}}
"""A table cell that says only "nothing": an empty value shown as a word (use "—")."""

COLOURS = {
    "en": (),
    "es": ("rojo", "roja", "rojos", "rojas", "azul", "azules", "verde", "verdes", "amarillo",
           "amarilla", "amarillos", "amarillas", "blanco", "blanca", "blancos", "blancas",
           "negro", "negra", "negros", "negras", "morado", "morada", "morados", "moradas",
           "gris", "grises", "naranja", "naranjas", "rosa", "violeta", "marrón", "marrones"),
    "nl": ("rood", "rode", "blauw", "blauwe", "groen", "groene", "geel", "gele", "wit",
           "witte", "zwart", "zwarte", "paars", "paarse", "grijs", "grijze", "oranje", "roze",
           "bruin", "bruine"),
}
"""Colour words, which Spanish and Dutch write in lower case inside a sentence."""

ENGLISH = frozenset("""the and of with each player players their when then from into
onto this that these those which who whose where while until turn round rounds game card
cards draw take takes put puts move moves place places choose chooses chosen score scores
points point tile tiles board piece pieces more most less least than after before other
none nothing true false step steps repeat again only also every first second third
winner winners bonus coins coin building buildings district districts row rows hand
discard stack supply bag box""".split())
"""Common English words; one of them in a Spanish or Dutch book is a text left untranslated
(unless the language has the same word: see HOMOGRAPHS)."""

HOMOGRAPHS = {"es": frozenset({"bonus"}), "nl": frozenset({"bonus", "die", "hand", "box",
                                                            "punt"})}
"""English words that are also words of the language."""

DETERMINERS = {
    # (singular masculine, singular feminine, plural masculine, plural feminine)
    "es": (("el", "un", "del", "al", "este", "ese", "ningún", "algún", "primer", "otro",
            "cada uno de", "uno de"),
           ("la", "una", "esta", "esa", "ninguna", "alguna", "primera", "otra"),
           ("los", "unos", "estos", "esos", "todos los", "uno de los", "cada uno de los",
            "ninguno de los", "uno de sus", "cada uno de sus", "ninguno de sus"),
           ("las", "unas", "estas", "esas", "todas las", "una de las", "cada una de las",
            "ninguna de las", "una de sus", "cada una de sus", "ninguna de sus")),
}
"""Spanish determiners by gender and number: one of a gender before a noun of the other is
an agreement error."""

STRESSED_A = frozenset({"área", "agua", "arma", "ala", "aula", "hacha", "alma", "águila",
                        "hambre", "ancla", "arca", "asa", "haba"})
"""Spanish feminine nouns that take "el" and "un" in the singular."""

NL_NEUTER_ONLY = ("het", "dit", "elk", "welk")
NL_COMMON_ONLY = ("deze", "elke", "welke")
"""Dutch determiners of a singular neuter noun (het-woord) and of a common one (de-woord);
"de" before a singular neuter noun is an error too."""

SUBJUNCTIVE_AFTER = re.compile(r"\b(mientras|hasta que|a menos que|salvo que|siempre que)\s+"
                               r"([^,.;:()«»“”]*)", re.IGNORECASE)
"""Spanish conjunctions whose clause takes the subjunctive, and the clause after them."""

NL_FINITE = frozenset("""is zijn wordt worden heeft hebben bedraagt bedragen staat staan
ligt liggen geldt gelden telt tellen toont tonen bevat bevatten blijft blijven kan kunnen
mag mogen moet moeten past passen hoort horen komt komen gaat gaan""".split())
"""Dutch finite verbs: a simple sentence that ends with one is in subordinate order."""

NL_SUBORDINATORS = frozenset("""als zolang dat die wat wie waar waarbij wanneer omdat tot totdat of
zodat waarvan waarin waarop waarover waarmee waarvoor wiens nadat voordat zodra terwijl
indien hoe welke zoals""".split())

DOUBLES = {"nl": frozenset({"je", "dat", "die"})}
"""Words a correct sentence of the language may write twice in a row: Dutch "onthoud je je"
(subject and reflexive pronoun), "dat dat" and "die die" (conjunction and pronoun)."""

NL_DETERMINERS = frozenset("""de het een elke elk alle deze dit dat die geen zijn haar hun
je""".split())
