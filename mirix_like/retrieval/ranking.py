"""One ranked list across memory types: fused scores, conversational neighbours, speakers.

Each item's score is its full-text score over the best full-text score of the query, fused
with its vector similarity when the embedder is a semantic one. Then, among the candidates:

- an event said by the one person the question names gains :data:`SPEAKER_BOOST` of the top
  score (questions about Caroline are mostly answered by what Caroline said); when the
  question is about the asker instead ("Where do I live?"), the user's core block counts
  :data:`SELF_BOOST` times its score;
- neighbouring events of a conversation share their scores (:data:`NEIGHBOURS`): an event's
  ``context`` holds the message before it, so the one before and the one after are known;
- a message that asks (it ends with a question mark) keeps :data:`ASKING_WEIGHT` of its score:
  the question's words find it, but what was asked about is in the reply;
- the reply that follows a matching question is put right after it (the question's words
  find the question, the answer is in the reply);
- hits whose source inputs are all covered by better ones of the same type are dropped (two
  events drawn from the same message say the same thing; a fact and an event from it do not:
  the fact is what the message taught, the event when it was said);
- a fact that is no longer true (its ``valid_until`` has passed: a newer one replaced it)
  keeps :data:`PAST_WEIGHT` of its score, unless the question asks about before
  (:func:`asks_before`);
- among hits whose scores are equal to within :data:`TIE` of the top score, versions of one
  thing (the same text but for its numbers: two captures of one balance) come newest first:
  what is shown now wins.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from mirix_like import memory_types
from mirix_like.lexicon import KIN, ZH_KIN
from mirix_like.store import SearchHit

DENSE_WEIGHT = 0.5
"""Share of the vector similarity in a fused score (the rest is full-text)."""
SPEAKER_BOOST = 0.8
SELF_BOOST = 2.0
"""Factor on the score of an always-shown item (the user's core block) when the question is
about the asker ("Where do I live?"): what the user told of themselves, before what they told
of their sister."""
NEIGHBOURS = {1: 0.15, 2: 0.05}
"""Share of a hit's score given to the events 1 and 2 messages before and after it."""
TIE = 0.01
"""Scores closer than this share of the top score are a tie, broken by time (newest first)
between versions of one thing: vector similarities of two near-identical texts differ by
noise."""
ASKING_WEIGHT = 0.9
"""Share of its score a message that asks keeps: on LOCOMO a message in the top 10 that asks
is what the question wants 5% of the time, one that tells 12%."""
PAST_WEIGHT = 0.5
"""Share of its score a replaced fact keeps when the question is about now (and the fact
that replaced it, when the question is about before); a replaced fact asked about gains this
share of the top score."""

_HELD = (r"job|employer|company|boss|manager|home|house|flat|apartment|address|city|town|"
         r"car|phone|number|email|school|university|college|partner|girlfriend|boyfriend|"
         r"husband|wife|team|club|doctor|dentist|role|position|code|password|pet|dog|cat|"
         r"Job|Arbeit|Stelle|Firma|Arbeitgeber|Chef(?:in)?|Wohnung|Haus|Adresse|Stadt|Auto|"
         r"Nummer|Schule|Freund(?:in)?|Mann|Frau|travail|emploi|boulot|patron(?:ne)?|appartement|"
         r"maison|adresse|ville|voiture|numéro|école|copain|copine|mari|femme|trabajo|empleo|"
         r"jefe|jefa|piso|casa|dirección|ciudad|coche|número|escuela|novi[oa]|marido|mujer")
"""What a person holds one of at a time, asked about as the first one ("my first job", "mein
erstes Auto", "mi primer trabajo"): unlike "my first date", that asks what held before."""
FIRST = re.compile(
    r"(?i:\b(?:at|in\s+the)\s+(?:very\s+)?(?:first|beginning|start)\b|\binitially\b|"
    r"\boriginal(?:ly)?\b|\bfirst\s+(?:lived?|worked?|stud(?:y|ied))\b|"
    r"\b(?:lived?|worked?)\s+(?:there\s+)?first\b|"
    r"\b(?:first|erste[nrs]?|premi(?:er|ère)|primer[oa]?)\s+(?:" + _HELD + r")\b|"
    r"\bzuerst\b|\banfangs\b|\bam\s+Anfang\b|\bzu\s+Beginn\b|\bursprünglich\b|"
    r"\bau\s+(?:début|départ)\b|\bd['’]abord\b|\binitialement\b|\boriginellement\b|"
    r"\bal\s+(?:principio|comienzo)\b|\ben\s+un\s+principio\b|\bprimero\b|\binicialmente\b|"
    r"\boriginalmente\b)|最初|一开始|起初|最早|当初")
"""A question about what held first ("Where did I live at first?", "What was my first job?",
"¿Dónde vivía al principio?", "我最初住在哪里？"), which asks about before too."""
_BEFORE = re.compile(
    r"(?i:\b(?:before|previous(?:ly)?|(?<!how\s)old|former(?:ly)?|used\s+to|earlier|prior|"
    r"did(?:n['’]?t)?\s+\w+\s+use\s+to|vorher|davor|früher|frueher|alte[nrs]?|avant|ancien(?:ne)?|précédent(?:e)?|"
    r"autrefois|antes|anterior|antigu[oa])\b)|\b[Vv]or\s+(?=[A-ZÄÖÜ])|之前|以前|原来|旧|上一个|过去|"
    + FIRST.pattern)

_SELF = re.compile(
    r"(?i:\b(?:I|me|my|mine|myself|ich|mich|mir|mein\w*|je|j['’]|moi|mon|ma|mes|yo|mi|mis)\b"
    r"(?!\s+(?:" + KIN + r")\b)|\bI['’](?:m|ve|d|ll)\b)|我(?!的?(?:" + ZH_KIN + "))")
"""The asker as the question's subject or owner ("Where do I live?", "Wo wohne ich?", "我住在
哪里？"), not as the owner of someone else ("Where does my sister live?")."""
_NUMBERS = re.compile(r"\d+")
_SPEAKER = re.compile(r"^([^\n:]{1,40}): ")
_QUESTION = re.compile(r"[?？]\s*(\[[^\]]*\])?\s*$")

__all__ = ["ASKING_WEIGHT", "DENSE_WEIGHT", "FIRST", "NEIGHBOURS", "PAST_WEIGHT", "SELF_BOOST",
           "SPEAKER_BOOST", "TIE", "Links", "asks_before", "by_score", "fuse", "is_past",
           "named_speakers", "rank", "rerank", "speaker_of", "without_names"]


def asks_before(question: str) -> bool:
    """Whether ``question`` asks what was true before ("where did I live before Vienna?",
    "what was my old code?"), in the languages the offline rules read."""
    return bool(_BEFORE.search(question))


def _replaced_one(item: object) -> bool:
    """Whether ``item`` is a fact that holds since it replaced another (``valid_from`` set)."""
    return getattr(item, "valid_from", None) is not None


def is_past(item: object, now: datetime | None = None) -> bool:
    """Whether ``item`` is a fact that stopped being true (its ``valid_until`` has passed)."""
    until = getattr(item, "valid_until", None)
    return until is not None and until <= (now or datetime.now(UTC))


def _said(hit: SearchHit) -> str:
    """The message an item of a conversation records (a type with a ``context`` field: the
    message before it), else ""."""
    return getattr(hit.item, "details", "") if "context" in type(hit.item).model_fields else ""


def speaker_of(hit: SearchHit) -> str:
    """Who said what ``hit`` comes from: an event's ``Name: ...`` details or a fact's source."""
    item = hit.item
    if "context" in type(item).model_fields:
        found = _SPEAKER.match(getattr(item, "details", ""))
        return found[1] if found else ""
    return str(getattr(item, "source", "") or "")


def named_speakers(hits: Iterable[SearchHit], question: str) -> list[str]:
    """The speakers of ``hits`` (:func:`speaker_of`) that ``question`` names, as whole words."""
    speakers = {speaker_of(h) for h in hits} - {""}
    return sorted(s for s in speakers if re.search(rf"\b{re.escape(s)}\b", question))


def without_names(question: str, names: Iterable[str]) -> str:
    """``question`` with each of ``names`` (and its possessive) left out: what it asks about,
    not whose message it wants ("What did Maria cook?": "What did cook?")."""
    for name in names:
        question = re.sub(rf"\b{re.escape(name)}(?:['’]s)?\b", " ", question)
    return " ".join(question.split())


def fuse(lexical: Iterable[SearchHit], dense: Iterable[SearchHit] = (),
         dense_weight: float = DENSE_WEIGHT) -> list[SearchHit]:
    """One hit per item, scored ``(1 - w) * fts / best fts + w * similarity / best``.

    With no vector hits the score is the full-text one over the best; with no full-text hits
    (a query of no words) the similarity over the best.
    """
    lexical, dense = list(lexical), list(dense)
    weight = dense_weight if lexical and dense else (1.0 if dense else 0.0)
    parts: dict[str, float] = {}
    hits: dict[str, SearchHit] = {}
    for found, share in ((lexical, 1 - weight), (dense, weight)):
        top = max((h.score for h in found), default=0.0)
        for hit in found:
            hits.setdefault(hit.item.id, hit)
            if top > 0 and share:
                parts[hit.item.id] = parts.get(hit.item.id, 0.0) + share * max(hit.score, 0) / top
    return sorted((h.model_copy(update={"score": parts.get(i, 0.0)}) for i, h in hits.items()),
                  key=lambda h: h.score, reverse=True)


class Links:
    """Which candidate event came just before or after which, from their ``context``."""

    def __init__(self, hits: Sequence[SearchHit]) -> None:
        messages: dict[str, str] = {}
        for hit in hits:
            if message := _said(hit):
                messages.setdefault(message, hit.item.id)
        self.after: dict[str, str] = {}
        self.before: dict[str, str] = {}
        for hit in hits:
            context = getattr(hit.item, "context", "")
            previous = messages.get(context) if context else None
            if previous and previous != hit.item.id and previous not in self.after:
                self.after[previous] = hit.item.id
                self.before[hit.item.id] = previous

    def around(self, item_id: str, steps: int) -> list[str]:
        """The events ``steps`` messages before and after ``item_id``, where known."""
        found = []
        for chain in (self.before, self.after):
            current: str | None = item_id
            for _ in range(steps):
                current = chain.get(current) if current else None
            if current:
                found.append(current)
        return found


def rerank(candidates: Sequence[SearchHit], question: str) -> tuple[list[SearchHit], Links]:
    """``candidates`` (fused) rescored by speaker, neighbours, whether they are still true and
    whether they ask, best first, and their links."""
    links = Links(candidates)
    score = {h.item.id: h.score for h in candidates}
    top = max(score.values(), default=0.0)
    named = named_speakers(candidates, question)
    boosted = dict(score)
    if len(named) == 1 and top > 0:
        for hit in candidates:
            if speaker_of(hit) == named[0]:
                boosted[hit.item.id] += SPEAKER_BOOST * top
    elif not named and _SELF.search(question):
        for hit in candidates:
            if memory_types.get(hit.memory_type).retrieval.always:
                boosted[hit.item.id] *= SELF_BOOST
    smoothed = dict(boosted)
    for item_id, value in boosted.items():
        for steps, share in NEIGHBOURS.items():
            for other in links.around(item_id, steps):
                smoothed[other] += share * value
    now, before = datetime.now(UTC), asks_before(question)
    for hit in candidates:
        # About now, a replaced fact counts less; about before, it gains what a named
        # speaker gains and the fact that replaced it counts less.
        past = is_past(hit.item, now)
        if before and past:
            smoothed[hit.item.id] += PAST_WEIGHT * top
        elif past or (before and _replaced_one(hit.item)):
            smoothed[hit.item.id] *= PAST_WEIGHT
        if _asks(hit):
            smoothed[hit.item.id] *= ASKING_WEIGHT
    return by_score([h.model_copy(update={"score": smoothed[h.item.id]})
                     for h in candidates]), links


def by_score(hits: Sequence[SearchHit]) -> list[SearchHit]:
    """``hits`` best first; within a run of scores within :data:`TIE` of the run's first,
    versions of one thing (:func:`_version`) come newest first."""
    ordered = sorted(hits, key=lambda h: h.score, reverse=True)
    gap = TIE * (ordered[0].score if ordered and ordered[0].score > 0 else 1.0)
    out: list[SearchHit] = []
    run: list[SearchHit] = []
    for hit in ordered:
        if run and run[0].score - hit.score > gap:
            out += _newest_first(run)
            run = []
        run.append(hit)
    return out + _newest_first(run)


def _newest_first(run: list[SearchHit]) -> list[SearchHit]:
    """``run`` with the versions of each thing put newest first in the places they hold;
    other hits keep their places (two different events that tie are not ordered by time)."""
    places: dict[tuple[str, str], list[int]] = {}
    for index, hit in enumerate(run):
        places.setdefault(_version(hit), []).append(index)
    out = list(run)
    for indexes in places.values():
        newest = sorted((run[i] for i in indexes), key=_time, reverse=True)
        for index, hit in zip(indexes, newest, strict=True):
            out[index] = hit
    return out


def _version(hit: SearchHit) -> tuple[str, str]:
    """What ``hit`` is a version of: its type and first text field with numbers blanked (a
    balance read twice, a code that changed)."""
    kind = memory_types.get(hit.memory_type)
    first = str(getattr(hit.item, kind.text_fields[0], "")) if kind.text_fields else ""
    return hit.memory_type, _NUMBERS.sub("#", first)


def _time(hit: SearchHit) -> float:
    """When ``hit``'s item happened or was made, as its type says (0 if unknown)."""
    value = getattr(hit.item, memory_types.get(hit.memory_type).time_field, None)
    return value.timestamp() if isinstance(value, datetime) else 0.0


def rank(relevant: Sequence[SearchHit], recent: Sequence[SearchHit] = (),
         links: Links | None = None) -> list[SearchHit]:
    """Relevant hits best first (all types), then recent ones; repeats and covered hits out.

    With ``links``, the reply to a question comes right after the question. A hit is covered
    when every one of its ``source_ids`` is already among those of the hits of its type
    before it; hits
    without source ids are never covered, nor are facts with a time range or vault values
    (:func:`_own`).
    """
    ordered = by_score(relevant)
    by_id = {h.item.id: h for h in ordered}
    seen_ids: set[str] = set()
    covered: dict[str, set[str]] = {}
    ranked: list[SearchHit] = []

    def push(hit: SearchHit) -> bool:
        sources = set(hit.item.source_ids)
        mine = covered.setdefault(hit.memory_type, set())
        if hit.item.id in seen_ids or (sources and sources <= mine and not _own(hit)):
            return False
        seen_ids.add(hit.item.id)
        mine.update(sources)
        ranked.append(hit)
        return True

    for hit in ordered:
        # The reply may be missing from the pool: a reply that asks back has its own reply.
        reply = links.after.get(hit.item.id) if links and _asks(hit) else None
        if push(hit) and reply in by_id:
            push(by_id[reply])
    for hit in recent:
        push(hit)
    return ranked


def _own(hit: SearchHit) -> bool:
    """A fact the message's other memories do not carry: one with a time range (it replaced
    or was replaced: the message says it changed, not since or until when) or a vault value
    (masked elsewhere)."""
    item = hit.item
    ranged = getattr(item, "valid_from", None) or getattr(item, "valid_until", None)
    return ranged is not None or bool(memory_types.get(hit.memory_type).secret_fields)


def _asks(hit: SearchHit) -> bool:
    """The hit is an event whose message ends with a question (a shared photo may follow)."""
    return bool(_QUESTION.search(_said(hit)))
