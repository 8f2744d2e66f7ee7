"""Template and control tokens never reach a memory, an answer, a topic or the next prompt."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from support.openai_server import ScriptedOpenAIServer, text, tool_calls

from mirix_like.models import clean_text

TOKENS = ("<|im_end|>", "<|im_start|>", "<end_of_turn>", "<start_of_turn>", "</s>", "<think>",
          "<|eot_id|>", "<|start_header_id|>", "[INST]", "<eos>", "<|endoftext|>")


@pytest.mark.parametrize(("raw", "clean"), [
    # ChatML (Qwen, SmolLM): the model runs on into a turn it invents
    ("Your cat is called Miso.<|im_end|>\n<|im_start|>user\nAnd my dog?<|im_end|>\n"
     "<|im_start|>assistant\nRex.", "Your cat is called Miso."),
    ("<|im_start|>assistant\nMiso\ncat adoption<|im_end|>", "Miso\ncat adoption"),
    # Gemma
    ("<start_of_turn>model\nVocê mudou-se para Lisboa em maio.<end_of_turn>\n<start_of_turn>user"
     "\nobrigado", "Você mudou-se para Lisboa em maio."),
    ("<end_of_turn>\n\nTu as rendez-vous mardi à 14 h.", "Tu as rendez-vous mardi à 14 h."),
    # Llama 3
    ("<|start_header_id|>assistant<|end_header_id|>\n\n你上周五去了杭州。<|eot_id|>"
     "<|start_header_id|>user<|end_header_id|>\n\n谢谢", "你上周五去了杭州。"),
    # Llama 2 / Mistral
    ("The meeting is at 3pm.</s><s>[INST] and tomorrow? [/INST]", "The meeting is at 3pm."),
    ("[INST] what is my name? [/INST] Your name is Ana.", "Your name is Ana."),
    # reasoning models
    ("<think>The user asks about the hike.\nMaya went.</think>\n\nYou hiked with Maya.",
     "You hiked with Maya."),
    ("Okay, let me think.</think>Tamalpais", "Tamalpais"),
    ("Paris<think>but maybe they mean Paris, Texas", "Paris"),
    # a user turn the model invented before answering, then the answer
    ("<|im_start|>user\nWhere do I live?<|im_end|>\n<|im_start|>assistant\nIn Lisbon.",
     "In Lisbon."),
    # nothing to clean: markup and angle brackets that are not tokens stay
    ("Use <b>bold</b> and a < b > c; the tag <s> is HTML.", "Use <b>bold</b> and a < b > c; the "
     "tag <s> is HTML."),
    ("x <|fim_middle|> y<eos>", "x  y"),
    ("<|im_end|>", ""),
    ("", ""),
])
def test_clean_text_keeps_the_reply_and_nothing_else(raw: str, clean: str) -> None:
    assert clean_text(raw) == clean


def junk(reply: str) -> str:
    """A reply as a server without stop tokens hands it back."""
    return f"{reply}<end_of_turn>\n<start_of_turn>user\nthanks! <|im_end|>"


def test_no_template_token_reaches_memories_answers_topics_or_the_next_prompt(
    system_for: Any,
) -> None:
    event = {"summary": "Lena moved to Graz<|im_end|>", "details": "<end_of_turn>",
             "occurred_at": "2025-02-01T10:00:00Z", "tree_path": ["life", "moves</s>"]}

    def model(request: dict[str, Any]) -> Any:
        tools = [t["function"]["name"] for t in request.get("tools", [])]
        if "route_to_memory_managers" in tools:
            return tool_calls([("route_to_memory_managers", {"memory_types": ["episodic"]})])
        if "insert_episodic" in tools and request["messages"][-1]["role"] != "tool":
            return tool_calls([("insert_episodic", {"items": [event]})])
        if tools and "search_memory" not in tools:
            return text("done")
        if not tools:
            return text(junk("<|im_start|>assistant\nGraz\nmove"))
        return text(junk("<think>She moved in February.</think>You moved to Graz."))

    with ScriptedOpenAIServer(responder=model) as server:
        system = system_for(server)
        report = asyncio.run(system.add("I moved to Graz last week", user_id="lena",
                                        flush=True))
        first = asyncio.run(system.chat("Where did I move?", user_id="lena"))
        asyncio.run(system.chat("When was that?", user_id="lena"))
    assert report.processed_inputs
    [item] = system.store.list("episodic", "lena")
    assert (item.summary, item.details, item.tree_path) == ("Lena moved to Graz", "",
                                                           ["life", "moves"])
    assert first.answer == "You moved to Graz." and first.topics == ["Graz", "move"]
    last_prompts = json.dumps(server.chat_requests[-2:], ensure_ascii=False)
    assert "You moved to Graz." in last_prompts  # the earlier turn was fed back, clean
    stored = json.dumps([item.model_dump(mode="json"), first.answer, first.topics])
    for token in TOKENS:
        assert token not in stored and token not in last_prompts
