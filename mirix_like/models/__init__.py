"""Model backends: the offline rule engine, OpenAI, or any OpenAI-compatible server."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from autogen_core.models import ChatCompletionClient, ModelFamily, ModelInfo

from mirix_like.config import Settings
from mirix_like.errors import ConfigError
from mirix_like.models.capabilities import (
    ModelCapabilities,
    fallback_modes,
    resolve_capabilities,
)
from mirix_like.models.resilient import ResilientChatCompletionClient
from mirix_like.models.text import clean_text

__all__ = ["ModelBackend", "ModelCapabilities", "ResilientChatCompletionClient", "clean_text",
           "make_backend", "offline_backend"]

OFFLINE = ModelCapabilities(vision=False, tools=True, rule_based=True, source="offline")


@dataclass(frozen=True)
class ModelBackend:
    """A ready model client and what its model can do.

    ``vision`` mirrors ``capabilities.vision``; given alone (``ModelBackend(name, client,
    False)``) it sets it.
    """

    name: str
    client: ResilientChatCompletionClient
    vision: bool = False
    capabilities: ModelCapabilities = field(default_factory=ModelCapabilities)

    def __post_init__(self) -> None:
        if self.capabilities.vision != self.vision:
            object.__setattr__(self, "capabilities",
                               replace(self.capabilities, vision=self.vision))


def offline_backend(*, announce: bool = True) -> ModelBackend:
    """The offline rule engine as a backend; ``announce=False`` when it only stands in for a
    model (the fallback), so it does not say the product runs without a model."""
    from mirix_like.offline.client import OfflineChatCompletionClient

    inner: ChatCompletionClient = OfflineChatCompletionClient(announce=announce)
    client = ResilientChatCompletionClient(inner, attempts=1)
    return ModelBackend("offline", client, OFFLINE.vision, OFFLINE)


def make_backend(settings: Settings) -> ModelBackend:
    """The model backend the settings ask for, wrapped with retries and tool-call salvage.

    For an OpenAI-compatible server the ``auto`` capabilities are asked of the server once,
    here (see :mod:`mirix_like.models.capabilities`).
    """
    if settings.backend == "offline":
        return offline_backend()
    from autogen_ext.models.openai import OpenAIChatCompletionClient

    api_key = settings.api_key or os.environ.get("OPENAI_API_KEY")
    if not api_key and not settings.base_url:
        raise ConfigError("the openai backend needs OPENAI_API_KEY (or MIRIX_LIKE_API_KEY) "
                          "or MIRIX_LIKE_BASE_URL for an OpenAI-compatible server")
    caps = resolve_capabilities(settings, api_key)
    info = ModelInfo(vision=caps.vision, function_calling=True,
                     json_output=settings.model_json_output, family=ModelFamily.UNKNOWN,
                     structured_output=caps.structured_output, multiple_system_messages=True)
    # OpenAI's reasoning models take only the newer name; local servers know the older one.
    cap = "max_tokens" if settings.base_url else "max_completion_tokens"
    extra: dict[str, float | int] = {cap: caps.max_tokens or settings.max_tokens}
    if settings.temperature is not None:
        extra["temperature"] = settings.temperature
    inner = OpenAIChatCompletionClient(
        model=settings.model, base_url=settings.base_url, api_key=api_key or "unused",
        model_info=info, timeout=settings.request_timeout, max_retries=0, **extra,
    )
    client = ResilientChatCompletionClient(inner, attempts=settings.max_retries + 1,
                                          backoff=settings.retry_backoff,
                                          tool_mode=caps.tool_mode,
                                          fallbacks=fallback_modes(settings, caps))
    return ModelBackend(f"openai:{settings.model}", client, caps.vision, caps)
