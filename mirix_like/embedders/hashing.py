"""The offline default embedder: feature hashing of stemmed words and word pairs.

It needs no download and no torch. It is lexical: it cannot know that "car" and "vehicle"
are related, so on its own it ranks below BM25 full-text search (see BENCHMARKS.md), and
active retrieval uses full-text search when it is the store's embedder.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np

from mirix_like.embedders.base import normalise
from mirix_like.text import cjk_grams, words

_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "i",
        "you",
        "he",
        "she",
        "we",
        "they",
        "me",
        "him",
        "her",
        "us",
        "them",
        "my",
        "your",
        "his",
        "our",
        "their",
        "do",
        "does",
        "did",
        "have",
        "has",
        "had",
        "not",
        "no",
        "so",
        "just",
        "very",
        "can",
        "will",
        "would",
        "should",
        "could",
        "what",
        "when",
        "where",
        "who",
        "whom",
        "whose",
        "which",
        "why",
        "how",
        "about",
    ]
)
_SUFFIXES = ("ing", "ed", "es", "s", "ly")


def _stem(token: str) -> str:
    """A crude suffix stripper: enough for "hiking" to meet "hiked"."""
    for suffix in _SUFFIXES:
        if len(token) > len(suffix) + 3 and token.endswith(suffix):
            return token[: -len(suffix)]
    return token


class HashingEmbedder:
    """Deterministic hashed bag of features; same text, same vector, on every machine."""

    lexical = True  # it ranks by shared words, as full-text search does

    def __init__(self, dim: int = 384) -> None:
        self.dim = dim
        self.name = f"hashing-v2-{dim}"

    def _features(self, text: str) -> list[tuple[str, float]]:
        tokens = [_stem(w) for w in words(text) if w not in _STOPWORDS]
        feats: list[tuple[str, float]] = [(f"w:{t}", 1.0) for t in tokens]
        feats += [(f"b:{a} {b}", 0.5) for a, b in zip(tokens, tokens[1:], strict=False)]
        feats += [(f"g:{g}", 0.5) for g in cjk_grams(text)]
        return feats

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in self._features(text):
                h = zlib.crc32(feature.encode("utf-8"))
                sign = 1.0 if h & 0x80000000 else -1.0
                out[row, h % self.dim] += sign * weight
        return normalise(out)
