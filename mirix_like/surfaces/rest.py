"""The REST API and web UI: every route is one AsyncMemorySystem call plus error translation.

A user's API key scopes every ``/api`` route to that user's memory; an admin key manages
users and keys under ``/admin``. Errors are JSON, ``{"error": {"type": ..., "message": ...}}``,
with the status codes of :data:`ERROR_STATUS`.
"""

import asyncio
import json
import shutil
import tempfile
from collections.abc import Sequence
from datetime import datetime
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Protocol

import uvicorn
from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from PIL import Image as PILImage
from pydantic import BaseModel, Field, SerializeAsAny
from starlette.exceptions import HTTPException

from mirix_like import memory_types
from mirix_like.agents.chat import ChatResponse
from mirix_like.config import Settings
from mirix_like.errors import (
    InvalidInputError,
    ItemNotFoundError,
    MirixLikeError,
    ModelError,
)
from mirix_like.ingest.report import ChangeReport
from mirix_like.inputs import Message, image_from_base64
from mirix_like.memory_types.base import MemoryItem
from mirix_like.retrieval.active import MAX_CONTEXT_TOKENS, Context
from mirix_like.retrieval.budget import BLOCK_TOKENS
from mirix_like.store import HistoryEntry, RawInput, SearchHit, SearchMethod
from mirix_like.store.backup import ExportSummary, unpack_export
from mirix_like.surfaces.guard import PRINCIPAL, Guard, Limits
from mirix_like.surfaces.keys import ApiKey, ApiKeys, Principal, new_key
from mirix_like.system import AsyncMemorySystem

ERROR_STATUS: list[tuple[type[MirixLikeError], int]] = [
    (ItemNotFoundError, 404),
    (InvalidInputError, 422),
    (ModelError, 502),
    (MirixLikeError, 500),
]
STATIC = resources.files("mirix_like.surfaces") / "static"
DOCS_ASSETS = resources.files("fastapi_offline") / "static"
"""Swagger UI as the fastapi-offline wheel ships it: the docs work offline."""
MAX_BODY_BYTES = 32 * 2**20
"""Largest request body (an ``add`` with images); ``/admin/import`` has its own limit."""
MAX_IMPORT_BYTES = 2**30
MAX_JSON_DEPTH = 32
"""Deepest nesting of a JSON body (metadata itself is limited to 20 levels)."""
MAX_QUERY_CHARS = 10_000
PUBLIC_PREFIXES = ("/static/",)
"""Paths served without a key (with ``GET`` or ``HEAD``), besides the web UI's login page,
the favicon and the API docs."""
Item = SerializeAsAny[MemoryItem]


class Watcher(Protocol):
    """Anything whose ``status()`` describes a running desktop watcher."""

    def status(self) -> Any: ...


# ----------------------------------------------------------------- request bodies


class AddRequest(BaseModel):
    """Input to remember: a text, a message or messages, and/or base64-encoded images."""

    content: str | Message | list[Message] | None = None
    images: list[str] = Field(default_factory=list,
                              description="Base64 PNG, JPEG, WebP, GIF or BMP data.")
    occurred_at: str | None = Field(None, description="ISO 8601 with a time zone.")
    metadata: dict[str, Any] | None = None
    flush: bool = Field(True, description=(
        "Process now (the default, as in the CLI and MCP); false waits until a batch fills."))


class ChatRequest(BaseModel):
    message: str


class ContextRequest(BaseModel):
    query: str = Field(max_length=MAX_QUERY_CHARS)
    max_tokens: int = Field(BLOCK_TOKENS, description=(
        f"Most estimated tokens the text may hold, 1 to {MAX_CONTEXT_TOKENS}."))


class SearchRequest(BaseModel):
    query: str = Field(max_length=MAX_QUERY_CHARS)
    memory_types: list[str] | None = None
    method: SearchMethod = "hybrid"
    limit: int = 10
    since: datetime | None = None
    until: datetime | None = None
    tree_path: list[str] | None = None
    metadata: dict[str, Any] | None = None
    sensitivity: list[str] | None = None


class KeyRequest(BaseModel):
    user_id: str
    label: str = ""


class NewKey(BaseModel):
    """A created key: the only time the key itself is shown."""

    key: str
    info: ApiKey


class WatcherInfo(BaseModel):
    """Whether a desktop watcher runs in this server, and its status (state, frame counts)."""

    running: bool
    status: dict[str, Any] | None = None


class TypeInfo(BaseModel):
    name: str
    description: str
    fields: list[str]
    tree: bool


# ----------------------------------------------------------------- errors


