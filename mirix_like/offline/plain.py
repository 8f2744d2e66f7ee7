"""Retrieved memories as plain statements, and the language a question is asked in.

An answer task hands the offline backend memories as a prompt shows them: a core block with
its tags and line numbers, an event with its date stamp and tags, a fact with a name label,
details and content after the main line, a tool result's ``[type id]`` prefix. An answer
quotes statements, never that scaffolding, so :func:`statements` takes it off generically
(by its shapes, not by knowing how each type renders) and keeps what was said, with the
main statement of each memory ahead of its details.
"""

from __future__ import annotations

import json
import re
from typing import NamedTuple

from mirix_like.lexicon import verb_language
from mirix_like.offline.language import is_zh, word_set
from mirix_like.retrieval.topics import STOPWORDS

_TOOL_PREFIX = re.compile(r"^\s*\[[a-z_]+ [0-9a-f]{8,}\]\s*")
_TAG = re.compile(r"</?[A-Za-z][\w-]*>")
_LINE_NUMBER = re.compile(r"(?:^|\s)\d{1,3}:\s+")
_STAMP = re.compile(
    r"\[\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?(?:\s?UTC|Z|[+-]\d{2}:?\d{2})?)?\]")
_TAGS = re.compile(r"^\((?:[\w-]+), (?:[\w-]+)\)\s*")
# Where a memory's parts meet: its details, and the excerpts of a long field (" … ", see
# mirix_like.retrieval.snippets), each a passage of its own.
_DETAIL = re.compile(r"\s+(?:details|content|context|notes?):\s+|\s+—\s+|\s+…\s+")
_FIELD_LABEL = re.compile(r"^(?:details|content|context|notes?|summary):\s*", re.IGNORECASE)
_SPEAKER = re.compile(r"^(?:[A-Z][\w'’.-]*(?:\s[A-Z][\w'’.-]*)?|user|assistant):\s+")
_KIND = re.compile(r"\s\[[\w -]+(?:, (?:low|medium|high))?\]:")
_TYPE_WORD = re.compile(r"\s\([a-z_]+\)(?=\s|$)")
_SINCE = re.compile(r"\s*\(since \d{4}-\d{2}-\d{2}\)")
_STEP = re.compile(r"\s+(?P<n>\d{1,2})[.)]\s+")
_NUMBERED = re.compile(r"<[A-Za-z][\w-]*>|^\s*\d{1,3}:\s")
# A trailing "(...)" that is a sentence or a clause, not a short label like "(7 May 2023)";
# it may hold an aside of its own: "(user: we have a daughter called Isla (she's 3).)".
_INNER = r"(?:[^()]|\([^()]*\))"
_AFTERTHOUGHT = re.compile(
    rf"\s\(((?:{_INNER}*[.!?。])|(?:[^()\s]+\s+){{3,}}[^()\s]+)\)$")


_JSON_TEXT = ("text", "summary", "caption", "title", "content", "details")


class Statement(NamedTuple):
    """One thing a memory says; ``lead`` is its main line (not details or content)."""

    text: str
    lead: bool


def _json_text(text: str) -> str | None:
    """The string values of a memory written as JSON, joined; None when it is not JSON."""
    if not text.startswith(("{", "[")):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if isinstance(data, dict):
        data = [data[k] for k in _JSON_TEXT if k in data] or list(data.values())
    return " ".join(v for v in data if isinstance(v, str) and v.strip()) or None


def _steps(text: str) -> str:
    """``head 1. a 2. b`` (numbered from 1, in order) as one sentence: ``head: a; b``."""
    text = f" {text}"
    marks = list(_STEP.finditer(text))
    if len(marks) < 2 or [int(m["n"]) for m in marks] != list(range(1, len(marks) + 1)):
        return text.strip()
    ends = [m.start() for m in marks[1:]] + [len(text)]
    # a screen's or message's lines come joined with " / ": the steps make their own sentence
    steps = [text[m.end() : end].strip().rstrip(".;/ ") for m, end in zip(marks, ends, strict=True)]
    head = text[: marks[0].start()].strip().rstrip(":/. ")
    done = "; ".join(s for s in steps if s)
    return f"{head}: {done}." if head else f"{done}."


def _clean(part: str) -> str:
    part = _STAMP.sub(" ", _TAG.sub(" ", part)).strip()
    part = _TAGS.sub("", _FIELD_LABEL.sub("", part))
    part = _SPEAKER.sub("", part)
    part = _SINCE.sub("", _KIND.sub(":", _TYPE_WORD.sub("", part)))
    return " ".join(_steps(part).split()).strip(" -–—:;")


