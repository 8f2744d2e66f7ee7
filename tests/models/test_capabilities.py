"""What a model can do: asked of llama.cpp, Ollama and vLLM-style servers, or declared."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from support.openai_server import ScriptedOpenAIServer, llama_cpp_props, ollama_show, text
from support.servers import free_port

from mirix_like import AsyncMemorySystem, Settings
from mirix_like.models import ModelBackend, ModelCapabilities, make_backend


def caps_of(server: ScriptedOpenAIServer, system_for: Any, **settings: Any) -> ModelCapabilities:
    return system_for(server, **settings).backend.capabilities


def test_llama_cpp_props_give_context_vision_and_template_tool_support(system_for: Any) -> None:
    props = {("GET", "/props"): llama_cpp_props(supports_tools=False, n_ctx=4096)}
    with ScriptedOpenAIServer(routes=props) as server:
        caps = caps_of(server, system_for)
    assert caps == ModelCapabilities(vision=False, tools=False, structured_output=True,
                                     max_tokens=1024, context_window=4096, source="llama.cpp")


def test_ollama_show_gives_capabilities_and_context_length(system_for: Any) -> None:
    show = ollama_show(capabilities=["completion", "tools", "vision"], context_length=32768)
    with ScriptedOpenAIServer(routes={("POST", "/api/show"): show}) as server:
        caps = caps_of(server, system_for, model="gemma3:270m")
        [probe] = [r for r in server.requests if r.path == "/api/show"]
    assert probe.body == {"model": "gemma3:270m"}
    assert (caps.source, caps.tools, caps.vision, caps.context_window) == (
        "ollama", True, True, 32768)
    assert caps.max_tokens == 2048  # the default, a quarter of the context is more


def test_a_vllm_model_listing_gives_the_context_window(system_for: Any) -> None:
    with ScriptedOpenAIServer(model="Qwen/Qwen2.5-7B-Instruct") as server:
        server.routes[("GET", "/v1/models")] = {"object": "list", "data": [{
            "id": "Qwen/Qwen2.5-7B-Instruct", "object": "model", "owned_by": "vllm",
            "max_model_len": 2048}]}
        caps = caps_of(server, system_for, model="Qwen/Qwen2.5-7B-Instruct")
    assert (caps.source, caps.context_window, caps.max_tokens) == ("vllm", 2048, 512)
    assert caps.tools and caps.structured_output  # not said: assumed, refusals step down


def test_declared_values_win_over_what_the_server_says(system_for: Any) -> None:
    props = {("GET", "/props"): llama_cpp_props(supports_tools=False, vision=True)}
    with ScriptedOpenAIServer(routes=props) as server:
        caps = caps_of(server, system_for, model_tools=True, model_vision=False,
                       model_structured_output=False, model_context_window=16384,
                       max_tokens=300)
    assert (caps.tools, caps.vision, caps.structured_output) == (True, False, False)
    assert (caps.context_window, caps.max_tokens) == (16384, 300)


def test_every_request_carries_max_tokens(system_for: Any) -> None:
    props = {("GET", "/props"): llama_cpp_props(n_ctx=2048)}
    with ScriptedOpenAIServer(responder=lambda r: text("Lisbon"), routes=props) as server:
        system = system_for(server, topic_extraction="model")
        asyncio.run(system.chat_agent.topics("Where did I move?", []))
    assert [r["max_tokens"] for r in server.chat_requests] == [512]


def test_a_server_that_does_not_answer_leaves_the_declared_values(tmp_path: Any) -> None:
    settings = Settings(store_uri=str(tmp_path / "store"), backend="openai",
                        base_url=f"http://127.0.0.1:{free_port()}/v1", api_key="test",
                        model="local", model_vision=False)
    caps = make_backend(settings).capabilities
    assert caps == ModelCapabilities(vision=False, tools=True, structured_output=True,
                                     max_tokens=2048, source="declared")


def test_openai_itself_is_not_probed(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    system = AsyncMemorySystem(store_uri=str(tmp_path / "store"), backend="openai")
    caps = system.backend.capabilities
    assert (caps.source, caps.tools, caps.vision, caps.context_window) == (
        "openai", True, True, None)


def test_the_offline_backend_says_it_is_rule_based(tmp_path: Any) -> None:
    backend = make_backend(Settings(store_uri=str(tmp_path / "store"), backend="offline"))
    assert backend.capabilities.rule_based and not backend.vision
    assert backend.name == "offline"


def test_a_backend_built_with_vision_alone_keeps_it_in_its_capabilities() -> None:
    client: Any = object()
    assert ModelBackend("scripted", client, True).capabilities.vision
    caps = ModelCapabilities(vision=True, tools=False)
    assert ModelBackend("x", client, True, caps).capabilities == caps
