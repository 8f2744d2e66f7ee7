"""Model backends: the offline rule engine, OpenAI, or any OpenAI-compatible server."""

from __future__ import annotations

import os
from dataclasses import dataclass

from autogen_core.models import ChatCompletionClient, ModelFamily, ModelInfo

from mirix_like.config import Settings
from mirix_like.errors import ConfigError
from mirix_like.models.resilient import ResilientChatCompletionClient

__all__ = ["ModelBackend", "ResilientChatCompletionClient", "make_backend"]


@dataclass(frozen=True)
class ModelBackend:
    """A ready model client and what it can do."""

    name: str
    client: ResilientChatCompletionClient
    vision: bool


def make_backend(settings: Settings) -> ModelBackend:
    """The model backend the settings ask for, wrapped with retries and tool-call salvage."""
    if settings.backend == "offline":
        from mirix_like.offline.client import OfflineChatCompletionClient

        inner: ChatCompletionClient = OfflineChatCompletionClient()
        return ModelBackend("offline", ResilientChatCompletionClient(inner, attempts=1), False)
    from autogen_ext.models.openai import OpenAIChatCompletionClient

    api_key = settings.api_key or os.environ.get("OPENAI_API_KEY")
    if not api_key and not settings.base_url:
        raise ConfigError("the openai backend needs OPENAI_API_KEY (or MIRIX_LIKE_API_KEY) "
                          "or MIRIX_LIKE_BASE_URL for an OpenAI-compatible server")
    info = ModelInfo(vision=settings.model_vision, function_calling=True,
                     json_output=settings.model_json_output, family=ModelFamily.UNKNOWN,
                     structured_output=settings.model_json_output, multiple_system_messages=True)
    extra = {"temperature": settings.temperature} if settings.temperature is not None else {}
    inner = OpenAIChatCompletionClient(
        model=settings.model, base_url=settings.base_url, api_key=api_key or "unused",
        model_info=info, timeout=settings.request_timeout, max_retries=0, **extra,
    )
    client = ResilientChatCompletionClient(inner, attempts=settings.max_retries + 1,
                                          backoff=settings.retry_backoff)
    return ModelBackend(f"openai:{settings.model}", client, settings.model_vision)
