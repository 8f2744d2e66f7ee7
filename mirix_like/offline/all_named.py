"""Every name of the user's pets or people of one kind, when a question asks for them all.

"What are my cats called?" of "Pixel is the user's cat." and, told months later, "Byte is the
user's cat." is answered "Your cats are called Pixel and Byte.": the best single sentence
would name one. Names told as a list count too ("We have two kids, Amy and Ben"). A question
asks for them all by its plural after a possessive ("my cats", "meine Kinder", "mes chats",
"mis hijos"); children, pets and siblings take each kind they cover. Of facts naming one,
only those that hold now count (:func:`~mirix_like.offline.retell.kin_and_name`).
"""

from __future__ import annotations

import re

from mirix_like.offline.language import AND, sentences_of
from mirix_like.offline.plain import statements
from mirix_like.offline.retell import kin_and_name

_PETS = ("cat", "dog")
_CHILDREN = ("son", "daughter")
_SIBLINGS = ("sister", "brother")
# The plural a question asks with, and who it covers (the English words of the facts).
_KINDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("cats", "katzen", "chats", "chattes", "gatos", "gatas"), ("cat",)),
    **dict.fromkeys(("dogs", "hunde", "chiens", "chiennes", "perros", "perras"), ("dog",)),
    **dict.fromkeys(("pets", "haustiere", "animaux", "mascotas"), _PETS),
    **dict.fromkeys(("kids", "children", "kinder", "enfants", "hijos"), _CHILDREN),
    **dict.fromkeys(("daughters", "töchter", "filles", "hijas"), ("daughter",)),
    **dict.fromkeys(("sons", "söhne", "fils"), ("son",)),
    **dict.fromkeys(("sisters", "schwestern", "sœurs", "soeurs", "hermanas"), ("sister",)),
    **dict.fromkeys(("brothers", "brüder", "frères"), ("brother",)),
    **dict.fromkeys(("siblings", "geschwister", "hermanos"), _SIBLINGS),
}
_YOURS = {"my": "Your", "our": "Your", "meine": "Deine", "unsere": "Eure", "mes": "Tes",
          "nos": "Vos", "mis": "Tus", "nuestros": "Vuestros", "nuestras": "Vuestras"}
_ASKED = re.compile(r"\b(?P<own>" + "|".join(_YOURS) + r")\s+(?P<kind>\w+)", re.IGNORECASE)
_NAME = r"[A-ZÀ-Þ][\w'’-]+"
# Those of a kind told as a list: "We have two kids, Amy and Ben", "Tengo dos hijas, Marta y
# Lucía", "J'ai deux chiens : Filou et Rex", "Wir haben zwei Kinder, Mia und Ben".
_LISTED = re.compile(r"\b(?:has|have|habe|haben|hat|ai|avons|a|tengo|tenemos|tiene)\s+"
                     r"(?:\w+\s+)?(?P<kind>\w+)\s*[,:]\s*(?P<names>" + _NAME + r"(?:,\s*"
                     + _NAME + r")*\s+(?:and|und|et|y|e)\s+" + _NAME + r")")
_SAID = {"en": "{own} {kind} are called {names}.", "de": "{own} {kind} heißen {names}.",
         "fr": "{own} {kind} s'appellent {names}.", "es": "{own} {kind} se llaman {names}."}


def all_named(question: str, memories: list[str], lang: str) -> str | None:
    """The names of every pet or person of the kind ``question`` asks for in the plural, in
    its language; None unless it asks so and ``memories`` name two of them or more."""
    asked = _ASKED.search(question)
    kinds = asked and _KINDS.get(asked["kind"].casefold())
    if not asked or not kinds or lang not in _SAID:
        return None
    names: list[str] = []
    for memory in memories:
        for part in statements(memory):
            for sentence in sentences_of(part.text):
                found = kin_and_name(sentence)
                told = [found[1]] if found and found[0] in kinds else [
                    name for listed in _LISTED.finditer(sentence)
                    if set(_KINDS.get(listed["kind"].casefold(), ())) & set(kinds)
                    for name in re.findall(_NAME, listed["names"])]
                names += [name for name in told if name not in names]
    if len(names) < 2:
        return None
    *first, last = names
    return _SAID[lang].format(own=_YOURS[asked["own"].casefold()], kind=asked["kind"],
                              names=f"{', '.join(first)} {AND.get(lang, 'and')} {last}")
