"""eval/bench.py pieces: synthetic items are reproducible, model usage is counted per call."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "eval"))

import bench  # noqa: E402

from mirix_like import memory_types  # noqa: E402


def test_items_are_valid_and_reproducible() -> None:
    for name in bench.SHARE:
        first = bench.make_items(name, 5, random.Random(1))
        assert first == bench.make_items(name, 5, random.Random(1))
        for item in first:
            memory_types.get(name).item_model.model_validate(item | {"user_id": "u"})
    assert bench.queries(3, 1) == bench.queries(3, 1)


def test_usage_is_counted_for_the_offline_and_the_scripted_backend() -> None:
    offline = asyncio.run(bench.usage_run({"backend": "offline"}))
    scripted = bench.scripted_usage()
    demo = bench.demo_conversation()
    for usage in (offline, scripted):
        assert usage["batches"] == len(demo["sessions"])
        assert usage["chats"] == len(demo["questions"])
        assert usage["per_add_batch"]["calls"] >= 4  # meta manager + at least 3 managers
        assert usage["per_add_batch"]["prompt_tokens"] > 0
        assert usage["full_context_prompt_tokens"] > 0
    assert offline["per_chat"]["calls"] == 1  # keyword topics: no model call for them
    assert scripted["per_chat"]["calls"] == 2  # topics, then the answer
    report = {"store": {}, "usage": {"offline": offline}}
    assert "| offline | " in bench.tables(report)
