"""Several threads and processes writing one store: nothing lost, nothing duplicated."""

from __future__ import annotations

import multiprocessing
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from mirix_like.store import MemoryStore, RawInput

pytestmark = pytest.mark.slow

WORKERS = 4
USERS = ("ada", "bob")
ITEMS_PER_WORKER, INPUTS_PER_WORKER = 30, 10
# Worker w writes items w*10 .. w*10+29 and inputs w*5 .. w*5+9: neighbours overlap.
ALL_ITEM_IDS = {f"item-{n:03d}" for w in range(WORKERS) for n in range(w * 10, w * 10 + 30)}
ALL_INPUT_IDS = {f"in-{n:03d}" for w in range(WORKERS) for n in range(w * 5, w * 5 + 10)}


def write_share(store_path: str, worker: int, store: MemoryStore | None = None) -> int:
    """One worker's writes: 30 items and 10 raw inputs for each user, ids shared with others.

    Module level so a spawned process can import it.
    """
    store = store or MemoryStore(store_path)
    item_ids = [f"item-{n:03d}" for n in range(worker * 10, worker * 10 + ITEMS_PER_WORKER)]
    input_ids = [f"in-{n:03d}" for n in range(worker * 5, worker * 5 + INPUTS_PER_WORKER)]
    for start in range(0, ITEMS_PER_WORKER, 10):
        for user in USERS:
            store.insert("semantic", user, [
                {"id": i, "name": f"fact {i}", "summary": f"written by worker {worker}"}
                for i in item_ids[start:start + 10]], actor=f"worker-{worker}")
    for user in USERS:
        store.add_inputs([RawInput(id=i, user_id=user, text=f"{i} from worker {worker}")
                          for i in input_ids])
    return worker


def check_everything_once(store: MemoryStore) -> None:
    for user in USERS:
        items = list(store.iter_items("semantic", user))
        counts = Counter(i.id for i in items)
        assert set(counts) == ALL_ITEM_IDS
        assert max(counts.values()) == 1, [k for k, v in counts.items() if v > 1]
        assert store.count("semantic", user) == len(ALL_ITEM_IDS)
        assert all(i.user_id == user for i in items)

        inputs = store.inputs(user)
        input_counts = Counter(r.id for r in inputs)
        assert set(input_counts) == ALL_INPUT_IDS
        assert max(input_counts.values()) == 1
        for raw in inputs:  # the first writer's version is kept whole
            assert raw.text.startswith(f"{raw.id} from worker ")

        for item_id in ("item-000", "item-025", "item-059"):
            actions = [e.action for e in store.history(user, item_id)]
            assert actions[0] == "insert" and actions.count("insert") == 1, actions
    assert store.users() == sorted(USERS)


def test_threads_sharing_one_store(tmp_path):
    store = MemoryStore(tmp_path / "store")
    with ThreadPoolExecutor(WORKERS) as pool:
        done = list(pool.map(lambda w: write_share("", w, store), range(WORKERS)))
    assert done == list(range(WORKERS))
    check_everything_once(store)


def test_threads_with_their_own_store_objects(tmp_path):
    path = str(tmp_path / "store")
    with ThreadPoolExecutor(WORKERS) as pool:
        done = list(pool.map(lambda w: write_share(path, w), range(WORKERS)))
    assert done == list(range(WORKERS))
    check_everything_once(MemoryStore(path))


def test_processes_writing_one_store(tmp_path):
    path = str(tmp_path / "store")
    context = multiprocessing.get_context("spawn")
    with context.Pool(WORKERS) as pool:
        done = pool.starmap(write_share, [(path, w) for w in range(WORKERS)])
    assert done == list(range(WORKERS))
    check_everything_once(MemoryStore(path))


def read_later(store_path: str, ready, go, results) -> None:
    """Open the store, report what it holds, then report again once told to."""
    store = MemoryStore(store_path)
    results.put(("before", store.count("episodic", "ada"), len(store.inputs("ada"))))
    ready.set()
    if not go.wait(120):
        results.put(("timeout",))
        return
    zebra = [h.item.summary for h in store.search("zebra", "ada", method="fts")]
    recent = [i.summary for i in store.list("episodic", "ada", limit=1)]
    results.put(("after", store.count("episodic", "ada"), len(store.inputs("ada")), zebra,
                 recent, store.get("core", "ada", "human").value))


def test_a_reader_process_sees_later_writes(tmp_path):
    path = str(tmp_path / "store")
    writer = MemoryStore(path)
    writer.insert("episodic", "ada", [{"summary": "first event"}])
    context = multiprocessing.get_context("spawn")
    ready, go, results = context.Event(), context.Event(), context.Queue()
    reader = context.Process(target=read_later, args=(path, ready, go, results))
    reader.start()
    try:
        assert ready.wait(120), "reader did not start"
        assert results.get(timeout=10) == ("before", 1, 0)
        writer.insert("episodic", "ada", [{"summary": "saw a zebra at the zoo"}])
        writer.add_inputs([RawInput(id="m1", user_id="ada", text="hi")])
        writer.insert("core", "ada", [{"label": "human", "value": "Name: Ada"}])
        go.set()
        after = results.get(timeout=60)
    finally:
        reader.join(60)
        if reader.is_alive():
            reader.kill()
    assert after == ("after", 2, 1, ["saw a zebra at the zoo"], ["saw a zebra at the zoo"],
                     "Name: Ada")
    assert reader.exitcode == 0
