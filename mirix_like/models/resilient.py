"""A wrapper that makes any chat model client dependable enough to store memories with.

It retries what may pass (timeouts, dropped connections, 429, 5xx overloads) with
exponential backoff and fails at once, with :class:`ModelConfigError` saying what to change,
when the server refuses the request as configured (4xx, a 500 naming a missing flag or an
unsupported feature, an unknown model). It gets tool calls from models without native ones
(:mod:`mirix_like.models.toolcalls`), cleans every text a model returns
(:func:`mirix_like.models.text.clean_text`), and counts calls and tokens.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncGenerator, Mapping, Sequence
from typing import Any, Literal

import openai
from autogen_core import CancellationToken, FunctionCall
from autogen_core.models import (
    ChatCompletionClient,
    CreateResult,
    FunctionExecutionResultMessage,
    LLMMessage,
    ModelInfo,
    RequestUsage,
)
from autogen_core.tools import Tool, ToolSchema
from pydantic import BaseModel
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential

from mirix_like.errors import ModelConfigError, ModelError
from mirix_like.models.capabilities import ToolMode
from mirix_like.models.text import clean_arguments, clean_text
from mirix_like.models.toolcalls import (
    instructions,
    read_reply,
    response_format,
    salvage_tool_calls,
    tool_schema,
    without_tools,
)

log = logging.getLogger(__name__)

ToolChoice = Tool | Literal["auto", "required", "none"]
# A 5xx whose message names a flag, an unsupported feature or an unknown model is a setup
# problem, not an overload.
_SETUP = re.compile(r"--[a-z][\w-]+|not supported|unsupported|does not support|"
                    r"not implemented|not found|no such model|unknown model", re.IGNORECASE)
_TOOLS = re.compile(r"\btools?\b|tool_choice|function.?call|--jinja|auto-tool-choice",
                    re.IGNORECASE)
_SCHEMA = re.compile(r"response_format|json_schema|grammar|structured", re.IGNORECASE)
_HINTS = [
    (re.compile(r"--jinja"), "start llama-server with --jinja, or set model_tools = false "
     "(MIRIX_LIKE_MODEL_TOOLS=false) to have tool calls written as JSON"),
    (re.compile(r"auto-tool-choice|tool-call-parser"), "start vLLM with "
     "--enable-auto-tool-choice --tool-call-parser <parser>, or set model_tools = false"),
    (_TOOLS, "set model_tools = false (MIRIX_LIKE_MODEL_TOOLS=false) to have tool calls "
     "written as JSON"),
    (_SCHEMA, "set model_structured_output = false (MIRIX_LIKE_MODEL_STRUCTURED_OUTPUT=false)"),
    (re.compile(r"image|vision|multimodal|mmproj", re.IGNORECASE),
     "set model_vision = false (screenshots are then read by OCR)"),
    (re.compile(r"context|too long|maximum.*length|exceeds", re.IGNORECASE),
     "give the server a larger context (llama.cpp --ctx-size, Ollama num_ctx, vLLM "
     "--max-model-len) or lower batch_size or max_tokens"),
    (re.compile(r"model", re.IGNORECASE), "check model (MIRIX_LIKE_MODEL): the server does "
     "not serve it (Ollama: ollama pull it)"),
]


def config_problem(exc: BaseException) -> str | None:
    """What to change, when ``exc`` is the server refusing the request as configured."""
    if not isinstance(exc, openai.APIStatusError):
        return None
    status, message = exc.status_code, _message(exc)
    if status in (408, 409, 429) or (status >= 500 and status != 501
                                     and not _SETUP.search(message)):
        return None
    if status in (401, 403):
        hint = "check api_key (MIRIX_LIKE_API_KEY)"
    else:
        hint = next((h for pattern, h in _HINTS if pattern.search(message)),
                    "check base_url (it usually ends with /v1) and model" if status == 404
                    else "check the model settings (model, base_url, model_tools, "
                    "model_structured_output, max_tokens)")
    return f"the model server refused the request ({status}: {message}); {hint}"


def _message(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        text = inner.get("message") if isinstance(inner, dict) else inner
        if isinstance(text, str) and text:
            return text
    return exc.message


def is_transient(exc: BaseException) -> bool:
    """Worth retrying: timeouts, dropped connections, 408, 409, 429 and overloaded 5xx."""
    if isinstance(exc, openai.APIStatusError):
        return config_problem(exc) is None and (exc.status_code in (408, 409, 429)
                                                or exc.status_code >= 500)
    return isinstance(exc, openai.APITimeoutError | openai.APIConnectionError | TimeoutError)


class ResilientChatCompletionClient(ChatCompletionClient):
    """Wraps ``inner``: retries, tool calls for every model, clean text.

    ``tool_mode`` says how tool calls are asked for (see :class:`ModelCapabilities`). When
    the server refuses that mode (tools, or schemas) and ``fallbacks`` name modes to try,
    the client steps down to the next one instead of failing.
    """

    def __init__(self, inner: ChatCompletionClient, *, attempts: int = 4,
                 backoff: float = 0.5, tool_mode: ToolMode = "native",
                 fallbacks: Sequence[ToolMode] = ()) -> None:
        self.inner = inner
        self.attempts = max(1, attempts)
        self.backoff = backoff
        self.tool_mode: ToolMode = tool_mode
        self.fallbacks = tuple(fallbacks)
        self.calls = 0

    async def create(
        self,
        messages: Sequence[LLMMessage],
        *,
        tools: Sequence[Tool | ToolSchema] = (),
        tool_choice: ToolChoice = "auto",
        json_output: bool | type[BaseModel] | None = None,
        extra_create_args: Mapping[str, Any] = {},  # noqa: B006 (the interface's signature)
        cancellation_token: CancellationToken | None = None,
    ) -> CreateResult:
        mode = self.tool_mode
        try:
            if mode != "native":
                return await self._create_without_tools(
                    messages, tools, tool_choice, extra_create_args, cancellation_token)
            result = await self._call(messages, tools=tools, tool_choice=tool_choice,
                                      json_output=json_output,
                                      extra_create_args=extra_create_args,
                                      cancellation_token=cancellation_token)
        except ModelConfigError as exc:
            if not (tools and self._step_down(mode, exc)):
                raise
            return await self.create(messages, tools=tools, tool_choice=tool_choice,
                                     json_output=json_output,
                                     extra_create_args=extra_create_args,
                                     cancellation_token=cancellation_token)
        return _cleaned(result, [tool_schema(t)["name"] for t in tools])

    def _step_down(self, mode: ToolMode, exc: ModelConfigError) -> bool:
        """Move to the next tool mode when the server refused the current one."""
        if self.tool_mode != mode:  # a concurrent call has stepped down already
            return True
        refused = {"native": _TOOLS, "json_schema": _SCHEMA}.get(mode)
        cause = exc.__cause__
        message = _message(cause) if isinstance(cause, openai.APIStatusError) else ""
        if not self.fallbacks or refused is None or not refused.search(message):
            return False
        self.tool_mode, self.fallbacks = self.fallbacks[0], self.fallbacks[1:]
        log.warning("%s; asking for tool calls as JSON (%s) from now on", exc, self.tool_mode)
        return True

    async def _create_without_tools(
        self, messages: Sequence[LLMMessage], tools: Sequence[Tool | ToolSchema],
        tool_choice: ToolChoice, extra_create_args: Mapping[str, Any],
        cancellation_token: CancellationToken | None,
    ) -> CreateResult:
        schemas = [] if tool_choice == "none" else [tool_schema(t) for t in tools]
        if isinstance(tool_choice, Tool):
            schemas = [tool_choice.schema]
        if not schemas and not any(isinstance(m, FunctionExecutionResultMessage)
                                   for m in messages):  # a plain request, e.g. for topics
            result = await self._call(without_tools(messages, None),
                                      extra_create_args=extra_create_args,
                                      cancellation_token=cancellation_token)
            return _cleaned(result, [])
        # After calls made as JSON a model answers in JSON too, so its answer is asked for so.
        allow_answer = tool_choice in ("auto", "none")
        extra = dict(extra_create_args)
        if self.tool_mode == "json_schema":
            extra["response_format"] = response_format(schemas, allow_answer=allow_answer)
        result = await self._call(
            without_tools(messages, instructions(schemas, allow_answer=allow_answer)),
            extra_create_args=extra, cancellation_token=cancellation_token)
        return read_reply(result, [s["name"] for s in schemas])

    async def _call(self, messages: Sequence[LLMMessage], **kwargs: Any) -> CreateResult:
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
                    result = await self.inner.create(messages, **kwargs)
        except (openai.OpenAIError, TimeoutError) as exc:
            problem = config_problem(exc)
            if problem:
                raise ModelConfigError(problem) from exc
            raise ModelError(f"model call failed after {self.attempts} attempt(s): "
                             f"{type(exc).__name__}: {exc}") from exc
        return result

    async def create_stream(  # type: ignore[override]  # one chunk: the cleaned reply
        self, messages: Sequence[LLMMessage], **kwargs: Any,
    ) -> AsyncGenerator[str | CreateResult, None]:
        result = await self.create(messages, **kwargs)
        if isinstance(result.content, str):
            yield result.content
        yield result

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
        """The inner client's; tool calls are always available through this wrapper."""
        return ModelInfo(**{**self.inner.model_info, "function_calling": True})


def _cleaned(result: CreateResult, offered: list[str]) -> CreateResult:
    """``result`` with tool calls written as text recovered, or else its text cleaned."""
    if isinstance(result.content, str):
        if offered:
            salvaged = salvage_tool_calls(result, offered)
            if not isinstance(salvaged.content, str):
                return salvaged
        return result.model_copy(update={"content": clean_text(result.content)})
    calls = [FunctionCall(id=c.id, name=c.name, arguments=clean_arguments(c.arguments))
             for c in result.content]
    return result.model_copy(update={"content": calls})
