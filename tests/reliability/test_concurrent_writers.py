"""Eight writers on one store at once: four threads sharing one MemorySystem and four
processes with their own, all adding inputs, inserting and updating items and flushing the
same two users, while a reader process watches."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from reliability_kit import (
    forgetful_backend,
    reader_process,
    write_for,
    writer_process,
)
from support.servers import wait_all

from mirix_like import MemorySystem
from mirix_like.store import MemoryStore

USERS = ("ann", "ben")
SECONDS = 4.0


@pytest.mark.slow
def test_eight_writers_lose_nothing_duplicate_nothing_and_a_reader_sees_it_all(
        tmp_path: Path, processes: Any) -> None:
    store_path = str(tmp_path / "store")
    go, stop = tmp_path / "go", tmp_path / "stop"
    MemoryStore(store_path)  # created once, as an application would before serving
    reader = processes.Process(target=reader_process, daemon=True,
                               args=(store_path, USERS, stop, tmp_path / "reader.json"))
    writers = [processes.Process(target=writer_process, daemon=True,
                                 args=(store_path, f"p{n}", USERS, SECONDS, go,
                                       tmp_path / f"p{n}.json"))
               for n in range(4)]
    for child in [reader, *writers]:
        child.start()
    logs: list[dict[str, Any]] = []
    try:
        with MemorySystem(store_uri=store_path, model_backend=forgetful_backend()) as shared:
            time.sleep(1.0)  # let the processes open the store, so all start writing together
            go.write_text("go")
            with ThreadPoolExecutor(4) as pool:
                logs += pool.map(lambda n: write_for(shared, f"t{n}", USERS, SECONDS), range(4))
        wait_all(writers, 120)
    finally:
        stop.write_text("stop")
        wait_all([reader], 60)
    for n, child in enumerate(writers):
        log = json.loads((tmp_path / f"p{n}.json").read_text())
        assert "error" not in log, log.get("error")
        assert child.exitcode == 0
        logs.append(log)
    assert all(log["rounds"] >= 3 for log in logs)

    expected = {k: v for log in logs for k, v in log["final"].items()}
    updates = {k: v for log in logs for k, v in log["updates"].items()}
    added = [tuple(i) for log in logs for i in log["inputs"]]
    store = MemoryStore(store_path)
    with MemorySystem(store_uri=store_path, model_backend=forgetful_backend()) as memory:
        for user in USERS:
            report = memory.flush(user)
            assert report.errors == []

    for user in USERS:
        items = list(store.iter_items("semantic", user))
        assert Counter(i.id for i in items).most_common(1)[0][1] == 1, "duplicated item"
        stored = {f"{user}/{i.id}": i.summary for i in items}
        assert stored == {k: v for k, v in expected.items() if k.startswith(f"{user}/")}
        for item in items:  # every update is in the history: none was lost on the way
            actions = Counter(e.action for e in store.history(user, item.id))
            assert actions == Counter(insert=1, update=updates[f"{user}/{item.id}"])
        inputs = store.inputs(user)
        assert Counter(r.id for r in inputs) == Counter(i for u, i in added if u == user)
        assert {r.status for r in inputs} == {"processed"}
        per_source = Counter(s for e in store.iter_items("episodic", user) for s in e.source_ids)
        assert per_source == Counter(r.id for r in inputs), "an input processed twice or never"

    seen = json.loads((tmp_path / "reader.json").read_text())
    assert seen["problems"] == [] and seen["reads"] > 5
    for user in USERS:
        assert {f"{user}/{k}": v for k, v in seen["final"][user].items()} == {
            k: v for k, v in expected.items() if k.startswith(f"{user}/")}
        assert seen["inputs"][user] == sorted(i for u, i in added if u == user)


def test_concurrent_updates_of_different_fields_of_one_item_keep_both(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "store")
    store.insert("episodic", "ann", [{"id": "e1", "summary": "old summary",
                                      "details": "old details"}])
    changes = [{"summary": "new summary"}, {"details": "new details"}]
    # Hold the episodic write lock until both updates have read the item and wait on it:
    # the interleaving two busy writers meet sooner or later, made certain.
    with store._lock("episodic"):
        threads = [threading.Thread(target=store.update, args=("episodic", "ann", "e1", c))
                   for c in changes]
        for thread in threads:
            thread.start()
        time.sleep(1.0)
    for thread in threads:
        thread.join(30)
    item = store.get("episodic", "ann", "e1")
    assert (item.summary, item.details) == ("new summary", "new details")


def test_every_fact_of_one_batch_reaches_core_memory(tmp_path: Path) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        report = memory.add("I am a vegetarian. I live in Lisbon. I work as a nurse. "
                            "I love jazz.", user_id="ann", flush=True)
        assert report.errors == [] and "core" in report.routed
        block = memory.store.get("core", "ann", "human").value
    for fact in ("vegetarian", "Lisbon", "nurse", "jazz"):
        assert fact in block
