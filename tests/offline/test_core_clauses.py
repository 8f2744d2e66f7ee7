"""What the offline rules keep in the core block from first-person sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from mirix_like import MemorySystem
from mirix_like.errors import ItemNotFoundError


def _human_block(memory: MemorySystem) -> str:
    try:
        return memory.get("core", "human", user_id="u").value
    except ItemNotFoundError:
        return ""


@pytest.mark.parametrize("text", [
    "In the meantime, I donated my old car to a homeless shelter I volunteer at yesterday.",
    "Bad news: the gym I work out at is closed for a month.",
])
def test_a_clause_whose_object_came_before_it_is_no_fact(tmp_path: Path, text: str) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        memory.add([{"role": "user", "content": text}], user_id="u")
        assert memory.flush("u").failed_inputs == []
        block = _human_block(memory)
        # no "The user volunteers at yesterday." / "The user works out at is closed"
        assert " at yesterday" not in block and " at is " not in block, block
        assert memory.search("shelter" if "shelter" in text else "gym", user_id="u")


def test_a_clause_with_its_object_stays(tmp_path: Path) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        memory.add([{"role": "user", "content": "I volunteer at the dog shelter on Sundays."}],
                   user_id="u")
        memory.flush("u")
        assert "volunteers at the dog shelter" in _human_block(memory)