def _error(status: int, kind: str, message: str, **extra: Any) -> Response:
    body = {"error": {"type": kind, "message": message, **extra}}
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    # ASCII JSON: a message quoting what the client sent stays encodable (lone surrogates).
    return Response(json.dumps(jsonable_encoder(body)), status_code=status, headers=headers,
                    media_type="application/json")


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(MirixLikeError)
    async def library_error(request: Request, exc: MirixLikeError) -> Response:
        status = next(code for kind, code in ERROR_STATUS if isinstance(exc, kind))
        return _error(status, type(exc).__name__, str(exc))

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> Response:
        details = [{"loc": e.get("loc"), "msg": e.get("msg")} for e in exc.errors()]
        first = details[0] if details else {"loc": (), "msg": "unreadable"}
        where = ".".join(str(part) for part in first["loc"] or ())
        return _error(422, "RequestValidationError",
                      f"the request is not valid: {where}: {first['msg']}", details=details)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        return _error(500, "InternalServerError", "unexpected error; see the server log")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        return _error(exc.status_code, _reason(exc.status_code), str(exc.detail))


def _reason(status: int) -> str:
    return HTTPStatus(status).phrase.replace(" ", "")


def _images(encoded: Sequence[str]) -> list[PILImage.Image]:
    return [image_from_base64(data, f"image {n}") for n, data in enumerate(encoded)]


# ----------------------------------------------------------------- the app


