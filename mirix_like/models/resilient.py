"""A wrapper that makes any chat model client dependable enough to store memories with.

It retries timeouts, rate limits and server errors with exponential backoff, and recovers
tool calls that a model wrote as text (JSON in prose, in a code fence, after ``<think>``),
which local models served by Ollama or vLLM often do. It also counts calls and tokens.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import AsyncGenerator, Mapping, Sequence
from typing import Any, Literal

import openai
from autogen_core import CancellationToken, FunctionCall
from autogen_core.models import (
    ChatCompletionClient,
    CreateResult,
    LLMMessage,
    ModelInfo,
    RequestUsage,
)
from autogen_core.tools import Tool, ToolSchema
from pydantic import BaseModel
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential

from mirix_like.errors import ModelError

_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def is_transient(exc: BaseException) -> bool:
    """Worth retrying: timeouts, lost connections, 429 and 5xx answers."""
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code == 429 or exc.status_code >= 500
    return isinstance(exc, openai.APITimeoutError | openai.APIConnectionError | TimeoutError)


class ResilientChatCompletionClient(ChatCompletionClient):
    """Wraps ``inner``: retries transient failures and salvages tool calls written as text."""

    def __init__(self, inner: ChatCompletionClient, *, attempts: int = 4,
                 backoff: float = 0.5) -> None:
        self.inner = inner
        self.attempts = max(1, attempts)
        self.backoff = backoff
        self.calls = 0

    async def create(
        self,
        messages: Sequence[LLMMessage],
        *,
        tools: Sequence[Tool | ToolSchema] = (),
        tool_choice: Tool | Literal["auto", "required", "none"] = "auto",
        json_output: bool | type[BaseModel] | None = None,
        extra_create_args: Mapping[str, Any] = {},  # noqa: B006 (the interface's signature)
        cancellation_token: CancellationToken | None = None,
    ) -> CreateResult:
        retrying = AsyncRetrying(
            retry=retry_if_exception(is_transient),
            stop=stop_after_attempt(self.attempts),
            wait=wait_exponential(multiplier=self.backoff, max=20),
            reraise=True,
        )
        try:
            async for attempt in retrying:
                with attempt:
                    self.calls += 1
                    result = await self.inner.create(
                        messages, tools=tools, tool_choice=tool_choice,
                        json_output=json_output, extra_create_args=extra_create_args,
                        cancellation_token=cancellation_token,
                    )
        except (openai.OpenAIError, TimeoutError) as exc:
            raise ModelError(f"model call failed after {self.attempts} attempt(s): "
                             f"{type(exc).__name__}: {exc}") from exc
        if tools and isinstance(result.content, str):
            return salvage_tool_calls(result, [_tool_name(t) for t in tools])
        return result

    def create_stream(self, *args: Any, **kwargs: Any) -> AsyncGenerator[str | CreateResult, None]:
        return self.inner.create_stream(*args, **kwargs)

    async def close(self) -> None:
        await self.inner.close()

    def actual_usage(self) -> RequestUsage:
        return self.inner.actual_usage()

    def total_usage(self) -> RequestUsage:
        return self.inner.total_usage()

    def count_tokens(self, messages: Sequence[LLMMessage], *,
                     tools: Sequence[Tool | ToolSchema] = ()) -> int:
        return self.inner.count_tokens(messages, tools=tools)

    def remaining_tokens(self, messages: Sequence[LLMMessage], *,
                         tools: Sequence[Tool | ToolSchema] = ()) -> int:
        return self.inner.remaining_tokens(messages, tools=tools)

    @property
    def capabilities(self) -> Any:  # deprecated by autogen, still abstract
        return self.inner.capabilities

    @property
    def model_info(self) -> ModelInfo:
        return self.inner.model_info


def _tool_name(tool: Tool | ToolSchema) -> str:
    return tool["name"] if isinstance(tool, Mapping) else tool.name


def salvage_tool_calls(result: CreateResult, offered: list[str]) -> CreateResult:
    """``result`` with tool calls recovered from its text, when the text holds any."""
    assert isinstance(result.content, str)
    text = _THINK.sub("", result.content)
    calls = [call for value in _json_candidates(text) for call in _as_calls(value)
             if call.name in offered]
    if not calls:
        return result
    thought = result.thought or (result.content if "<think>" in result.content else None)
    return CreateResult(finish_reason="function_calls", content=calls, usage=result.usage,
                        cached=result.cached, logprobs=result.logprobs, thought=thought)


def _json_candidates(text: str) -> list[Any]:
    found: list[Any] = []
    for chunk in [*_FENCE.findall(text), text]:
        decoder = json.JSONDecoder()
        index = 0
        while (start := _next_json_start(chunk, index)) != -1:
            try:
                value, index = decoder.raw_decode(chunk, start)
            except json.JSONDecodeError:
                index = start + 1
                continue
            found.append(value)
        if found:
            return found
    return found


def _next_json_start(text: str, index: int) -> int:
    positions = [p for p in (text.find("{", index), text.find("[", index)) if p != -1]
    return min(positions) if positions else -1


def _as_calls(value: Any) -> list[FunctionCall]:
    if isinstance(value, list):
        return [c for v in value for c in _as_calls(v)]
    if not isinstance(value, dict):
        return []
    if "tool_calls" in value:
        return _as_calls(value["tool_calls"])
    if isinstance(value.get("function"), dict):
        return _as_calls(value["function"])
    name = value.get("name") or value.get("tool")
    arguments = value.get("arguments", value.get("parameters", value.get("args")))
    if not isinstance(name, str) or arguments is None:
        return []
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments, ensure_ascii=False)
    return [FunctionCall(id=f"salvaged_{uuid.uuid4().hex[:8]}", name=name, arguments=arguments)]
