"""What Spanish needs after a template is filled: the subjunctive of a condition's verbs.

Spanish puts the verb of a clause in the subjunctive after "mientras" (as long as) and
"hasta que" (until), and after "que" where the clause is not a fact ("todo jugador que
cumpla"). Conditions are written in the indicative, as they read after "si"; `subjunctive`
turns the third-person present forms that the catalogs use into their subjunctive.
"""

from __future__ import annotations

import re

SUBJUNCTIVE = {
    "es": "sea", "son": "sean", "está": "esté", "están": "estén", "hay": "haya",
    "ha": "haya", "han": "hayan", "tiene": "tenga", "tienen": "tengan",
    "puede": "pueda", "pueden": "puedan", "queda": "quede", "quedan": "queden",
    "sigue": "siga", "siguen": "sigan", "cumple": "cumpla", "cumplen": "cumplan",
    "controla": "controle", "controlan": "controlen", "muestra": "muestre",
    "muestran": "muestren", "contiene": "contenga", "contienen": "contengan",
    "coincide": "coincida", "coinciden": "coincidan", "pertenece": "pertenezca",
    "pertenecen": "pertenezcan", "toca": "toque", "tocan": "toquen", "existe": "exista",
    "existen": "existan", "ocupa": "ocupe", "ocupan": "ocupen", "supera": "supere",
    "superan": "superen", "termina": "termine", "terminan": "terminen", "indica": "indique",
    "indican": "indiquen", "gana": "gane", "ganan": "ganen", "alcanza": "alcance",
    "alcanzan": "alcancen", "vale": "valga", "valen": "valgan", "cabe": "quepa",
    "caben": "quepan", "falta": "falte", "faltan": "falten", "da": "dé", "dan": "den",
    "lleva": "lleve", "llevan": "lleven", "va": "vaya", "van": "vayan",
    "forman": "formen", "comparte": "comparta", "comparten": "compartan",
    "juega": "juegue", "juegan": "jueguen", "elige": "elija", "eligen": "elijan",
    "pasa": "pase", "pasan": "pasen", "sirve": "sirva", "sirven": "sirvan",
    "concede": "conceda", "conceden": "concedan", "revela": "revele", "revelan": "revelen",
    "construye": "construya", "construyen": "construyan", "descarta": "descarte",
    "descartan": "descarten", "pone": "ponga", "ponen": "pongan", "recibe": "reciba",
    "reciben": "reciban", "roba": "robe", "roban": "roben", "coloca": "coloque",
    "colocan": "coloquen", "agota": "agote", "agotan": "agoten", "acaba": "acabe",
    "acaban": "acaben", "llega": "llegue", "llegan": "lleguen", "vuelve": "vuelva",
    "vuelven": "vuelvan", "sale": "salga", "salen": "salgan",
}
"""Third-person present indicative forms and their present subjunctive."""

_WORD = re.compile(r"«[^»]*»|“[^”]*”|\b\w+\b")
_DETERMINERS = {"el", "la", "los", "las", "un", "una", "unos", "unas", "su", "sus", "cada",
                "este", "esta", "ese", "esa", "del", "al"}


def subjunctive(clause: str) -> str:
    """A Spanish clause with its present-indicative verbs in the subjunctive (quoted names,
    «like this», are left as they are)."""
    def swap(match: re.Match) -> str:
        word = match.group(0)
        if word[0] in "«“":
            return word
        lower = word.lower()
        before = clause[:match.start()].split()
        if lower not in SUBJUNCTIVE or (before and before[-1].lower() in _DETERMINERS):
            return word           # "la muestra" is a noun
        changed = SUBJUNCTIVE[lower]
        return changed[0].upper() + changed[1:] if word[0].isupper() else changed
    return _WORD.sub(swap, clause)
