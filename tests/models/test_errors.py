"""Server errors sorted: set-up problems fail at once saying what to change, the rest retry.

The bodies are the ones llama.cpp, Ollama, vLLM and OpenAI send for these problems.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from support.openai_server import ScriptedOpenAIServer, delay, drop, error, text, tool_calls

from mirix_like.errors import ModelConfigError, ModelError

USER = "ines"
ROUTE = tool_calls([("route_to_memory_managers", {"memory_types": ["episodic"]})])
EVENT = {"summary": "Ines booked a flight to Recife", "occurred_at": "2025-06-01T08:00:00Z"}


def body(message: str, kind: str = "invalid_request_error") -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


def well_behaved(request: dict[str, Any]) -> Any:
    tools = [t["function"]["name"] for t in request.get("tools", [])]
    if request["messages"][-1]["role"] == "tool":
        return text("done")
    if "route_to_memory_managers" in tools:
        return ROUTE
    if "insert_episodic" in tools:
        return tool_calls([("insert_episodic", {"items": [EVENT]})])
    return text("Recife")


SETUP_ERRORS = [
    pytest.param(error(500, body("tools param requires --jinja flag", "server_error")),
                 "start llama-server with --jinja", id="llama.cpp-no-jinja"),
    pytest.param(error(400, body('"auto" tool choice requires --enable-auto-tool-choice and '
                                 "--tool-call-parser to be set", "BadRequestError")),
                 "--enable-auto-tool-choice", id="vllm-no-tool-parser"),
    pytest.param(error(400, body("registry.ollama.ai/library/gemma3:270m does not support "
                                 "tools", "api_error")),
                 "model_tools = false", id="ollama-model-without-tools"),
    pytest.param(error(404, body('model "llama3.2" not found, try pulling it first',
                                 "api_error")),
                 "check model", id="ollama-unknown-model"),
    pytest.param(error(400, body("the request exceeds the available context size, try "
                                 "increasing it", "exceed_context_size_error")),
                 "--ctx-size", id="llama.cpp-context-full"),
    pytest.param(error(401, body("Incorrect API key provided: sk-abc.")),
                 "check api_key", id="openai-bad-key"),
    pytest.param(error(404, "404 page not found"), "base_url", id="wrong-base-url"),
    pytest.param(error(500, body("image input is not supported - hint: if this is "
                                 "unexpected, you may need to provide the mmproj",
                                 "server_error")),
                 "model_vision = false", id="llama.cpp-no-vision"),
]


@pytest.mark.parametrize(("refusal", "hint"), SETUP_ERRORS)
def test_a_setup_problem_fails_at_once_and_says_what_to_change(
    system_for: Any, refusal: Any, hint: str,
) -> None:
    with ScriptedOpenAIServer(refusal, responder=well_behaved) as server:
        system = system_for(server, model_tools=True, max_retries=3)
        report = asyncio.run(system.add("I booked a flight to Recife", user_id=USER,
                                        flush=True))
        assert len(server.chat_requests) == 1  # not retried
    assert report.failed_inputs and "ModelConfigError" in report.errors[0]
    assert hint in report.errors[0]
    [failed] = asyncio.run(system.failed(USER))
    assert failed.text == "I booked a flight to Recife"  # kept for retry


TRANSIENT = [
    pytest.param(error(503, body("Loading model", "unavailable_error")), id="llama.cpp-loading"),
    pytest.param(error(500, body("CUDA error: out of memory", "server_error")), id="oom"),
    pytest.param(error(502, "<html>Bad Gateway</html>"), id="proxy"),
    pytest.param(error(429, retry_after=0.01), id="rate-limit"),
    pytest.param(drop(), id="dropped-connection"),
    pytest.param(delay(3, text("late")), id="timeout"),
]


@pytest.mark.parametrize("hiccup", TRANSIENT)
def test_overloads_timeouts_and_dropped_connections_are_retried(
    system_for: Any, hiccup: Any,
) -> None:
    with ScriptedOpenAIServer(hiccup, hiccup, responder=well_behaved) as server:
        system = system_for(server, request_timeout=1, max_retries=2)
        report = asyncio.run(system.add("I booked a flight to Recife", user_id=USER,
                                        flush=True))
    assert report.processed_inputs and not report.errors
    assert [e.summary for e in system.store.list("episodic", USER)] == [EVENT["summary"]]


def test_retries_that_run_out_raise_a_model_error_not_a_config_error(system_for: Any) -> None:
    overloaded = error(503, body("server overloaded", "server_error"))
    with ScriptedOpenAIServer(responder=lambda request: overloaded) as server:
        system = system_for(server, max_retries=1, topic_extraction="model")
        with pytest.raises(ModelError) as raised:
            asyncio.run(system.chat("Where am I flying?", user_id=USER))
        assert len(server.chat_requests) == 2
    assert not isinstance(raised.value, ModelConfigError)
    assert "503" in str(raised.value)
