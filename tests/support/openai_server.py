"""A scripted OpenAI-compatible HTTP server for tests.

The server listens on 127.0.0.1 (a free port) and answers the real ``openai`` SDK, or
anything built on it such as autogen's ``OpenAIChatCompletionClient``, with scripted steps::

    with ScriptedOpenAIServer(tool_calls([("add", {"a": 1, "b": 2})]), text("3")) as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="test", max_retries=0)
        ...
        assert server.last_tools_offered() == ["add"]

Each ``POST /v1/chat/completions`` pops the next step (``text``, ``tool_calls``, ``error``,
``delay``, ``drop``). When the script is empty the optional ``responder(request_json) -> Step``
answers; without one the server answers 500 "script exhausted". Such failures (and any
exception in the server or the responder) are kept in ``failures``; with ``strict=True`` (the
default) leaving the ``with`` block then raises ``AssertionError``, so a failure swallowed by
the code under test still fails the test.

``POST /v1/embeddings`` returns deterministic unit vectors (see ``embedding_for``) and
``GET /v1/models`` lists the configured model. ``routes`` sets fixed JSON answers for any
path (those included), e.g. llama.cpp's ``GET /props`` or Ollama's ``POST /api/show``, so the
server can pass for those (``llama_cpp_props`` and ``ollama_show`` give realistic bodies).
Every request is recorded in ``requests``.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import math
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

CHAT_PATH = "/v1/chat/completions"
EMBEDDINGS_PATH = "/v1/embeddings"
MODELS_PATH = "/v1/models"


@dataclass(frozen=True)
class Text:
    """Step: an assistant message with plain text content."""

    content: str
    finish_reason: str = "stop"


@dataclass(frozen=True)
class ToolCalls:
    """Step: an assistant message with ``tool_calls``; ``calls`` holds (name, arguments text)."""

    calls: tuple[tuple[str, str], ...]
    content: str | None = None


@dataclass(frozen=True)
class Error:
    """Step: an HTTP error; a mapping body is sent as JSON, a string body verbatim."""

    status: int
    body: Mapping[str, Any] | str
    headers: Mapping[str, str]


@dataclass(frozen=True)
class Delay:
    """Step: wait ``seconds`` (e.g. to trigger a client timeout), then answer ``then``."""

    seconds: float
    then: Step


@dataclass(frozen=True)
class Drop:
    """Step: close the connection without answering (a server that died mid-request)."""


Step = Text | ToolCalls | Error | Delay | Drop


def text(content: str, *, finish_reason: str = "stop") -> Text:
    """A normal assistant reply."""
    return Text(content, finish_reason)


def tool_calls(
    calls: Iterable[tuple[str, Mapping[str, Any] | str]], *, content: str | None = None
) -> ToolCalls:
    """An assistant reply calling tools; dict arguments are JSON-encoded, strings sent verbatim."""
    encoded = tuple(
        (name, args if isinstance(args, str) else json.dumps(args)) for name, args in calls
    )
    return ToolCalls(encoded, content)


def error(
    status: int, body: Mapping[str, Any] | str | None = None, *, retry_after: float | None = None
) -> Error:
    """An HTTP error with an OpenAI-shaped body; a 429 gets ``Retry-After: 0`` by default."""
    if retry_after is None and status == 429:
        retry_after = 0
    headers = {} if retry_after is None else {"Retry-After": f"{retry_after:g}"}
    payload = _error_body(status, f"scripted error {status}") if body is None else body
    return Error(status, payload, headers)


def delay(seconds: float, then: Step) -> Delay:
    """Sleep ``seconds`` before answering ``then``."""
    return Delay(seconds, then)


def drop() -> Drop:
    """Close the connection without an answer."""
    return Drop()


def llama_cpp_props(*, supports_tools: bool = False, n_ctx: int = 4096,
                    vision: bool = False) -> dict[str, Any]:
    """A ``GET /props`` body shaped like llama.cpp's ``llama-server`` answer (abridged)."""
    caps = {"supports_tools": supports_tools, "supports_tool_calls": supports_tools,
            "supports_parallel_tool_calls": supports_tools, "supports_system_role": True,
            "supports_string_content": True, "supports_typed_content": False}
    return {"default_generation_settings": {"n_ctx": n_ctx, "params": {"n_predict": -1}},
            "total_slots": 1, "model_alias": "gemma-3-270m-it",
            "model_path": "/models/gemma-3-270m-it-Q4_K_M.gguf",
            "modalities": {"vision": vision, "video": False, "audio": False},
            "chat_template_caps": caps, "bos_token": "<bos>", "eos_token": "<eos>",
            "build_info": "b0-scripted", "is_sleeping": False}


def ollama_show(*, capabilities: Iterable[str] = ("completion",),
                context_length: int = 32768) -> dict[str, Any]:
    """A ``POST /api/show`` body shaped like Ollama's answer (abridged)."""
    return {"details": {"family": "gemma3", "parameter_size": "268.10M"},
            "model_info": {"general.architecture": "gemma3",
                           "gemma3.context_length": context_length},
            "capabilities": list(capabilities)}


