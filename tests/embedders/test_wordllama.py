"""The WordLlama embedder: its bundled model loads with no network, ranks by meaning, and
fuses with full-text search in a real store."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mirix_like import MemorySystem
from mirix_like.embedders import make_embedder
from mirix_like.embedders.wordllama import WordLlamaEmbedder
from mirix_like.errors import ConfigError


@pytest.fixture(scope="module")
def wordllama() -> WordLlamaEmbedder:
    embedder = make_embedder("wordllama")
    assert isinstance(embedder, WordLlamaEmbedder)
    return embedder


def test_vectors_are_unit_rows_of_the_model_dimension(wordllama: WordLlamaEmbedder) -> None:
    vectors = wordllama.embed(["I play the violin.", "Ich spiele Geige.", ""])
    assert vectors.shape == (3, 256) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors[:2], axis=1), 1.0, atol=1e-5)
    assert wordllama.embed([]).shape == (0, 256)
    assert wordllama.name == "wordllama:l2_supercat-256"


def test_fewer_dimensions_are_a_prefix_and_others_are_refused() -> None:
    small = make_embedder("wordllama", dim=64)
    assert small.dim == 64 and small.embed(["a quiet morning"]).shape == (1, 64)
    with pytest.raises(ConfigError, match="64, 128 or 256"):
        make_embedder("wordllama", dim=300)


def test_a_question_is_nearest_the_statement_it_asks_about(
        wordllama: WordLlamaEmbedder) -> None:
    statements = ["She plays the violin and the cello in an orchestra.",
                  "He filed his tax return on Monday.",
                  "We adopted a puppy from the shelter.",
                  "The flight to Tokyo was delayed by three hours."]
    questions = {"What musical instruments does she play?": 0,
                 "When did he deal with his taxes?": 1,
                 "Which pet did they get?": 2,
                 "How late was the plane?": 3}
    vectors = wordllama.embed(statements)
    for question, expected in questions.items():
        assert int(np.argmax(vectors @ wordllama.embed([question])[0])) == expected, question


def test_search_finds_by_meaning_what_shares_no_word_with_the_question(tmp_path: Path) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline",
                      embedder="wordllama") as memory:
        memory.add("Melanie: I took up the violin again last month, it is so relaxing.",
                   user_id="u", flush=True)
        memory.add("Melanie: The car needed new tyres before our road trip.",
                   user_id="u", flush=True)
        question = "Which musical instrument is she learning?"
        episodic = ["episodic"]
        assert all("violin" not in h.item.model_dump_json() for h in memory.search(
            question, user_id="u", memory_types=episodic, method="fts"))
        hits = memory.search(question, user_id="u", memory_types=episodic, limit=1)
        assert "violin" in hits[0].item.model_dump_json()
