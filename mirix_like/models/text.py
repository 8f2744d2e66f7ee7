"""Clean model text: chat-template and control tokens, hidden reasoning, invented turns.

Local servers sometimes hand back the raw continuation of a chat template: a reply that ends
with ``<|im_end|>`` and goes on as ``<|im_start|>user ...``, Gemma's ``<end_of_turn>``, a
``</s>``, or ``<think>...</think>`` reasoning. :func:`clean_text` keeps only the reply itself,
so none of that is stored, shown, parsed as topics or fed back as conversation.
"""

from __future__ import annotations

import json
import re
from typing import Any

_THINK = re.compile(r"<think(?:ing)?>.*?</think(?:ing)?>", re.DOTALL | re.IGNORECASE)
_OPEN_THINK = re.compile(r"<think(?:ing)?>", re.IGNORECASE)
_CLOSE_THINK = re.compile(r"</think(?:ing)?>", re.IGNORECASE)
# A turn header: a start token, optionally a role name, and for Llama 3 the header's end.
_HEADER = re.compile(
    r"(?:<\|im_start\|>|<start_of_turn>|<\|start_header_id\|>|<\|start\|>)[ \t]*"
    r"(?P<role>[A-Za-z_]*)[ \t]*(?:<\|end_header_id\|>)?[ \t]*\n?"
    r"|<\|(?P<tag>user|system|assistant)\|>\n?|\[INST\]"
)
# Tokens that end the model's turn: nothing after one belongs to the reply.
_END = re.compile(
    r"<\|im_end\|>|<end_of_turn>|<\|eot_id\|>|<\|endoftext\|>|<\|end_of_text\|>|<\|end\|>"
    r"|<\|return\|>|</s>|<eos>|<\|eos\|>|<｜end▁of▁sentence｜>|\[/INST\]"
)
_MARKER = re.compile(f"{_HEADER.pattern}|{_END.pattern}")
_LEADING = re.compile(r"^(?:\s|<bos>|<s>|<\|begin_of_text\|>|<｜begin▁of▁sentence｜>)+")
_SPECIAL = re.compile(r"<\|[A-Za-z0-9_]{1,32}\|>|<｜[^｜<>]{1,32}｜>")
_ANSWERING = {"", "assistant", "model", "bot"}


def clean_text(text: str) -> str:
    """``text`` without template or control tokens, reasoning, or turns the model invented.

    The reply is what comes before the first end-of-turn token or foreign turn header; a
    header that opens the text is dropped (and for another role, that whole turn too).
    """
    text = _without_reasoning(text)
    while True:
        text = _LEADING.sub("", text)
        marker = _MARKER.search(text)
        if marker is None:
            break
        if text[: marker.start()].strip():
            text = text[: marker.start()]
            break
        text = text[marker.end():]
        role = (marker.group("role") or marker.group("tag") or "").lower()
        if marker.group(0).startswith("[INST]") or role not in _ANSWERING:
            end = _END.search(text)  # a turn of another role: skip it whole
            text = text[end.end():] if end else ""
    return _SPECIAL.sub("", text).strip()


def _without_reasoning(text: str) -> str:
    text = _THINK.sub("", text)
    close = _CLOSE_THINK.search(text)
    if close:  # the template opened the reasoning, the model closed it
        text = text[close.end():]
    open_ = _OPEN_THINK.search(text)
    if open_:  # reasoning cut off before it ended
        text = text[: open_.start()]
    return text


def clean_strings(value: Any) -> Any:
    """``value`` (decoded JSON) with :func:`clean_text` applied to every string in it."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list):
        return [clean_strings(v) for v in value]
    if isinstance(value, dict):
        return {k: clean_strings(v) for k, v in value.items()}
    return value


def clean_arguments(arguments: str) -> str:
    """Tool-call arguments (a JSON text) with every string value cleaned; unchanged if the
    text is not JSON (validation reports that to the model)."""
    try:
        decoded = json.loads(arguments)
    except ValueError:
        return arguments
    cleaned = clean_strings(decoded)
    return arguments if cleaned == decoded else json.dumps(cleaned, ensure_ascii=False)
