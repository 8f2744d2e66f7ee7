"""Text normalisation shared by the full-text index, the embedder and the query side."""

from __future__ import annotations

import re

_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")
_WORD = re.compile(r"\w+", re.UNICODE)


def cjk_grams(text: str) -> list[str]:
    """Character unigrams and bigrams of every CJK run in ``text`` (no word spaces there)."""
    grams: list[str] = []
    for run in _CJK_RUN.findall(text):
        grams.extend(run)
        grams.extend(run[i : i + 2] for i in range(len(run) - 1))
    return grams


def index_text(text: str) -> str:
    """``text`` plus its CJK grams, so a whitespace tokenizer can match Chinese and Japanese."""
    grams = cjk_grams(text)
    return f"{text}\n{' '.join(grams)}" if grams else text


def words(text: str) -> list[str]:
    """Lower-cased word tokens (letters, digits, underscore), CJK runs kept whole."""
    return _WORD.findall(text.lower())