@dataclass(frozen=True)
class RecordedRequest:
    """One request seen by the server; ``headers`` look-ups are case-insensitive."""

    method: str
    path: str
    headers: Message
    body: Any


def embedding_for(text: str, dimensions: int = 8) -> list[float]:
    """The unit vector the server returns for ``text`` (float32 precision)."""
    blocks = math.ceil(dimensions / 8)  # a sha256 digest holds eight 32-bit words
    digest = b"".join(hashlib.sha256(f"{i}:{text}".encode()).digest() for i in range(blocks))
    raw = [v / 2**31 - 1 for v in struct.unpack(f"<{dimensions}I", digest[: 4 * dimensions])]
    norm = math.sqrt(sum(v * v for v in raw)) or 1.0
    packed = struct.pack(f"<{dimensions}f", *(v / norm for v in raw))
    return list(struct.unpack(f"<{dimensions}f", packed))


@dataclass(frozen=True)
class _Reply:
    status: int
    body: bytes
    headers: Mapping[str, str]


def _json_reply(status: int, payload: Any, headers: Mapping[str, str] | None = None) -> _Reply:
    return _Reply(
        status,
        json.dumps(payload).encode(),
        {"Content-Type": "application/json"} | dict(headers or {}),
    )


def _error_body(status: int, message: str) -> dict[str, Any]:
    if status == 429:
        kind, code = "requests", "rate_limit_exceeded"
    elif status >= 500:
        kind, code = "server_error", None
    else:
        kind, code = "invalid_request_error", None
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


def _error_reply(status: int, message: str) -> _Reply:
    return _json_reply(status, _error_body(status, message))


def _approx_tokens(chars: int) -> int:
    return math.ceil(chars / 4)


def _message_chars(messages: Iterable[Mapping[str, Any]]) -> int:
    chars = 0
    for message in messages:
        content = message.get("content")
        if isinstance(content, str):
            chars += len(content)
        elif isinstance(content, list):
            chars += sum(len(part.get("text", "")) for part in content)
        for call in message.get("tool_calls") or []:
            chars += len(call["function"]["name"]) + len(call["function"]["arguments"])
    return chars


class _HTTPServer(ThreadingHTTPServer):
    def __init__(self, app: ScriptedOpenAIServer) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.app = app


