"""``search_many``: several per-type queries and counts in one call, answering exactly what
the same queries made one by one answer; ``recent`` stays right as items come and go."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from mirix_like import memory_types
from mirix_like.errors import (
    EmbeddingDimensionError,
    InvalidQueryError,
    UnknownMemoryTypeError,
)
from mirix_like.store import MemoryStore, SearchRequest

BASE = datetime(2024, 6, 1, 12, tzinfo=UTC)


@pytest.fixture
def filled(store: MemoryStore) -> MemoryStore:
    """Two users; events over two months, facts, steps, a document, vault entries, a block."""
    words = ["hiking", "trail", "Lisbon", "tea", "piano", "dentist", "budget", "ramen"]
    for user in ("ada", "bob"):
        store.insert("episodic", user, [
            {"summary": f"{user} {words[n % 8]} {words[(n * 3) % 8]} day {n}",
             "occurred_at": BASE + timedelta(days=n, hours=n % 5),
             "tree_path": ["life", "outdoors" if n % 2 else "home"]} for n in range(40)])
        store.insert("semantic", user, [
            {"name": w, "summary": f"{w} is something {user} knows about"} for w in words])
        store.insert("procedural", user, [{"summary": "make tea", "steps": ["boil", "steep"]}])
        store.insert("resource", user, [{"title": "Budget 2024", "summary": "the budget sheet",
                                         "resource_type": "sheet", "content": "rows"}])
        store.insert("knowledge_vault", user, [
            {"caption": f"{level} tea shop login", "secret_value": f"pw-{level}",
             "sensitivity": level} for level in ("low", "medium", "high")])
        store.insert("core", user, [{"label": "human", "value": f"{user} likes tea and hiking"}])
    store.optimize()  # indexed, so full-text scores do not move when a fuzzy search folds
    return store


REQUESTS = [
    SearchRequest("core", method="recent"),
    SearchRequest("episodic", "hiking trail", method="fts", limit=7),
    SearchRequest("episodic", "hiking trail", method="hybrid", limit=5),
    SearchRequest("episodic", "tea piano", method="vector", limit=4),
    SearchRequest("episodic", "ramen", method="exact", limit=3),
    SearchRequest("episodic", "dentst", method="fuzzy", limit=3),
    SearchRequest("episodic", method="recent", limit=10),
    SearchRequest("episodic", method="recent", limit=5, tree_path=["life", "home"],
                  since=BASE + timedelta(days=5), until=BASE + timedelta(days=30)),
    SearchRequest("semantic", "tea", method="fts"),
    SearchRequest("knowledge_vault", "tea shop", method="fts", sensitivity=["low", "medium"],
                  reveal_secrets=True),
    SearchRequest("knowledge_vault", method="recent", tree_path=["x"]),  # no tree: nothing
    SearchRequest("resource", "budget", method="hybrid", metadata={}),
]


def one_by_one(store: MemoryStore, user: str, request: SearchRequest) -> list:
    if "tree_path" not in memory_types.get(request.memory_type).item_model.model_fields \
            and request.tree_path:
        return []
    return store.search(request.query, user, memory_types=[request.memory_type],
                        method=request.method, limit=request.limit, since=request.since,
                        until=request.until, tree_path=request.tree_path,
                        metadata=request.metadata, sensitivity=request.sensitivity,
                        reveal_secrets=request.reveal_secrets)


def summary(hits: list) -> list[tuple[str, str]]:
    return [(h.memory_type, h.item.id) for h in hits]


def same_answer(one: list, other: list) -> bool:
    """Same scores in the same order, and the same items, except that items tied at the
    last score may differ (equal scores come back in no fixed order)."""
    if [round(h.score, 6) for h in one] != [round(h.score, 6) for h in other]:
        return False
    last = min((h.score for h in one), default=0.0)
    above = [{h.item.id for h in hits if round(h.score, 6) > round(last, 6)}
             for hits in (one, other)]
    return above[0] == above[1]


def test_one_call_answers_what_the_queries_answer_one_by_one(filled: MemoryStore) -> None:
    names = memory_types.names()
    found = filled.search_many("ada", REQUESTS, count=names)
    assert len(found.hits) == len(REQUESTS)
    for request, hits in zip(REQUESTS, found.hits, strict=True):
        assert same_answer(hits, one_by_one(filled, "ada", request)), request
        assert all(h.item.user_id == "ada" for h in hits)
        assert len(hits) <= request.limit
    assert found.counts == {name: filled.count(name, "ada") for name in names}
    assert found.counts["episodic"] == 40 and found.counts["knowledge_vault"] == 3
    vault = found.hits[9]
    assert {h.item.sensitivity for h in vault} == {"low", "medium"}
    assert {h.item.secret_value for h in vault} == {"pw-low", "pw-medium"}
    assert found.hits[10] == []


def test_recent_is_newest_first_and_follows_inserts_and_deletes(filled: MemoryStore) -> None:
    def newest(limit: int = 10) -> list[str]:
        [hits] = filled.search_many("ada", [SearchRequest("episodic", method="recent",
                                                          limit=limit)]).hits
        return [h.item.summary for h in hits]

    def truth(limit: int = 10) -> list[str]:
        items = sorted(filled.iter_items("episodic", "ada"), key=lambda i: i.occurred_at,
                       reverse=True)
        return [i.summary for i in items[:limit]]

    assert newest() == truth() and newest()[0].endswith("day 39")
    filled.insert("episodic", "ada", [{"summary": "old memory",
                                       "occurred_at": BASE - timedelta(days=1)}])
    assert newest() == truth()  # a backdated item stays out
    filled.insert("episodic", "ada", [{"summary": "just now", "occurred_at": BASE
                                       + timedelta(days=400)}])
    assert newest()[0] == "just now" and newest() == truth()
    gone = [i.id for i in filled.iter_items("episodic", "ada")
            if i.occurred_at > BASE + timedelta(days=33)]
    filled.delete("episodic", "ada", gone)  # fewer than 10 left above the last floor
    assert newest() == truth() and len(newest()) == 10
    assert newest(3) == truth(3) and newest(100) == truth(100)
    listed = [i.summary for i in filled.list("episodic", "bob", limit=2)]
    assert [s.split()[-1] for s in listed] == ["39", "38"]


def test_recent_follows_what_another_store_object_writes(filled: MemoryStore,
                                                         store_path) -> None:
    """Recent rows are reused only while nothing was written: a write through another
    object on the same folder (another process) is seen at once."""
    other = MemoryStore(store_path)
    request = SearchRequest("episodic", method="recent", limit=3)

    def newest() -> list[str]:
        return [h.item.summary for h in filled.search_many("ada", [request]).hits[0]]

    before = newest()
    assert newest() == before  # read twice, nothing written between
    other.insert("episodic", "ada", [{"summary": "seen by the other", "occurred_at": BASE
                                      + timedelta(days=500)}])
    assert newest() == ["seen by the other", *before[:2]]
    [new] = [i.id for i in other.iter_items("episodic", "ada")
             if i.summary == "seen by the other"]
    other.delete("episodic", "ada", [new])
    assert newest() == before
    other.update("episodic", "ada", filled.list("episodic", "ada", limit=1)[0].id,
                 {"summary": "changed elsewhere"})
    assert newest() == ["changed elsewhere", *before[1:]]


def test_the_async_call_gives_the_same(filled: MemoryStore) -> None:
    found = asyncio.run(filled.search_many_async("bob", REQUESTS, count=["semantic"]))
    sync = filled.search_many("bob", REQUESTS, count=["semantic"])
    assert all(same_answer(a, b) for a, b in zip(found.hits, sync.hits, strict=True))
    assert found.counts == sync.counts == {"semantic": 8}
    assert asyncio.run(filled.count_async("episodic", "bob")) == 40


@pytest.mark.parametrize(("requests", "error"), [
    ([SearchRequest("episodic", "x", method="sql")], InvalidQueryError),  # type: ignore[arg-type]
    ([SearchRequest("episodic", "", method="fts")], InvalidQueryError),
    ([SearchRequest("episodic", "x", limit=0)], InvalidQueryError),
    ([SearchRequest("episodic", "x", limit=True)], InvalidQueryError),  # type: ignore[arg-type]
    ([SearchRequest("episodic", "x", since=datetime(2024, 1, 1))], InvalidQueryError),
    ([SearchRequest("episodic", "x", tree_path="life")], InvalidQueryError),  # type: ignore[arg-type]
    ([SearchRequest("episodic", method="recent", clock=[(600, 540)])], InvalidQueryError),
    ([SearchRequest("episodic", method="recent", clock=[(0, 1500)])], InvalidQueryError),
    ([SearchRequest("episodic", method="recent", clock=[])], InvalidQueryError),
    ([SearchRequest("episodic", method="recent", clock="8:30")], InvalidQueryError),  # type: ignore[arg-type]
    ([SearchRequest("episodic", "x", vector=[0.1, 0.2])], EmbeddingDimensionError),
    ([SearchRequest("episodic", "\ud800")], InvalidQueryError),
    ([SearchRequest("nope", "x")], UnknownMemoryTypeError),
    ([{"memory_type": "episodic"}], InvalidQueryError),
    (SearchRequest("episodic", "x"), InvalidQueryError),
])
def test_a_bad_request_raises_before_anything_runs(filled: MemoryStore, requests,
                                                   error) -> None:
    good = SearchRequest("semantic", "tea", method="fts")
    with pytest.raises(error):
        filled.search_many("ada", [good, *requests] if isinstance(requests, list)
                           else requests)


def test_counts_alone_and_bad_count_names(filled: MemoryStore) -> None:
    assert filled.search_many("ada", [], count=["core", "resource"]).counts == {
        "core": 1, "resource": 1}
    assert filled.search_many("nobody", [], count=["episodic"]).counts == {"episodic": 0}
    with pytest.raises(UnknownMemoryTypeError):
        filled.search_many("ada", [], count=["episodes"])
    with pytest.raises(InvalidQueryError):
        filled.search_many("ada", [], count="episodic")


def test_many_rows_stream_and_users_are_listed(store: MemoryStore) -> None:
    store.insert("semantic", "ada", [{"name": f"f{n}", "summary": f"fact {n}"}
                                     for n in range(2_500)])
    assert len({i.id for i in store.iter_items("semantic", "ada")}) == 2_500
    store.insert("semantic", "zoe", [{"name": "z", "summary": "z"}])
    assert store.users() == ["ada", "zoe"]


def test_an_older_store_gets_the_new_indexes_on_open(store_path, store: MemoryStore) -> None:
    store.insert("episodic", "ada", [{"summary": "x"}])
    store._memories().drop_index("time_idx")
    reopened = MemoryStore(store_path)
    [hits] = reopened.search_many("ada", [SearchRequest("episodic", method="recent")]).hits
    assert [h.item.summary for h in hits] == ["x"]
    names = {tuple(i.columns) for i in reopened._memories().list_indices()}
    assert ("time",) in names


def test_past_keeps_only_facts_that_stopped_being_true(filled: MemoryStore) -> None:
    filled.insert("semantic", "ada", [
        {"name": "home", "summary": "ada lives in Porto", "valid_until": BASE},
        {"name": "home", "summary": "ada lives in Braga", "valid_from": BASE}])
    past, events = filled.search_many("ada", [
        SearchRequest("semantic", method="recent", past=True),
        SearchRequest("episodic", method="recent", past=True)]).hits
    assert [h.item.summary for h in past] == ["ada lives in Porto"]
    assert events == []  # events have no validity range: none is past


def test_clock_keeps_items_of_those_minutes_of_the_day_on_any_day(filled: MemoryStore) -> None:
    # the events of the fixture happen at 12:00 to 16:00 UTC, one hour a day in turn
    [at_two, around_midnight, both] = filled.search_many("ada", [
        SearchRequest("episodic", method="recent", limit=100, clock=[(14 * 60, 14 * 60 + 30)]),
        SearchRequest("episodic", method="recent", limit=100, clock=[(0, 60), (1410, 1440)]),
        SearchRequest("episodic", method="recent", limit=100,
                      clock=[(12 * 60, 12 * 60 + 1), (16 * 60, 17 * 60)],
                      since=BASE + timedelta(days=10))]).hits
    assert {h.item.occurred_at.hour for h in at_two} == {14}
    assert len(at_two) == 8  # days 2, 7, 12 … 37
    assert around_midnight == []
    assert {h.item.occurred_at.hour for h in both} == {12, 16}
    assert all(h.item.occurred_at >= BASE + timedelta(days=10) for h in both)
    assert [h.item.occurred_at for h in both] == sorted(
        (h.item.occurred_at for h in both), reverse=True)
