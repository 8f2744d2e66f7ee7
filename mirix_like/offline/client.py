"""The offline model backend: a deterministic ChatCompletionClient that works by rules.

It drives the same agents and the same tools as a real model: it reads the task each prompt
states (:func:`mirix_like.prompt_format.task_block`) and the tagged blocks beside it, routes
and extracts with the extractor of each memory type (:mod:`mirix_like.offline.extractors`,
screenshots by :mod:`mirix_like.offline.screens`), answers with
:mod:`mirix_like.offline.answer`, and replies with tool calls or text. No network, no weights.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import AsyncGenerator, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal

from autogen_core import CancellationToken, FunctionCall
from autogen_core.models import (
    ChatCompletionClient,
    CreateResult,
    FunctionExecutionResultMessage,
    LLMMessage,
    ModelFamily,
    ModelInfo,
    RequestUsage,
    SystemMessage,
    UserMessage,
)
from autogen_core.tools import Tool, ToolSchema
from pydantic import BaseModel

from mirix_like import memory_types
from mirix_like.memory_types import MemoryType
from mirix_like.memory_types.core import CORE_BLOCK_LIMIT
from mirix_like.offline import casual, changes, notes, others_words, replies, screens
from mirix_like.offline.answer import answer
from mirix_like.offline.extractors import extractor_for, route
from mirix_like.offline.language import InputText
from mirix_like.offline.plain import language
from mirix_like.offline.told_days import told_on
from mirix_like.prompt_format import INPUTS_TAG, MEMORIES_TAG, read_task, unwrap
from mirix_like.retrieval.clock import zone_of
from mirix_like.retrieval.topics import keyword_topics

log = logging.getLogger("mirix_like")
OFFLINE_NOTICE = (
    "mirix_like is using the offline rule-based model backend (no model configured): "
    "memories are extracted by rules. Set OPENAI_API_KEY or MIRIX_LIKE_BASE_URL to use a model."
)
_announced = False


def announce_offline() -> None:
    """Say once per process that the offline backend is in use."""
    global _announced
    if not _announced:
        _announced = True
        log.warning(OFFLINE_NOTICE)


class OfflineChatCompletionClient(ChatCompletionClient):
    """Answers every request by rules, instantly and reproducibly."""

    def __init__(self, *, announce: bool = True) -> None:
        self._usage = RequestUsage(prompt_tokens=0, completion_tokens=0)
        self._last = RequestUsage(prompt_tokens=0, completion_tokens=0)
        if announce:  # not when it only stands in for a model that failed
            announce_offline()

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
        content = _decide(messages)
        prompt = sum(len(_text(m)) for m in messages) // 4
        completion = len(str(content)) // 4
        self._last = RequestUsage(prompt_tokens=prompt, completion_tokens=completion)
        self._usage = RequestUsage(
            prompt_tokens=self._usage.prompt_tokens + prompt,
            completion_tokens=self._usage.completion_tokens + completion,
        )
        finish = "function_calls" if isinstance(content, list) else "stop"
        return CreateResult(finish_reason=finish, content=content, usage=self._last, cached=False)

    async def create_stream(
        self, messages: Sequence[LLMMessage], **kwargs: Any
    ) -> AsyncGenerator[str | CreateResult, None]:
        yield await self.create(messages, **kwargs)

    async def close(self) -> None:
        return None

    def actual_usage(self) -> RequestUsage:
        return self._last

    def total_usage(self) -> RequestUsage:
        return self._usage

    def count_tokens(
        self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = ()
    ) -> int:
        return sum(len(_text(m)) for m in messages) // 4

    def remaining_tokens(
        self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = ()
    ) -> int:
        return 1_000_000 - self.count_tokens(messages)

    @property
    def capabilities(self) -> Any:  # deprecated by autogen, still abstract
        return self.model_info

    @property
    def model_info(self) -> ModelInfo:
        return ModelInfo(
            vision=False,
            function_calling=True,
            json_output=True,
            family=ModelFamily.UNKNOWN,
            structured_output=False,
            multiple_system_messages=True,
        )


def _text(message: LLMMessage) -> str:
    content = getattr(message, "content", "")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(getattr(c, "content", c)) for c in content if not _is_image(c))
    return str(content)


def _is_image(part: Any) -> bool:
    return type(part).__name__ == "Image"


def _call(name: str, arguments: dict[str, Any]) -> FunctionCall:
    return FunctionCall(
        id=f"offline_{uuid.uuid4().hex[:8]}",
        name=name,
        arguments=json.dumps(arguments, ensure_ascii=False),
    )


def _decide(messages: Sequence[LLMMessage]) -> str | list[FunctionCall]:
    last = messages[-1]
    system = "\n".join(m.content for m in messages if isinstance(m, SystemMessage))
    user = next((_text(m) for m in reversed(messages) if isinstance(m, UserMessage)), "")
    task = read_task(system)
    if task.get("task") == "update-memory":  # a manager's follow-up task comes in its user turn
        task = read_task(system, user)
    kind = task.get("task")
    if isinstance(last, FunctionExecutionResultMessage):
        if kind == "answer":  # the chat agent reflecting on a tool's results
            return _answer(user, [r.content for r in last.content] + _memory_texts(system),
                           task)
        return "done"
    if kind == "extract-topics":
        return "\n".join(keyword_topics(user.splitlines()[-1].removeprefix("user: ")))
    if kind == "route":
        # Small talk routes nowhere: an empty list is a valid decision.
        texts, shots = _split(_inputs(user))
        specs = memory_types.all_types()
        chosen = set(route(texts, specs)) | set(screens.route(shots))
        types = [spec.name for spec in specs if spec.name in chosen]
        return [_call("route_to_memory_managers", {"memory_types": types})]
    if kind == "rewrite-core-block":
        return [_shortened(unwrap("block", user) or {})]
    if kind == "update-memory":
        return _update_calls(memory_types.get(str(task.get("memory_type"))), user)
    return _answer(user, _memory_texts(system), task)


def _answer(question: str, memories: list[str], task: Mapping[str, Any]) -> str:
    """What the screen showed at an hour the question names, or when the user looked at the
    screen it names (in the user's zone, which the task states), else what the user told of
    the day it asks what they did on, else the best memory's sentence."""
    zone = zone_of(str(task.get("timezone") or "UTC"))
    lang = language(question)
    return (screens.on_screen_at(question, memories, lang, zone)
            or screens.when_seen(question, memories, lang, zone)
            or told_on(question, memories, lang, zone) or answer(question, memories))


def _inputs(user: str) -> list[InputText]:
    """The batch's inputs; a screenshot with no text still counts when its window is known;
    a short reply to a question said in full ("Manchester." to "Where are you based?"), and a
    self-description in notes form written out ("Wife: Meera." is "My wife is Meera."), and
    texting shorthand spelled out ("im leo, i live w my gf hannah")."""
    return replies.in_full([
        notes.written_out(casual.spelled_out(others_words.told_of_writer(InputText(
            source_id=i["id"],
            text=i["text"],
            speaker=i.get("speaker"),
            role=i.get("role"),
            occurred_at=datetime.fromisoformat(i["occurred_at"]),
            kind=i.get("kind", "text"),
            metadata=i.get("metadata") or {},
        ))))
        for i in unwrap(INPUTS_TAG, user) or []
        if i.get("text") or (i.get("kind") == "image" and i.get("metadata"))
    ])


def _split(inputs: list[InputText]) -> tuple[list[InputText], list[InputText]]:
    """Messages and texts apart from screenshots, which have rules of their own."""
    shots = [i for i in inputs if screens.is_screenshot(i)]
    return [i for i in inputs if not screens.is_screenshot(i)], shots


def _extract(memory_type: str, inputs: list[InputText]) -> list[dict[str, Any]]:
    texts, shots = _split(inputs)
    items = extractor_for(memory_types.get(memory_type)).extract(texts)
    if shots and memory_type in screens.EXTRACTORS:
        items += screens.EXTRACTORS[memory_type](shots)
    return items


def _existing(user: str) -> list[dict[str, Any]]:
    """The stored items a manager was shown: id, rendering and content fields."""
    return unwrap("existing", user) or []


def _item_calls(memory_type: str, user: str) -> list[FunctionCall]:
    existing = _existing(user)
    known = "\n".join(str(value) for e in existing for value in e["fields"].values()).casefold()
    inputs = _inputs(user)
    calls: list[FunctionCall] = []
    fresh = []
    for item in _extract(memory_type, inputs):
        replacement = changes.replacing(memory_type, item, existing, inputs)
        if replacement is not None:  # a changed fact: the old item is kept as a past one
            # holding only what stopped being true; the rest lives on in the new item
            calls += [_call(f"update_{memory_type}", {"item_id": old, "summary": summary})
                      for old, summary in replacement.pop("past", {}).items()]
            fresh.append(replacement)
            continue
        if all(key.casefold() in known for key in _key_texts(item)):
            continue
        match = _same_name(item, existing)
        if match is None:
            fresh.append(item)
        else:  # what was known before moves to the details, the new statement leads
            old = match["fields"]
            details = " ".join(dict.fromkeys(filter(None, (old.get("summary"),
                                                           old.get("details")))))
            calls.append(_call(f"update_{memory_type}", {
                "item_id": match["id"],
                "summary": item["summary"],
                "details": details,
                "source_ids": item["source_ids"],
                # a fact that changed says since when ("Leo turned 8": 8 since then)
                **{k: item[k] for k in ("valid_from",) if item.get(k)},
            }))
    if fresh:
        calls.append(_call(f"insert_{memory_type}", {"items": _one_per_name(fresh)}))
    return calls or [_call("no_changes", {"reason": f"nothing for {memory_type} memory"})]


def _one_per_name(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """New items of one name as one item: a type with names keeps one per person or thing
    ("Maya is Sam's sister." and "Maya lives in Lisbon." make one item about Maya)."""
    kept: list[dict[str, Any]] = []
    by_name: dict[str, dict[str, Any]] = {}
    for item in items:
        name = str(item.get("name") or "").casefold()
        first = by_name.get(name)
        if not name or "supersedes" in item or first is None or "supersedes" in first:
            by_name.setdefault(name, item)
            kept.append(item)
            continue
        for field in ("summary", "details"):
            parts = [str(first.get(field) or ""), str(item.get(field) or "")]
            first[field] = " ".join(dict.fromkeys(p for p in parts if p))
        first["source_ids"] = list(dict.fromkeys([*first["source_ids"], *item["source_ids"]]))
    return kept


def _key_texts(item: dict[str, Any]) -> list[str]:
    """What marks an item as already known: a screenshot's content, a vault entry's value
    (an address under another caption is news: "Address" is in "Home address"), else its
    summary; a screen seen, by its summary (the window and the minute) and what it showed (a
    window seen again within the minute, showing another value, is news)."""
    if item.get("resource_type") == "screenshot":
        return [str(item["content"] or item["title"])]
    if item.get("event_type") == "screen":
        return [str(item["summary"]), str(item.get("details") or "")]
    return [str(item.get("summary") or item.get("secret_value") or item.get("title") or "")]


def _same_name(item: dict[str, Any], existing: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The shown current item of the same name (a person, place or thing), for a type with
    names; one kept as past ("Tom is a teacher in Leeds" until he moved on) takes nothing new."""
    name = str(item.get("name") or "").casefold()
    return next((e for e in existing
                 if name and str(e.get("fields", {}).get("name", "")).casefold() == name
                 and e.get("fields", {}).get("valid_until") is None), None)


def _update_calls(spec: MemoryType, user: str) -> list[FunctionCall]:
    """A manager's calls: its extractor's own calls for a type with them (core's blocks),
    else inserts and updates of items."""
    calls_of = extractor_for(spec).calls
    if calls_of is None:
        return _item_calls(spec.name, user)
    texts, _ = _split(_inputs(user))
    calls = [_call(name, args) for name, args in calls_of(texts, _existing(user))]
    return calls or [_call("no_changes", {"reason": f"nothing for {spec.name} memory"})]


def _shortened(block: dict[str, Any]) -> FunctionCall:
    """A core block cut to about half its limit, keeping its newest lines."""
    lines = list(dict.fromkeys(line for line in str(block.get("value", "")).splitlines()
                               if line.strip()))
    kept: list[str] = []
    for line in reversed(lines):  # newest facts last in the block: keep them first
        if sum(len(k) + 1 for k in kept) + len(line) > CORE_BLOCK_LIMIT // 2:
            break
        kept.insert(0, line)
    return _call("core_rewrite", {"label": block.get("label", "human"), "content": "\n".join(kept)})


def _memory_texts(system: str) -> list[str]:
    sections = unwrap(MEMORIES_TAG, system) or []
    return [item["text"] for section in sections for item in section.get("items", [])]