def create_app(memory: AsyncMemorySystem, keys: ApiKeys, *,
               watcher: Watcher | None = None, max_body_bytes: int = MAX_BODY_BYTES,
               max_import_bytes: int = MAX_IMPORT_BYTES) -> FastAPI:
    """The REST API and web UI over ``memory``, authenticated by ``keys``.

    Every route needs a key but the login page, static assets and the API docs; bodies are
    limited to ``max_body_bytes`` (an import zip to ``max_import_bytes``), checked by
    :class:`~mirix_like.surfaces.guard.Guard` before anything reads them.
    """
    app = FastAPI(title="mirix-like", version="0.1.0", docs_url=None, redoc_url=None,
                  description="Multi-agent memory for LLM assistants: one user per API key.")
    _offline_docs(app)
    _install_error_handlers(app)
    bearer = HTTPBearer(auto_error=False, description="A user's or an admin's API key.")
    public = {app.docs_url, app.openapi_url, app.redoc_url, app.swagger_ui_oauth2_redirect_url,
              "/", "/favicon.ico"} - {None}
    app.add_middleware(
        Guard, keys=keys,  # type: ignore[arg-type]
        public=lambda method, path: method in ("GET", "HEAD") and (
            path in public or path.startswith(PUBLIC_PREFIXES)),
        limits=lambda path: (Limits(max_import_bytes) if path == "/admin/import"
                             else Limits(max_body_bytes, MAX_JSON_DEPTH)))

    async def principal(request: Request, _: Annotated[HTTPAuthorizationCredentials | None,
                                                       Depends(bearer)]) -> Principal:
        found = request.scope.get(PRINCIPAL)  # the guard checked the key
        if found is None:
            raise HTTPException(401, "send an API key: Authorization: Bearer KEY")
        return found

    async def user(who: Annotated[Principal, Depends(principal)]) -> str:
        if who.user_id is None:
            raise HTTPException(403, "this route needs a user's key; an admin key manages "
                                     "users and keys under /admin")
        return who.user_id

    async def admin(who: Annotated[Principal, Depends(principal)]) -> Principal:
        if who.role != "admin":
            raise HTTPException(403, "this route needs an admin key")
        return who

    User = Annotated[str, Depends(user)]
    api = APIRouter(prefix="/api", tags=["memory"])

    @api.get("/me")
    async def me(who: Annotated[Principal, Depends(principal)]) -> Principal:
        """Whose key this is."""
        return who

    @api.post("/add")
    async def add(body: AddRequest, user_id: User) -> ChangeReport:
        """Accept input; it becomes memories when a batch fills, or now with ``flush``."""
        return await memory.add(body.content, user_id=user_id, images=_images(body.images),
                                occurred_at=body.occurred_at, metadata=body.metadata,
                                flush=body.flush)

    @api.post("/flush")
    async def flush(user_id: User) -> ChangeReport:
        """Turn every pending input into memories now."""
        return await memory.flush(user_id)

    @api.post("/chat")
    async def chat(body: ChatRequest, user_id: User) -> ChatResponse:
        """Answer from memory; the response lists the memories used."""
        return await memory.chat(body.message, user_id=user_id)

    @api.post("/context")
    async def context(body: ContextRequest, user_id: User) -> Context:
        """What active retrieval would put in a chat prompt for a query, for apps that bring
        their own model: the text (within ``max_tokens``), its items and their source ids."""
        return await memory.context(body.query, user_id=user_id, max_tokens=body.max_tokens)

    @api.get("/context")
    async def context_query(body: Annotated[ContextRequest, Query()], user_id: User
                            ) -> Context:
        """``POST /api/context`` with the query and budget as URL parameters."""
        return await context(body, user_id)

    @api.post("/search")
    async def search(body: SearchRequest, user_id: User) -> list[SearchHit]:
        """Search memory with filters (time range, tree path, metadata, sensitivity)."""
        filters = body.model_dump(exclude={"query", "memory_types", "method", "limit"},
                                  exclude_none=True)
        return await memory.search(body.query, user_id=user_id,
                                   memory_types=body.memory_types, method=body.method,
                                   limit=body.limit, **filters)

    @api.get("/types", dependencies=[Depends(principal)])
    async def types() -> list[TypeInfo]:
        """The memory types and their editable fields."""
        return [TypeInfo(name=s.name, description=s.description,
                         fields=s.item_model.content_fields(),
                         tree="tree_path" in s.item_model.model_fields)
                for s in memory_types.all_types()]

    @api.get("/memories/{memory_type}", response_model=list[Item])
    async def list_items(memory_type: str, user_id: User, limit: int = 100,
                         tree_path: Annotated[list[str] | None, Query()] = None) -> Any:
        """The most recent items of one type, newest first."""
        filters = {"tree_path": tree_path} if tree_path else {}
        return await memory.list(memory_type, user_id=user_id, limit=limit, **filters)

    @api.post("/memories/{memory_type}", response_model=list[Item], status_code=201)
    async def insert(memory_type: str, items: list[dict[str, Any]], user_id: User) -> Any:
        """Store already-structured items as given, without a model; one invalid: none stored."""
        return await memory.insert(memory_type, items, user_id=user_id)

    @api.get("/memories/{memory_type}/{item_id}", response_model=Item)
    async def get(memory_type: str, item_id: str, user_id: User,
                  reveal_secrets: bool = False) -> Any:
        """One item; secret values are masked unless ``reveal_secrets``."""
        return await memory.get(memory_type, item_id, user_id=user_id,
                                reveal_secrets=reveal_secrets)

    @api.patch("/memories/{memory_type}/{item_id}", response_model=Item)
    async def update(memory_type: str, item_id: str, changes: dict[str, Any],
                     user_id: User) -> Any:
        """Change fields of one item; the old values stay in its history."""
        return await memory.update(memory_type, item_id, changes, user_id=user_id)

    @api.delete("/memories/{memory_type}/{item_id}")
    async def delete(memory_type: str, item_id: str, user_id: User) -> list[str]:
        """Delete one item (recoverable from its history); 404 if it does not exist."""
        deleted = await memory.delete(memory_type, item_id, user_id=user_id)
        if not deleted:
            raise ItemNotFoundError(f"no {memory_type} item {item_id!r}")
        return deleted

    @api.get("/history/{item_id}")
    async def history(item_id: str, user_id: User) -> list[HistoryEntry]:
        """Every change to one item, oldest first."""
        return await memory.history(item_id, user_id=user_id)

    @api.post("/history/{history_id}/restore", response_model=Item)
    async def restore(history_id: str, user_id: User) -> Any:
        """Put an item back as it was before one change."""
        return await memory.restore(history_id, user_id=user_id)

    @api.get("/pending")
    async def pending(user_id: User) -> list[RawInput]:
        """Inputs accepted but not yet turned into memories."""
        return await memory.pending(user_id)

    @api.get("/failed")
    async def failed(user_id: User) -> list[RawInput]:
        """Inputs whose processing failed, with the error."""
        return await memory.failed(user_id)

    @api.post("/retry")
    async def retry(user_id: User) -> ChangeReport:
        """Process the failed inputs again."""
        return await memory.retry(user_id)

    @api.get("/export", response_class=Response,
             responses={200: {"content": {"application/zip": {}}}})
    async def export(user_id: User, include_secrets: bool = False) -> Response:
        """This user's memories, raw inputs and history as a zip of JSONL files."""
        with tempfile.TemporaryDirectory(prefix="mirix-export-") as folder:
            await memory.export(Path(folder) / "export", user_id=user_id,
                                include_secrets=include_secrets)
            archive = await asyncio.to_thread(shutil.make_archive, str(Path(folder) / "out"),
                                              "zip", Path(folder) / "export")
            data = Path(archive).read_bytes()
        return Response(data, media_type="application/zip", headers={
            "Content-Disposition": 'attachment; filename="mirix-like-export.zip"'})

    @api.get("/watcher")
    async def watcher_status(user_id: User) -> WatcherInfo:
        """The desktop watcher's status, when one runs in this server."""
        if watcher is None:
            return WatcherInfo(running=False)
        return WatcherInfo(running=True, status=jsonable_encoder(watcher.status()))

    admin_api = APIRouter(prefix="/admin", tags=["admin"], dependencies=[Depends(admin)])

    @admin_api.get("/users")
    async def users() -> list[str]:
        """Every user with memories or inputs."""
        return await asyncio.to_thread(memory.store.users)

    @admin_api.get("/keys")
    async def list_keys(user_id: str | None = None) -> list[ApiKey]:
        """User keys (never the keys themselves)."""
        return await asyncio.to_thread(keys.list, user_id)

    @admin_api.post("/keys", status_code=201)
    async def create_key(body: KeyRequest) -> NewKey:
        """A new key for a user; the key is shown only in this response."""
        info, key = await asyncio.to_thread(keys.create, body.user_id, body.label)
        return NewKey(key=key, info=info)

    @admin_api.delete("/keys/{key_id}", status_code=204)
    async def revoke_key(key_id: str) -> Response:
        """Revoke a user key."""
        if not await asyncio.to_thread(keys.revoke, key_id):
            raise HTTPException(404, f"no key {key_id!r}")
        return Response(status_code=204)

    @admin_api.post("/import", openapi_extra={"requestBody": {
        "required": True, "content": {"application/zip": {"schema": {
            "type": "string", "format": "binary"}}}}})
    async def import_zip(request: Request) -> ExportSummary:
        """Merge an export zip (from ``/api/export``) into the store; nothing is duplicated.

        The zip is checked (names, sizes, every record) before anything is stored; a bad one
        is refused with 422 and changes nothing.
        """
        with tempfile.TemporaryDirectory(prefix="mirix-import-") as folder:
            archive = Path(folder) / "upload.zip"
            with archive.open("wb") as handle:  # streamed to disk: the guard caps its size
                async for chunk in request.stream():
                    await asyncio.to_thread(handle.write, chunk)
            unpacked = Path(folder) / "export"
            await asyncio.to_thread(unpack_export, archive, unpacked)
            return await memory.import_(unpacked)

    @admin_api.get("/pending")
    async def all_pending() -> list[RawInput]:
        """Pending inputs of every user."""
        return await memory.pending(None)

    @admin_api.get("/failed")
    async def all_failed() -> list[RawInput]:
        """Failed inputs of every user."""
        return await memory.failed(None)

    app.include_router(api)
    app.include_router(admin_api)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(str(STATIC / "favicon.ico"), media_type="image/x-icon")

    return app


