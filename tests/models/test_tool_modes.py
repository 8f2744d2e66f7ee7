"""Tool calls from models without native ones, through the scripted OpenAI-compatible server.

The server plays a llama.cpp, Ollama or vLLM server: it enforces nothing, so each test's
model checks what the client sent (no ``tools``, a ``json_schema`` response format whose
schema its reply must satisfy) and the test checks that the memories are the ones a native
tool call would have made.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import jsonschema
import pytest
from autogen_core import FunctionCall
from autogen_core.models import (
    AssistantMessage,
    FunctionExecutionResult,
    FunctionExecutionResultMessage,
    SystemMessage,
    UserMessage,
)
from support.openai_server import ScriptedOpenAIServer, error, llama_cpp_props, text, tool_calls

from mirix_like.errors import ModelConfigError

USER = "noor"
MESSAGE = {"id": "m1", "role": "user", "name": "Noor",
           "content": "Last Saturday I ran the Porto half marathon in 1:52 with my brother "
                      "Idris."}
WHEN = "2025-03-10T09:00:00+00:00"
EVENT = {"event_type": "activity", "summary": "Noor ran the Porto half marathon in 1:52",
         "details": "with her brother Idris", "actor": "user",
         "occurred_at": "2025-03-08T09:00:00Z", "source_ids": ["m1"]}
FACT = {"name": "Idris", "summary": "Idris is Noor's brother", "details": "",
        "source": "user", "source_ids": ["m1"]}
JINJA = {"error": {"code": 500, "message": "tools param requires --jinja flag",
                   "type": "server_error"}}
LLAMA_NO_TOOLS = {("GET", "/props"): llama_cpp_props(supports_tools=False, n_ctx=8192)}


def offered(request: dict[str, Any]) -> list[str]:
    """The tools a request without native tools offers: from its schema, else its prompt."""
    fmt = request.get("response_format")
    if fmt:
        schema = fmt["json_schema"]["schema"]
        calls = schema["anyOf"][0] if "anyOf" in schema else schema
        if "calls" not in calls["properties"]:  # an answer only
            return []
        return [v["properties"]["name"]["const"]
                for v in calls["properties"]["calls"]["items"]["anyOf"]]
    system = request["messages"][0]["content"]
    return re.findall(r"^- (\w+): ", system, re.MULTILINE) if "You can call" in system else []


def had_results(request: dict[str, Any]) -> bool:
    return any("Results of your calls" in str(m.get("content")) for m in request["messages"])


def calls_for(tools: list[str]) -> dict[str, Any]:
    """What a sensible model calls, given the tools offered."""
    if "route_to_memory_managers" in tools:
        return {"calls": [{"name": "route_to_memory_managers",
                           "arguments": {"memory_types": ["episodic", "semantic"]}}]}
    if "insert_episodic" in tools:
        return {"calls": [{"name": "insert_episodic", "arguments": {"items": [EVENT]}}]}
    if "insert_semantic" in tools:
        return {"calls": [{"name": "insert_semantic", "arguments": {"items": [FACT]}}]}
    return {"answer": "Nothing to do."}


def json_model(request: dict[str, Any]) -> Any:
    """A model behind a server that enforces the request's JSON schema."""
    assert "tools" not in request and "tool_choice" not in request, "tools were sent"
    tools = offered(request)
    if not tools:
        return text("Porto half marathon\nIdris")
    reply = calls_for(tools)
    fmt = request.get("response_format")
    if fmt:
        jsonschema.validate(reply, fmt["json_schema"]["schema"])
    return text(json.dumps(reply))


def add(system: Any) -> Any:
    return asyncio.run(system.add([MESSAGE], user_id=USER, occurred_at=WHEN, flush=True))


