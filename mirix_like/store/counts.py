"""Row counts per table and scope (a user's items of one type), kept on write and tied to
the table version they hold at.

A count is only ever given for the table's current version: either counted at that
version, or carried from the version just before it by this process's own write to it
(whose commit produced exactly the next version, so nothing else changed in between).
Any other change (another process, a restore, a compaction) moves the version past what
is known, and the next read counts again. So a count can be slow once, never stale.
"""

from __future__ import annotations

import threading
from typing import Any

MAX_ENTRIES = 100_000


class Counts:
    """The counts this process knows, per table: the version they hold at, per scope (a
    tuple naming what was counted, such as the user and the memory type)."""

    def __init__(self) -> None:
        self._version: dict[str, int] = {}
        self._counts: dict[str, dict[tuple[str, ...], int]] = {}
        self._guard = threading.Lock()

    async def get(self, name: str, table: Any, scope: tuple[str, ...], where: str) -> int:
        """How many rows of ``scope`` (those matching ``where``) the table ``name`` (an
        AsyncTable) holds now."""
        version = await table.version()
        with self._guard:
            if self._version.get(name) == version and scope in self._counts[name]:
                return self._counts[name][scope]
        count = await table.count_rows(where)
        if await table.version() == version:
            # Both reads saw one version, and versions only grow: the count is of it.
            with self._guard:
                if self._version.get(name) != version:
                    self._version[name], self._counts[name] = version, {}
                if len(self._counts[name]) >= MAX_ENTRIES:
                    self._counts[name].clear()
                self._counts[name][scope] = count
        return count

    def wrote(self, name: str, version: int, scope: tuple[str, ...], delta: int) -> None:
        """This process's commit made ``version`` of ``name``, changing the rows of
        ``scope`` by ``delta`` (and no other scope's)."""
        with self._guard:
            if self._version.get(name) != version - 1:
                self.forget(name, locked=True)
                return
            self._version[name] = version
            if scope in self._counts[name]:
                self._counts[name][scope] += delta

    def forget(self, name: str, *, locked: bool = False) -> None:
        """Drop what is known of ``name`` (after a change whose effect is not known)."""
        if locked:
            self._version.pop(name, None)
            self._counts.pop(name, None)
            return
        with self._guard:
            self.forget(name, locked=True)

