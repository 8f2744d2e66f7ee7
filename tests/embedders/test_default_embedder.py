"""The default embedder: a new store is semantic (WordLlama), an existing one keeps its own.

What a user checks: a question that shares no word with what they said still finds it, and
upgrading the library never locks them out of a store built with the earlier default.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mirix_like import MemorySystem
from mirix_like.errors import ConfigError, EmbedderMismatchError
from mirix_like.store import MemoryStore

# Each fact told once; each question shares no content word with its fact.
PARAPHRASED = [
    ("I play the cello in a community orchestra on Thursdays.",
     "Which musical instrument do I play?", "cello"),
    ("We adopted a beagle puppy called Biscuit.", "What's my dog's name?", "Biscuit"),
    ("I drive a blue Toyota Corolla.", "What car do I own?", "Corolla"),
    ("My mum lives in Galway.", "Where does my mother live?", "Galway"),
    ("I ran the Berlin marathon last autumn.", "Have I done any long-distance races?",
     "marathon"),
    ("My favourite author is Ursula Le Guin.", "Which writer do I like best?", "Le Guin"),
    ("I can't stand horror movies.", "What kind of films do I dislike?", "horror"),
    ("I broke my wrist skiing in February.", "Have I had any injuries?", "wrist"),
    ("I grow tomatoes and basil on my balcony.", "What vegetables do I garden?", "tomatoes"),
    ("My laptop is a ThinkPad X1 Carbon.", "What computer do I use?", "ThinkPad"),
]
OTHER = ["I had pasta for lunch today.", "The weather was awful this morning.",
         "I watched a documentary about octopuses.", "We painted the hallway green.",
         "I need to renew my passport soon.", "The meeting with the bank went fine."]


def told(path: Path, **settings: str) -> MemorySystem:
    memory = MemorySystem(store_uri=str(path), backend="offline", **settings)
    for n, text in enumerate([fact for fact, _, _ in PARAPHRASED] + OTHER):
        memory.add([{"role": "user", "content": text}], user_id="u",
                   occurred_at=f"2025-03-{n + 1:02d}T10:00:00Z")
    memory.flush("u")
    return memory


def found_in_top(memory: MemorySystem, k: int) -> list[str]:
    """The questions whose fact is among the first ``k`` search hits."""
    return [question for _, question, said in PARAPHRASED
            if any(said in hit.item.model_dump_json()
                   for hit in memory.search(question, user_id="u", limit=k))]


def test_by_default_a_question_finds_what_it_shares_no_word_with(tmp_path: Path) -> None:
    with told(tmp_path / "default") as memory:
        assert memory.store.embedder.name.startswith("wordllama")
        assert memory.aio.chat_agent.active.method == "hybrid"
        assert found_in_top(memory, 3) == [q for _, q, _ in PARAPHRASED]
        context = memory.context("Which writer do I like best?", user_id="u", max_tokens=200)
        assert "Le Guin" in context.text
    with told(tmp_path / "lexical", embedder="hashing") as memory:
        assert len(found_in_top(memory, 3)) < len(PARAPHRASED) / 2


def test_a_store_built_with_hashing_opens_with_it_and_answers_as_before(
        tmp_path: Path) -> None:
    store = tmp_path / "store"
    with told(store, embedder="hashing") as memory:
        before = [[h.item.id for h in memory.search(q, user_id="u")]
                  for _, q, _ in PARAPHRASED]
    with MemorySystem(store_uri=str(store), backend="offline") as memory:
        assert memory.store.embedder.name == "hashing-v2-384"
        assert memory.aio.chat_agent.active.method == "fts"
        assert [[h.item.id for h in memory.search(q, user_id="u")]
                for _, q, _ in PARAPHRASED] == before
    with pytest.raises(EmbedderMismatchError, match="hashing-v2-384"):
        MemorySystem(store_uri=str(store), backend="offline", embedder="wordllama")


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
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        assert memory.list("semantic", user_id="u") == []
        assert memory.store.embedder._model is None
        memory.add("Berlin is the capital of Germany.", user_id="u", flush=True)
        assert memory.store.embedder._model is not None
