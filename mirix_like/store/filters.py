"""Safe SQL filter fragments for LanceDB ``where`` clauses.

Every value from outside goes through :func:`literal`; nothing is formatted into SQL raw.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from mirix_like.errors import InvalidQueryError, InvalidUserIdError
from mirix_like.memory_types.base import MAX_USER_ID_LENGTH

TREE_SEPARATOR = "\x1f"


def literal(value: str) -> str:
    """``value`` as a SQL string literal (quotes doubled; backslashes are literal in Lance SQL)."""
    if "\x00" in value:
        raise InvalidQueryError("text containing a NUL character cannot be used in a filter")
    if not is_utf8(value):
        raise InvalidQueryError("text with unpaired surrogates is not valid Unicode")
    return "'" + value.replace("'", "''") + "'"


def is_utf8(text: str) -> bool:
    """Whether ``text`` can be stored: no unpaired surrogate code points."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_user_id(user_id: object) -> str:
    """``user_id`` if it is a usable id, else :class:`InvalidUserIdError` saying why."""
    if not isinstance(user_id, str):
        raise InvalidUserIdError(f"user_id must be a string, not {type(user_id).__name__}")
    if not user_id.strip():
        raise InvalidUserIdError("user_id must not be empty")
    if len(user_id) > MAX_USER_ID_LENGTH:
        raise InvalidUserIdError(f"user_id is longer than {MAX_USER_ID_LENGTH} characters")
    if "\x00" in user_id or not is_utf8(user_id):
        raise InvalidUserIdError("user_id must be valid Unicode without NUL characters")
    return user_id


def user_scope(user_id: str) -> str:
    """The clause every query and write of one user carries."""
    return f"user_id = {literal(check_user_id(user_id))}"


def type_scope(user_id: str, memory_type: str) -> str:
    """The clause of one user's items of one memory type."""
    return f"{user_scope(user_id)} AND memory_type = {literal(memory_type)}"


def timestamp(value: datetime) -> str:
    """A timezone-aware datetime as a Lance timestamp literal in UTC."""
    if not isinstance(value, datetime):
        raise InvalidQueryError(f"expected a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise InvalidQueryError(f"datetime {value.isoformat()} has no time zone; give one")
    try:
        utc = value.astimezone(UTC)
    except OverflowError:
        raise InvalidQueryError(f"datetime {value.isoformat()} is out of the supported range "
                                "once in UTC") from None
    # isoformat pads the year to four digits (strftime's %Y does not: year 999 broke Lance).
    return "timestamp " + literal(utc.replace(tzinfo=None).isoformat(timespec="microseconds")
                                  + "Z")


def tree_key(path: Iterable[str]) -> str:
    """A tree path as one string whose prefixes are the path's prefixes."""
    return "".join(f"{TREE_SEPARATOR}{part}" for part in path) + TREE_SEPARATOR


def metadata_entries(metadata: Mapping[str, Any]) -> list[str]:
    """One comparable entry per top-level metadata key: the JSON of ``[key, value]``."""
    return [json.dumps([k, v], sort_keys=True, ensure_ascii=False) for k, v in metadata.items()]


def all_of(clauses: Iterable[str | None]) -> str:
    """The clauses joined with AND, each parenthesised."""
    return " AND ".join(f"({c})" for c in clauses if c)


def time_range(column: str, since: datetime | None, until: datetime | None) -> str | None:
    """``since <= column < until``, either end optional."""
    if since is not None and until is not None and since >= until:
        raise InvalidQueryError("since must be earlier than until")
    parts = []
    if since is not None:
        parts.append(f"{column} >= {timestamp(since)}")
    if until is not None:
        parts.append(f"{column} < {timestamp(until)}")
    return all_of(parts) or None


def clock_range(column: str, ranges: Sequence[tuple[int, int]] | None) -> str | None:
    """The minute of the UTC day of ``column`` is in one of ``ranges`` ([start, end), each
    within 0 and 1440)."""
    if ranges is None:
        return None
    pairs = list(ranges) if not isinstance(ranges, str) else []
    if not pairs or not all(
            isinstance(pair, tuple) and len(pair) == 2
            and all(type(m) is int for m in pair) and 0 <= pair[0] < pair[1] <= 1440
            for pair in pairs):
        raise InvalidQueryError("clock must be (start, end) minutes of the day, "
                                "0 <= start < end <= 1440")
    minute = f"date_part('hour', {column}) * 60 + date_part('minute', {column})"
    return " OR ".join(f"({minute} >= {start} AND {minute} < {end})" for start, end in pairs)


def metadata_equals(metadata: Mapping[str, Any] | None) -> str | None:
    """Every given key has exactly the given value."""
    if not metadata:
        return None
    if not isinstance(metadata, Mapping):
        raise InvalidQueryError("metadata filter must be a mapping of key to value")
    return all_of(f"array_has(metadata_kv, {literal(e)})" for e in metadata_entries(metadata))


def tree_prefix(prefix: Iterable[str] | None) -> str | None:
    """The item's tree path starts with ``prefix``."""
    if not prefix:
        return None
    if isinstance(prefix, str):
        raise InvalidQueryError("tree_path prefix must be a list of strings, not one string")
    return f"starts_with(tree_key, {literal(tree_key(prefix))})"


def one_of(column: str, values: Iterable[str] | None) -> str | None:
    """``column`` is one of ``values``."""
    if values is None:
        return None
    if isinstance(values, str):
        raise InvalidQueryError(f"{column} must be a list of values, not one string")
    values = list(values)
    if not values:
        raise InvalidQueryError(f"an empty list of allowed {column} values matches nothing")
    return f"{column} IN ({', '.join(literal(v) for v in values)})"
