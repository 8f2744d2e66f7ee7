"""The storage layer: LanceDB tables per memory type, raw inputs and history."""

from mirix_like.store.queries import SEARCH_METHODS, SearchMethod
from mirix_like.store.records import HistoryEntry, InputStatus, RawInput, SearchHit
from mirix_like.store.search import SearchRequest, SearchResults
from mirix_like.store.store import MemoryStore

__all__ = [
    "SEARCH_METHODS",
    "HistoryEntry",
    "InputStatus",
    "MemoryStore",
    "RawInput",
    "SearchHit",
    "SearchRequest",
    "SearchResults",
    "SearchMethod",
]