class _Handler(BaseHTTPRequestHandler):
    server: _HTTPServer

    def do_GET(self) -> None:
        self._dispatch()

    def do_POST(self) -> None:
        self._dispatch()

    def log_message(self, format: str, *args: Any) -> None:
        """Keep test output quiet."""

    def _dispatch(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        reply = self.server.app._handle(self.command, self.path, self.headers, raw)
        if reply is None:  # shutting down, or a dropped connection
            self.close_connection = True
            return
        try:
            self.send_response(reply.status)
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            self.wfile.write(reply.body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (e.g. it timed out during a delay step)


class ScriptedOpenAIServer:
    """An OpenAI-compatible server on 127.0.0.1 answering chat completions from a script."""

    def __init__(
        self,
        *steps: Step,
        responder: Callable[[dict[str, Any]], Step] | None = None,
        model: str = "scripted-model",
        embedding_dimensions: int = 8,
        strict: bool = True,
        routes: Mapping[tuple[str, str], Any] | None = None,
    ) -> None:
        self.model = model
        self.routes = dict(routes or {})
        self.embedding_dimensions = embedding_dimensions
        self._responder = responder
        self._strict = strict
        self._steps: deque[Step] = deque(steps)
        self._requests: list[RecordedRequest] = []
        self._failures: list[str] = []
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None

    def __enter__(self) -> ScriptedOpenAIServer:
        self._httpd = _HTTPServer(self)
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        assert self._httpd is not None and self._thread is not None
        self._closing.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()
        failures = self.failures
        if self._strict and exc_type is None and failures:
            raise AssertionError("ScriptedOpenAIServer failures:\n" + "\n".join(failures))

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1``, for ``base_url=`` of OpenAI clients."""
        if self._httpd is None:
            raise RuntimeError("ScriptedOpenAIServer is not started; use it as a context manager")
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def add(self, *steps: Step) -> None:
        """Append steps to the script."""
        with self._lock:
            self._steps.extend(steps)

    @property
    def remaining(self) -> int:
        """Number of scripted steps not yet consumed."""
        with self._lock:
            return len(self._steps)

    @property
    def failures(self) -> list[str]:
        """Problems seen by the server: exhausted script, responder or server exceptions."""
        with self._lock:
            return list(self._failures)

    @property
    def requests(self) -> list[RecordedRequest]:
        """All requests received so far, in arrival order."""
        with self._lock:
            return list(self._requests)

    @property
    def chat_requests(self) -> list[dict[str, Any]]:
        """JSON bodies of all chat completion requests."""
        return [r.body for r in self.requests if r.path == CHAT_PATH]

    def last_tools_offered(self) -> list[str]:
        """Function names in ``tools`` of the last chat completion request."""
        chats = self.chat_requests
        if not chats:
            raise AssertionError("no chat completion request was received")
        return [tool["function"]["name"] for tool in chats[-1].get("tools", [])]

    def images_sent(self) -> list[str]:
        """URLs of all ``image_url`` content parts in all chat completion requests."""
        return [
            part["image_url"]["url"]
            for body in self.chat_requests
            for message in body.get("messages", [])
            if isinstance(message.get("content"), list)
            for part in message["content"]
            if part.get("type") == "image_url"
        ]

    def _handle(self, method: str, target: str, headers: Message, raw: bytes) -> _Reply | None:
        path = urlsplit(target).path
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
            reply: _Reply | None = _error_reply(400, "request body is not valid JSON")
        else:
            reply = None
        with self._lock:
            self._requests.append(RecordedRequest(method, path, headers, body))
        if reply is not None:
            return reply
        try:
            if (method, path) in self.routes:
                return _json_reply(200, self.routes[method, path])
            if (method, path) == ("POST", CHAT_PATH):
                return self._chat(body)
            if (method, path) == ("POST", EMBEDDINGS_PATH):
                return self._embeddings(body)
            if (method, path) == ("GET", MODELS_PATH):
                model = {"id": self.model, "object": "model", "created": 0, "owned_by": "tests"}
                return _json_reply(200, {"object": "list", "data": [model]})
            return _error_reply(404, f"ScriptedOpenAIServer does not serve {method} {path}")
        except Exception as exc:  # reported to the client and kept for the strict check
            return self._fail(f"{method} {path}: {type(exc).__name__}: {exc}")

    def _fail(self, message: str) -> _Reply:
        with self._lock:
            self._failures.append(message)
        return _error_reply(500, f"ScriptedOpenAIServer: {message}")

    def _chat(self, body: dict[str, Any]) -> _Reply | None:
        if body.get("stream"):
            return _error_reply(400, "ScriptedOpenAIServer does not support stream=true")
        with self._lock:
            step = self._steps.popleft() if self._steps else None
        if step is None:
            if self._responder is None:
                return self._fail(
                    f"script exhausted: no step left for chat request #{len(self.chat_requests)}"
                )
            step = self._responder(body)
        return self._answer(step, body)

    def _answer(self, step: Step, body: dict[str, Any]) -> _Reply | None:
        match step:
            case Delay(seconds=seconds, then=then):
                return None if self._closing.wait(seconds) else self._answer(then, body)
            case Drop():
                return None
            case Error(status=status, body=payload, headers=headers):
                if isinstance(payload, str):
                    return _Reply(
                        status, payload.encode(), {"Content-Type": "text/plain"} | dict(headers)
                    )
                return _json_reply(status, payload, headers)
            case Text(content=content, finish_reason=finish_reason):
                message: dict[str, Any] = {"role": "assistant", "content": content, "refusal": None}
                completion_chars = len(content)
            case ToolCalls(calls=calls, content=content):
                message = {
                    "role": "assistant",
                    "content": content,
                    "refusal": None,
                    "tool_calls": [
                        {
                            "id": f"call_{next(self._ids)}",
                            "type": "function",
                            "function": {"name": name, "arguments": arguments},
                        }
                        for name, arguments in calls
                    ],
                }
                finish_reason = "tool_calls"
                completion_chars = len(content or "") + sum(len(n) + len(a) for n, a in calls)
            case _:
                raise TypeError(f"not a scripted step: {step!r}")
        prompt_tokens = _approx_tokens(_message_chars(body.get("messages", [])))
        completion_tokens = _approx_tokens(completion_chars)
        return _json_reply(
            200,
            {
                "id": f"chatcmpl-scripted-{next(self._ids)}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", self.model),
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "logprobs": None,
                        "finish_reason": finish_reason,
                    }
                ],
                "usage": {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion_tokens,
                    "total_tokens": prompt_tokens + completion_tokens,
                },
            },
        )

    def _embeddings(self, body: dict[str, Any]) -> _Reply:
        inputs = body.get("input")
        if isinstance(inputs, str):
            inputs = [inputs]
        if (
            not inputs
            or not isinstance(inputs, list)
            or not all(isinstance(i, str) for i in inputs)
        ):
            return _error_reply(400, "input must be a non-empty string or list of strings")
        dimensions = body.get("dimensions") or self.embedding_dimensions
        as_base64 = body.get("encoding_format") == "base64"
        data = []
        for index, item in enumerate(inputs):
            vector: list[float] | str = embedding_for(item, dimensions)
            if as_base64:
                packed = struct.pack(f"<{dimensions}f", *vector)
                vector = base64.b64encode(packed).decode()
            data.append({"object": "embedding", "index": index, "embedding": vector})
        tokens = sum(_approx_tokens(len(item)) for item in inputs)
        return _json_reply(
            200,
            {
                "object": "list",
                "data": data,
                "model": body.get("model", self.model),
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            },
        )
