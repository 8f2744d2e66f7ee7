"""What a model can do: declared in the settings, or asked of the server that serves it.

``auto`` settings are resolved by asking the server once, when the backend is built:
llama.cpp's ``GET /props`` (context size, vision, whether its chat template takes tools),
Ollama's ``POST /api/show`` (capabilities and context length) and an OpenAI-style
``GET /v1/models`` (vLLM's ``max_model_len``). A server that does not answer leaves the
declared values and these defaults: tools and structured output supported, vision supported.
"""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

from mirix_like.config import Settings

log = logging.getLogger(__name__)

PROBE_TIMEOUT = 3.0
ToolMode = Literal["native", "json_schema", "prompt"]


@dataclass(frozen=True)
class ModelCapabilities:
    """What the model behind a backend can do, and where that knowledge came from."""

    vision: bool = False
    """It reads images (else screenshots go through OCR first)."""
    tools: bool = True
    """It makes native tool calls."""
    structured_output: bool = False
    """Its server constrains replies to a JSON schema (``response_format`` ``json_schema``)."""
    max_tokens: int | None = None
    """The cap on each reply, sent with every request."""
    context_window: int | None = None
    """Tokens of prompt plus reply it can take, when known."""
    rule_based: bool = False
    """The offline rule engine rather than a language model: it writes no free text."""
    source: str = "declared"
    """Where the values came from: ``declared``, ``openai``, ``llama.cpp``, ``ollama``,
    ``vllm`` or ``offline``."""

    @property
    def tool_mode(self) -> ToolMode:
        """How tool calls are asked for: natively, as schema-constrained JSON, or by prompt."""
        if self.tools:
            return "native"
        return "json_schema" if self.structured_output else "prompt"


@dataclass(frozen=True)
class ServerFacts:
    """What a server said about the model; ``None`` where it said nothing."""

    source: str
    tools: bool | None = None
    vision: bool | None = None
    structured_output: bool | None = None
    context_window: int | None = None


def resolve_capabilities(settings: Settings, api_key: str | None) -> ModelCapabilities:
    """The capabilities of the configured model: declared values, ``auto`` ones probed."""
    wanted = [settings.model_tools, settings.model_structured_output, settings.model_vision]
    facts = None
    if settings.base_url and ("auto" in wanted or settings.model_context_window is None):
        facts = probe_server(settings.base_url, settings.model, api_key)
    facts = facts or ServerFacts("openai" if not settings.base_url else "declared")

    def pick(declared: bool | str, probed: bool | None) -> bool:
        if declared != "auto":
            return bool(declared)
        return True if probed is None else probed

    context = settings.model_context_window or facts.context_window
    max_tokens = settings.max_tokens
    if context:  # leave room for the prompt: a reply never takes more than a quarter
        max_tokens = max(16, min(max_tokens, context // 4))
    return ModelCapabilities(
        vision=pick(settings.model_vision, facts.vision),
        tools=pick(settings.model_tools, facts.tools),
        structured_output=pick(settings.model_structured_output, facts.structured_output),
        max_tokens=max_tokens, context_window=context, source=facts.source)


def fallback_modes(settings: Settings, caps: ModelCapabilities) -> tuple[ToolMode, ...]:
    """The tool modes to step down to, in order, when the server refuses the current one:
    only from a mode whose setting is ``auto``."""
    modes: list[ToolMode] = []
    mode = caps.tool_mode
    while {"native": settings.model_tools,
           "json_schema": settings.model_structured_output}.get(mode) == "auto":
        mode = "json_schema" if mode == "native" and caps.structured_output else "prompt"
        modes.append(mode)
    return tuple(modes)


def probe_server(base_url: str, model: str, api_key: str | None,
                 timeout: float = PROBE_TIMEOUT) -> ServerFacts | None:
    """Ask an OpenAI-compatible server what it serves; ``None`` if it does not say."""
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    root = _root(base_url)
    try:
        props = _fetch(f"{root}/props", headers, timeout)
    except OSError as exc:
        log.warning("model server %s did not answer (%s); using the declared "
                    "capabilities", root, exc)
        return None
    if isinstance(props, dict) and "default_generation_settings" in props:
        return _llama_cpp(props)
    try:
        show = _fetch(f"{root}/api/show", headers, timeout, {"model": model})
        if isinstance(show, dict) and ("capabilities" in show or "model_info" in show):
            return _ollama(show)
        return _models_list(_fetch(f"{base_url.rstrip('/')}/models", headers, timeout), model)
    except OSError:
        return None


def _root(base_url: str) -> str:
    """``http://host:port`` of ``http://host:port/v1``: where servers put their own routes."""
    parts = urlsplit(base_url.rstrip("/"))
    path = parts.path[:-3] if parts.path.endswith("/v1") else parts.path
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def _fetch(url: str, headers: dict[str, str], timeout: float,
           body: dict[str, Any] | None = None) -> Any:
    """The JSON a GET (or, with ``body``, a POST) answers; ``None`` for an error status or
    a body that is not JSON. A server that cannot be reached raises ``OSError``."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={
        **headers, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError:
        return None
    except ValueError:
        return None


def _llama_cpp(props: dict[str, Any]) -> ServerFacts:
    caps = props.get("chat_template_caps") or {}
    modalities = props.get("modalities") or {}
    n_ctx = (props.get("default_generation_settings") or {}).get("n_ctx")
    tools = caps.get("supports_tools") if isinstance(caps, dict) else None
    return ServerFacts("llama.cpp", tools=None if tools is None else bool(tools),
                       vision=bool(modalities.get("vision")), structured_output=True,
                       context_window=n_ctx if isinstance(n_ctx, int) and n_ctx > 0 else None)


def _ollama(show: dict[str, Any]) -> ServerFacts:
    capabilities = show.get("capabilities")
    known = isinstance(capabilities, list)
    lengths = [v for k, v in (show.get("model_info") or {}).items()
               if k.endswith(".context_length") and isinstance(v, int)]
    return ServerFacts("ollama", tools=("tools" in capabilities) if known else None,
                       vision=("vision" in capabilities) if known else None,
                       structured_output=True, context_window=lengths[0] if lengths else None)


def _models_list(listing: Any, model: str) -> ServerFacts | None:
    entries = listing.get("data") if isinstance(listing, dict) else None
    entry = next((e for e in entries or [] if isinstance(e, dict) and e.get("id") == model), None)
    if entry is None:
        return None
    length = entry.get("max_model_len")
    vllm = entry.get("owned_by") == "vllm" or isinstance(length, int)
    return ServerFacts("vllm" if vllm else "declared",
                       context_window=length if isinstance(length, int) else None)
