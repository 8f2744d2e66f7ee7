"""Load LOCOMO-format conversations and questions, with the benchmark's data faults repaired.

Only ``sample_id``, ``conversation`` and ``qa`` of a sample are read: the annotation fields
(``observation``, ``session_summary``, ``event_summary``) are never touched, so a memory system
fed from here cannot see them. Sessions come from the ``session_N`` lists (some samples have
``session_N_date_time`` keys for sessions that do not exist). Evidence ids are normalised and
checked against the conversation's turns; what could not be used is counted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

CATEGORY_NAMES: dict[int, str] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
"""The official category mapping, from the LOCOMO repository's own code."""

SCORED_CATEGORIES: tuple[int, ...] = (1, 2, 3, 4)
"""The categories published memory-system results score (5, adversarial, is skipped)."""

_SESSION_KEY = re.compile(r"session_(\d+)")
_DATE_KEY = re.compile(r"session_(\d+)_date_time")
_SESSION_TIME = re.compile(
    r"(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})", re.IGNORECASE
)
_MONTHS = {
    name: number
    for number, name in enumerate(
        ["january", "february", "march", "april", "may", "june", "july", "august",
         "september", "october", "november", "december"],
        start=1,
    )
}
_EVIDENCE_SPLIT = re.compile(r"[;,\s]+")
_DIA_ID = re.compile(r"D(\d+):(\d+)")


class LocomoFormatError(ValueError):
    """The file is not in the LOCOMO format."""


@dataclass(frozen=True)
class Turn:
    """One utterance of a session."""

    speaker: str
    dia_id: str
    text: str
    blip_caption: str | None = None

    @property
    def content(self) -> str:
        """The turn as stored: ``"speaker: text"`` plus the caption of a shared photo."""
        line = f"{self.speaker}: {self.text}"
        return f"{line} [shared photo: {self.blip_caption}]" if self.blip_caption else line


@dataclass(frozen=True)
class Session:
    """One session: its number, when it took place (UTC), and its turns in order."""

    number: int
    occurred_at: datetime
    turns: tuple[Turn, ...]


@dataclass
class EvidenceStats:
    """What evidence normalisation changed or dropped, in entries and ids."""

    ids_kept: int = 0
    entries_split: int = 0
    ids_renumbered: int = 0
    ids_dropped: int = 0
    dropped: list[str] = field(default_factory=list)
    questions_without_evidence: int = 0

    def add(self, other: EvidenceStats) -> None:
        """Add ``other``'s counts to these."""
        self.ids_kept += other.ids_kept
        self.entries_split += other.entries_split
        self.ids_renumbered += other.ids_renumbered
        self.ids_dropped += other.ids_dropped
        self.dropped.extend(other.dropped)
        self.questions_without_evidence += other.questions_without_evidence


@dataclass(frozen=True)
class Question:
    """One question; ``evidence`` holds only normalised ids that exist in the conversation."""

    index: int
    question: str
    category: int
    answer: str | int | None
    adversarial_answer: str | None
    evidence: tuple[str, ...]
    raw_evidence: tuple[str, ...]
    evidence_stats: EvidenceStats

    @property
    def category_name(self) -> str:
        """The official name of the category (``"category N"`` if unknown)."""
        return CATEGORY_NAMES.get(self.category, f"category {self.category}")


@dataclass(frozen=True)
class Conversation:
    """One LOCOMO sample: two speakers, their sessions, and the questions about them."""

    sample_id: str
    speaker_a: str
    speaker_b: str
    sessions: tuple[Session, ...]
    questions: tuple[Question, ...]
    dates_without_session: tuple[int, ...] = ()

    @property
    def evidence_stats(self) -> EvidenceStats:
        """Evidence normalisation counts over all of this conversation's questions."""
        return total_evidence_stats(self.questions)

    @property
    def turns(self) -> list[Turn]:
        """Every turn of every session, in order."""
        return [turn for session in self.sessions for turn in session.turns]


def total_evidence_stats(questions: Sequence[Question]) -> EvidenceStats:
    """The evidence normalisation counts of ``questions`` added up."""
    total = EvidenceStats()
    for question in questions:
        total.add(question.evidence_stats)
    return total


