"""Tests of the scripted OpenAI-compatible server, driven by the real openai SDK and autogen."""

import asyncio
import json
import math
from typing import Any

import openai
import pytest
from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.messages import MultiModalMessage, ToolCallSummaryMessage
from autogen_core import Image
from autogen_core.models import ModelFamily, ModelInfo
from autogen_ext.models.openai import OpenAIChatCompletionClient
from PIL import Image as PILImage

from .openai_server import (
    ScriptedOpenAIServer,
    Step,
    delay,
    embedding_for,
    error,
    text,
    tool_calls,
)

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    },
}


def sdk(server: ScriptedOpenAIServer, **kwargs: Any) -> openai.OpenAI:
    """A real openai client pointed at the server, without retries."""
    return openai.OpenAI(base_url=server.base_url, api_key="test", max_retries=0, **kwargs)


def ask(client: openai.OpenAI, prompt: str = "hi", **kwargs: Any) -> Any:
    """One chat completion request with a single user message."""
    return client.chat.completions.create(
        model="scripted-model", messages=[{"role": "user", "content": prompt}], **kwargs
    )


def autogen_client(server: ScriptedOpenAIServer) -> OpenAIChatCompletionClient:
    """autogen's OpenAI client for an unknown model, pointed at the server."""
    return OpenAIChatCompletionClient(
        model="scripted-model",
        base_url=server.base_url,
        api_key="test",
        max_retries=0,
        model_info=ModelInfo(
            vision=True,
            function_calling=True,
            json_output=True,
            family=ModelFamily.UNKNOWN,
            structured_output=True,
            multiple_system_messages=True,
        ),
    )


def test_text_completion_is_answered_and_recorded() -> None:
    with ScriptedOpenAIServer(text("hello there")) as server:
        result = ask(sdk(server), "x" * 40)
    assert server.base_url.startswith("http://127.0.0.1:")
    assert result.choices[0].message.content == "hello there"
    assert result.choices[0].finish_reason == "stop"
    assert result.model == "scripted-model"
    assert result.id.startswith("chatcmpl-")
    assert (result.usage.prompt_tokens, result.usage.completion_tokens) == (10, 3)
    [request] = server.requests
    assert (request.method, request.path) == ("POST", "/v1/chat/completions")
    assert request.headers["authorization"] == "Bearer test"
    assert server.chat_requests[0]["messages"] == [{"role": "user", "content": "x" * 40}]
    assert server.remaining == 0


def test_tool_calls_are_parsed_by_the_sdk() -> None:
    script = tool_calls([("get_weather", {"city": "Paris"}), ("get_weather", '{"city": ')])
    with ScriptedOpenAIServer(script) as server:
        result = ask(sdk(server), tools=[WEATHER_TOOL])
    choice = result.choices[0]
    assert choice.finish_reason == "tool_calls"
    first, second = choice.message.tool_calls
    assert first.function.name == "get_weather"
    assert json.loads(first.function.arguments) == {"city": "Paris"}
    assert second.function.arguments == '{"city": '  # malformed on purpose, sent verbatim
    assert first.id != second.id
    assert server.last_tools_offered() == ["get_weather"]


def test_server_error_raises_internal_server_error() -> None:
    with ScriptedOpenAIServer(error(500)) as server, pytest.raises(openai.InternalServerError):
        ask(sdk(server))


def test_rate_limit_raises_rate_limit_error_with_retry_after() -> None:
    server = ScriptedOpenAIServer(error(429))
    with server, pytest.raises(openai.RateLimitError) as caught:
        ask(sdk(server))
    assert caught.value.response.headers["retry-after"] == "0"
    assert caught.value.code == "rate_limit_exceeded"


def test_sdk_retries_consume_scripted_steps() -> None:
    with ScriptedOpenAIServer(error(503, retry_after=0.01), text("recovered")) as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="test", max_retries=1)
        assert ask(client).choices[0].message.content == "recovered"
    assert len(server.chat_requests) == 2


def test_raw_error_body_is_sent_verbatim() -> None:
    server = ScriptedOpenAIServer(error(400, "<html>bad gateway</html>"))
    with server, pytest.raises(openai.BadRequestError) as caught:
        ask(sdk(server))
    assert caught.value.response.text == "<html>bad gateway</html>"


def test_delay_triggers_client_timeout() -> None:
    server = ScriptedOpenAIServer(delay(5, then=text("too late")))
    with server, pytest.raises(openai.APITimeoutError):
        ask(sdk(server, timeout=0.2))
    assert len(server.chat_requests) == 1


def test_delay_then_answers() -> None:
    with ScriptedOpenAIServer(delay(0.05, then=text("slow"))) as server:
        assert ask(sdk(server)).choices[0].message.content == "slow"


