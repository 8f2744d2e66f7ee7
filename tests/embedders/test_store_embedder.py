"""Which embedder a store uses: the one it was built with unless another is named.

What a user checks: with WordLlama a question that shares no word with what they said still
finds it, and a store opens with the embedder it was built with whatever the default is.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from mirix_like import MemorySystem
from mirix_like.errors import ConfigError, EmbedderMismatchError
from mirix_like.store import MemoryStore

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "eval"))

from paraphrases import FACTS, measure, told  # noqa: E402


def test_wordllama_finds_what_a_question_shares_no_word_with() -> None:
    """eval/paraphrases.py: 26 of 30 facts in search's first 5 and 29 in a 300-token context
    when measured (BENCHMARKS.md), 9 and 14 with the lexical embedder."""
    semantic, lexical = measure("wordllama"), measure("hashing")
    assert semantic["top5"] >= 22 and semantic["context300"] >= 26, semantic
    assert lexical["top3"] <= 12 and semantic["top3"] >= 2 * lexical["top3"], lexical


@pytest.mark.parametrize(("built_with", "name", "method", "other"), [
    ("hashing", "hashing-v2-384", "fts", "wordllama"),
    ("wordllama", "wordllama:l2_supercat-256", "hybrid", "hashing")])
def test_a_store_opens_with_the_embedder_it_was_built_with_and_answers_as_before(
        tmp_path: Path, built_with: str, name: str, method: str, other: str) -> None:
    store = tmp_path / "store"
    with told(store, built_with) as memory:
        before = [[h.item.id for h in memory.search(q, user_id="u")] for _, q, _ in FACTS]
    with MemorySystem(store_uri=str(store), backend="offline") as memory:
        assert memory.store.embedder.name == name
        assert memory.aio.chat_agent.active.method == method
        assert [[h.item.id for h in memory.search(q, user_id="u")]
                for _, q, _ in FACTS] == before
    with pytest.raises(EmbedderMismatchError, match=name):
        MemorySystem(store_uri=str(store), backend="offline", embedder=other)


class _Remote:
    """An embedder that needs settings to be built (a server, a key): named like one."""

    name, dim = "openai:text-embedding-3-small", 8

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.ones((len(texts), self.dim), dtype=np.float32) / np.sqrt(self.dim)


def test_a_store_whose_embedder_needs_settings_says_to_name_it(tmp_path: Path) -> None:
    MemoryStore(tmp_path / "store", embedder=_Remote())
    with pytest.raises(ConfigError, match="openai:text-embedding-3-small.*name it"):
        MemorySystem(store_uri=str(tmp_path / "store"), backend="offline")


def test_the_model_is_loaded_only_when_a_text_is_embedded(tmp_path: Path) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline",
                      embedder="wordllama") as memory:
        assert memory.list("semantic", user_id="u") == []
        assert memory.store.embedder._model is None
        memory.add("Berlin is the capital of Germany.", user_id="u", flush=True)
        assert memory.store.embedder._model is not None