def assert_the_same_memories(system: Any) -> None:
    [event] = system.store.list("episodic", USER)
    assert (event.summary, event.source_ids) == (EVENT["summary"], ["m1"])
    assert event.occurred_at.isoformat() == "2025-03-08T09:00:00+00:00"
    [fact] = system.store.list("semantic", USER)
    assert (fact.name, fact.summary) == ("Idris", FACT["summary"])


def test_a_model_without_tools_is_asked_for_schema_constrained_json_and_stores_the_same(
    system_for: Any,
) -> None:
    with ScriptedOpenAIServer(responder=json_model, routes=LLAMA_NO_TOOLS) as server:
        system = system_for(server)
        report = add(system)
    caps = system.backend.capabilities
    assert (caps.tools, caps.structured_output, caps.tool_mode) == (False, True, "json_schema")
    assert report.processed_inputs == ["m1"] and not report.errors
    assert report.routed == ["episodic", "semantic"]
    chats = server.chat_requests
    assert chats and all(r["response_format"]["type"] == "json_schema" for r in chats)
    for request in chats:  # each is told what its tools are for
        assert all(f"- {name}: " in request["messages"][0]["content"]
                   for name in offered(request))
    assert_the_same_memories(system)


def test_failed_calls_get_their_results_and_a_correction_as_plain_turns(
    system_for: Any,
) -> None:
    route = {"calls": [{"name": "route_to_memory_managers",
                        "arguments": {"memory_types": ["episodic"]}}]}
    missing_summary = {"calls": [{"name": "insert_episodic",
                                  "arguments": {"items": [{"event_type": "activity"}]}}]}
    good = calls_for(["insert_episodic"])
    steps = [text(json.dumps(route)), text(json.dumps(missing_summary)), text(json.dumps(good))]
    with ScriptedOpenAIServer(*steps, routes=LLAMA_NO_TOOLS) as server:
        system = system_for(server)
        report = add(system)
    assert report.processed_inputs == ["m1"] and not report.errors
    assert [e.summary for e in system.store.list("episodic", USER)] == [EVENT["summary"]]
    last = server.chat_requests[-1]
    roles = [m["role"] for m in last["messages"]]
    assert roles == ["system", "user", "assistant", "user"]  # alternating, no tool role
    assert json.loads(last["messages"][2]["content"]) == missing_summary
    feedback = last["messages"][3]["content"]
    assert "Results of your calls" in feedback and "summary" in feedback
    assert "Problem:" in feedback


def test_auto_steps_down_to_json_when_the_server_refuses_tools(system_for: Any) -> None:
    def no_jinja(request: dict[str, Any]) -> Any:  # llama.cpp started with --no-jinja
        return error(500, JINJA) if "tools" in request else json_model(request)

    with ScriptedOpenAIServer(responder=no_jinja) as server:
        system = system_for(server)
        assert system.backend.capabilities.tools  # nothing said otherwise at start
        report = add(system)
    assert report.processed_inputs == ["m1"] and not report.errors
    assert sum("tools" in r for r in server.chat_requests) == 1
    assert system.backend.client.tool_mode == "json_schema"
    assert_the_same_memories(system)


def test_declared_tools_refused_by_the_server_fail_at_once_saying_what_to_change(
    system_for: Any,
) -> None:
    def no_jinja(request: dict[str, Any]) -> Any:
        return error(500, JINJA) if "tools" in request else text("Porto")

    with ScriptedOpenAIServer(responder=no_jinja) as server:
        system = system_for(server, model_tools=True, max_retries=3)
        report = add(system)
        assert len(server.chat_requests) == 1  # not retried
        assert report.failed_inputs == ["m1"]
        assert "ModelConfigError" in report.errors[0] and "--jinja" in report.errors[0]
        assert "model_tools" in report.errors[0]
        [failed] = asyncio.run(system.failed(USER))
        assert failed.text == MESSAGE["content"]
        with pytest.raises(ModelConfigError, match="--jinja"):
            asyncio.run(system.chat("How fast was my half marathon?", user_id=USER))
        assert len(server.chat_requests) == 3  # topics, then one refused call


