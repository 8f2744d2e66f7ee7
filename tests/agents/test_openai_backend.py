"""The OpenAI path for real: autogen's OpenAI client over HTTP to a scripted local server."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from support.openai_server import ScriptedOpenAIServer, delay, error, text, tool_calls

from mirix_like import AsyncMemorySystem, Settings, memory_types

USER = "alice"
EVENT = {"event_type": "activity", "summary": "Alice adopted a cat named Miso",
         "details": "user: I adopted a cat named Miso", "actor": "user",
         "occurred_at": "2024-05-01T10:00:00Z"}
FACT = {"name": "Miso", "summary": "Miso is Alice's cat", "details": "", "source": "user"}


def make_system(tmp_path: Path, server: ScriptedOpenAIServer, **overrides: Any
                ) -> AsyncMemorySystem:
    options: dict[str, Any] = {"max_retries": 2, "retry_backoff": 0.01, "request_timeout": 5}
    settings = Settings(store_uri=str(tmp_path / "store"), backend="openai",
                        base_url=server.base_url, api_key="test", model="scripted-model",
                        **{**options, **overrides})
    return AsyncMemorySystem(settings)


def tools_of(request: dict[str, Any]) -> list[str]:
    return [t["function"]["name"] for t in request.get("tools", [])]


def by_role(request: dict[str, Any]) -> Any:
    """Answer as a well-behaved model would, from the tools the request offers."""
    tools = tools_of(request)
    if request["messages"][-1]["role"] == "tool":
        return text("done")
    if "route_to_memory_managers" in tools:
        return tool_calls([("route_to_memory_managers",
                            {"memory_types": ["episodic", "semantic"]})])
    if "insert_episodic" in tools:
        return tool_calls([("insert_episodic", {"items": [EVENT]})])
    if "insert_semantic" in tools:
        return tool_calls([("insert_semantic", {"items": [FACT]})])
    return text("I don't know")


def test_add_routes_to_managers_and_stores_items_with_provenance(tmp_path: Path) -> None:
    with ScriptedOpenAIServer(responder=by_role) as server:
        system = make_system(tmp_path, server)
        report = asyncio.run(system.add(
            [{"id": "m1", "role": "user", "name": "Alice",
              "content": "I adopted a cat named Miso"}],
            user_id=USER, occurred_at="2024-05-01T10:00:00+00:00", flush=True))

    assert report.routed == ["episodic", "semantic"]
    assert report.processed_inputs == ["m1"] and not report.failed_inputs
    first = server.chat_requests[0]
    assert tools_of(first) == ["route_to_memory_managers"]
    assert '"id": "m1"' in first["messages"][-1]["content"]
    offered = {name for r in server.chat_requests for name in tools_of(r)}
    assert {"insert_episodic", "update_episodic", "delete_episodic", "no_changes",
            "insert_semantic"} <= offered
    [event] = system.store.list("episodic", USER)
    assert event.summary == EVENT["summary"] and event.source_ids == ["m1"]
    assert event.occurred_at.isoformat() == "2024-05-01T10:00:00+00:00"
    [fact] = system.store.list("semantic", USER)
    assert fact.name == "Miso" and fact.source_ids == ["m1"]
    assert report.created == {"episodic": [event.id], "semantic": [fact.id]}


def test_managers_for_one_batch_run_concurrently(tmp_path: Path) -> None:
    arrivals: list[tuple[float, str]] = []
    lock = threading.Lock()

    def slow(request: dict[str, Any]) -> Any:
        tools = tools_of(request)
        kind = tools[0] if tools else "chat"
        with lock:
            arrivals.append((time.monotonic(), kind))
        return delay(1.5, by_role(request))

    with ScriptedOpenAIServer(responder=slow) as server:
        system = make_system(tmp_path, server)
        asyncio.run(system.add("I adopted a cat named Miso", user_id=USER, flush=True))

    managers = [(t, kind) for t, kind in arrivals if kind.startswith("insert_")]
    assert sorted(kind for _, kind in managers) == ["insert_episodic", "insert_semantic"]
    # The second manager asked the model while the first one was still waiting for its
    # (1.5 s) answer: the managers overlap instead of running one after the other.
    assert managers[1][0] - managers[0][0] < 1.5


def test_images_reach_a_vision_model_as_data_uris(tmp_path: Path) -> None:
    with ScriptedOpenAIServer(responder=by_role) as server:
        system = make_system(tmp_path, server, model_vision=True)
        picture = Image.new("RGB", (32, 16), "red")
        report = asyncio.run(system.add("a screenshot of my cat", user_id=USER,
                                        images=[picture], flush=True))
    assert report.processed_inputs and not report.failed_inputs
    assert server.images_sent() and all(
        url.startswith("data:image/png;base64,") for url in server.images_sent())


def test_server_errors_and_timeouts_are_retried(tmp_path: Path) -> None:
    steps = [error(500), delay(3, text("too late")),
             tool_calls([("route_to_memory_managers", {"memory_types": ["episodic"]})])]
    with ScriptedOpenAIServer(*steps, responder=by_role) as server:
        system = make_system(tmp_path, server, request_timeout=1)
        report = asyncio.run(system.add("I adopted a cat named Miso", user_id=USER, flush=True))
    assert report.processed_inputs and report.routed == ["episodic"]
    assert system.store.count("episodic", USER) == 1


def test_malformed_arguments_and_missing_tool_calls_get_a_corrective_turn(
    tmp_path: Path,
) -> None:
    steps = [
        tool_calls([("route_to_memory_managers", {"memory_types": ["episodic"]})]),
        tool_calls([("insert_episodic", '{"items": [ {"summary": ')]),  # broken JSON
        text("I think I should store this."),  # no tool call at all
        tool_calls([("insert_episodic", {"items": [EVENT]})]),
    ]
    with ScriptedOpenAIServer(*steps) as server:
        system = make_system(tmp_path, server)
        report = asyncio.run(system.add("I adopted a cat named Miso", user_id=USER, flush=True))
    assert report.processed_inputs and not report.errors
    assert [e.summary for e in system.store.list("episodic", USER)] == [EVENT["summary"]]
    problems = [m["content"] for m in server.chat_requests[-1]["messages"]
                if m["role"] == "user" and "Problem:" in str(m["content"])]
    assert len(problems) == 2
    assert "failed" in problems[0] and "no tool call" in problems[1]


def test_tool_call_written_as_text_after_think_is_recovered(tmp_path: Path) -> None:
    prose = ('<think>which types?</think>Sure! Here is the call:\n```json\n'
             '{"name": "route_to_memory_managers", "arguments": {"memory_types": ["episodic"]}}'
             '\n```')
    with ScriptedOpenAIServer(text(prose), responder=by_role) as server:
        system = make_system(tmp_path, server)
        report = asyncio.run(system.add("I adopted a cat named Miso", user_id=USER, flush=True))
    assert report.routed == ["episodic"] and report.processed_inputs


def test_a_model_that_never_calls_tools_fails_visibly_and_retry_recovers(
    tmp_path: Path,
) -> None:
    with ScriptedOpenAIServer(responder=lambda request: text("no")) as server:
        system = make_system(tmp_path, server, offline_fallback=False)
        report = asyncio.run(system.add("I adopted a cat named Miso", user_id=USER, flush=True))
        assert report.failed_inputs and "no tool call" in report.errors[0]
        [failed] = asyncio.run(system.failed(USER))
        assert failed.text == "I adopted a cat named Miso" and "no tool call" in failed.error
        assert system.store.count("episodic", USER) == 0

    with ScriptedOpenAIServer(responder=by_role) as server:
        system = make_system(tmp_path, server)
        report = asyncio.run(system.retry(USER))
    assert report.processed_inputs == [failed.id]
    assert asyncio.run(system.failed(USER)) == []
    assert system.store.count("episodic", USER) == 1


def all_items(system: AsyncMemorySystem) -> list[Any]:
    return [item for spec in memory_types.all_types()
            for item in system.store.list(spec.name, USER, limit=100)]


def test_managers_that_cannot_make_tool_calls_are_stood_in_for_too(tmp_path: Path) -> None:
    """The model routes well but no manager gets a valid call out of it (a small local
    model): the batch is still processed, by the offline rules."""
    def model(request: dict[str, Any]) -> Any:
        if "route_to_memory_managers" in tools_of(request):
            return tool_calls([("route_to_memory_managers", {"memory_types": ["semantic"]})])
        return text("I would store that Maya lives in Lisbon.")

    system, raw_id, note = stood_in(tmp_path, model)
    assert "semantic_manager" in note


def stood_in(tmp_path: Path, model: Any) -> tuple[AsyncMemorySystem, str, str]:
    """Add a fact through ``model``; check the offline rules processed it and made every
    memory. Returns the system, the input's id and the report's note on it."""
    with ScriptedOpenAIServer(responder=model) as server:
        system = make_system(tmp_path, server)
        report = asyncio.run(system.add("My sister Maya lives in Lisbon and works as a vet.",
                                        user_id=USER, flush=True))
    [raw_id] = report.processed_inputs
    assert not report.failed_inputs
    made = all_items(system)
    assert any("Lisbon" in json.dumps(i.model_dump(mode="json")) for i in made)
    assert made and all(i.metadata["made_by"] == "offline rules" for i in made)
    return system, raw_id, report.fallback_inputs[raw_id]


def test_a_model_that_cannot_make_tool_calls_is_stood_in_for_by_the_offline_rules(
    tmp_path: Path,
) -> None:
    system, raw_id, note = stood_in(tmp_path, lambda request: text("no"))
    assert "no tool call" in note
    [raw] = system.store.inputs(USER)
    assert raw.status == "processed" and raw.error.startswith("processed by the offline rules")
    assert asyncio.run(system.failed(USER)) == []
    assert asyncio.run(system.retry(USER)).processed_inputs == []  # nothing failed

    with ScriptedOpenAIServer(responder=by_role) as server:  # a model that works, later
        system = make_system(tmp_path, server)
        report = asyncio.run(system.retry(USER, with_model=True))
    assert report.processed_inputs == [raw_id] and not report.fallback_inputs
    remade = all_items(system)
    assert not [i for i in remade if i.metadata.get("made_by")]  # the rules' memories undone
    assert {getattr(i, "summary", "") for i in remade} >= {EVENT["summary"], FACT["summary"]}
    [raw] = system.store.inputs(USER)
    assert raw.status == "processed" and raw.error is None


@pytest.mark.parametrize("status", [429, 503])
def test_persistent_errors_mark_inputs_failed_not_lost(tmp_path: Path, status: int) -> None:
    with ScriptedOpenAIServer(responder=lambda request: error(status, retry_after=0.01)) as server:
        system = make_system(tmp_path, server, max_retries=1)
        report = asyncio.run(system.add("remember the milk", user_id=USER, flush=True))
        server.failures.clear()
    assert report.failed_inputs and str(status) in report.errors[0]
    assert [r.text for r in asyncio.run(system.failed(USER))] == ["remember the milk"]


def test_chat_retrieves_then_answers_with_the_model(tmp_path: Path) -> None:
    def answer(request: dict[str, Any]) -> Any:
        system_prompt = request["messages"][0]["content"]
        if "extract-topics" in system_prompt:
            return text("Miso\ncat")
        if "route_to_memory_managers" in tools_of(request) or request["messages"][-1][
                "role"] == "tool" or "insert_episodic" in tools_of(request):
            return by_role(request)
        if "insert_semantic" in tools_of(request):
            return by_role(request)
        assert "Alice adopted a cat named Miso" in system_prompt
        return text("Your cat is called Miso.")

    with ScriptedOpenAIServer(responder=answer) as server:
        system = make_system(tmp_path, server)
        asyncio.run(system.add("I adopted a cat named Miso", user_id=USER, flush=True))
        response = asyncio.run(system.chat("What is my cat called?", user_id=USER))
    assert response.answer == "Your cat is called Miso."
    assert response.topics == ["Miso", "cat"]
    assert any(getattr(h.item, "summary", "") == EVENT["summary"] for h in response.memories)
    chat_request = server.chat_requests[-1]
    assert {"search_memory", "list_events", "remember"} <= set(tools_of(chat_request))


def test_chat_tools_search_memory_and_remember(tmp_path: Path) -> None:
    def model(request: dict[str, Any]) -> Any:
        messages = request["messages"]
        if "extract-topics" in messages[0]["content"]:
            return text("cat")
        tools = tools_of(request)
        if "search_memory" in tools:
            if messages[-1]["role"] == "tool":
                results = [m["content"] for m in messages if m["role"] == "tool"]
                return text("Noted. " + " | ".join(results))
            return tool_calls([("search_memory", {"query": "Miso", "method": "fts"}),
                               ("remember", {"statement": "My cat Miso likes tuna."})])
        return by_role(request)

    with ScriptedOpenAIServer(responder=model) as server:
        system = make_system(tmp_path, server)
        asyncio.run(system.add("I adopted a cat named Miso", user_id=USER, flush=True))
        before = system.store.count("episodic", USER)
        response = asyncio.run(system.chat("Remember that Miso likes tuna", user_id=USER))
    assert "Alice adopted a cat named Miso" in response.answer  # the search tool's result
    assert "remembered" in response.answer
    assert system.store.count("episodic", USER) == before + 1  # remember ran the pipeline
    remembered = [r for r in system.store.inputs(USER) if "tuna" in r.text]
    assert remembered and remembered[0].status == "processed"


def test_a_route_to_no_memory_type_ends_processed_with_the_reason(tmp_path: Path) -> None:
    """A model may decide that small talk holds nothing worth remembering."""
    route_nowhere = tool_calls([("route_to_memory_managers",
                                 {"memory_types": [], "reason": "a greeting"})])
    with ScriptedOpenAIServer(route_nowhere, responder=by_role) as server:
        system = make_system(tmp_path, server)
        report = asyncio.run(system.add("hey there!", user_id=USER, flush=True))
        [route_request] = server.chat_requests
        [tool] = route_request["tools"]
        [input_id] = report.processed_inputs
        assert report.routed == [] and not report.failed_inputs and not report.errors
        assert report.nothing_stored == {input_id: "a greeting"}
        assert asyncio.run(system.failed(USER)) == [] and asyncio.run(system.pending(USER)) == []
        assert system.store.count("episodic", USER) == 0
    assert "empty list" in tool["function"]["description"]
    assert "minItems" not in tool["function"]["parameters"]["properties"]["memory_types"]


def test_a_route_to_nothing_without_a_reason_still_says_why(tmp_path: Path) -> None:
    route_nowhere = tool_calls([("route_to_memory_managers", {"memory_types": []})])
    with ScriptedOpenAIServer(route_nowhere, responder=by_role) as server:
        system = make_system(tmp_path, server)
        report = asyncio.run(system.add("ok, thanks", user_id=USER, flush=True))
    [reason] = report.nothing_stored.values()
    assert "nothing worth remembering" in reason and not report.failed_inputs


def test_the_search_tool_shows_the_lines_of_a_long_item_that_match(tmp_path: Path) -> None:
    filler = [f"Newsletter item {n}: the team shipped small fixes" for n in range(80)]
    content = "\n".join([*filler[:50], "Parking: level 2, bay 17.", *filler[50:]])

    def model(request: dict[str, Any]) -> Any:
        messages = request["messages"]
        if "extract-topics" in messages[0]["content"]:
            return text("parking")
        if messages[-1]["role"] == "tool":
            return text(messages[-1]["content"])
        return tool_calls([("search_memory", {"query": "where do I park, which bay?"})])

    with ScriptedOpenAIServer(responder=model) as server:
        system = make_system(tmp_path, server)
        system.store.insert("resource", USER, [{
            "title": "Office newsletter", "summary": "the weekly office newsletter",
            "resource_type": "document", "content": content}])
        response = asyncio.run(system.chat("Where do I park?", user_id=USER))
    assert "bay 17" in response.answer
    assert "Newsletter item 10:" not in response.answer  # the excerpt, not the whole text
    assert len(response.answer) < len(content) // 5


def test_a_model_gets_the_local_time_and_the_events_of_the_hour_asked_first(
        tmp_path: Path) -> None:
    cat = {**EVENT, "occurred_at": "2024-05-01T10:00:00Z"}  # 12:00 in Berlin
    rome = {**EVENT, "summary": "Alice booked a flight to Rome", "details": "",
            "occurred_at": "2024-05-01T16:00:00Z"}  # 18:00 in Berlin
    prompts: list[str] = []

    def model(request: dict[str, Any]) -> Any:
        system_prompt = request["messages"][0]["content"]
        if "extract-topics" in system_prompt:
            return text("Alice")
        if "insert_episodic" in tools_of(request) and request["messages"][-1]["role"] != "tool":
            return tool_calls([("insert_episodic", {"items": [cat, rome]})])
        if "route_to_memory_managers" in tools_of(request):
            return tool_calls([("route_to_memory_managers", {"memory_types": ["episodic"]})])
        if request["messages"][-1]["role"] == "tool":
            return text("done")
        prompts.append(system_prompt)
        return text("noted")

    with ScriptedOpenAIServer(responder=model) as server:
        system = make_system(tmp_path, server, retrieval={"timezone": "Europe/Berlin"})
        asyncio.run(system.add("Adopted a cat, booked Rome", user_id=USER, flush=True))
        for question in ("What was I doing at noon?", "What was I doing at 6pm?"):
            asyncio.run(system.chat(question, user_id=USER))
    noon, evening = prompts
    assert '"timezone": "Europe/Berlin"' in noon and "(Europe/Berlin)" in noon

    def first(prompt: str, *said: str) -> str:
        return min((s for s in said if s in prompt), key=prompt.index)

    # both came from one input, so the one shown first may stand for both
    assert first(noon, "adopted a cat", "flight to Rome") == "adopted a cat"
    assert first(evening, "adopted a cat", "flight to Rome") == "flight to Rome"
