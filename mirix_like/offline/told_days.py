"""What the user told of a day: "What did I do yesterday?" answered from told events.

A question of what the user did on a day ("What did I do yesterday?", "Was habe ich gestern
gemacht?", "Qu'est-ce que j'ai fait hier ?", "¿Qué hice ayer?", "我昨天做了什么？") names no word
any one event says, so the best-matching memory answers nothing; the events of that day do.
:func:`told_on` lists them, said to the user, when no screen answers first
(:func:`mirix_like.offline.screens.on_screen_at`). A told event carries only its day in what
the answerer reads, so a part of a day ("yesterday afternoon") is answered with its whole day.
"""

from __future__ import annotations

import re
from datetime import date, datetime, tzinfo

from mirix_like.memory_types.base import utcnow
from mirix_like.memory_types.episodic import BRIEF_DAY
from mirix_like.offline.language import second_person_in
from mirix_like.offline.plain import language
from mirix_like.offline.screens import screen_of
from mirix_like.offline.timeparse import describe
from mirix_like.retrieval.clock import asked_time

__all__ = ["TOLD_LISTED", "told_on"]

TOLD_LISTED = 8
"""Events of a day an answer names, the latest of them."""
_FRAMES = {"en": "{said}, from what you told me: {events}",
           "de": "{said}, nach dem, was du mir erzählt hast: {events}",
           "fr": "{said}, d'après ce que tu m'as dit : {events}",
           "es": "{said}, según lo que me contaste: {events}",
           "zh": "{said}，根据你告诉我的：{events}"}
_DID = re.compile(r"(?i)\b(?:do(?!\s+(?:I|you|we|they|he|she)\s+\w)|doing|done|up\s+to|happen\w*|"
                  r"machen|gemacht|getan|"
                  r"passiert|unternommen|fait|fais|faisais|passé|hacer|hice|hacía|hiciste|"
                  r"pasó)\b|做|干|发生")
"""What asks for whatever the user did, not one thing ("What did I eat?", "What do I drink in
the morning?", where "do" only asks)."""
_SAME_SPELLING = (("favorite", "favourite"), ("color", "colour"))


def _plain(text: str) -> str:
    """``text`` as facts compare: lower case, one spelling, no end mark or source."""
    text = re.sub(r"\s*\((?:user|assistant): .*\)$", "", text.strip()).lower().rstrip(".。")
    for one, other in _SAME_SPELLING:
        text = text.replace(one, other)
    return text


def told_on(question: str, memories: list[str], lang: str, zone: tzinfo) -> str | None:
    """The events the user told of the day ``question`` asks what they did on (the newest day
    with any when it names none), said to them in ``lang``; None when it asks no such thing
    or none was told then. An event that only restates a fact kept elsewhere ("The user's
    favourite food is ramen") is no thing done."""
    asked = asked_time(question, utcnow().astimezone(zone))
    if asked is None or not asked.span or not _DID.search(question):
        return None
    facts = {_plain(m) for m in memories if not BRIEF_DAY.match(m.strip())}
    days: dict[date, list[str]] = {}
    for memory in memories:
        if (found := BRIEF_DAY.match(memory.strip())) and not screen_of(memory):
            text = memory.strip()[found.end():].split("\n")[0].strip()
            if text and _plain(text) not in facts:
                day = datetime.strptime(found["day"], "%Y-%m-%d").date()
                days.setdefault(day, [])
                if text not in days[day]:
                    days[day].append(text)
    day = asked.day or max(days, default=None)
    events = days.get(day) if day else None
    if not events:
        return None
    said = [second_person_in(e if e.endswith((".", "。", "!", "?")) else f"{e}.", language(e))
            for e in events[-TOLD_LISTED:]]
    # of a part of a day the whole day is told: name the day, not the part
    named = asked.said if asked.clock is None else describe(
        datetime(day.year, day.month, day.day), "day", lang)
    return _FRAMES.get(lang, _FRAMES["en"]).format(said=named[:1].upper() + named[1:],
                                                   events=" ".join(said))
