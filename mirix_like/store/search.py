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
    """One query on one memory type, or on several as one (``memory_type`` a list: the
    ``limit`` best hits among them, scored alike), as :meth:`MemoryStore.search_many` takes it.

    ``method="recent"`` ignores ``query`` and gives the newest items (by event time for
    episodic); ``sensitivity`` (vault levels allowed) applies to types that have one;
    ``past`` keeps only facts that stopped being true (a type without ``valid_until`` has none);
    ``clock`` keeps items whose time falls in one of its ranges of minutes of the UTC day.
    """

    memory_type: str | Sequence[str]
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
    clock: Sequence[tuple[int, int]] | None = None


@dataclass(frozen=True)
class SearchResults:
    """``hits[i]`` answers request ``i``, best first; ``counts`` are items per type."""

    hits: list[list[SearchHit]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def check_request(request: SearchRequest, user_id: str
                  ) -> tuple[tuple[MemoryType, ...], str | None]:
    """The types and the filter of ``request``; ``None`` for a filter that no item of these
    types can match. Raises :class:`InvalidQueryError` (or a subclass) when it is unusable."""
    if not isinstance(request, SearchRequest):
        raise InvalidQueryError(f"expected a SearchRequest, not {type(request).__name__}")
    names = request.memory_type
    if isinstance(names, str) or not isinstance(names, Sequence):
        names = [names]  # type: ignore[list-item]
    if not names:
        raise InvalidQueryError("a search needs at least one memory type")
    specs = tuple(memory_types.get(name) for name in dict.fromkeys(names))
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
               filters.time_range("time", request.since, request.until),
               filters.clock_range("time", request.clock)]
    if request.sensitivity is not None and any("sensitivity" in s.item_model.model_fields
                                               for s in specs):
        # Types without a sensitivity have none to filter.
        clauses.append(f"sensitivity IS NULL OR "
                       f"{filters.one_of('sensitivity', request.sensitivity)}")
    if request.tree_path:
        specs = tuple(s for s in specs if "tree_path" in s.item_model.model_fields)
    if request.past:
        specs = tuple(s for s in specs if "valid_until" in s.item_model.model_fields)
        clauses.append("valid_until IS NOT NULL")
    if not specs:
        return specs, None
    clauses.insert(1, filters.one_of("memory_type", [s.name for s in specs]))
    return specs, filters.all_of(clauses)
