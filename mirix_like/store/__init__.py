"""The storage layer: LanceDB tables per memory type, raw inputs and history."""

from mirix_like.store.queries import SEARCH_METHODS
from mirix_like.store.records import HistoryEntry, InputStatus, RawInput, SearchHit
from mirix_like.store.store import MemoryStore, SearchMethod

__all__ = [
    "SEARCH_METHODS",
    "HistoryEntry",
    "InputStatus",
    "MemoryStore",
    "RawInput",
    "SearchHit",
    "SearchMethod",
]