def test_without_structured_output_calls_are_read_from_the_reply_text(system_for: Any) -> None:
    def prose(request: dict[str, Any]) -> Any:
        assert "response_format" not in request and "tools" not in request
        tools = offered(request)
        if not tools:
            return text("Porto half marathon")
        return text(f"Sure, here are my calls:\n```json\n{json.dumps(calls_for(tools))}\n```"
                    "<end_of_turn>\n<start_of_turn>user\nthanks")

    with ScriptedOpenAIServer(responder=prose) as server:
        system = system_for(server, model_tools=False, model_structured_output=False)
        report = add(system)
    assert system.backend.capabilities.tool_mode == "prompt"
    assert report.processed_inputs == ["m1"] and not report.errors
    assert_the_same_memories(system)


def test_a_server_refusing_schemas_makes_auto_step_down_to_prompting(system_for: Any) -> None:
    def no_schemas(request: dict[str, Any]) -> Any:
        if "response_format" in request:
            return error(400, {"error": {"message": "response_format type json_schema is "
                                                    "not supported", "type": "invalid_request"}})
        tools = offered(request)
        return text(json.dumps(calls_for(tools)) if tools else "Porto")

    with ScriptedOpenAIServer(responder=no_schemas) as server:
        system = system_for(server, model_tools=False)
        report = add(system)
    assert report.processed_inputs == ["m1"] and not report.errors
    assert system.backend.client.tool_mode == "prompt"
    assert sum("response_format" in r for r in server.chat_requests) == 1
    assert_the_same_memories(system)


def test_chat_searches_through_json_calls_and_answers_in_clean_text(system_for: Any) -> None:
    def model(request: dict[str, Any]) -> Any:
        tools = offered(request)
        if "search_memory" in tools:
            if had_results(request):
                return text(json.dumps({"answer": "You ran it in 1:52.<end_of_turn>"}))
            return text(json.dumps({"calls": [{"name": "search_memory", "arguments": {
                "query": "half marathon", "method": "fts"}}]}))
        if not tools and had_results(request):  # reflection on the tool results
            assert "You can call" not in request["messages"][0]["content"]
            return text(json.dumps({"answer": "You ran it in 1:52.<end_of_turn>\n"
                                              "<start_of_turn>user\nthanks"}))
        if not tools:
            return text("<start_of_turn>model\nPorto half marathon\nIdris<end_of_turn>")
        return json_model(request)

    with ScriptedOpenAIServer(responder=model, routes=LLAMA_NO_TOOLS) as server:
        system = system_for(server)
        add(system)
        response = asyncio.run(system.chat("How fast was my half marathon?", user_id=USER))
        second = asyncio.run(system.chat("And who ran with me?", user_id=USER))
    assert response.answer == "You ran it in 1:52."
    assert response.topics == ["Porto half marathon", "Idris"]
    searched = [m["content"] for r in server.chat_requests for m in r["messages"]
                if "Results of your calls" in str(m["content"])]
    assert searched and EVENT["summary"] in searched[0]
    assert second.answer == "You ran it in 1:52."
    prompts = json.dumps(server.chat_requests[-3:])
    assert "<end_of_turn>" not in prompts and "<start_of_turn>" not in prompts


def test_native_tool_calls_still_go_as_tools(system_for: Any) -> None:
    def native(request: dict[str, Any]) -> Any:
        tools = [t["function"]["name"] for t in request.get("tools", [])]
        if request["messages"][-1]["role"] == "tool":
            return text("done")
        return tool_calls([(c["name"], c["arguments"]) for c in calls_for(tools)["calls"]])

    props = {("GET", "/props"): llama_cpp_props(supports_tools=True)}
    with ScriptedOpenAIServer(responder=native, routes=props) as server:
        system = system_for(server)
        report = add(system)
    assert system.backend.capabilities.tool_mode == "native"
    assert report.processed_inputs == ["m1"]
    assert all("tools" in r and "response_format" not in r for r in server.chat_requests)
    assert_the_same_memories(system)


