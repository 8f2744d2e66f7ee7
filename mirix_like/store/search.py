"""What one per-type query asks for, what :meth:`MemoryStore.search_many` returns, and the
checks every query passes before it runs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from mirix_like import memory_types
from mirix_like.errors import InvalidQueryError
from mirix_like.memory_types.base import MemoryType
from mirix_like.store import filters
from mirix_like.store.queries import MAX_LIMIT, SEARCH_METHODS, SearchMethod
from mirix_like.store.records import SearchHit


@dataclass(frozen=True)
class SearchRequest:
    """One query on one memory type, as :meth:`MemoryStore.search` takes it.

    ``method="recent"`` ignores ``query`` and gives the newest items (by event time for
    episodic); ``sensitivity`` (vault levels allowed) applies to types that have one;
    ``past`` keeps only facts that stopped being true (a type without ``valid_until`` has none).
    """

    memory_type: str
    query: str = ""
    method: SearchMethod = "hybrid"
    limit: int = 10
    since: datetime | None = None
    until: datetime | None = None
    tree_path: Sequence[str] | None = None
    metadata: Mapping[str, Any] | None = None
    sensitivity: Sequence[str] | None = None
    vector: Sequence[float] | None = None
    reveal_secrets: bool = False
    past: bool = False


@dataclass(frozen=True)
class SearchResults:
    """``hits[i]`` answers request ``i``, best first; ``counts`` are items per type."""

    hits: list[list[SearchHit]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def check_request(request: SearchRequest, user_id: str) -> tuple[MemoryType, str | None]:
    """The type and the filter of ``request``; ``None`` for a filter that no item of the
    type can match. Raises :class:`InvalidQueryError` (or a subclass) when it is unusable."""
    if not isinstance(request, SearchRequest):
        raise InvalidQueryError(f"expected a SearchRequest, not {type(request).__name__}")
    spec = memory_types.get(request.memory_type)
    method, query, limit = request.method, request.query, request.limit
    if method not in SEARCH_METHODS:
        raise InvalidQueryError(
            f"unknown search method {method!r}; expected one of {', '.join(SEARCH_METHODS)}"
        )
    if not isinstance(query, str) or not filters.is_utf8(query):
        raise InvalidQueryError("query must be a string of valid Unicode")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidQueryError(f"limit must be an integer from 1 to {MAX_LIMIT}")
    if method in ("fts", "exact", "fuzzy") and not query.strip():
        raise InvalidQueryError(f"{method} search needs a non-empty query")
    clauses = [filters.user_scope(user_id), filters.tree_prefix(request.tree_path),
               filters.metadata_equals(request.metadata),
               filters.time_range(spec.time_field, request.since, request.until)]
    if request.sensitivity is not None and "sensitivity" in spec.item_model.model_fields:
        clauses.append(filters.one_of("sensitivity", request.sensitivity))
    if "tree_path" not in spec.item_model.model_fields and request.tree_path:
        return spec, None
    if request.past:
        if "valid_until" not in spec.item_model.model_fields:
            return spec, None
        clauses.append("valid_until IS NOT NULL")
    return spec, filters.all_of(clauses)
