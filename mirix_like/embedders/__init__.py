"""Embedders behind one small protocol, made by name with :func:`make_embedder`."""

from __future__ import annotations

from typing import Any

from mirix_like.embedders.base import Embedder
from mirix_like.embedders.hashing import HashingEmbedder
from mirix_like.errors import ConfigError

__all__ = ["EMBEDDERS", "Embedder", "HashingEmbedder", "make_embedder"]

EMBEDDERS = ("hashing", "minilm", "openai", "sentence-transformers", "wordllama")


def make_embedder(name: str = "hashing", **options: Any) -> Embedder:
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
