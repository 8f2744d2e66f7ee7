"""A memory system on the OpenAI path against the scripted server, for the model tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.openai_server import ScriptedOpenAIServer

from mirix_like import AsyncMemorySystem, Settings

SystemFactory = Callable[..., AsyncMemorySystem]


@pytest.fixture
def system_for(tmp_path: Path) -> SystemFactory:
    """``system_for(server, **settings)``: a system whose model is served by ``server``, on
    one store per test."""

    def make(server: ScriptedOpenAIServer, **overrides: Any) -> AsyncMemorySystem:
        options: dict[str, Any] = {"store_uri": str(tmp_path / "store"), "max_retries": 2,
                                   "retry_backoff": 0.01, "request_timeout": 5,
                                   "backend": "openai", "base_url": server.base_url,
                                   "api_key": "test", "model": "scripted-model"}
        return AsyncMemorySystem(Settings(**{**options, **overrides}))

    return make
