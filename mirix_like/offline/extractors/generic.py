"""The extractor of a memory type that brings none: its cue words and its item model's fields.

A sentence holding one of the type's ``cues`` becomes one item. Its fields are filled from the
item model: the first text field (``title``, ``name``, ``summary``...) gets the sentence as a
short statement, other free-text fields the whole sentence, a date or time field the first time
the sentence states ("by 2026-12-01", "next Tuesday"), a tree path the sentence's topic; every
other field keeps its default. So a ``task`` type with ``title`` and ``due`` fields stores "I
need to renew my passport by 2026-12-01" as title "Renew my passport", due 1 December 2026.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from mirix_like.memory_types import MemoryType
from mirix_like.offline.extractors.base import Extractor
from mirix_like.offline.language import (
    InputText,
    Row,
    cap,
    finish,
    prepare,
    subject_of,
    third_person,
    topic_path,
)
from mirix_like.offline.timeparse import TimeMatch, find_times

_TITLE_FIELDS = ("title", "name", "summary", "caption", "text", "content", "description")
_LONG_FIELDS = frozenset({"summary", "details", "description", "content", "notes", "text"})
_WANT = re.compile(
    r"^(?:(?:so|and|also|oh|ok|okay)[,\s]+)?(?:I\s+(?:really\s+|still\s+)?(?:need|have|want|"
    r"ought|plan|am going|must|should|gotta|got)\s+(?:to\s+)?|(?:please\s+)?(?:remember|don't "
    r"forget|remind me)\s+to\s+|I\s+must\s+|I\s+should\s+)",
    re.IGNORECASE,
)
_TIME_GLUE = re.compile(r"\s+(?:by|on|before|until|till|at|due|for|from|in)\s*$", re.IGNORECASE)


def _cue_pattern(cues: Sequence[str]) -> re.Pattern[str] | None:
    words = [re.escape(c.strip()) for c in cues if c.strip()]
    if not words:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(words) + r")(?!\w)", re.IGNORECASE)


def _kinds(annotation: Any) -> set[type]:
    """The plain types an annotation allows (``datetime | None`` -> {datetime, NoneType})."""
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _kinds(args[0])
    if origin in (typing.Union, types.UnionType):
        return set().union(*(_kinds(a) for a in args))
    if isinstance(origin, type):
        return {origin}
    return {annotation} if isinstance(annotation, type) else set()


def _title(sentence: str, times: list[TimeMatch]) -> str:
    """The sentence as a short statement: no "I need to", no time it states."""
    for t in sorted(times, key=lambda t: t.span[0], reverse=True):
        sentence = sentence[: t.span[0]] + sentence[t.span[1] :]
    sentence = _TIME_GLUE.sub("", re.sub(r"\s+", " ", sentence).strip(" ,.;:!?。！？"))
    return cap(_WANT.sub("", sentence).strip()) or sentence


def _row(spec: MemoryType, inp: InputText, sentence: str, zh: bool) -> Row:
    times = find_times(sentence, inp.occurred_at)
    row: Row = {"source_ids": [inp.source_id]}
    fields = spec.item_model.model_fields
    content = spec.item_model.content_fields()
    title = next((f for f in _TITLE_FIELDS if f in content), None)
    if title is None:
        title = next((f for f in content if str in _kinds(fields[f].annotation)), None)
    for name in content:
        kinds = _kinds(fields[name].annotation)
        if name == title:
            row[name] = _title(sentence, times)
        elif datetime in kinds and times:
            row[name] = times[0].when.isoformat()
        elif str in kinds and name in _LONG_FIELDS:
            row[name] = finish(cap(third_person(sentence, subject_of(inp, zh), zh)), zh)
    if "tree_path" in fields:
        row["tree_path"] = topic_path(sentence, zh)
    return row


def generic_extractor(spec: MemoryType) -> Extractor:
    """An extractor for ``spec`` built from its ``cues`` and its item model's fields."""
    pattern = _cue_pattern(getattr(spec, "cues", ()) or ())

    def concerns(inp: InputText) -> bool:
        return pattern is not None and pattern.search(inp.text) is not None

    def extract(inputs: list[InputText]) -> list[Row]:
        rows: list[Row] = []
        for inp in inputs:
            if not concerns(inp):
                continue
            prep = prepare(inp.text)
            rows += [_row(spec, inp, s, prep.zh) for s in prep.sentences() if pattern.search(s)]
        return rows

    return Extractor(spec.name, extract, concerns)
