"""The LOCOMO loader on a tiny fixture: sessions, dates, turns, questions, evidence repairs."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "eval"))

from locomo_data import (  # noqa: E402
    CATEGORY_NAMES,
    LocomoFormatError,
    load_locomo,
    normalise_evidence,
    parse_sample,
    parse_session_time,
    total_evidence_stats,
)

FIXTURE = Path(__file__).parent / "fixtures" / "locomo_tiny.json"
ANNOTATIONS = {"observation", "session_summary", "event_summary"}


def test_category_names_are_the_official_mapping() -> None:
    assert CATEGORY_NAMES == {1: "multi-hop", 2: "temporal", 3: "open-domain",
                              4: "single-hop", 5: "adversarial"}


def test_sessions_come_from_the_lists_not_the_date_keys() -> None:
    [conversation] = load_locomo(FIXTURE)
    assert conversation.sample_id == "tiny-1"
    assert (conversation.speaker_a, conversation.speaker_b) == ("Alice", "Bob")
    assert [s.number for s in conversation.sessions] == [1, 2]
    assert conversation.dates_without_session == (3,)
    assert [t.dia_id for t in conversation.turns] == [
        "D1:1", "D1:2", "D1:3", "D1:4", "D1:5", "D2:1", "D2:2", "D2:3", "D2:4", "D2:5"]
    assert conversation.sessions[0].occurred_at == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert conversation.sessions[1].occurred_at == datetime(2023, 6, 27, 10, 5, tzinfo=UTC)


def test_turn_content_adds_the_photo_caption() -> None:
    [conversation] = load_locomo(FIXTURE)
    turns = {t.dia_id: t for t in conversation.turns}
    assert turns["D1:1"].content == (
        "Alice: Hi Bob! I adopted a greyhound named Pixel last weekend.")
    assert turns["D1:2"].blip_caption == "a photo of a violin on a wooden table"
    assert turns["D1:2"].content == (
        "Bob: Congrats! I spent Saturday repairing my grandfather's violin."
        " [shared photo: a photo of a violin on a wooden table]")


def test_questions_answers_and_repaired_evidence() -> None:
    [conversation] = load_locomo(FIXTURE)
    q = conversation.questions
    assert [x.category for x in q] == [4, 1, 2, 3, 5]
    assert q[0].answer == "Pixel" and q[0].evidence == ("D1:1",)
    assert q[1].category_name == "multi-hop"
    assert q[1].raw_evidence == ("D1:4; D2:1",) and q[1].evidence == ("D1:4", "D2:1")
    assert q[2].answer == 2023 and q[2].evidence == ("D1:2",)
    assert q[2].evidence_stats.dropped == ["D", "D:11:26"]
    assert q[3].evidence == () and q[3].evidence_stats.questions_without_evidence == 1
    assert q[4].answer is None and q[4].adversarial_answer == "Pixel"


def test_evidence_counts_over_the_fixture() -> None:
    [conversation] = load_locomo(FIXTURE)
    stats = conversation.evidence_stats
    assert (stats.ids_kept, stats.entries_split, stats.ids_renumbered, stats.ids_dropped,
            stats.questions_without_evidence) == (5, 1, 1, 3, 1)
    assert stats.dropped == ["D", "D:11:26", "D9:1"]
    scored = total_evidence_stats([x for x in conversation.questions if x.category != 5])
    assert scored.ids_kept == 4 and scored.questions_without_evidence == 1


@pytest.mark.parametrize(
    ("raw", "kept", "split", "renumbered", "dropped"),
    [
        (["D8:6; D9:17"], ("D8:6", "D9:17"), 1, 0, 0),
        (["D1:2 D1:3", " D1:2 "], ("D1:2", "D1:3"), 1, 0, 0),
        (["D30:05"], ("D30:5",), 0, 1, 0),
        (["D", "D:11:26", "D2:99"], (), 0, 0, 3),
        ([], (), 0, 0, 0),
    ],
)
def test_normalise_evidence(
    raw: list[str], kept: tuple[str, ...], split: int, renumbered: int, dropped: int
) -> None:
    valid = {"D1:2", "D1:3", "D8:6", "D9:17", "D30:5"}
    ids, stats = normalise_evidence(raw, valid)
    assert ids == kept
    assert (stats.entries_split, stats.ids_renumbered, stats.ids_dropped) == (
        split, renumbered, dropped)
    assert stats.questions_without_evidence == int(not kept)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1:56 pm on 8 May, 2023", datetime(2023, 5, 8, 13, 56, tzinfo=UTC)),
        ("12:00 am on 1 January, 2024", datetime(2024, 1, 1, 0, 0, tzinfo=UTC)),
        ("12:30 pm on 31 December, 2022", datetime(2022, 12, 31, 12, 30, tzinfo=UTC)),
        (" 9:05 AM on 3 march 2023 ", datetime(2023, 3, 3, 9, 5, tzinfo=UTC)),
    ],
)
def test_parse_session_time(text: str, expected: datetime) -> None:
    parsed = parse_session_time(text)
    assert parsed == expected and parsed.tzinfo is UTC


@pytest.mark.parametrize("text", ["", "8 May 2023", "1:56 pm on 31 February, 2023",
                                  "1:56 pm on 8 Mai, 2023"])
def test_parse_session_time_rejects_bad_dates(text: str) -> None:
    with pytest.raises(LocomoFormatError):
        parse_session_time(text)


class _Guarded(dict[str, Any]):
    """A sample that fails the test if an annotation field is read."""

    def __getitem__(self, key: str) -> Any:
        assert key not in ANNOTATIONS, f"read annotation {key}"
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        assert key not in ANNOTATIONS, f"read annotation {key}"
        return super().get(key, default)

    def items(self) -> Any:
        raise AssertionError("iterated over the whole sample")

    def values(self) -> Any:
        raise AssertionError("iterated over the whole sample")


def test_annotation_fields_are_never_read() -> None:
    [sample] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert set(sample) >= ANNOTATIONS
    conversation = parse_sample(_Guarded(sample))
    assert len(conversation.questions) == 5


def test_a_session_without_a_date_is_an_error() -> None:
    [sample] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    del sample["conversation"]["session_2_date_time"]
    with pytest.raises(LocomoFormatError, match="session_2 has no session_2_date_time"):
        parse_sample(sample)