def test_a_model_that_never_writes_valid_calls_fails_with_a_model_output_error(
    system_for: Any,
) -> None:
    def chatty(request: dict[str, Any]) -> Any:  # valid JSON, but never a call
        return text(json.dumps({"answer": "I would store that."}))

    with ScriptedOpenAIServer(responder=chatty, routes=LLAMA_NO_TOOLS) as server:
        system = system_for(server, max_retries=1, offline_fallback=False)
        report = add(system)
        assert len(server.chat_requests) == 2  # the meta manager's two tries
    assert report.failed_inputs == ["m1"]
    assert "ModelOutputError" in report.errors[0] and "no tool call" in report.errors[0]


def test_an_answer_cut_off_by_max_tokens_is_shown_as_far_as_it_got(system_for: Any) -> None:
    def cut(request: dict[str, Any]) -> Any:
        if "search_memory" in offered(request):
            return text('{"answer": "You ran the Porto half marathon in 1:52 wi',
                        finish_reason="length")
        return text("Porto")

    with ScriptedOpenAIServer(responder=cut, routes=LLAMA_NO_TOOLS) as server:
        system = system_for(server, max_tokens=16)
        response = asyncio.run(system.chat("How fast was my half marathon?", user_id=USER))
        assert all(r["max_tokens"] == 16 for r in server.chat_requests)
    assert response.answer == "You ran the Porto half marathon in 1:52 wi"


def test_a_reflection_after_json_calls_asks_for_a_json_answer_with_the_history(
    system_for: Any,
) -> None:
    history = [
        SystemMessage(content="You are a helpful assistant."),
        UserMessage(content="How fast was my half marathon?", source="user"),
        AssistantMessage(content=[FunctionCall(id="c1", name="search_memory",
                                               arguments='{"query": "marathon"}')],
                         source="chat_agent"),
        FunctionExecutionResultMessage(content=[FunctionExecutionResult(
            call_id="c1", name="search_memory", content=EVENT["summary"], is_error=False)]),
    ]
    reply = text('{"answer": "In 1:52.</s>"}')
    with ScriptedOpenAIServer(reply, routes=LLAMA_NO_TOOLS) as server:
        client = system_for(server).backend.client
        result = asyncio.run(client.create(history, tool_choice="none"))
    assert result.content == "In 1:52."
    [request] = server.chat_requests
    assert "tools" not in request  # an answer, in the JSON the model used for its calls:
    assert request["response_format"]["json_schema"]["schema"] == {
        "type": "object", "required": ["answer"],
        "properties": {"answer": {"type": "string", "minLength": 1}}}
    messages = request["messages"]
    assert messages[0]["content"].startswith("You are a helpful assistant.\n\nReply to the")
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert json.loads(messages[2]["content"]) == {
        "calls": [{"name": "search_memory", "arguments": {"query": "marathon"}}]}
    assert EVENT["summary"] in messages[3]["content"]


def test_a_chat_reply_of_garbled_calls_gets_the_offline_answer_instead(
        system_for: Any) -> None:
    """A small model cut off while writing calls: that is no answer, and the memories it
    was given still answer the question."""
    def garbled(request: dict[str, Any]) -> Any:
        if "search_memory" in offered(request):
            return text('{\n "calls": [{"name": "search_memory", "arguments": {"query": '
                        '"search_memory", "memory_types": ["anyOf", "string", "string", "str',
                        finish_reason="length")
        return json_model(request)

    with ScriptedOpenAIServer(responder=garbled, routes=LLAMA_NO_TOOLS) as server:
        system = system_for(server)
        add(system)
        response = asyncio.run(system.chat("Who ran the Porto half marathon?", user_id=USER))
    assert "calls" not in response.answer and "{" not in response.answer
    assert "Porto" in response.answer