def parse_session_time(text: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` as an aware datetime; LOCOMO gives no zone, UTC is assumed."""
    match = _SESSION_TIME.fullmatch(text.strip())
    month = _MONTHS.get(match.group(5).lower()) if match else None
    if match is None or month is None:
        raise LocomoFormatError(f"unrecognised session time {text!r}")
    hour, minute, half, day, _, year = match.groups()
    hour_24 = int(hour) % 12 + (12 if half.lower() == "p" else 0)
    try:
        return datetime(int(year), month, int(day), hour_24, int(minute), tzinfo=UTC)
    except ValueError as exc:
        raise LocomoFormatError(f"invalid session time {text!r}: {exc}") from None


def normalise_evidence(
    raw: Sequence[Any], valid_ids: set[str] | frozenset[str]
) -> tuple[tuple[str, ...], EvidenceStats]:
    """The usable evidence ids in ``raw``, in order and without repeats, and what was fixed.

    Entries holding several ids (``"D8:6; D9:17"``, ``"D1:2 D1:3"``) are split, zero-padded
    numbers are read as numbers (``"D30:05"`` is ``"D30:5"``), and ids that are malformed
    (``"D"``, ``"D:11:26"``) or name no turn in ``valid_ids`` are dropped and counted.
    """
    stats = EvidenceStats()
    kept: list[str] = []
    for entry in raw:
        tokens = [t for t in _EVIDENCE_SPLIT.split(str(entry).strip()) if t]
        stats.entries_split += len(tokens) > 1
        for token in tokens:
            match = _DIA_ID.fullmatch(token)
            dia_id = f"D{int(match.group(1))}:{int(match.group(2))}" if match else None
            if dia_id is None or dia_id not in valid_ids:
                stats.ids_dropped += 1
                stats.dropped.append(token)
                continue
            stats.ids_renumbered += dia_id != token
            if dia_id not in kept:
                kept.append(dia_id)
    stats.ids_kept = len(kept)
    stats.questions_without_evidence = int(not kept)
    return tuple(kept), stats


def _turn(raw: Mapping[str, Any], where: str) -> Turn:
    try:
        speaker, dia_id, text = raw["speaker"], raw["dia_id"], raw["text"]
    except (KeyError, TypeError) as exc:
        raise LocomoFormatError(f"{where}: a turn lacks speaker, dia_id or text") from exc
    caption = str(raw.get("blip_caption") or "").strip()
    return Turn(speaker=str(speaker), dia_id=str(dia_id), text=str(text),
                blip_caption=caption or None)


def _sessions(conversation: Mapping[str, Any], sample_id: str) -> list[Session]:
    sessions: list[Session] = []
    for key in conversation:
        match = _SESSION_KEY.fullmatch(key)
        if match is None:
            continue
        number = int(match.group(1))
        date_key = f"session_{number}_date_time"
        if date_key not in conversation:
            raise LocomoFormatError(f"{sample_id}: {key} has no {date_key}")
        turns = tuple(_turn(t, f"{sample_id} {key}") for t in conversation[key])
        sessions.append(Session(number, parse_session_time(conversation[date_key]), turns))
    return sorted(sessions, key=lambda s: s.number)


def _question(raw: Mapping[str, Any], index: int, valid_ids: frozenset[str]) -> Question:
    try:
        text, category = str(raw["question"]), int(raw["category"])
    except (KeyError, TypeError, ValueError) as exc:
        raise LocomoFormatError(f"question {index} lacks a question or category") from exc
    raw_evidence = raw.get("evidence") or []
    if isinstance(raw_evidence, str):
        raw_evidence = [raw_evidence]
    evidence, stats = normalise_evidence(raw_evidence, valid_ids)
    return Question(
        index=index,
        question=text,
        category=category,
        answer=raw.get("answer"),
        adversarial_answer=raw.get("adversarial_answer"),
        evidence=evidence,
        raw_evidence=tuple(str(e) for e in raw_evidence),
        evidence_stats=stats,
    )


def parse_sample(sample: Mapping[str, Any]) -> Conversation:
    """One LOCOMO sample as a :class:`Conversation` (reads no annotation field)."""
    try:
        sample_id, conversation = str(sample["sample_id"]), sample["conversation"]
    except (KeyError, TypeError) as exc:
        raise LocomoFormatError("a sample lacks sample_id or conversation") from exc
    sessions = _sessions(conversation, sample_id)
    with_turns = {s.number for s in sessions}
    dates = sorted(int(m.group(1)) for k in conversation if (m := _DATE_KEY.fullmatch(k)))
    valid_ids = frozenset(t.dia_id for s in sessions for t in s.turns)
    questions = [_question(raw, i, valid_ids) for i, raw in enumerate(sample.get("qa") or [])]
    return Conversation(
        sample_id=sample_id,
        speaker_a=str(conversation.get("speaker_a", "")),
        speaker_b=str(conversation.get("speaker_b", "")),
        sessions=tuple(sessions),
        questions=tuple(questions),
        dates_without_session=tuple(n for n in dates if n not in with_turns),
    )


def load_locomo(path: str | Path) -> list[Conversation]:
    """Every sample of a LOCOMO-format JSON file, in file order."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    if not isinstance(data, list):
        raise LocomoFormatError(f"{path}: expected a JSON list of samples")
    return [parse_sample(sample) for sample in data]
