"""Clock times said in words, written in digits for :mod:`mirix_like.retrieval.clock`.

"at half past eight", "around quarter to ten", "at eight thirty", "um halb neun", "um Viertel
nach neun", "à huit heures et demie", "à dix heures moins le quart", "a las ocho y media",
"a las diez menos cuarto", "八点半", "at 0830": people say the hour of a screen the way they
speak. :func:`in_digits` rewrites each as the digits the clock patterns read ("at 8:30",
"um 8:30", "à 8h30", "a las 8:30", "8点半", "at 8:30"), leaving the rest of the question as
it was. A number word is only read as an hour next to a word that makes it one ("at",
"o'clock", "Uhr", "heures", "a las", "点"), so "at one point" or "about two shops" stay words
for the clock patterns to pass over.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Digits", "in_digits"]


def _table(words: str, start: int = 1) -> dict[str, int]:
    """Numbers from ``start`` in order; "a/b" are two words for one number."""
    return {word: n for n, group in enumerate(words.split(), start) for word in group.split("/")}


_HOURS = {
    "en": _table("one two three four five six seven eight nine ten eleven twelve"),
    "de": _table("eins/ein/eine zwei drei vier fünf sechs sieben acht neun zehn elf zwölf "
                 "dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn zwanzig "
                 "einundzwanzig zweiundzwanzig dreiundzwanzig"),
    "fr": _table("une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze "
                 "quinze seize dix-sept dix-huit dix-neuf vingt vingt-et-une vingt-deux "
                 "vingt-trois"),
    "es": _table("una dos tres cuatro cinco seis siete ocho nueve diez once doce"),
}
_MINUTES = {"oh five": 5, "five": 5, "ten": 10, "quarter": 15, "a quarter": 15, "fifteen": 15,
            "twenty": 20, "twenty five": 25, "half": 30, "thirty": 30, "forty": 40,
            "forty five": 45, "fifty": 50,
            "fünf": 5, "zehn": 10, "viertel": 15, "fünfzehn": 15, "zwanzig": 20, "dreißig": 30,
            "fünfundvierzig": 45,
            "cinq": 5, "dix": 10, "quart": 15, "le quart": 15, "quinze": 15, "vingt": 20,
            "vingt cinq": 25, "trente": 30, "demie": 30, "demi": 30, "quarante": 40,
            "quarante cinq": 45, "cinquante": 50,
            "cuarto": 15, "veinte": 20, "veinticinco": 25, "media": 30}
_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9}


def _words(pattern: str) -> str:
    """An alternation of words, longest first, a space or hyphen between parts."""
    words = sorted(pattern.split("|"), key=len, reverse=True)
    return "|".join(r"[\s-]+".join(map(re.escape, re.split(r"[\s-]", w))) for w in words)


def _key(word: str) -> str:
    return " ".join(word.lower().replace("-", " ").split())


def _hour(word: str) -> int:
    key = _key(word)
    if key.isdigit():
        return int(key)
    return next(table[w] for table in _HOURS.values() for w in table if _key(w) == key)


def _minutes(word: str) -> int:
    return _MINUTES[_key(word)]


def _at(hour: int, minute: int, sep: str = ":") -> str:
    """``hour`` and ``minute`` (negative before it: "quarter to ten") as a clock; 0 is 12."""
    hour, minute = divmod((hour * 60 + minute) % (24 * 60), 60)
    return f"{hour or 12}{sep}{minute:02d}"


def _hour_pattern(lang: str, digits: str) -> str:
    return rf"(?P<h>{_words('|'.join(_HOURS[lang]))}|{digits})"


_H_EN = _hour_pattern("en", r"1[0-2]|0?[1-9]")
_H_DE = _hour_pattern("de", r"1\d|2[0-3]|0?\d")
_H_FR = _hour_pattern("fr", r"1\d|2[0-3]|0?\d")
_H_ES = _hour_pattern("es", r"1[0-2]|0?[1-9]")
_DE_M = _words("viertel|fünf|zehn|zwanzig")
_FR_M = _words("cinq|dix|quinze|vingt|vingt cinq|trente|quarante|quarante cinq|cinquante")


def _military(m: re.Match[str]) -> str:
    return f"{m['lead'] or 'at'} {int(m['hh'] or m['hh2'])}:{m['mm'] or m['mm2']}"


def _english_past_to(m: re.Match[str]) -> str:
    sign = 1 if m["d"].lower() in ("past", "after") else -1
    return _at(_hour(m["h"]), sign * _minutes(m["m"]))


def _english_at(m: re.Match[str]) -> str:
    hour = _hour(m["h"])
    if m["m"]:
        return f"{m['lead']} {_at(hour, _minutes(m['m']))}"
    return f"{m['lead']} {hour}" + (" o'clock" if m["oclock"] else "")


def _german_half_quarter(m: re.Match[str]) -> str:
    minute = -30 if m["half"] else -15 if m["three"] else 0
    if m["d"]:
        minute += _minutes(m["m"]) * (1 if m["d"].lower() == "nach" else -1)
    return _at(_hour(m["h"]), minute)


def _german_uhr(m: re.Match[str]) -> str:
    hour = _hour(m["h"])
    return _at(hour, _minutes(m["m"])) if m["m"] else f"{hour} Uhr"


def _german_um(m: re.Match[str]) -> str:
    return f"{m['lead']} {_hour(m['h'])} Uhr"


def _french_heures(m: re.Match[str]) -> str:
    hour = _hour(m["h"])
    if m["less"]:
        return _at(hour, -_minutes(m["less"]), "h")
    minutes = m["m"] or m["m2"]
    return _at(hour, _minutes(minutes), "h") if minutes else f"{hour}h"


def _spanish_las(m: re.Match[str]) -> str:
    hour = _hour(m["h"])
    if m["less"]:
        return f"{m['lead']} {_at(hour, -_minutes(m['less']))}"
    return f"{m['lead']} " + (_at(hour, _minutes(m["m"])) if m["m"] else f"{hour} horas")


def _chinese_hour(m: re.Match[str]) -> str:
    if m["n"] in "一两兩" and not m["min"]:
        return m["n"]
    tens, ten, ones = m["n"].partition("十")
    if not ten:
        return str(_ZH_DIGITS[tens])
    return str((_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[ones] if ones else 0))


_ZH_NUMERAL = "[零〇二三四五六七八九]|[一两兩二三四五六七八九]?十[一二三]?|[一两兩]"
_I = re.IGNORECASE
_RULES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"\b(?P<lead>at|around|about|um|gegen|vers|à|a\s+las)\s+(?P<hh>[01]\d|2[0-3])"
                r"(?P<mm>[0-5]\d)(?:\s*(?:hours|hrs|h)\b)?(?!\d)|"
                r"\b(?P<hh2>[01]\d|2[0-3])(?P<mm2>[0-5]\d)\s*(?:hours|hrs)\b", _I), _military),
    (re.compile(rf"\b(?P<m>{_words('a quarter|quarter|half|five|ten|twenty|twenty five')})"
                rf"(?:\s+minutes)?\s+(?P<d>past|after|to|before|till)\s+{_H_EN}\b", _I),
     _english_past_to),
    (re.compile(rf"\b(?P<lead>at|around|about|by|circa|roughly|approximately)\s+{_H_EN}"
                rf"(?:\s+(?:(?P<m>{_words('oh five|fifteen|thirty|forty five|forty|fifty')})|"
                rf"(?P<oclock>o['’]?clock)))?\b", _I), _english_at),
    (re.compile(rf"\b(?=(?:{_DE_M})\s+(?:nach|vor)\s|halb\s|drei\s*viertel\s)"
                rf"(?:(?P<m>{_DE_M})\s+(?P<d>nach|vor)\s+)?"
                rf"(?:(?P<half>halb)\s+|(?P<three>drei\s*viertel)\s+)?{_H_DE}\b", _I),
     _german_half_quarter),
    (re.compile(rf"\b{_H_DE}\s+Uhr(?:\s+(?P<m>{_words('fünfzehn|dreißig|fünfundvierzig')}))?\b",
                _I), _german_uhr),
    # "um neun" is an hour unless a noun follows ("um zwei Euro")
    (re.compile(rf"\b(?P<lead>um|gegen)\s+{_H_DE}\b(?!\s+(?-i:[A-ZÄÖÜ])|\s*[:.]?\d)", _I),
     _german_um),
    (re.compile(rf"(?<![\w-]){_H_FR}\s+heures?(?:\s+(?:et\s+(?P<m>quart|demie|demi)|moins\s+"
                rf"(?P<less>{_words('le quart|cinq|dix|vingt|vingt cinq')})|"
                rf"(?P<m2>{_FR_M})))?"
                rf"(?![\w-])", _I), _french_heures),
    (re.compile(rf"\b(?P<lead>las|la)\s+{_H_ES}(?:\s+(?:y\s+(?P<m>"
                rf"{_words('cuarto|media|cinco|diez|veinte|veinticinco')})|menos\s+"
                rf"(?P<less>{_words('cuarto|cinco|diez|veinte|veinticinco')})|en\s+punto))?\b"
                r"(?!\s*[:.h]?\d)",
                _I), _spanish_las),
    # "一点" and "两点" are also "a little" and "two points": an hour only with its minutes
    (re.compile(r"(?P<n>" + _ZH_NUMERAL + r")(?=\s*[点點](?P<min>钟|鐘|半|[一三]刻|"
                r"\s*[零一二三四五六七八九十\d]+分)?)"), _chinese_hour),
)


@dataclass(frozen=True)
class Digits:
    """A question with its clock times in digits, and the words each stood for."""

    text: str
    words: dict[str, str]

    def restore(self, said: str) -> str:
        """``said``, a part of :attr:`text`, with its digits said as the question did."""
        for digits, words in self.words.items():
            said = said.replace(digits, words)
        return said


def in_digits(question: str) -> Digits:
    """``question`` with each clock time said in words written in digits."""
    words: dict[str, str] = {}

    def keep(write: Callable[[re.Match[str]], str]) -> Callable[[re.Match[str]], str]:
        def written(m: re.Match[str]) -> str:
            new, old = write(m), m.group(0)
            same = len(os.path.commonprefix([new, old]))
            if new != old:
                words[new[same:]] = old[same:]
            return new
        return written

    for pattern, write in _RULES:
        question = pattern.sub(keep(write), question)
    return Digits(question, words)
