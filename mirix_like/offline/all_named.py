"""Every name of the user's pets or people of one kind, when a question asks for them all.

"What are my cats called?" of "Pixel is the user's cat." and, told months later, "Byte is the
user's cat." is answered "Your cats are called Pixel and Byte.": the best single sentence
would name one. Names told as a list count too ("We have two kids, Amy and Ben"). A question
asks for them all by its plural after a possessive ("my cats", "meine Kinder", "mes chats",
"mis hijos"), or by asking which or how many the user has ("What pets do I have?", "How
many cats do I have?", :func:`all_had`); children, pets and siblings take each kind they
cover. Of facts naming one, only those that hold now count
(:func:`~mirix_like.offline.retell.kin_and_name`).
"""

from __future__ import annotations

import re

from mirix_like.offline.language import COUNTED, listed, sentences_of
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
_AGED = r"(?:,?\s*\(?\d{1,2}(?:\s*(?:years?(?:\s+old)?|ans|Jahre|años))?\)?)?"
"""An age told beside a name in a list ("Léo, 8 ans, et Jade, 5 ans", "Amy (7)")."""
# Those of a kind told as a list: "We have two kids, Amy and Ben", "Tengo dos hijas, Marta y
# Lucía", "J'ai deux chiens : Filou et Rex", "Wir haben zwei Kinder, Mia und Ben".
_LISTED = re.compile(r"\b(?:has|have|habe|haben|hat|ai|avons|a|tengo|tenemos|tiene)\s+"
                     r"(?:\w+\s+)?(?P<kind>\w+)\s*[,:]\s*(?P<names>" + _NAME + _AGED
                     + r"(?:,\s*" + _NAME + _AGED + r")*,?\s+(?:and|und|et|y|e)\s+" + _NAME
                     + r")")
# "What pets do I have?", "How many cats do I have?", "Wie viele Kinder habe ich?", "Combien
# d'enfants ai-je ?", "¿Cuántos hijos tengo?": all of a kind, or how many
_HAVE_ASKED = re.compile(
    r"(?i:\b(?:(?P<what>what|which)|(?P<many>how\s+many))\s+(?P<kind>\w+)\s+do\s+(?:I|we)\s+have\b|"
    r"\bwie\s*viele\s+(?P<kind_de>\w+)\s+(?:habe|haben)\s+(?:ich|wir)\b|"
    r"\bcombien\s+d['’](?P<kind_fr>\w+)\s+(?:ai-je|j['’]ai|avons-nous)|"
    r"\bcombien\s+de\s+(?P<kind_fr2>\w+)\s+(?:ai-je|j['’]ai|avons-nous)|"
    r"\bcu[aá]nt[oa]s\s+(?P<kind_es>\w+)\s+(?:tengo|tenemos)\b)")
_HAVE = {"en": "You have {n} {kind}: {names}.", "de": "Du hast {n} {kind}: {names}.",
         "fr": "Tu as {n} {kind} : {names}.", "es": "Tienes {n} {kind}: {names}."}
_SAID = {"en": "{own} {kind} are called {names}.", "de": "{own} {kind} heißen {names}.",
         "fr": "{own} {kind} s'appellent {names}.", "es": "{own} {kind} se llaman {names}."}


def all_had(question: str, memories: list[str], lang: str) -> str | None:
    """Every pet or person of the kind ``question`` asks the user has, or how many ("What pets
    do I have?": "Your pets are called Rufus, Misha and Luna."; "How many cats do I have?":
    "You have two cats: Misha and Luna."); None unless it asks so and ``memories`` name two
    or more."""
    asked = _HAVE_ASKED.search(question)
    if not asked or lang not in _SAID:
        return None
    kind = next(k for k in (asked["kind"], asked["kind_de"], asked["kind_fr"], asked["kind_fr2"],
                            asked["kind_es"]) if k)
    names = _named(memories, _KINDS.get(kind.casefold(), ()))
    if len(names) < 2:
        return None
    if asked["what"]:
        return _SAID[lang].format(own=_YOURS["my"], kind=kind, names=listed(names, lang))
    if len(names) - 2 >= len(COUNTED[lang]):
        return None
    return _HAVE[lang].format(n=COUNTED[lang][len(names) - 2], kind=kind,
                              names=listed(names, lang))


def all_named(question: str, memories: list[str], lang: str) -> str | None:
    """The names of every pet or person of the kind ``question`` asks for in the plural, in
    its language; None unless it asks so and ``memories`` name two of them or more."""
    asked = _ASKED.search(question)
    kinds = asked and _KINDS.get(asked["kind"].casefold())
    if not asked or not kinds or lang not in _SAID:
        return None
    names = _named(memories, kinds)
    if len(names) < 2:
        return None
    return _SAID[lang].format(own=_YOURS[asked["own"].casefold()], kind=asked["kind"],
                              names=listed(names, lang))


def _named(memories: list[str], kinds: tuple[str, ...]) -> list[str]:
    """The names of those of ``kinds`` the memories name, each once, in the order told."""
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
    return names
