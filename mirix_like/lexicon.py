"""Everyday words of one meaning across the languages the offline rules read, and compounds.

Not a translator: a short list of the words screens, receipts, calendars and tickets show in
one language and a question asks in another ("How much did the coffee cost?" of a receipt's
"Kaffee 6,99", "the total at Aldi" of its "SUMME EUR"). Words that are also common English
words with another meaning are left out ("pain", "place", "pan"): they would match English
text about something else. German joins nouns into compounds ("Zahnarzttermin"), which
:func:`compound_parts` splits against the words a text does have ("Zahnarzt", "Termin").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Container

__all__ = ["WORD", "compound_parts", "compound_splits", "meaning", "same_meaning", "verb"]

# One group per line, the English word first: it names the group. What one pays or spends
# is what a receipt's total says ("How much did I spend at Aldi?" of "SUMME EUR 10,67").
_GROUPS = """
total summe gesamt gesamtbetrag gesamtsumme endsumme endbetrag somme montant importe suma
 pay paid spend spent bezahlt gezahlt ausgegeben payé payer dépensé pagado pagar gastado
amount betrag
price preis prix precio
receipt kassenbon quittung beleg reçu recibo
invoice rechnung facture factura
coffee kaffee café cafe
tea thé té
milk milch lait leche
bread brot baguette
cheese käse fromage queso
water wasser eau agua
beer bier bière cerveza
wine wein vino
butter beurre mantequilla
apple apfel äpfel pomme pommes manzana
appointment termin rendez-vous rdv cita
meeting besprechung sitzung réunion reunión
dentist zahnarzt zahnärztin dentiste dentista
doctor arzt ärztin médecin médico docteur
flight flug vuelo
departure abflug abfahrt départ salida
arrival ankunft arrivée llegada
boarding einsteigen embarquement embarque
seat sitzplatz siège asiento
room raum zimmer salle chambre habitación
error fehler erreur
password passwort kennwort contraseña
address adresse dirección
phone telefon téléphone teléfono
birthday geburtstag anniversaire cumpleaños
train zug tren
station bahnhof gare estación
key schlüssel clé clef llave
rent miete loyer alquiler
lease mietvertrag
monday mon montag lundi lunes
tuesday tue tues dienstag mardi martes
wednesday mittwoch mercredi miércoles
thursday thu thur thurs donnerstag jeudi jueves
friday fri freitag vendredi viernes
saturday samstag sonnabend samedi sábado
sunday sonntag dimanche domingo
january januar janvier enero
february feb februar février febrero
march märz mars marzo
april apr avril abril
june jun juni juin junio
july jul juli juillet julio
august aug août agosto
september sep sept septembre septiembre
october oct oktober octobre octubre
november nov novembre noviembre
december dec dezember décembre diciembre
"""
# Verbs by their stems, the English word first: a verb is written in one of its forms
# ("estudio", "estudia", "studiert", "étudient"), which :func:`meaning` reads off its stem.
_VERBS = """
study studier estudi étudi etudi
speak sprech sprich spreche habl parl
play spiel jueg jou
cook koch cocin cuisin
have hab teng tien
"""
# The endings of a verb's present, past and infinitive in German, Spanish and French (the
# longest first, so "estudiamos" is "estudi"+"amos", not "estudiamo"+"s").
_VERB_ENDINGS = tuple(sorted(set(" ".join((
    "e st t en et est te ten test tet",  # de: studiere, studierst, studiert, studierte
    "o a as an amos áis ar é ó aba abas aban ando ado ada ante antes",  # es: estudio, estudió
    "es ent er ons ez ais ait aient é ée és ant",  # fr: étudie, étudient, étudiais
)).split()), key=len, reverse=True))
_LETTER = r"[^\W\d_\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
WORD = re.compile(rf"{_LETTER}(?:{_LETTER}|['’-](?={_LETTER}))*")
"""A word in a spaced alphabet (not Chinese or Japanese, which have no spaces): letters, with
inner apostrophes and hyphens ("rendez-vous", "Melanie's")."""
# Endings a word of a group may carry in a text: plurals and German case endings.
_ENDINGS = ("s", "es", "e", "n", "en", "er")
# What joins the parts of a German compound (the Fugenelement): "Vertrieb-s-besprechung".
_LINKS = ("", "s", "es", "n", "en", "e", "er")


@functools.cache
def _heads() -> dict[str, str]:
    heads: dict[str, str] = {}
    for head, words in _groups().items():
        heads |= dict.fromkeys(words, head)
    return heads


@functools.cache
def _groups() -> dict[str, tuple[str, ...]]:
    # a line that opens with a space goes on the group above it
    lines = re.sub(r"\n +", " ", _GROUPS.strip()).splitlines()
    return {words[0]: tuple(words) for words in map(str.split, lines)}


def meaning(word: str) -> str | None:
    """The English word of the group ``word`` belongs to (any case, with a plural or case
    ending: "Termine", "citas"), or None."""
    low = word.lower().replace("’", "'")
    heads = _heads()
    if low in heads:
        return heads[low]
    for ending in _ENDINGS:
        if low.endswith(ending) and len(low) - len(ending) >= 3 and (
                head := heads.get(low[: -len(ending)])):
            return head
    return verb(low)


@functools.lru_cache(maxsize=65536)
def verb(word: str) -> str | None:
    """The English verb of which ``word`` is a German, Spanish or French form ("studiert",
    "estudio", "étudient": "study"), or None."""
    low = word.lower()
    verbs = _verb_stems()
    if low in verbs:
        return verbs[low]
    for ending in _VERB_ENDINGS:
        if low.endswith(ending) and (head := verbs.get(low[: -len(ending)])):
            return head
    return None


@functools.cache
def _verb_stems() -> dict[str, str]:
    stems: dict[str, str] = {}
    for words in map(str.split, _VERBS.strip().splitlines()):
        stems |= dict.fromkeys(words[1:], words[0])
    return stems


def same_meaning(word: str) -> tuple[str, ...]:
    """Every word of ``word``'s group, itself included; () when it is in none. Of a verb,
    whose group holds stems, the English verb and ``word``."""
    head = meaning(word)
    if not head:
        return ()
    return _groups().get(head) or (head, word.lower())


def compound_splits(word: str, shortest: int = 4) -> list[tuple[str, str]]:
    """Every way ``word`` may be two words joined (each at least ``shortest`` letters), with
    or without a linking "s", "n", "en" … between them; lower-cased."""
    low = word.lower()
    found: list[tuple[str, str]] = []
    for cut in range(shortest, len(low) - shortest + 1):
        head, tail = low[:cut], low[cut:]
        for link in _LINKS:
            if head.endswith(link) and len(head) - len(link) >= shortest:
                found.append((head[: len(head) - len(link)], tail))
    return found


def compound_parts(word: str, known: Container[str],
                   norm: Callable[[str], str] = str.lower) -> tuple[str, str] | None:
    """The two words of ``known`` (compared as ``norm`` gives them) that ``word`` joins, the
    longer second part first found ("zahnarzttermin" -> "zahnarzt", "termin"), or None."""
    for head, tail in compound_splits(word, shortest=3):
        if norm(head) in known and norm(tail) in known:
            return norm(head), norm(tail)
    return None
