"""Index upkeep after writes: in the background, once writes pause, never on a write's time."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import pytest

from mirix_like.store import MemoryStore


def wait_until(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def events(count: int, word: str = "juggling") -> list[dict]:
    return [{"summary": f"{word} lesson {n}"} for n in range(count)]


def unindexed(store: MemoryStore) -> int:
    table = store._memories()
    return table.index_stats("search_text_idx").num_unindexed_rows


def test_a_write_does_not_wait_and_the_indexes_catch_up_once_writes_pause(store_path):
    store = MemoryStore(store_path, optimize_every=3, optimize_idle=1.0)
    calls: list[str] = []
    optimize = store.optimize
    store.optimize = lambda *names: (calls.append(names[0]), optimize(*names))  # type: ignore[method-assign]
    store.insert("episodic", "ada", events(5))
    assert calls == [] and unindexed(store) == 5  # the write returned first
    assert len(store.search("juggling", "ada", method="fts", limit=10)) == 5  # found anyway
    wait_until(lambda: unindexed(store) == 0)
    assert calls == ["memories"]
    assert len(store.search("juggling", "ada", method="fts", limit=10)) == 5


def test_a_long_bulk_load_is_optimized_when_the_backlog_is_full(store_path):
    store = MemoryStore(store_path, optimize_every=2, optimize_idle=60)
    started = threading.Event()
    store.optimize = lambda *names: started.set()  # type: ignore[method-assign]
    for _ in range(3):  # 6 rows: below the backlog of 4 x 2, and never idle for 60 s
        store.insert("episodic", "ada", events(2))
    assert not started.wait(0.5)
    store.insert("episodic", "ada", events(2))
    assert started.wait(10)


def test_an_optimize_preempted_by_a_concurrent_change_runs_again_holding_writes(store_path):
    store = MemoryStore(store_path, optimize_every=1, optimize_idle=0)
    writer_blocked: list[bool] = []

    def optimize(*names: str) -> None:
        if not writer_blocked:
            writer_blocked.append(False)
            raise RuntimeError("lance error: Retryable commit conflict")
        if len(writer_blocked) == 1:
            writer = threading.Thread(target=store.insert, args=("episodic", "ada", events(1)))
            writer.start()
            writer.join(0.5)
            writer_blocked.append(writer.is_alive())

    store.optimize = optimize  # type: ignore[method-assign]
    store.insert("episodic", "ada", events(1))
    wait_until(lambda: len(writer_blocked) == 2)
    assert writer_blocked == [False, True]
    wait_until(lambda: store.count("episodic", "ada") == 2)


def test_a_failed_background_optimize_is_logged_and_tried_again_later(
        store_path, caplog: pytest.LogCaptureFixture):
    store = MemoryStore(store_path, optimize_every=1, optimize_idle=0)
    attempts: list[str] = []

    def optimize(*names: str) -> None:
        attempts.append(names[0])
        raise OSError("disk gone")

    store.optimize = optimize  # type: ignore[method-assign]
    with caplog.at_level(logging.WARNING, logger="mirix_like.store.store"):
        store.insert("episodic", "ada", events(1))
        wait_until(lambda: "could not optimize table memories" in caplog.text)
    wait_until(lambda: not store._optimizing)
    store.insert("episodic", "ada", events(1))
    wait_until(lambda: len(attempts) == 2)
    assert len(store.list("episodic", "ada")) == 2
