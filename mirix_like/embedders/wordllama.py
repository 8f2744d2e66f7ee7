"""Static word embeddings from the ``wordllama`` package: semantic, fast, no download.

WordLlama's default model (LLaMA 2 token codebook trained into 256 dimensions, 16 MB) ships
inside its wheel; a text's vector is the mean of its tokens' vectors, so embedding costs a
table lookup and no neural network runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mirix_like.embedders.base import normalise
from mirix_like.errors import ConfigError


class WordLlamaEmbedder:
    """WordLlama's bundled ``l2_supercat`` model at ``dim`` dimensions (64 to 256)."""

    dense_weight = 0.2  # its share in fused retrieval scores (BENCHMARKS.md: best of 0.1-0.5)

    def __init__(self, *, dim: int = 256) -> None:
        try:
            import wordllama
        except ImportError as exc:
            raise ConfigError(
                "the wordllama embedder needs its extra: pip install 'mirix-like[wordllama]'"
            ) from exc
        if dim not in (64, 128, 256):
            raise ConfigError(f"wordllama dim must be 64, 128 or 256, not {dim!r}")
        # The wheel holds the files under weights/ and tokenizers/, which is the layout of
        # its cache folder; pointed there, it never tries to download.
        self._model = wordllama.WordLlama.load(
            cache_dir=Path(wordllama.__file__).parent, disable_download=True, trunc_dim=dim)
        self.dim = dim
        self.name = f"wordllama:l2_supercat-{dim}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors for ``texts`` (a text of no token is a zero row)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalise(self._model.embed(list(texts), norm=False))
