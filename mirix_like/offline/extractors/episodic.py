"""Episodic memory offline: one event per meaningful message, resolved to when it happened."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from mirix_like.offline.extractors.base import Extractor
from mirix_like.offline.language import (
    ADV_GROUP,
    ASSISTANT_PLEASANTRIES,
    CJK,
    END_PUNCT,
    PAST_VERBS,
    SCREEN,
    InputText,
    Prepared,
    Row,
    cap,
    clean_lead,
    finish,
    is_filler,
    prepare,
    speaker_of,
    subject_of,
    third_person,
    topic_path,
    without_names,
)
from mirix_like.offline.plain import language
from mirix_like.offline.timeparse import TimeMatch, find_times

_FUTURE_CUE = re.compile(  # searched in lower-cased text
    r"\b(?:will|going\s+to|gonna|plan(?:s|ning)?\s+to|planning|thinking\s+(?:about|of)|"
    r"hoping\s+to|can't\s+wait|looking\s+forward)\b|['’]ll\b|打算|计划|准备|将要|要去|想去"
)
_PAST_ACTION = re.compile(
    r"\b(?:I|[Ww]e)\s+" + ADV_GROUP + r"(?:[a-z]+ed|" + "|".join(sorted(PAST_VERBS)) + r")\b|"
    r"我们?[^，。！？]{0,8}(?:了|过)"
)
# A shared photo goes into the summary when the words point at it or say little themselves:
# captions are often off the point ("a dog walking past a wall" for a support group).
_PHOTO_REF = re.compile(
    r"\b(?:pics?|photos?|pictures?|look\s+at|check\s+(?:it\s+)?out|here['’]s|here\s+is|snapped)\b",
    re.IGNORECASE,
)
_SINCE = re.compile(r"\b(?i:since|ever\s+since)\s+$|自从$")


_MAX_SUMMARY = 400


def _sentence_score(sentence: str, words: list[str], times: list[TimeMatch]) -> float:
    """How much a sentence says: content words, more with a time or an action, half if asked."""
    score = min(len(words), 12) + len(CJK.findall(sentence)) / 4
    if sentence.endswith(("?", "？")):
        return score / 2
    if times:
        score += 4
    if _PAST_ACTION.search(sentence) or _FUTURE_CUE.search(sentence.lower()):
        score += 2
    return score


def _with_labels(sentence: str, offset: int, times: list[TimeMatch], zh: bool) -> str:
    """``sentence`` with the resolved date after each relative time in it, or instead of it
    when the date only completes it ("on 3 May" -> "on 3 May 2025", not "3 May (3 May 2025)")."""
    parts, last = [], 0
    for t in times:
        if t.relative and t.label != t.text:
            end = t.span[1] - offset
            said = t.text.casefold()
            at = said.find(t.label.split()[0].casefold())
            completes = at >= 0 and t.label.casefold().startswith(said[at:])
            year = t.label.split()[-1]
            if completes and any(c.isalpha() for c in said[at:]):
                parts += [sentence[last:t.span[0] - offset + at], t.label]
            elif completes and year.isdigit() and not zh:
                # the month came first ("Oct 2"): only the year is missing
                parts += [sentence[last:end], f", {year}"]
            else:
                parts += [sentence[last:end], f"（{t.label}）" if zh else f" ({t.label})"]
            last = end
    return "".join(parts) + sentence[last:]


def _shorten(text: str) -> str:
    """``text`` cut to about ``_MAX_SUMMARY`` characters at a word boundary."""
    if len(text) <= _MAX_SUMMARY:
        return text
    cut = text[:_MAX_SUMMARY]
    return (cut.rsplit(" ", 1)[0] if " " in cut[-40:] else cut) + "…"


def _summary(
    inp: InputText, prep: Prepared, names: frozenset[str]
) -> tuple[str, TimeMatch | None]:
    """One sentence naming who did what (and when), and the time it happened, if stated."""
    zh, body, subject = prep.zh, prep.body, subject_of(inp, prep.zh)
    times = find_times(body, inp.occurred_at) if body.strip() else []
    asked = [body[e - 1] in "?？" for _, e in prep.spans]
    in_span: list[list[TimeMatch]] = [[] for _ in prep.spans]
    for t in times:
        if (i := prep.sentence_at(t.span[0])) >= 0:
            in_span[i].append(t)
    scores = [
        _sentence_score(body[s:e], without_names(w, names), ts)
        for (s, e), w, ts in zip(prep.spans, prep.words, in_span, strict=True)
    ]
    # The first time told (not asked, not "since ...") dates the event; its sentence is the
    # summary unless another one says much more.
    stated = [
        (i, t)
        for i, ts in enumerate(in_span)
        if not asked[i]
        for t in ts
        if not _SINCE.search(body, max(0, t.span[0] - 8), t.span[0])
    ]
    chosen = stated[0][1] if stated else None
    summary, weak = "", True
    if scores and (max(scores) > 0 or not prep.photo):
        best = max(range(len(scores)), key=lambda i: (scores[i], -i))
        if stated and scores[stated[0][0]] * 2 >= scores[best]:
            best = stated[0][0]
        start, end = prep.spans[best]
        own = [] if asked[best] else in_span[best]
        chosen = next((t for i, t in stated if i == best), chosen)
        sentence = clean_lead(_with_labels(body[start:end], start, own, zh))
        # an assistant's question is quoted as asked: "The assistant asked: What should I
        # remember about you?", not "What should the assistant remember about you?"
        quoted = asked[best] and inp.role == "assistant"
        if (zh or language(sentence) == "en") and not quoted:  # "Me cambié a medicina": no "me"
            sentence = third_person(sentence, subject, zh)
        if quoted or subject.lower() not in sentence.lower():
            verb = ("问" if asked[best] else "说") if zh else ("asked" if asked[best] else "said")
            sentence = f"{subject}{verb}：{sentence}" if zh else f"{subject} {verb}: {sentence}"
        summary = finish(cap(_shorten(sentence)), zh)
        if chosen is not None and chosen not in own:
            note = (
                f"（{chosen.text}，{chosen.label}）" if zh else f" ({chosen.text}: {chosen.label})"
            )
            summary = summary[:-1] + note + summary[-1]
        weak = scores[best] < 3
    if prep.photo and (weak or _PHOTO_REF.search(body)):
        shared = f"{subject}分享了照片：{prep.photo}" if zh else f"{subject} shared {prep.photo}"
        if summary:
            shared = summary.rstrip(END_PUNCT) + ("；" if zh else "; ") + shared
        summary = finish(cap(shared), zh)
    return summary, chosen


def _actor(role: str | None) -> str:
    if role in ("user", "assistant"):
        return role
    return "user" if role is None else "other"


def _event_type(inp: InputText, text: str, occurred: datetime) -> str:
    if SCREEN.match(inp.text):
        return "screen"
    if occurred > inp.occurred_at + timedelta(hours=1):
        return "plan"
    if occurred < inp.occurred_at - timedelta(hours=1) or _PAST_ACTION.search(text):
        return "activity"
    if _FUTURE_CUE.search(text.lower()):
        return "plan"
    return "conversation"


def extract_episodic(inputs: list[InputText]) -> list[Row]:
    """One event per meaningful message: who did what, resolved to when it happened.

    A message is skipped as filler when, after dropping greetings, reactions
    ("wow", "thanks", "sounds great", "so proud of you"), stopwords and the
    speakers' names, no word is left and it shares no photo.
    """
    names = frozenset(n.lower() for inp in inputs if inp.speaker for n in inp.speaker.split())
    rows: list[Row] = []
    previous = ""
    for inp in inputs:
        prep = prepare(inp.text)
        said = f"{speaker_of(inp)}: {prep.body}{inp.text[len(prep.raw) :]}".strip()
        context, previous = previous, said
        if _said_nothing(inp, prep, names):
            continue
        summary, chosen = _summary(inp, prep, names)
        occurred = chosen.when if chosen is not None else inp.occurred_at
        rows.append(
            {
                "event_type": _event_type(inp, prep.body, occurred),
                "summary": summary,
                "details": said,
                "context": context,
                "actor": _actor(inp.role),
                "occurred_at": occurred.isoformat(),
                "source_ids": [inp.source_id],
                "tree_path": topic_path(prep.body, prep.zh),
            }
        )
    return rows



def _said_nothing(inp: InputText, prep: Prepared, names: frozenset[str]) -> bool:
    """Whether ``inp`` is small talk with no photo: filler, or an assistant's pleasantries."""
    if prep.photo:
        return False
    if inp.role == "assistant" and ASSISTANT_PLEASANTRIES.search(inp.text):
        prep = prepare(ASSISTANT_PLEASANTRIES.sub("", inp.text))
    return is_filler(prep, names)


def _concerns(inp: InputText) -> bool:
    return not _said_nothing(inp, prepare(inp.text), frozenset())


EXTRACTOR = Extractor("episodic", extract_episodic, _concerns)
