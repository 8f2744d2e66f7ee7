"""The hashing embedder: its vectors never change (stores built earlier hold them)."""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

from mirix_like.embedders import HashingEmbedder, hashing

TEXTS = ["Yesterday I hiked up Mount Tamalpais with my sister Maya.",
         "上周五我和妹妹去爬山，然后吃了火锅", "東京タワー に 行きました", "Привет мир, как дела?",
         "", "   ", "hiking hiked hikes HIKING!! the a an", "naïve café résumé — 😀 emoji",
         "x " * 500, "w123 w_9 snake_case CamelCase 3.14 2024-01-01"]
# SHA-256 of the float32 vectors of TEXTS as hashing-v2 made them when stores were first
# built with it (dimension 384, then 16). A change here would silently mismatch old stores.
V2_384 = "162259dd943ddb52c67afcae86423b928ab63bf7f81cc53b56cda8b61edebd85"
V2_16 = "595bf5d539709d28db9c4947952cc4b9af6226f56257ee65582acf13d1cee900"


def digest(matrix: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(matrix, dtype=np.float32).tobytes()).hexdigest()


@pytest.mark.parametrize(("dim", "expected"), [(384, V2_384), (16, V2_16)])
def test_vectors_are_those_of_hashing_v2(dim: int, expected: str) -> None:
    embedder = HashingEmbedder(dim)
    assert embedder.name == f"hashing-v2-{dim}"
    assert digest(embedder.embed(TEXTS)) == expected
    assert digest(np.vstack([embedder.embed([t]) for t in TEXTS])) == expected  # one by one


def test_its_caches_filling_up_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hashing, "_CACHE_SIZE", 50)
    embedder = HashingEmbedder()
    first = embedder.embed(TEXTS)
    rng = random.Random(5)
    noise = [" ".join(f"w{rng.randrange(10_000)}" for _ in range(20)) for _ in range(200)]
    embedder.embed(noise)
    caches = (embedder._stems, embedder._slots, embedder._pair_slots, embedder._gram_slots)
    assert all(len(cache) <= 50 for cache in caches)
    assert digest(embedder.embed(TEXTS)) == digest(first) == V2_384


def test_rows_are_unit_length_or_zero() -> None:
    norms = np.linalg.norm(HashingEmbedder().embed(TEXTS), axis=1)
    assert np.allclose(norms[[0, 1, 2, 3, 6, 7, 8, 9]], 1.0, atol=1e-6)
    assert norms[4] == norms[5] == 0.0


def test_ascii_text_is_split_into_the_words_of_the_regex() -> None:
    rng = random.Random(3)
    texts = ["".join(chr(rng.randrange(128)) for _ in range(80)) for _ in range(300)]
    embedder = HashingEmbedder()
    assert ([embedder._tokens(t, ascii_only=True) for t in texts]
            == [embedder._tokens(t, ascii_only=False) for t in texts])
