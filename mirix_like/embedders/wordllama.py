"""Static word embeddings from the ``wordllama`` package: semantic, fast, no download.

WordLlama's default model (LLaMA 2 token codebook trained into 256 dimensions, 16 MB) ships
inside its wheel; a text's vector is the mean of its tokens' vectors, so embedding costs a
table lookup and no neural network runs. The model is loaded on the first ``embed`` (a third
of a second), so commands that only list or read memories never pay for it.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mirix_like.embedders.base import normalise
from mirix_like.errors import ConfigError


class WordLlamaEmbedder:
    """WordLlama's bundled ``l2_supercat`` model at ``dim`` dimensions (64 to 256)."""

    dense_weight = 0.2  # its share in fused retrieval scores (BENCHMARKS.md: best of 0.1-0.5)

    def __init__(self, *, dim: int = 256) -> None:
        if importlib.util.find_spec("wordllama") is None:
            raise ConfigError("the wordllama embedder needs the wordllama package, a "
                              "dependency of mirix-like: pip install 'wordllama>=0.4,<0.5'")
        if dim not in (64, 128, 256):
            raise ConfigError(f"wordllama dim must be 64, 128 or 256, not {dim!r}")
        self.dim = dim
        self.name = f"wordllama:l2_supercat-{dim}"
        self._model: Any = None
        self._loading = threading.Lock()

    def _loaded(self) -> Any:
        with self._loading:
            if self._model is None:
                import wordllama

                # The wheel holds the files under weights/ and tokenizers/, which is the
                # layout of its cache folder; pointed there, it never tries to download.
                self._model = wordllama.WordLlama.load(
                    cache_dir=Path(wordllama.__file__).parent, disable_download=True,
                    trunc_dim=self.dim)
            return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors for ``texts`` (a text of no token is a zero row)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalise(self._loaded().embed(list(texts), norm=False))
