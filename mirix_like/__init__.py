"""mirix_like: a multi-agent, hierarchical memory system for LLM assistants.

``MemorySystem`` (sync) and ``AsyncMemorySystem`` are the entry points; ``MemoryStore`` is
the storage layer beneath them; every error raised on purpose derives from ``MirixLikeError``.
"""

from mirix_like.agents.batch import ChangeReport
from mirix_like.agents.chat import ChatResponse
from mirix_like.config import Settings, load_settings
from mirix_like.errors import MirixLikeError
from mirix_like.store import MemoryStore, RawInput, SearchHit
from mirix_like.system import AsyncMemorySystem, MemorySystem

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
