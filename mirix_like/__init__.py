"""mirix_like: a multi-agent, hierarchical memory system for LLM assistants.

``MemorySystem`` (sync) and ``AsyncMemorySystem`` are the entry points; ``MemoryStore`` is
the storage layer beneath them; every error raised on purpose derives from ``MirixLikeError``.
Names are imported on first use, so ``import mirix_like.store`` does not load the agents.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mirix_like.agents.chat import ChatResponse
    from mirix_like.config import Settings, load_settings
    from mirix_like.errors import MirixLikeError
    from mirix_like.ingest.report import ChangeReport
    from mirix_like.store import MemoryStore, RawInput, SearchHit
    from mirix_like.system import AsyncMemorySystem, MemorySystem

_WHERE = {
    "AsyncMemorySystem": "mirix_like.system",
    "ChangeReport": "mirix_like.ingest.report",
    "ChatResponse": "mirix_like.agents.chat",
    "MemoryStore": "mirix_like.store",
    "MemorySystem": "mirix_like.system",
    "MirixLikeError": "mirix_like.errors",
    "RawInput": "mirix_like.store",
    "SearchHit": "mirix_like.store",
    "Settings": "mirix_like.config",
    "load_settings": "mirix_like.config",
}
__all__ = [
    "AsyncMemorySystem",
    "ChangeReport",
    "ChatResponse",
    "MemoryStore",
    "MemorySystem",
    "MirixLikeError",
    "RawInput",
    "SearchHit",
    "Settings",
    "load_settings",
]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'mirix_like' has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)