def test_stream_requests_are_rejected() -> None:
    with ScriptedOpenAIServer(text("unused")) as server, pytest.raises(openai.BadRequestError):
        ask(sdk(server), stream=True)
    assert server.remaining == 1


def test_exhausted_script_answers_500_and_fails_strict_exit() -> None:
    with ScriptedOpenAIServer(strict=False) as server, pytest.raises(openai.InternalServerError):
        ask(sdk(server))
    assert "script exhausted" in server.failures[0]
    strict = ScriptedOpenAIServer()
    with (
        pytest.raises(AssertionError, match="script exhausted"),
        strict,
        pytest.raises(openai.InternalServerError),
    ):
        ask(sdk(strict))


def test_responder_answers_when_script_is_empty() -> None:
    def call_first_tool(request: dict[str, Any]) -> Step:
        return tool_calls([(request["tools"][0]["function"]["name"], {"city": "Oslo"})])

    with ScriptedOpenAIServer(text("scripted"), responder=call_first_tool) as server:
        client = sdk(server)
        assert ask(client, tools=[WEATHER_TOOL]).choices[0].message.content == "scripted"
        [call] = ask(client, tools=[WEATHER_TOOL]).choices[0].message.tool_calls
    assert call.function.name == "get_weather"


def test_responder_exception_is_reported_as_500_and_failure() -> None:
    def broken(request: dict[str, Any]) -> Step:
        raise ValueError("no rule for this request")

    server = ScriptedOpenAIServer(responder=broken, strict=False)
    with server, pytest.raises(openai.InternalServerError, match="no rule"):
        ask(sdk(server))
    assert server.failures == ["POST /v1/chat/completions: ValueError: no rule for this request"]


def test_embeddings_are_deterministic_unit_vectors() -> None:
    with ScriptedOpenAIServer(embedding_dimensions=8) as server:
        client = sdk(server)
        default = client.embeddings.create(model="embed", input=["cat", "dog", "cat"])
        as_float = client.embeddings.create(model="embed", input="cat", encoding_format="float")
        wide = client.embeddings.create(model="embed", input="cat", dimensions=20)
    cat, dog, cat_again = (item.embedding for item in default.data)
    assert len(cat) == 8 and cat == cat_again == embedding_for("cat") != dog
    assert as_float.data[0].embedding == cat
    assert math.isclose(sum(v * v for v in cat), 1.0, rel_tol=1e-5)
    assert len(wide.data[0].embedding) == 20
    assert default.usage.prompt_tokens > 0


def test_models_lists_the_configured_model() -> None:
    with ScriptedOpenAIServer(model="my-model") as server:
        assert [m.id for m in sdk(server).models.list()] == ["my-model"]
    assert server.requests[0].method == "GET"


def test_unknown_path_is_404() -> None:
    with ScriptedOpenAIServer() as server, pytest.raises(openai.NotFoundError):
        sdk(server).completions.create(model="scripted-model", prompt="hi")


def test_autogen_agent_runs_scripted_tool_call() -> None:
    seen: list[str] = []

    def get_weather(city: str) -> str:
        """Return the weather of a city."""
        seen.append(city)
        return f"sunny in {city}"

    async def scenario(server: ScriptedOpenAIServer) -> Any:
        client = autogen_client(server)
        agent = AssistantAgent("assistant", model_client=client, tools=[get_weather])
        try:
            return await agent.run(task="weather in Rome?")
        finally:
            await client.close()

    with ScriptedOpenAIServer(tool_calls([("get_weather", {"city": "Rome"})])) as server:
        result = asyncio.run(scenario(server))
    assert seen == ["Rome"]
    assert isinstance(result.messages[-1], ToolCallSummaryMessage)
    assert "sunny in Rome" in result.messages[-1].content
    assert server.last_tools_offered() == ["get_weather"]
    assert result.messages[1].models_usage.prompt_tokens > 0


def test_autogen_agent_sends_images_as_data_uris() -> None:
    async def scenario(server: ScriptedOpenAIServer) -> Any:
        client = autogen_client(server)
        agent = AssistantAgent("assistant", model_client=client)
        image = Image.from_pil(PILImage.new("RGB", (8, 8)))
        try:
            return await agent.run(
                task=MultiModalMessage(content=["what is this", image], source="user")
            )
        finally:
            await client.close()

    with ScriptedOpenAIServer(text("a black square")) as server:
        result = asyncio.run(scenario(server))
    assert result.messages[-1].content == "a black square"
    [url] = server.images_sent()
    assert url.startswith("data:image/png;base64,")
