"""Shared fixtures: a real LanceDB-backed store in a temporary folder, and item factories."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import settings

from mirix_like.store import MemoryStore

# Generated cases are the same on every run, so a red run can be replayed and CI does not
# depend on luck; HYPOTHESIS_PROFILE=explore draws new ones (run it when hunting bugs).
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

# One valid item of each memory type; tests override the fields they care about.
SAMPLE_FIELDS: dict[str, dict[str, Any]] = {
    "core": {"label": "human", "value": "Name: Ada\nLikes green tea"},
    "episodic": {"summary": "Ada went hiking on Mount Tamalpais", "event_type": "activity"},
    "semantic": {"name": "Lisbon", "summary": "Lisbon is the capital of Portugal"},
    "procedural": {
        "entry_type": "guide",
        "summary": "How to brew green tea",
        "steps": ["heat water to 80 C", "steep for two minutes"],
    },
    "resource": {
        "title": "Quarterly plan",
        "summary": "Planning document for the next quarter",
        "resource_type": "document",
        "content": "Full text of the quarterly plan.",
    },
    "knowledge_vault": {
        "entry_type": "password",
        "caption": "Home wifi password",
        "secret_value": "hunter2-correct-horse",
        "sensitivity": "high",
    },
}


def item_fields(memory_type: str, /, **overrides: Any) -> dict[str, Any]:
    """A valid field mapping for ``memory_type`` with ``overrides`` applied."""
    return {**SAMPLE_FIELDS[memory_type], **overrides}


@pytest.fixture(scope="session")
def make_item() -> Callable[..., dict[str, Any]]:
    """``make_item(memory_type, **overrides)``: a valid item mapping of that type."""
    return item_fields


@pytest.fixture
def store_path(tmp_path):
    return tmp_path / "store"


@pytest.fixture
def store(store_path) -> MemoryStore:
    """A fresh store with the default embedder."""
    return MemoryStore(store_path)


@pytest.fixture(autouse=True, scope="session")
def _secret_key_file(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Keep the tests' encryption key out of the user's config directory."""
    key_file = tmp_path_factory.mktemp("keys") / "secret.key"
    os.environ.setdefault("MIRIX_LIKE_SECRET_KEY_FILE", str(key_file))
