"""The embedder protocol: a name, a dimension, and texts in, unit vectors out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors of a fixed dimension.

    ``name`` identifies the model (a store refuses to mix vectors of two names);
    ``embed`` returns a ``(len(texts), dim)`` float32 array of L2-normalised rows.
    Optional attributes: ``lexical = True`` (it ranks by shared words, so retrieval uses
    full-text search alone) and ``dense_weight`` (the vector's share in fused scores).
    """

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


def normalise(matrix: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero), as float32."""
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1, norms)
