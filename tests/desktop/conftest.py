"""Fixtures for the desktop assistant: a scripted screen source and a memory on a real store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.screens import FakeScreen

from mirix_like import MemorySystem


@pytest.fixture
def screen() -> FakeScreen:
    return FakeScreen()


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[MemorySystem]:
    """A memory on a real LanceDB store in a temporary folder, offline backend."""
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        yield system
