"""Every agent states its task as a structured payload, and that payload is all a model needs.

The offline rules answer here as a model behind a real OpenAI-compatible HTTP server: they
see only what the server receives (messages and tool schemas as JSON), so the memories
and the answer coming back prove that each prompt carries its task, its inputs and its
memories as data, with nothing a client has to guess from tool names.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from autogen_core import FunctionCall
from autogen_core.models import (
    AssistantMessage,
    FunctionExecutionResult,
    FunctionExecutionResultMessage,
    LLMMessage,
    SystemMessage,
    UserMessage,
)
from support.openai_server import ScriptedOpenAIServer, Step, text, tool_calls

from mirix_like import AsyncMemorySystem, Settings
from mirix_like.offline.client import OfflineChatCompletionClient
from mirix_like.prompt_format import read_task

USER = "sam"


def _content(message: dict[str, Any]) -> str:
    content = message.get("content") or ""
    if isinstance(content, list):  # a multimodal turn: its text parts
        return "\n".join(part.get("text", "") for part in content if part.get("type") == "text")
    return str(content)


def _messages(request: dict[str, Any]) -> list[LLMMessage]:
    """The request's chat messages as autogen messages, tool results grouped per turn."""
    out: list[LLMMessage] = []
    for message in request["messages"]:
        role = message["role"]
        if role == "system":
            out.append(SystemMessage(content=_content(message)))
        elif role == "user":
            out.append(UserMessage(content=_content(message), source="user"))
        elif role == "assistant" and message.get("tool_calls"):
            out.append(AssistantMessage(source="assistant", content=[
                FunctionCall(id=c["id"], name=c["function"]["name"],
                             arguments=c["function"]["arguments"])
                for c in message["tool_calls"]]))
        elif role == "assistant":
            out.append(AssistantMessage(content=_content(message), source="assistant"))
        else:
            result = FunctionExecutionResult(content=_content(message), name="tool",
                                             call_id=message["tool_call_id"])
            if out and isinstance(out[-1], FunctionExecutionResultMessage):
                out[-1].content.append(result)
            else:
                out.append(FunctionExecutionResultMessage(content=[result]))
    return out


def offline_rules_over_http(request: dict[str, Any]) -> Step:
    """Answer a chat completion request the way the offline backend would."""
    reply = asyncio.run(OfflineChatCompletionClient(announce=False).create(_messages(request)))
    if isinstance(reply.content, list):
        return tool_calls([(c.name, json.loads(c.arguments)) for c in reply.content])
    return text(str(reply.content))


def test_a_model_reading_only_the_prompts_payloads_fills_memory_and_answers(
        tmp_path: Path) -> None:
    with ScriptedOpenAIServer(responder=offline_rules_over_http) as server:
        memory = AsyncMemorySystem(Settings(
            store_uri=str(tmp_path / "store"), backend="openai", base_url=server.base_url,
            api_key="test", model="rules-over-http", max_retries=0, request_timeout=10,
            offline_fallback=False))
        report = asyncio.run(memory.add(
            [{"role": "user", "content": "I live in Lisbon and I work as a nurse."},
             {"role": "user", "content": "My sister Maya lives in Porto."},
             {"role": "user", "content": "To renew my badge: first email security, "
                                         "then print the form, then bring a photo."}],
            user_id=USER, occurred_at="2026-03-02T09:00:00+00:00", flush=True))
        response = asyncio.run(memory.chat("Where does my sister live?", user_id=USER))
        requests = server.chat_requests

    assert not report.failed_inputs and not report.fallback_inputs
    assert set(report.routed) >= {"core", "semantic", "procedural"}
    core = " ".join(block.value for block in memory.store.list("core", USER))
    assert "Lisbon" in core and "nurse" in core
    assert any("Porto" in f.summary for f in memory.store.list("semantic", USER))
    [steps] = [p.steps for p in memory.store.list("procedural", USER)]
    assert "print the form" in " ".join(steps)
    assert "Porto" in response.answer

    tasks = [read_task(*(_content(m) for m in r["messages"] if m["role"] == "system"))
             for r in requests]
    kinds = {t.get("task") for t in tasks}
    assert kinds >= {"route", "update-memory", "answer"}, kinds
    assert None not in kinds, "a request stated no task"
    updated = {t["memory_type"] for t in tasks if t["task"] == "update-memory"}
    assert updated == set(report.routed)


def test_the_offline_client_follows_the_stated_task_not_the_tools_offered() -> None:
    client = OfflineChatCompletionClient(announce=False)
    system = SystemMessage(content='<task>\n{"task": "extract-topics"}\n</task>\nList topics.')
    question = UserMessage(content="user: When did Maya move to Porto?", source="user")

    reply = asyncio.run(client.create([system, question]))

    assert isinstance(reply.content, str)
    assert "Maya" in reply.content and "Porto" in reply.content
