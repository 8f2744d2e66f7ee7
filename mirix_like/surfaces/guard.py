"""What every request to a server passes before a route sees it: body limits, then a key.

:class:`Guard` is pure ASGI middleware and never buffers a body. In order:

1. a ``Content-Length`` over the route's limit is answered 413 before a byte of the body is
   read (a malformed one 400);
2. a request to anything but a public path (the login page, static assets) without a valid
   key is answered 401, a key of the wrong kind 403, again without reading the body;
3. while the route reads the body, its bytes are counted (a chunked body over the limit is
   cut off with 413) and a JSON body's nesting is followed as it streams (422 past the limit).

Responses sent before the body was read close the connection, so the rest is never read.
The key's owner is left in the ASGI scope under :data:`PRINCIPAL` for the routes.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, Literal

from mirix_like.errors import MirixLikeError
from mirix_like.surfaces.keys import ApiKeys, Principal

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PRINCIPAL = "mirix_like.principal"
MAX_KEY_CHARS = 512
_KEY = re.compile(r"[\x21-\x7e]+")  # printable ASCII, no spaces
_JSON_TOKENS = re.compile(rb'\\.|[\\"\[\]{}]', re.DOTALL)


@dataclass(frozen=True)
class Limits:
    """What one route accepts: at most ``max_bytes`` of body; JSON at most ``max_depth`` deep
    (``None``: the body is not JSON and its nesting is not followed)."""

    max_bytes: int
    max_depth: int | None = None


class Refused(Exception):
    """A request the guard answers itself, with ``status`` and a JSON error."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class JsonDepth:
    """Follows the nesting of JSON text fed in chunks, without parsing it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.depth = 0
        self._in_string = False
        self._escaped = False  # a chunk ended inside a string on a backslash

    def feed(self, chunk: bytes) -> None:
        """Raise :class:`Refused` (422) once the text is nested deeper than the limit."""
        start = 0
        if self._escaped and chunk:
            start, self._escaped = 1, False
        for match in _JSON_TOKENS.finditer(chunk, start):
            token = match.group()
            if self._in_string:
                if token == b'"':
                    self._in_string = False
                elif token == b"\\":  # only matched alone at the end of a chunk
                    self._escaped = True
            elif token == b'"':
                self._in_string = True
            elif token in (b"[", b"{"):
                self.depth += 1
                if self.depth > self.limit:
                    raise Refused(422, f"the JSON body is nested deeper than {self.limit} "
                                       "levels")
            elif token in (b"]", b"}"):
                self.depth -= 1


def error_body(status: int, message: str) -> bytes:
    """The servers' JSON error: ``{"error": {"type": ..., "message": ...}}``."""
    kind = HTTPStatus(status).phrase.replace(" ", "").replace("-", "")
    return json.dumps({"error": {"type": kind, "message": message}}).encode()


async def send_error(send: Send, status: int, message: str, *, close: bool) -> None:
    """Answer with the JSON error; ``close`` ends the connection (the body was not read)."""
    body = error_body(status, message)
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]
    if status == 401:
        headers.append((b"www-authenticate", b"Bearer"))
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> list[str]:
    return [value.decode("latin-1") for key, value in scope.get("headers", ()) if key == name]


def _declared_length(scope: Scope) -> int | None:
    values = _header(scope, b"content-length")
    if not values:
        return None
    if len(set(values)) != 1 or not values[0].strip().isdigit():
        raise Refused(400, "the Content-Length header is not one number")
    return int(values[0])


def bearer_key(scope: Scope) -> str:
    """The key of ``Authorization: Bearer KEY``; :class:`Refused` (401) when there is none."""
    values = _header(scope, b"authorization")
    if not values:
        raise Refused(401, "send an API key: Authorization: Bearer KEY")
    scheme, _, key = values[0].strip().partition(" ")
    key = key.strip()
    if len(values) > 1 or scheme.lower() != "bearer" or not key:
        raise Refused(401, "send one API key as: Authorization: Bearer KEY")
    if len(key) > MAX_KEY_CHARS or not _KEY.fullmatch(key):
        raise Refused(401, "unknown API key")
    return key


class Guard:
    """Body limits and key checks in front of ``app`` (see the module's description).

    ``limits`` gives each path its :class:`Limits`; ``public(method, path)`` says what needs
    no key; ``role`` is the kind of key every other request needs (``None``: any valid key).
    """

    def __init__(self, app: ASGIApp, keys: ApiKeys, *, limits: Callable[[str], Limits],
                 public: Callable[[str, str], bool] = lambda method, path: False,
                 role: Literal["user", "admin"] | None = None) -> None:
        self.app = app
        self.keys = keys
        self.limits = limits
        self.public = public
        self.role = role

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # no route takes one
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limits = self.limits(scope["path"])
        try:
            declared = _declared_length(scope)
            if declared is not None and declared > limits.max_bytes:
                raise Refused(413, f"the body has {declared:,} bytes, over the "
                                   f"{limits.max_bytes:,}-byte limit of this route")
            if not self.public(scope["method"], scope["path"]):
                scope[PRINCIPAL] = await self._principal(scope)
        except Refused as refused:
            await send_error(send, refused.status, str(refused), close=True)
            return
        await _Exchange(self.app, limits).run(scope, receive, send)

    async def _principal(self, scope: Scope) -> Principal:
        key = bearer_key(scope)
        try:
            found = await asyncio.to_thread(self.keys.principal, key)
        except MirixLikeError as exc:
            raise Refused(503, f"the API keys cannot be read now: {exc}") from None
        if found is None:
            raise Refused(401, "unknown API key")
        if self.role is not None and found.role != self.role:
            raise Refused(403, f"this server needs a {self.role}'s key")
        return found


class _Exchange:
    """One request passed on to the app, its body counted and its JSON depth followed."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.received = 0
        self.depth = JsonDepth(limits.max_depth) if limits.max_depth is not None else None
        self.refused: Refused | None = None
        self.started = False

    async def run(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.depth is not None and not _is_json(scope):
            self.depth = None

        async def counted() -> Message:
            if self.refused is not None:
                raise self.refused
            message = await receive()
            if message["type"] == "http.request":
                chunk = message.get("body", b"")
                self.received += len(chunk)
                if self.received > self.limits.max_bytes:
                    self.refused = Refused(413, f"the body is over the "
                                                f"{self.limits.max_bytes:,}-byte limit of "
                                                "this route")
                elif self.depth is not None:
                    try:
                        self.depth.feed(chunk)
                    except Refused as refused:
                        self.refused = refused
                if self.refused is not None:
                    raise self.refused
            return message

        async def checked(message: Message) -> None:
            # Whatever the app makes of a refused body (its own 400 or 500), the client
            # gets the refusal.
            if self.refused is not None:
                if message["type"] == "http.response.start" and not self.started:
                    self.started = True
                    await send_error(send, self.refused.status, str(self.refused), close=True)
                return
            self.started = self.started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, checked)
        except Exception:
            if self.refused is None:
                raise
            if not self.started:
                self.started = True
                await send_error(send, self.refused.status, str(self.refused), close=True)


def _is_json(scope: Scope) -> bool:
    """Whether a JSON parser will read the body (FastAPI reads one without a content type)."""
    values = _header(scope, b"content-type")
    if not values:
        return True
    media = values[0].split(";")[0].strip().lower()
    return media == "application/json" or media.endswith("+json") or media.endswith("/json")
