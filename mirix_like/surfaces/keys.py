"""API keys of the REST server: one LanceDB table, ``api_keys``, in the memory store itself.

Only the SHA-256 of a key is stored (keys are 256 random bits, so a plain hash is enough);
the key is shown once, when it is created. Living in the store, the table is shared by every
server on that store, local or on object storage. Admin keys are never stored: the server is
given them (``MIRIX_LIKE_ADMIN_KEY``) and compares hashes.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from datetime import timedelta
from typing import Any, Literal

import lancedb
import pyarrow as pa
from pydantic import BaseModel

from mirix_like.errors import InvalidInputError, StoreError
from mirix_like.memory_types.base import UTCDatetime, new_id, utcnow
from mirix_like.store.filters import check_user_id, literal

TABLE = "api_keys"
PREFIX = "mlk_"
SCHEMA = pa.schema([
    pa.field("key_id", pa.string(), nullable=False),
    pa.field("key_hash", pa.string(), nullable=False),
    pa.field("user_id", pa.string(), nullable=False),
    pa.field("label", pa.string()),
    pa.field("created_at", pa.timestamp("us", tz="UTC")),
])


class ApiKey(BaseModel):
    """A user's API key as listed: never the key itself."""

    key_id: str
    user_id: str
    label: str = ""
    created_at: UTCDatetime


class Principal(BaseModel):
    """Who a request's key belongs to: an admin, or one user."""

    role: Literal["admin", "user"]
    user_id: str | None = None
    key_id: str | None = None


def new_key() -> str:
    """A fresh random key."""
    return PREFIX + secrets.token_urlsafe(32)


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class ApiKeys:
    """User keys in the store's ``api_keys`` table, and admin keys held in memory."""

    def __init__(self, uri: str, *, storage_options: Mapping[str, str] | None = None,
                 admin_keys: Iterable[str] = ()) -> None:
        self._admin = [_digest(k) for k in admin_keys if k]
        try:
            db = lancedb.connect(uri, storage_options=dict(storage_options or {}),
                                 read_consistency_interval=timedelta(0))
            self._table = db.create_table(TABLE, schema=SCHEMA, exist_ok=True)
        except (OSError, ValueError, RuntimeError) as exc:
            raise StoreError(f"cannot open the {TABLE} table at {uri}: {exc}") from exc

    def create(self, user_id: str, label: str = "") -> tuple[ApiKey, str]:
        """A new key for ``user_id``: its listing, and the key (shown only now)."""
        if not isinstance(label, str) or len(label) > 200:
            raise InvalidInputError("label must be a string of at most 200 characters")
        key = new_key()
        entry = ApiKey(key_id=new_id(), user_id=check_user_id(user_id), label=label,
                       created_at=utcnow())
        self._run(self._table.add, pa.Table.from_pylist(
            [{**entry.model_dump(), "key_hash": _digest(key)}], schema=SCHEMA))
        return entry, key

    def list(self, user_id: str | None = None) -> list[ApiKey]:
        """Every user key (of ``user_id`` only, when given), oldest first."""
        query = self._table.search()
        if user_id is not None:
            query = query.where(f"user_id = {literal(check_user_id(user_id))}")
        rows = self._run(query.limit(None).to_list)
        return sorted((ApiKey.model_validate(r) for r in rows), key=lambda k: k.created_at)

    def revoke(self, key_id: str) -> bool:
        """Delete a user key; whether it existed."""
        where = f"key_id = {literal(key_id)}"
        if not self._run(self._table.count_rows, where):
            return False
        self._run(self._table.delete, where)
        return True

    def principal(self, key: str) -> Principal | None:
        """Whose key ``key`` is, or ``None`` for an unknown key."""
        digest = _digest(key)
        if any(hmac.compare_digest(digest, admin) for admin in self._admin):
            return Principal(role="admin")
        rows = self._run(self._table.search().where(f"key_hash = {literal(digest)}")
                         .limit(1).to_list)
        if not rows:
            return None
        return Principal(role="user", user_id=rows[0]["user_id"], key_id=rows[0]["key_id"])

    def _run(self, call: Any, *args: Any) -> Any:
        try:
            return call(*args)
        except (OSError, ValueError, RuntimeError) as exc:
            raise StoreError(f"{TABLE} table: {exc}") from exc