def statements(memory: str) -> list[Statement]:
    """What ``memory`` says, without its rendering: main statements first, then details."""
    text = _TOOL_PREFIX.sub("", memory).strip()
    text = _json_text(text) or text
    found: list[Statement] = []
    details: list[Statement] = []
    for n, part in enumerate(_DETAIL.split(text)):
        # A block's numbered lines ("<human> 1: ... 2: ..."), not a "Chapter 3: ..." in a text.
        numbered = _NUMBERED.search(part) and _LINE_NUMBER.search(part)
        pieces = _LINE_NUMBER.split(_TAG.sub(" ", part)) if numbered else [part]
        for piece in pieces:
            piece = piece.strip()
            if aside := _AFTERTHOUGHT.search(piece):
                piece = piece[: aside.start()]
                details.append(Statement(_clean(aside.group(1)), False))
            if clean := _clean(piece):
                (found if n == 0 else details).append(Statement(clean, n == 0))
    return found + [d for d in details if d.text]


def label(memory: str) -> str:
    """The name a memory is labelled with ("Luigi's: ...", "Caroline: ..."), or ""."""
    head = _TAGS.sub("", _STAMP.sub(" ", _TOOL_PREFIX.sub("", memory)).strip())
    found = _SPEAKER.match(head)
    return found.group(0).rstrip(": ") if found else ""


_LANGUAGE_WORDS = {
    "de": word_set("wo wer was wie wann warum welche welcher welches welchen ich mein meine "
                   "meinen meinem ist sind bin habe hat wohne wohnt arbeite arbeitet der die das "
                   "und nicht mit in haben hast wir uns mir mich dich ein eine einen einem einer "
                   "kein keine keinen jetzt noch auch schon heute gestern wohin woher für bei im "
                   "zum zur vom sehr aber oder dein deine deinen deinem deiner bist vorher früher "
                   "seit gerade immer am liebsten gern gerne lieber mag magst esse isst trinke "
                   "trinkst spiele lese höre koche fahre gehe macht mache machst machen beruflich "
                   "beruf"),
    "fr": word_set("où qui quoi quand comment pourquoi quel quelle quels quelles je j'habite mon "
                   "ma mes est suis habite travaille les et avec tu il elle nous vous une des pas "
                   "ai j'ai avons maintenant aujourd'hui hier le au aux ton ta tes es as fais "
                   "fait chez dans pour avant me se aime adore préfère bois mange joue lis"),
    "es": word_set("dónde donde quién qué cuándo cómo por mi mis yo es soy vivo vive trabajo "
                   "trabaja los y con tengo tienes tiene tenemos una las del ahora hoy ayer "
                   "estoy está eres estás tus al antes muy pero el hasta desde también mudé "
                   "mudó mudamos mudado cambié cambió pasado pasada año semana favorita "
                   "favorito comida hermana hermano madre padre novia novio me se encanta "
                   "encantan gusta gustan tu llama llamo bebo prefiero juego han hemos tomo "
                   "tomas toma tomando bebes bebe sigo sigues sigue todavía peso pesas"),
}
# Letters one of the languages writes and English does not ("é" French and Spanish), and
# German's "du" before its verb ("du gehst"): a text with one leans that way.
_LANGUAGE_LETTERS = {"de": re.compile(r"[äöüß]|\bdu\s+\w+st\b", re.IGNORECASE),
                     "fr": re.compile(r"[çœèéêëîïôûùàâ]", re.IGNORECASE),
                     "es": re.compile(r"[ñ¿¡áéíóú]|\b[a-z]{3,}[ai]d[oa]s?\b", re.IGNORECASE)}
_WORD = re.compile(r"[^\W\d_][\w'’]*")


def language(text: str) -> str:
    """``zh``, ``de``, ``fr``, ``es`` or ``en``: the language ``text`` is written in.

    Each language counts its common words, its verb forms ("studiert", see
    :func:`~mirix_like.lexicon.verb_language`) and one more for letters of its own ("ß", "ç",
    "ñ"), against English's stopwords."""
    if is_zh(text):
        return "zh"
    words = [w.lower().replace("’", "'") for w in _WORD.findall(text)]
    english = sum(w in STOPWORDS for w in words)
    best, hits = "en", 0
    for lang, known in _LANGUAGE_WORDS.items():
        count = sum(w in known or verb_language(w) == lang for w in words)
        count += bool(_LANGUAGE_LETTERS[lang].search(text))
        if count > hits:
            best, hits = lang, count
    return best if hits > english or (hits and hits >= 2 and hits >= english) else "en"
