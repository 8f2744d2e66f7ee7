"""Active retrieval: what a chat prompt, or an app's own model, gets from memory.

``budget`` counts tokens and fits items into a budget, ``ranking`` merges and re-ranks the
hits of every memory type, ``active`` runs the one store call and renders the context
(import it from :mod:`mirix_like.retrieval.active`; it needs the store and the types).
"""

from __future__ import annotations

from mirix_like.retrieval.budget import BLOCK_TOKENS, estimate_tokens, fit
from mirix_like.retrieval.ranking import rank

__all__ = ["BLOCK_TOKENS", "estimate_tokens", "fit", "rank"]
