"""Counts kept on write never go stale: every way the items of a user can change, from this
process or another, is followed by a count equal to the items actually there."""

from __future__ import annotations

import multiprocessing
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mirix_like import memory_types
from mirix_like.store import MemoryStore, RawInput
from mirix_like.store.backup import export_store, import_store


def truth(store: MemoryStore, memory_type: str, user: str) -> int:
    return sum(1 for _ in store.iter_items(memory_type, user))


def check(store: MemoryStore, expected: dict[tuple[str, str], int]) -> None:
    for (memory_type, user), count in expected.items():
        assert store.count(memory_type, user) == count == truth(store, memory_type, user), (
            memory_type, user)


def facts(*names: str) -> list[dict]:
    return [{"id": n, "name": n, "summary": f"{n} is a fact"} for n in names]


def test_insert_replace_update_delete_restore_rollback(store: MemoryStore) -> None:
    check(store, {("semantic", "ada"): 0, ("semantic", "bob"): 0})  # counted, then cached
    store.insert("semantic", "ada", facts("a", "b", "c"))
    store.insert("semantic", "bob", facts("a"))
    check(store, {("semantic", "ada"): 3, ("semantic", "bob"): 1})
    store.insert("semantic", "ada", facts("a"))  # a replace: no new item
    store.update("semantic", "ada", "b", {"summary": "changed"})
    check(store, {("semantic", "ada"): 3, ("semantic", "bob"): 1})
    store.delete("semantic", "ada", ["a", "b", "missing"])
    check(store, {("semantic", "ada"): 1, ("semantic", "bob"): 1})
    deleted = [e for e in store.history("ada", "a") if e.action == "delete"][0]
    store.restore("ada", deleted.id)
    check(store, {("semantic", "ada"): 2})
    store.insert("semantic", "ada", facts("x", "y"), batch_id="batch-1")
    store.delete("semantic", "ada", ["c"], batch_id="batch-1")
    check(store, {("semantic", "ada"): 3})
    store.rollback("ada", "batch-1")
    check(store, {("semantic", "ada"): 2, ("semantic", "bob"): 1})


def test_restore_to_a_point_in_time_and_optimize(store: MemoryStore) -> None:
    for name in memory_types.names():  # every table exists before the point in time
        store.count(name, "ada")
    store.inputs("ada")
    store.insert("episodic", "ada", [{"summary": "one"}, {"summary": "two"}])
    check(store, {("episodic", "ada"): 2})
    when = datetime.now(UTC)
    store.insert("episodic", "ada", [{"summary": "three"}])
    check(store, {("episodic", "ada"): 3})
    store.restore_to(when)
    check(store, {("episodic", "ada"): 2})
    store.optimize()
    check(store, {("episodic", "ada"): 2})


def test_import_into_a_store_whose_counts_are_known(tmp_path: Path) -> None:
    source, target = MemoryStore(tmp_path / "a"), MemoryStore(tmp_path / "b")
    source.insert("semantic", "ada", facts("p", "q", "r"))
    target.insert("semantic", "ada", facts("p"))
    check(target, {("semantic", "ada"): 1})
    export_store(source, tmp_path / "export", include_secrets=True)
    import_store(target, tmp_path / "export")
    check(target, {("semantic", "ada"): 3})


def write_elsewhere(path: str, done: str) -> None:
    """Another process: adds two items, deletes one it did not make."""
    other = MemoryStore(path)
    other.insert("semantic", "ada", facts("from-1", "from-2"))
    other.delete("semantic", "ada", ["a"])
    Path(done).write_text("done")


def test_writes_of_another_process_are_counted(tmp_path: Path) -> None:
    path = str(tmp_path / "store")
    store = MemoryStore(path)
    store.insert("semantic", "ada", facts("a", "b"))
    check(store, {("semantic", "ada"): 2})  # known, and tied to this version
    child = multiprocessing.get_context("spawn").Process(
        target=write_elsewhere, args=(path, str(tmp_path / "done")))
    child.start()
    child.join(120)
    assert child.exitcode == 0 and (tmp_path / "done").exists()
    check(store, {("semantic", "ada"): 3})
    store.insert("semantic", "ada", facts("c"))  # our next write follows theirs
    check(store, {("semantic", "ada"): 4})


def test_threads_writing_and_counting_at_once(store: MemoryStore) -> None:
    errors: list[BaseException] = []

    def writer(user: str) -> None:
        try:
            for n in range(6):
                store.insert("semantic", user, facts(*(f"{user}-{n}-{k}" for k in range(3))))
                store.delete("semantic", user, [f"{user}-{n}-0"])
                store.count("semantic", "ada")
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(user,)) for user in ("ada", "bob", "ada")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert errors == []
    # ada's two writers used the same ids: 6 rounds x 2 kept, whoever wrote them.
    check(store, {("semantic", "ada"): 12, ("semantic", "bob"): 12})


@pytest.mark.parametrize("user", ["", 7, "a\x00b"])
def test_a_bad_user_is_refused(store: MemoryStore, user: object) -> None:
    from mirix_like.errors import InvalidUserIdError

    with pytest.raises(InvalidUserIdError):
        store.count("semantic", user)  # type: ignore[arg-type]


def test_inputs_are_counted_paged_oldest_first_and_streamed(store: MemoryStore) -> None:
    start = datetime(2024, 1, 1, tzinfo=UTC)
    inputs = [RawInput(id=f"m{n:04d}", user_id="ada", text=f"message {n}",
                       received_at=start + timedelta(seconds=(n * 7919) % 3000))
              for n in range(3000)]
    store.add_inputs(inputs[:1500])
    store.add_inputs(inputs[1500:] + [RawInput(id="other", user_id="bob", text="hi")])
    store.set_input_status("ada", [f"m{n:04d}" for n in range(0, 3000, 3)], "processed")
    assert store.count_inputs("ada") == 3000 and store.count_inputs("bob") == 1
    assert store.count_inputs("ada", status="pending") == 2000
    oldest = sorted(inputs, key=lambda r: r.received_at)
    page = store.inputs("ada", limit=25)
    assert [r.id for r in page] == [r.id for r in oldest[:25]]
    pending = [r.id for r in oldest if int(r.id[1:]) % 3]
    assert [r.id for r in store.inputs("ada", status="pending", limit=40)] == pending[:40]
    assert sorted(r.id for r in store.iter_inputs("ada")) == sorted(r.id for r in inputs)
    assert [r.text for r in store.iter_inputs("bob")] == ["hi"]
    store.insert("semantic", "ada", facts("h1", "h2"))
    assert sorted(e.item_id for e in store.iter_history("ada")) == ["h1", "h2"]
    assert list(store.iter_history("bob")) == []
