"""Settings: arguments, then ``MIRIX_LIKE_*`` environment variables, then a TOML config file.

With nothing set, everything runs offline: a LanceDB folder under the user's data directory,
the wordllama embedder (an existing store keeps the one it was built with) and the offline
rule-based model backend.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import platformdirs
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from mirix_like.errors import ConfigError

if TYPE_CHECKING:
    from mirix_like.embedders import Embedder
    from mirix_like.memory_types import MemoryType

CONFIG_ENV = "MIRIX_LIKE_CONFIG"
MAX_RETRIEVAL = 100


def default_store_uri() -> str:
    """``$MIRIX_LIKE_STORE_URI`` if set, else a folder under the user's data directory."""
    return os.environ.get("MIRIX_LIKE_STORE_URI") or str(
        Path(platformdirs.user_data_dir("mirix-like")) / "store"
    )


def default_config_file() -> Path:
    """``$MIRIX_LIKE_CONFIG`` if set, else ``config.toml`` in the user's config directory."""
    return Path(
        os.environ.get(CONFIG_ENV)
        or Path(platformdirs.user_config_dir("mirix-like")) / "config.toml"
    )


class RetrievalSettings(BaseModel):
    """How many items of each memory type active retrieval puts in front of the chat agent.

    Keyed by memory type: ``semantic=5`` (items chosen by relevance) and ``episodic_recent=3``
    (the newest items added after them). A type left out keeps its own default (its
    ``RetrievalPolicy``); a key that names no registered type is an error, so a typo is not
    silently ignored. ``episodic_relevant`` is the older name of ``episodic``.
    """

    model_config = ConfigDict(extra="allow")

    method: Literal["auto", "hybrid", "fts", "vector"] = "auto"
    """``auto``: full-text search with a lexical embedder (the offline default), else hybrid."""
    timezone: str | None = None
    """The zone an hour in a question is read in ("What was on my screen at 8:30?"): an IANA
    name such as ``Europe/Lisbon``; ``None``: the machine's own, as the desktop capture
    stamps screens."""

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                ZoneInfo(value)
            except (ValueError, ZoneInfoNotFoundError):
                raise ValueError(f"unknown time zone {value!r} (use a name like "
                                 "Europe/Lisbon)") from None
        return value

    @property
    def zone(self) -> tzinfo:
        """:attr:`timezone` as a zone (the machine's own when unset)."""
        if self.timezone is not None:
            return ZoneInfo(self.timezone)
        zone = datetime.now().astimezone().tzinfo
        return zone if zone is not None else UTC

    @model_validator(mode="after")
    def _known_types(self) -> RetrievalSettings:
        from mirix_like import memory_types  # the registry imports the agents, which import us

        known = memory_types.names()
        extra = self.__pydantic_extra__ or {}
        if "episodic_relevant" in extra:
            extra.setdefault("episodic", extra.pop("episodic_relevant"))
        for key, value in list(extra.items()):
            if key not in known and key.removesuffix("_recent") not in known:
                raise ValueError(f"retrieval.{key}: no memory type {key!r} (known: "
                                 f"{', '.join(known)}; add _recent for the newest items)")
            text = value.strip() if isinstance(value, str) else None
            number = int(text) if text and text.isdigit() else value
            if type(number) is not int or not 0 <= number <= MAX_RETRIEVAL:
                raise ValueError(f"retrieval.{key} must be a whole number from 0 to "
                                 f"{MAX_RETRIEVAL}, not {value!r}")
            extra[key] = number
        return self

    def limit(self, spec: MemoryType) -> int:
        """Items of ``spec`` chosen by relevance to the message."""
        return (self.__pydantic_extra__ or {}).get(spec.name, spec.retrieval.limit)

    def recent(self, spec: MemoryType) -> int:
        """The newest items of ``spec`` added after the relevant ones."""
        return (self.__pydantic_extra__ or {}).get(f"{spec.name}_recent", spec.retrieval.recent)


class Settings(BaseSettings):
    """Every setting of a MemorySystem; see the README's Configuration section."""

    model_config = SettingsConfigDict(
        env_prefix="MIRIX_LIKE_", env_nested_delimiter="__", extra="forbid"
    )

    store_uri: str = Field(default_factory=default_store_uri)
    storage_options: dict[str, str] = Field(default_factory=dict)
    image_dir: str | None = None
    keep_images: bool = False
    secret_key_file: str | None = None
    log_model_events: bool = False

    embedder: Literal["auto", "hashing", "minilm", "openai", "sentence-transformers",
                      "wordllama"] = "auto"
    """``auto``: the embedder the store was built with; for a new store ``wordllama``."""
    embedder_options: dict[str, Any] = Field(default_factory=dict)

    backend: Literal["auto", "offline", "openai"] = "auto"
    model: str = "gpt-4.1-mini"
    base_url: str | None = None
    api_key: str | None = None
    model_vision: Literal["auto"] | bool = "auto"
    model_tools: Literal["auto"] | bool = "auto"
    """Native tool calls; without them tool calls are asked for as JSON."""
    model_structured_output: Literal["auto"] | bool = "auto"
    """``response_format`` with a JSON schema, enforced by the server."""
    model_context_window: int | None = Field(None, ge=256)
    """Prompt plus reply tokens; ``None``: as the server says, if it does."""
    model_json_output: bool = True
    max_tokens: int = Field(2048, ge=16, le=1_000_000)
    """The cap on each model reply (at most a quarter of a known context window)."""
    request_timeout: float = Field(60.0, gt=0)
    max_retries: int = Field(3, ge=0, le=10)
    retry_backoff: float = Field(0.5, ge=0, le=60)
    temperature: float | None = Field(0.0, ge=0, le=2)

    batch_size: int = Field(20, ge=1, le=1_000)
    offline_fallback: bool = True
    """With a model: an input the model cannot turn into valid tool calls after its retries
    is processed by the offline rules instead of failing (``retry(with_model=True)`` redoes
    it with the model later)."""
    topic_extraction: Literal["model", "keywords"] = "model"
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)

    @model_validator(mode="after")
    def _resolve_backend(self) -> Settings:
        if self.backend == "auto":
            has_key = bool(self.api_key or os.environ.get("OPENAI_API_KEY"))
            self.backend = "openai" if (has_key or self.base_url) else "offline"
        return self

    def make_embedder(self) -> Embedder | None:
        """The embedder named by ``embedder``, built with ``embedder_options``; ``None`` for
        ``auto``, which the store resolves (:class:`~mirix_like.store.MemoryStore`)."""
        from mirix_like.embedders import make_embedder

        if self.embedder == "auto":
            return None
        return make_embedder(self.embedder, **self.embedder_options)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        toml = TomlConfigSettingsSource(settings_cls, toml_file=default_config_file())
        return (init_settings, env_settings, toml)


def load_settings(**overrides: Any) -> Settings:
    """Settings from ``overrides``, the environment and the config file, or a ConfigError."""
    try:
        return Settings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as exc:
        raise ConfigError(f"invalid settings: {exc}") from None
