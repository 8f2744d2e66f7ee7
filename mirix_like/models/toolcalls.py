"""Tool calls from models that do not make native ones.

A model without native tool calls is shown the tools in its system message and asked to
reply with one JSON object, ``{"calls": [{"name": ..., "arguments": {...}}]}`` (or
``{"answer": "..."}`` where a plain reply is allowed). With structured output the server
enforces that shape with a grammar built from :func:`calls_schema` (llama.cpp, Ollama and
vLLM all do); without it the reply is read as well as it can be. Either way the reply
becomes the same :class:`FunctionCall` objects a native call gives, so the agents and the
tools' validation run unchanged. Tool calls a model wrote as text in an ordinary reply (JSON
in prose, in a code fence) are recovered the same way by :func:`salvage_tool_calls`.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from autogen_core import FunctionCall
from autogen_core.models import (
    AssistantMessage,
    CreateResult,
    FunctionExecutionResultMessage,
    LLMMessage,
    SystemMessage,
    UserMessage,
)
from autogen_core.tools import Tool, ToolSchema

from mirix_like.models.text import clean_arguments, clean_strings, clean_text

CALLS, ANSWER = "calls", "answer"
MAX_CALLS = 8
# The start of an answer cut off by max_tokens: as much of its string as is complete.
_CALLS_START = re.compile(r'\s*\{\s*"calls"\s*:')
_CUT_ANSWER = re.compile(r'\s*\{\s*"answer"\s*:\s*"((?:[^"\\]|\\(?:u[0-9a-fA-F]{4}|[^u]))*)')


def tool_schema(tool: Tool | ToolSchema) -> ToolSchema:
    """The schema of a tool or of a tool schema."""
    return tool if isinstance(tool, Mapping) else tool.schema


def calls_schema(tools: Sequence[ToolSchema], *, allow_answer: bool) -> dict[str, Any]:
    """The JSON schema of a reply: calls to ``tools``, or (if allowed) a plain answer; with
    no tools, an answer.

    Each tool's ``$defs`` move to the root under the tool's name, so ``$ref`` resolve there
    and two tools may define models of the same name.
    """
    defs: dict[str, Any] = {}
    variants = []
    for tool in tools:
        arguments = _hoisted(dict(tool.get("parameters") or {"type": "object"}),
                             tool["name"], defs)
        variants.append({"type": "object", "properties": {
            "name": {"type": "string", "const": tool["name"]}, "arguments": arguments},
            "required": ["name", "arguments"]})
    kinds = []
    if variants:
        kinds.append({"type": "object", "required": [CALLS], "properties": {CALLS: {
            "type": "array", "minItems": 1, "maxItems": MAX_CALLS,
            "items": {"anyOf": variants}}}})
    if allow_answer or not variants:
        kinds.append({"type": "object", "required": [ANSWER],
                      "properties": {ANSWER: {"type": "string", "minLength": 1}}})
    schema = kinds[0] if len(kinds) == 1 else {"anyOf": kinds}
    return {**schema, "$defs": defs} if defs else schema


def _hoisted(schema: dict[str, Any], prefix: str, defs: dict[str, Any]) -> dict[str, Any]:
    local = schema.pop("$defs", None) or {}
    renamed = {f"#/$defs/{name}": f"#/$defs/{prefix}.{name}" for name in local}

    def rewrite(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: renamed.get(v, v) if k == "$ref" and isinstance(v, str) else rewrite(v)
                    for k, v in value.items()}
        if isinstance(value, list):
            return [rewrite(v) for v in value]
        return value

    defs.update({f"{prefix}.{name}": rewrite(body) for name, body in local.items()})
    return rewrite(schema)


def response_format(tools: Sequence[ToolSchema], *, allow_answer: bool) -> dict[str, Any]:
    """``response_format`` asking the server to enforce :func:`calls_schema`."""
    return {"type": "json_schema", "json_schema": {
        "name": "tool_calls", "schema": calls_schema(tools, allow_answer=allow_answer)}}


def instructions(tools: Sequence[ToolSchema], *, allow_answer: bool) -> str:
    """What the model is told about the tools it cannot call natively (none: how to answer)."""
    answer = '{"answer": "<your reply>"}'
    if not tools:
        return f"Reply to the user with one JSON object and nothing else: {answer}"
    lines = ["You can call these tools. Call them by replying with one JSON object and nothing "
             'else: {"calls": [{"name": "<tool name>", "arguments": {<arguments>}}]}']
    if allow_answer:
        lines.append(f"To reply to the user without a tool, reply {answer}.")
    for tool in tools:
        parameters = json.dumps(tool.get("parameters") or {}, ensure_ascii=False,
                                separators=(",", ":"))
        lines.append(f"- {tool['name']}: {tool.get('description', '')}\n"
                     f"  arguments (JSON schema): {parameters}")
    return "\n".join(lines)


def without_tools(messages: Sequence[LLMMessage], note: str | None) -> list[LLMMessage]:
    """``messages`` for a request that carries no tools: earlier calls become the JSON they
    stand for, their results a user turn, and ``note`` (if any) joins the system message."""
    out: list[LLMMessage] = []
    for message in messages:
        if isinstance(message, AssistantMessage) and not isinstance(message.content, str):
            calls = [{"name": c.name, "arguments": _decoded(c.arguments)}
                     for c in message.content]
            message = AssistantMessage(content=json.dumps({CALLS: calls}, ensure_ascii=False),
                                       source=message.source)
        elif isinstance(message, FunctionExecutionResultMessage):
            results = "\n".join(f"- {r.name}: {'error: ' if r.is_error else ''}{r.content}"
                                for r in message.content)
            message = UserMessage(content=f"Results of your calls:\n{results}", source="tools")
        last = out[-1] if out else None
        if (isinstance(message, UserMessage) and isinstance(last, UserMessage)
                and isinstance(message.content, str) and isinstance(last.content, str)):
            out[-1] = UserMessage(content=f"{last.content}\n\n{message.content}",
                                  source=last.source)  # roles must alternate in many templates
            continue
        out.append(message)
    systems = [i for i, m in enumerate(out) if isinstance(m, SystemMessage)]
    if note is None:
        return out
    if systems:
        first = out[systems[0]]
        assert isinstance(first, SystemMessage)
        out[systems[0]] = SystemMessage(content=f"{first.content}\n\n{note}")
    else:
        out.insert(0, SystemMessage(content=note))
    return out


def _decoded(arguments: str) -> Any:
    try:
        return json.loads(arguments)
    except ValueError:
        return arguments


def read_reply(result: CreateResult, offered: Sequence[str]) -> CreateResult:
    """A reply to a request without tools, as the tool calls or the answer it holds."""
    if not isinstance(result.content, str):
        return result
    text = clean_text(result.content)
    for candidate in (result.content, text):  # a token inside a JSON string must not cut it
        try:
            value = json.loads(candidate)
            break
        except ValueError:
            continue
    else:
        cut = _CUT_ANSWER.match(result.content)
        if cut:
            return _replaced(result, clean_text(json.loads(f'"{cut.group(1)}"')))
        salvaged = salvage_tool_calls(_replaced(result, text), offered)
        if isinstance(salvaged.content, str) and _CALLS_START.match(salvaged.content):
            return _replaced(result, "")  # calls cut off or garbled: no answer, no calls
        return salvaged
    calls = _as_calls(value, offered)
    if calls:
        return _with_calls(result, calls)
    if isinstance(value, dict) and isinstance(value.get(ANSWER), str):
        return _replaced(result, clean_text(value[ANSWER]))
    return _replaced(result, text)


def salvage_tool_calls(result: CreateResult, offered: Sequence[str]) -> CreateResult:
    """``result`` with tool calls recovered from its text, when the text holds any."""
    assert isinstance(result.content, str)
    text = clean_text(result.content)
    calls = [c for value in _json_candidates(text) for c in _as_calls(value, offered)]
    return _with_calls(result, calls) if calls else result


def _replaced(result: CreateResult, content: str) -> CreateResult:
    return result.model_copy(update={"content": content})


def _with_calls(result: CreateResult, calls: list[FunctionCall]) -> CreateResult:
    thought = result.thought or (result.content if isinstance(result.content, str)
                                 and "<think" in result.content else None)
    return CreateResult(finish_reason="function_calls", content=calls, usage=result.usage,
                        cached=result.cached, logprobs=result.logprobs, thought=thought)


def _json_candidates(text: str) -> list[Any]:
    found: list[Any] = []
    for chunk in [*_fenced(text), text]:
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


def _fenced(text: str) -> list[str]:
    parts = text.split("```")
    return [p.removeprefix("json").strip() for p in parts[1::2]]


def _next_json_start(text: str, index: int) -> int:
    positions = [p for p in (text.find("{", index), text.find("[", index)) if p != -1]
    return min(positions) if positions else -1


def _as_calls(value: Any, offered: Sequence[str]) -> list[FunctionCall]:
    if isinstance(value, list):
        return [c for v in value for c in _as_calls(v, offered)]
    if not isinstance(value, dict):
        return []
    for key in (CALLS, "tool_calls"):
        if key in value:
            return _as_calls(value[key], offered)
    if isinstance(value.get("function"), dict):
        return _as_calls(value["function"], offered)
    name = value.get("name") or value.get("tool")
    arguments = value.get("arguments", value.get("parameters", value.get("args")))
    if not isinstance(name, str) or name not in offered or arguments is None:
        return []
    if isinstance(arguments, str):
        arguments = clean_arguments(arguments)
    else:
        arguments = json.dumps(clean_strings(arguments), ensure_ascii=False)
    return [FunctionCall(id=f"call_{uuid.uuid4().hex[:12]}", name=name, arguments=arguments)]
