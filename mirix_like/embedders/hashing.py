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
_CACHE_SIZE = 100_000


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
        # Words and features repeat across texts: remember each one's stem and signed slot.
        self._stems: dict[str, str] = {}
        self._slots: dict[str, int] = {}

    def _features(self, text: str) -> tuple[list[str], int]:
        """The text's features, and how many of them (the first) are words of weight 1."""
        stems = self._stems
        tokens = []
        for word in words(text):
            token = stems.get(word)
            if token is None:
                if len(stems) >= _CACHE_SIZE:
                    stems.clear()
                token = stems[word] = "" if word in _STOPWORDS else _stem(word)
            if token:
                tokens.append(token)
        feats = [f"w:{t}" for t in tokens]
        feats += [f"b:{a} {b}" for a, b in zip(tokens, tokens[1:], strict=False)]
        feats += [f"g:{g}" for g in cjk_grams(text)]
        return feats, len(tokens)

    def _slot(self, feature: str) -> int:
        """The feature's column plus one, negative when it counts against the column."""
        h = zlib.crc32(feature.encode("utf-8"))
        return h % self.dim + 1 if h & 0x80000000 else -(h % self.dim + 1)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows: list[int] = []
        slots: list[int] = []
        weights: list[float] = []
        cache = self._slots
        for row, text in enumerate(texts):
            feats, whole = self._features(text)
            for feature in feats:
                slot = cache.get(feature)
                if slot is None:
                    if len(cache) >= _CACHE_SIZE:
                        cache.clear()
                    slot = cache[feature] = self._slot(feature)
                slots.append(slot)
            rows += [row] * len(feats)
            weights += [1.0] * whole + [0.5] * (len(feats) - whole)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if slots:
            signed = np.asarray(slots)
            values = np.where(signed > 0, 1.0, -1.0) * np.asarray(weights)
            np.add.at(out, (np.asarray(rows), np.abs(signed) - 1), values.astype(np.float32))
        return normalise(out)