def _offline_docs(app: FastAPI) -> None:
    """``/docs`` (Swagger UI) from assets in an installed wheel, not a CDN.

    No ReDoc: its bundle still fetches a logo from the internet.
    """
    assets, openapi = "/static/docs", app.openapi_url or "/openapi.json"
    app.mount(assets, StaticFiles(directory=str(DOCS_ASSETS)), name="docs-assets")
    app.docs_url = "/docs"

    @app.get(app.docs_url, include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi, title=f"{app.title} API", swagger_favicon_url="/favicon.ico",
            swagger_js_url=f"{assets}/swagger-ui-bundle.js",
            swagger_css_url=f"{assets}/swagger-ui.css",
            # No badge from validator.swagger.io, which a non-local address would show.
            swagger_ui_parameters={"validatorUrl": None})


async def serve(settings: Settings, *, host: str = "127.0.0.1", port: int = 8000,
                admin_key: str | None = None, admin_key_source: str = "") -> None:
    """Serve the API and web UI until interrupted; without ``admin_key`` one is made up.

    Once listening, prints the address and where the admin key came from
    (``admin_key_source``, e.g. ``$MIRIX_LIKE_ADMIN_KEY``), or the made-up key itself.
    """
    if admin_key:
        key_line = f"admin key: from {admin_key_source or 'the caller'}"
    else:
        admin_key = new_key()
        key_line = (f"admin key, made up for this run (set MIRIX_LIKE_ADMIN_KEY to keep one): "
                    f"{admin_key}")
    async with AsyncMemorySystem(settings) as memory:
        keys = ApiKeys(settings.store_uri, storage_options=settings.storage_options,
                       admin_keys=[admin_key])
        config = uvicorn.Config(create_app(memory, keys), host=host, port=port,
                                log_level="warning")
        server = uvicorn.Server(config)

        async def announce() -> None:
            while not server.started:
                await asyncio.sleep(0.05)
            address = server.servers[0].sockets[0].getsockname()
            bound = f"[{address[0]}]" if ":" in address[0] else address[0]
            print(f"mirix-like is serving http://{bound}:{address[1]}/ (web UI; API docs at "
                  f"/docs)\nstore: {settings.store_uri}\n{key_line}\nCtrl-C stops it",
                  flush=True)

        announcing = asyncio.create_task(announce())
        try:
            await server.serve()  # exits (SystemExit) when it cannot listen, after saying why
        finally:
            announcing.cancel()
