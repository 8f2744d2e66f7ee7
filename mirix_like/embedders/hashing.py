"""The offline default embedder: feature hashing of stemmed words and word pairs.

It needs no download and no torch. It is lexical: it cannot know that "car" and "vehicle"
are related, so on its own it ranks below BM25 full-text search (see BENCHMARKS.md), and
active retrieval uses full-text search when it is the store's embedder.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

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
# Every ASCII character that ``\w`` does not match, mapped to a space.
_ASCII_GAPS = str.maketrans({chr(c): " " for c in range(128)
                             if not (chr(c).isalnum() or chr(c) == "_")})


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
        # Words and features repeat across texts: remember each word's stem ("" for a stop
        # word) and each feature's signed slot, one cache per kind of feature, keyed without
        # building the feature's text (a word and a CJK gram can be the same string).
        self._stems: dict[str, str] = {}
        self._slots: dict[str, int] = {}
        self._pair_slots: dict[tuple[str, str], int] = {}
        self._gram_slots: dict[str, int] = {}

    def _slot(self, feature: str) -> int:
        """The feature's column plus one, negative when it counts against the column."""
        h = zlib.crc32(feature.encode("utf-8"))
        return h % self.dim + 1 if h & 0x80000000 else -(h % self.dim + 1)

    def _tokens(self, text: str, ascii_only: bool) -> list[str]:
        """The text's stemmed words, stop words left out."""
        # ASCII text (most text) is split by str methods, ten times faster than the regex of
        # words() and the same words.
        found = text.lower().translate(_ASCII_GAPS).split() if ascii_only else words(text)
        stems = list(map(self._stems.get, found))
        if None in stems:
            for n, stem in enumerate(stems):
                if stem is None:
                    stems[n] = _remember(self._stems, found[n], _token(found[n]))
        return [stem for stem in stems if stem]

    def _lookup(self, cache: dict[Any, int], keys: list[Any], feature: Callable[[Any], str]
                ) -> list[int]:
        """The signed slots of ``keys``, each the slot of the feature text ``feature(key)``."""
        slots = list(map(cache.get, keys))
        if None in slots:
            for n, slot in enumerate(slots):
                if slot is None:
                    slots[n] = _remember(cache, keys[n], self._slot(feature(keys[n])))
        return slots

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        # Features: each word ("w:", weight 1), each pair of neighbouring words ("b:") and
        # each CJK gram ("g:"), both weight 0.5, hashed to a signed column.
        slots: list[int] = []
        runs: list[int] = []  # per text: how many features of weight 1, then of weight 0.5
        for text in texts:
            ascii_only = text.isascii()
            tokens = self._tokens(text, ascii_only)
            whole = self._lookup(self._slots, tokens, "w:".__add__)
            halves = self._lookup(self._pair_slots, list(pairwise(tokens)), _pair)
            if not ascii_only:
                halves += self._lookup(self._gram_slots, cjk_grams(text), "g:".__add__)
            slots += whole
            slots += halves
            runs += (len(whole), len(halves))
        signed = np.asarray(slots, dtype=np.int64)
        counts = np.asarray(runs, dtype=np.int64)
        weights = np.repeat(np.tile([1.0, 0.5], len(texts)), counts)
        rows = np.repeat(np.arange(len(texts)), counts.reshape(-1, 2).sum(axis=1))
        # Sums of +-1 and +-0.5 are exact in float64 and float32 alike: the same vectors as
        # adding the features one by one in float32.
        out = np.bincount(rows * self.dim + np.abs(signed) - 1,
                          weights=np.where(signed > 0, weights, -weights),
                          minlength=len(texts) * self.dim)
        return normalise(out.reshape(len(texts), self.dim))


def _token(word: str) -> str:
    return "" if word in _STOPWORDS else _stem(word)


def _pair(pair: tuple[str, str]) -> str:
    return f"b:{pair[0]} {pair[1]}"


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    """``value``, kept in ``cache`` under ``key``; a full cache is emptied first."""
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[key] = value
    return value
