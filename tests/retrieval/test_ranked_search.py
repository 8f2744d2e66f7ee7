"""``MemorySystem.search`` ranks as a chat context does: what holds now before what was
replaced, the speaker a query names first, every type's best hits in one list."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from mirix_like import MemorySystem
from mirix_like.errors import InvalidQueryError, UnknownMemoryTypeError

USER = "sam"
MOVED = datetime(2025, 3, 1, tzinfo=UTC)


@pytest.fixture
def memory(tmp_path: Path) -> MemorySystem:
    system = MemorySystem(store_uri=str(tmp_path / "store"), backend="offline")
    system.insert("semantic", [
        {"name": "Sam", "summary": "Sam lives in Lisbon, in a flat near the river Tagus.",
         "valid_until": MOVED},
        {"name": "Sam", "summary": "Sam lives in Vienna.", "valid_from": MOVED}], user_id=USER)
    system.insert("episodic", [
        {"summary": f"{who} talked about the river hike", "details": f"{who}: the river hike "
         "was lovely", "occurred_at": datetime(2025, 5, day, tzinfo=UTC)}
        for day, who in ((1, "Maya"), (2, "Leo"), (3, "Ana"))], user_id=USER)
    return system


def test_what_holds_now_comes_before_what_was_replaced(memory: MemorySystem) -> None:
    hits = memory.search("where does Sam live", user_id=USER, memory_types=["semantic"])
    assert [h.item.summary.split(",")[0] for h in hits] == [
        "Sam lives in Vienna.", "Sam lives in Lisbon"]
    before = memory.search("where did Sam live before Vienna", user_id=USER,
                           memory_types=["semantic"])
    assert before[0].item.summary.startswith("Sam lives in Lisbon")


def test_the_speaker_a_query_names_comes_first_and_limits_hold_per_type(
        memory: MemorySystem) -> None:
    hits = memory.search("what did Leo say about the river hike", user_id=USER, limit=2)
    assert hits[0].item.summary.startswith("Leo")
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert sum(h.memory_type == "episodic" for h in hits) == 2


def test_bad_input_is_reported_as_before(memory: MemorySystem) -> None:
    with pytest.raises(InvalidQueryError):
        memory.search("river", user_id=USER, limit=0)
    with pytest.raises(UnknownMemoryTypeError):
        memory.search("river", user_id=USER, memory_types=["diary"])
    for method in ("hybrid", "fts"):  # a misspelt filter is named, with the right ones
        with pytest.raises(TypeError, match="types; it takes memory_types.*since"):
            memory.search("river", user_id=USER, method=method, types=["semantic"])


@pytest.mark.parametrize("embedder", ["hashing", "wordllama"])
def test_two_captures_that_match_alike_come_newest_first(tmp_path: Path, embedder: str) -> None:
    """A balance seen twice, minutes apart: the one shown now is found first, whatever order
    the captures were stored in and however the vector similarities of the two differ."""
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline",
                      embedder=embedder) as memory:
        memory.insert("episodic", [
            {"summary": "Viewed Bank - Overview on screen.", "occurred_at": datetime(
                2025, 4, 1, 9, minute, tzinfo=UTC),
             "details": f"Checking account / Available balance: EUR {amount} / Pending: 2"}
            for minute, amount in ((7, "1,234.50"), (0, "1,284.50"), (3, "1,259.00"))],
            user_id=USER)
        hits = memory.search("What is my available balance?", user_id=USER)
        assert [h.item.occurred_at.minute for h in hits] == [7, 3, 0]
        answer = memory.chat("What is my available balance?", user_id=USER).answer
        assert "1,234.50" in answer and "1,284.50" not in answer, answer


@pytest.mark.parametrize("question", ["Where do I live?", "where do i live now", "What city do I "
                                      "live in?", "Which town am I living in these days?"])
def test_a_question_about_the_asker_gets_their_own_fact_before_their_family(
        tmp_path: Path, question: str) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        for text in ("I moved to Vienna last week, the flat is in the 7th district.",
                     "My sister Ana lives in Porto and works as a nurse.",
                     "My brother Tom lives in Leeds, near his office."):
            memory.add(text, user_id=USER)
        memory.flush(USER)
        [top] = memory.search(question, user_id=USER, limit=1)
        assert "Vienna" in str(top.item.model_dump()), top
        for other, where in (("Where does my sister live?", "Porto"),
                             ("Where does Tom live?", "Leeds")):  # someone else's: theirs
            [top] = memory.search(other, user_id=USER, limit=1)
            assert where in str(top.item.model_dump()), top
