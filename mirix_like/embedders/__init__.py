"""Embedders behind one small protocol, made by name with :func:`make_embedder`."""

from __future__ import annotations

from typing import Any

from mirix_like.embedders.base import Embedder
from mirix_like.embedders.hashing import HashingEmbedder
from mirix_like.errors import ConfigError

__all__ = ["DEFAULT_EMBEDDER", "EMBEDDERS", "Embedder", "HashingEmbedder", "embedder_for_store",
           "make_embedder"]

EMBEDDERS = ("hashing", "minilm", "openai", "sentence-transformers", "wordllama")
DEFAULT_EMBEDDER = "wordllama"
"""What a new store is built with when no embedder is named."""
_REBUILDABLE = {"hashing", "wordllama", "minilm"}
"""Embedders a store's recorded name and dimension fully describe (no key, no model path)."""


def make_embedder(name: str = DEFAULT_EMBEDDER, **options: Any) -> Embedder:
    """The embedder called ``name`` (one of :data:`EMBEDDERS`), built with ``options``.

    Optional backends are imported only when asked for.
    """
    if name == "hashing":
        return HashingEmbedder(**options)
    if name == "minilm":
        from mirix_like.embedders.minilm import MiniLMEmbedder

        return MiniLMEmbedder(**options)
    if name == "openai":
        from mirix_like.embedders.openai import OpenAIEmbedder

        return OpenAIEmbedder(**options)
    if name == "sentence-transformers":
        from mirix_like.embedders.sentence_transformers import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(**options)
    if name == "wordllama":
        from mirix_like.embedders.wordllama import WordLlamaEmbedder

        return WordLlamaEmbedder(**options)
    raise ConfigError(f"unknown embedder {name!r}; expected one of: {', '.join(EMBEDDERS)}")


def embedder_for_store(built_with: tuple[str, int] | None) -> Embedder:
    """The embedder a store recorded (its ``name`` and ``dim``), or :data:`DEFAULT_EMBEDDER`
    for a new store: what ``embedder="auto"`` opens a store with, so a store keeps the
    embedder it was built with whatever the default is now."""
    if built_with is None:
        return make_embedder(DEFAULT_EMBEDDER)
    name, dim = built_with
    kind = max((k for k in EMBEDDERS if name.startswith(k)), key=len, default=None)
    if kind not in _REBUILDABLE:
        raise ConfigError(
            f"the store was built with embedder {name!r} (dim {dim}): name it in the settings "
            f"(embedder and embedder_options) to open the store")
    embedder = make_embedder(kind) if kind == "minilm" else make_embedder(kind, dim=dim)
    if embedder.name != name:
        raise ConfigError(f"the store was built with embedder {name!r} (dim {dim}): name it "
                          "in the settings (embedder and embedder_options) to open the store")
    return embedder
