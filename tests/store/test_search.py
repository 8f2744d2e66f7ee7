"""Search: every method finds the right item among distractors; filters, limits, ordering."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from mirix_like.errors import EmbeddingDimensionError, InvalidQueryError
from mirix_like.store import SEARCH_METHODS

NOW = datetime.now(UTC)
YEAR_2023 = {"since": datetime(2023, 1, 1, tzinfo=UTC), "until": datetime(2024, 1, 1, tzinfo=UTC)}
AROUND_NOW = {"since": NOW - timedelta(days=1), "until": NOW + timedelta(days=1)}

DISTRACTORS = [
    "Ada cooked lentil soup for dinner",
    "Ada called her sister about the wedding",
    "Ada read a novel about Antarctic explorers",
    "Ada fixed a flat bicycle tyre",
    "Ada went swimming at the public pool",
    "Ada argued with the landlord about rent",
]
TARGET = "Ada went hiking on Mount Tamalpais with Grace"


def ids(hits):
    """The item ids of search hits, in order."""
    return [h.item.id for h in hits]


def item_ids(items):
    """The ids of items (as ``list`` returns them), in order."""
    return [i.id for i in items]


@pytest.fixture
def corpus(store):
    """Six distractor events and one target event for user ada; returns the target."""
    base = NOW - timedelta(days=30)
    store.insert("episodic", "ada", [
        {"summary": text, "occurred_at": base + timedelta(days=i)}
        for i, text in enumerate(DISTRACTORS)
    ])
    [target] = store.insert("episodic", "ada", [
        {"summary": TARGET, "details": "a long trail walk", "occurred_at": NOW}])
    return target


# ----------------------------------------------------------------- methods


@pytest.mark.parametrize(
    ("method", "query"),
    [("hybrid", "hiking Tamalpais"), ("fts", "Tamalpais"), ("vector", "hiking Mount Tamalpais"),
     ("exact", "mount tam"), ("fuzzy", "tamalpais"), ("recent", "")],
)
def test_each_method_finds_the_target_first(store, corpus, method, query):
    hits = store.search(query, "ada", method=method, memory_types=["episodic"])
    assert hits, method
    assert hits[0].item.id == corpus.id
    assert hits[0].item.summary == TARGET
    assert all(h.memory_type == "episodic" and h.item.user_id == "ada" for h in hits)


@pytest.mark.parametrize("method", ["fts", "exact", "fuzzy"])
def test_text_methods_return_only_matching_items(store, corpus, method):
    query = "mount tamalpais" if method == "exact" else "tamalpais"
    assert ids(store.search(query, "ada", method=method)) == [corpus.id]
    assert store.search("zeppelin", "ada", method=method) == []


def test_exact_needs_the_exact_substring(store, corpus):
    assert ids(store.search("Mount Tamalpais", "ada", method="exact")) == [corpus.id]
    assert store.search("Tamalpais Mount", "ada", method="exact") == []


def test_fts_matches_word_forms(store, corpus):
    # The index stems: "hike" finds "hiking".
    assert ids(store.search("hike", "ada", method="fts")) == [corpus.id]


def test_hybrid_query_in_double_quotes(store, corpus):
    store.optimize()
    hits = store.search('"hiking Tamalpais"', "ada")
    assert hits[0].item.id == corpus.id


def test_query_syntax_characters_are_plain_text(store, corpus):
    for query in ('hiking "Tamalpais', "Tamalpais AND NOT hiking", "+Tamalpais -hiking",
                  "(Tamalpais)", "summary:Tamalpais", "Tamalpais^2", "Tamalpais~"):
        for method in ("hybrid", "fts"):
            hits = store.search(query, "ada", method=method, memory_types=["episodic"])
            assert hits and hits[0].item.id == corpus.id, (query, method)


def test_vector_search_accepts_a_query_vector_of_the_right_size(store, corpus):
    [vector] = store.embedder.embed(["hiking Mount Tamalpais"])
    hits = store.search("", "ada", method="vector", vector=list(vector))
    assert hits[0].item.id == corpus.id


@pytest.mark.parametrize("method", ["vector", "hybrid"])
def test_a_query_vector_of_the_wrong_dimension_raises(store, corpus, method):
    with pytest.raises(EmbeddingDimensionError, match=f"vectors of {store.embedder.dim}"):
        store.search("hiking", "ada", method=method, vector=[0.1] * 10)
    assert store.count("episodic", "ada") == len(DISTRACTORS) + 1


def test_every_documented_method_is_accepted(store, corpus):
    assert set(SEARCH_METHODS) == {"hybrid", "fts", "vector", "exact", "fuzzy", "recent"}


# ----------------------------------------------------------------- time ranges


def test_episodic_time_range_is_on_when_the_event_happened(store):
    [old] = store.insert("episodic", "ada", [{
        "summary": "Ada moved to Lisbon", "occurred_at": datetime(2023, 6, 10, tzinfo=UTC)}])
    [fresh] = store.insert("episodic", "ada", [{"summary": "Ada bought a lamp"}])
    for method in ("recent", "hybrid", "fts"):
        q = "" if method == "recent" else "Ada"
        in_2023 = store.search(q, "ada", method=method, memory_types=["episodic"], **YEAR_2023)
        assert ids(in_2023) == [old.id], method
        now_hits = store.search(q, "ada", method=method, memory_types=["episodic"], **AROUND_NOW)
        assert ids(now_hits) == [fresh.id], method
    assert item_ids(store.list("episodic", "ada", **YEAR_2023)) == [old.id]


def test_other_types_are_filtered_on_created_at(store, make_item):
    [old] = store.insert("semantic", "ada", [make_item(
        "semantic", name="Old fact", created_at=datetime(2023, 3, 3, tzinfo=UTC))])
    [new] = store.insert("semantic", "ada", [make_item("semantic", name="New fact")])
    assert ids(store.search("fact", "ada", method="fts", **YEAR_2023)) == [old.id]
    assert ids(store.search("fact", "ada", method="fts", **AROUND_NOW)) == [new.id]
    cut = datetime(2024, 1, 1, tzinfo=UTC)
    assert item_ids(store.list("semantic", "ada", since=cut)) == [new.id]
    assert item_ids(store.list("semantic", "ada", until=cut)) == [old.id]


def test_time_range_end_is_exclusive_and_start_inclusive(store):
    at = datetime(2023, 6, 10, 12, 0, tzinfo=UTC)
    [event] = store.insert("episodic", "ada", [{"summary": "noon event", "occurred_at": at}])
    assert item_ids(store.list("episodic", "ada", since=at)) == [event.id]
    assert store.list("episodic", "ada", until=at) == []


# ----------------------------------------------------------------- tree, metadata, sensitivity


def test_tree_path_prefix_matches_whole_segments(store, make_item):
    paths = {"work": ["work"], "projects": ["work", "projects"], "shop": ["workshop"],
             "home": ["home", "work"], "none": []}
    stored = {key: store.insert("semantic", "ada", [make_item(
        "semantic", name=f"{key} note", tree_path=path)])[0] for key, path in paths.items()}
    found = {h.item.id for h in store.search("note", "ada", method="fts", tree_path=["work"])}
    assert found == {stored["work"].id, stored["projects"].id}
    deeper = store.search("note", "ada", method="fts", tree_path=["work", "projects"])
    assert ids(deeper) == [stored["projects"].id]
    listed = store.list("semantic", "ada", tree_path=["workshop"])
    assert item_ids(listed) == [stored["shop"].id]
    assert store.list("semantic", "ada", tree_path=["wor"]) == []


def test_tree_path_filter_leaves_out_the_vault(store, make_item):
    store.insert("knowledge_vault", "ada", [make_item("knowledge_vault", caption="work vpn key")])
    [proc] = store.insert("procedural", "ada", [make_item(
        "procedural", summary="connect the work vpn", tree_path=["work"])])
    hits = store.search("vpn", "ada", method="fts", tree_path=["work"])
    assert ids(hits) == [proc.id]
    assert len(store.search("vpn", "ada", method="fts")) == 2


@pytest.mark.parametrize(
    "value",
    ["plain", "it's", 'say "hi"', "a\\b", "50%_off", "' OR '1'='1", "日本 🎉",
     {"nested": ["x", {"y": "z'\\"}]}, 7, True, None, ["a", "b"]],
)
def test_metadata_equality_filter(store, make_item, value):
    [match] = store.insert("semantic", "ada", [make_item(
        "semantic", name="match", metadata={"tag": value, "other": 1})])
    store.insert("semantic", "ada", [
        make_item("semantic", name="different value", metadata={"tag": "something else"}),
        make_item("semantic", name="no tag", metadata={}),
        make_item("semantic", name="tag elsewhere", metadata={"nested": {"tag": value}}),
    ])
    assert item_ids(store.list("semantic", "ada", metadata={"tag": value})) == [match.id]
    both = store.search("match", "ada", method="fts", metadata={"tag": value, "other": 1})
    assert ids(both) == [match.id]
    assert store.list("semantic", "ada", metadata={"tag": value, "other": 2}) == []


def test_sensitivity_filter_applies_to_the_vault(store, make_item):
    levels = {level: store.insert("knowledge_vault", "ada", [make_item(
        "knowledge_vault", caption=f"{level} bank credential", sensitivity=level)])[0]
        for level in ("low", "medium", "high")}
    [fact] = store.insert("semantic", "ada", [make_item("semantic", name="bank holiday")])
    hits = store.search("bank", "ada", method="fts", sensitivity=["low", "medium"])
    assert {h.item.id for h in hits} == {levels["low"].id, levels["medium"].id, fact.id}
    listed = store.list("knowledge_vault", "ada", sensitivity=["high"])
    assert item_ids(listed) == [levels["high"].id]
    assert len(store.search("bank", "ada", method="fts")) == 4


def test_sensitivity_given_as_one_string_is_not_silently_empty(store, make_item):
    [low] = store.insert("knowledge_vault", "ada", [make_item("knowledge_vault",
                                                              sensitivity="low")])
    try:
        hits = store.search("wifi", "ada", memory_types=["knowledge_vault"], sensitivity="low")
    except InvalidQueryError:
        return
    assert ids(hits) == [low.id]


# ----------------------------------------------------------------- ordering and limits


def test_recent_orders_by_event_time_not_insertion(store):
    days = [5, 1, 9, 3, 7]
    stored = store.insert("episodic", "ada", [
        {"summary": f"day {d}", "occurred_at": datetime(2024, 1, d, tzinfo=UTC)} for d in days])
    by_day = {item.summary: item.id for item in stored}
    top3 = store.search("", "ada", method="recent", memory_types=["episodic"], limit=3)
    assert ids(top3) == [by_day["day 9"], by_day["day 7"], by_day["day 5"]]
    scores = [h.score for h in top3]
    assert scores == sorted(scores, reverse=True)
    assert [i.summary for i in store.list("episodic", "ada")] == [
        "day 9", "day 7", "day 5", "day 3", "day 1"]


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_limit_is_respected(store, method):
    store.insert("episodic", "ada", [{"summary": f"walked the dog number {i}"}
                                     for i in range(12)])
    store.insert("semantic", "ada", [{"name": f"dog breed {i}", "summary": "a dog breed"}
                                     for i in range(12)])
    query = "" if method == "recent" else "dog"
    one_type = store.search(query, "ada", method=method, memory_types=["episodic"], limit=5)
    assert len(one_type) == 5
    assert len(store.search(query, "ada", method=method, limit=4)) == 4  # across types
    assert len(store.search(query, "ada", method=method, limit=1000)) == 24


@pytest.mark.parametrize("method", ["hybrid", "fts", "vector", "fuzzy"])
def test_hits_across_types_are_sorted_by_score(store, make_item, method):
    store.insert("episodic", "ada", [{"summary": "Ada visited the Lisbon aquarium"}])
    store.insert("semantic", "ada", [make_item("semantic")])
    store.insert("procedural", "ada", [make_item(
        "procedural", summary="How to get from Lisbon airport to Lisbon centre")])
    store.insert("resource", "ada", [make_item("resource", title="Lisbon travel guide")])
    hits = store.search("lisbon", "ada", method=method)
    assert {h.memory_type for h in hits} >= {"episodic", "semantic", "procedural", "resource"}
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)


# ----------------------------------------------------------------- languages and index state


def test_chinese_text_is_found_by_a_chinese_query(store):
    [target] = store.insert("episodic", "ada", [{"summary": "我们昨天在杭州西湖划船，吃了东坡肉"}])
    store.insert("episodic", "ada", [{"summary": "我在北京开会讨论预算"},
                                     {"summary": "boating on the Thames in London"}])
    for method in ("fts", "hybrid"):
        hits = store.search("西湖划船", "ada", method=method)
        assert hits and hits[0].item.id == target.id, method
    assert ids(store.search("西湖划船", "ada", method="fts")) == [target.id]
    assert ids(store.search("东坡肉", "ada", method="exact")) == [target.id]


def test_full_text_index_finds_rows_added_before_and_after_optimize(store):
    [first] = store.insert("semantic", "ada", [{"name": "Aardvark", "summary": "an animal"}])
    assert ids(store.search("aardvark", "ada", method="fts")) == [first.id]
    store.optimize()
    [second] = store.insert("semantic", "ada", [{"name": "Zebra", "summary": "an animal"}])
    assert ids(store.search("aardvark", "ada", method="fts")) == [first.id]
    assert ids(store.search("zebra", "ada", method="fts")) == [second.id]
    assert {h.item.id for h in store.search("animal", "ada", method="fts")} == {
        first.id, second.id}
    store.optimize("semantic")
    assert {h.item.id for h in store.search("animal", "ada", method="hybrid")} == {
        first.id, second.id}
    store.delete("semantic", "ada", [first.id])
    assert store.search("aardvark", "ada", method="fts") == []


def test_automatic_optimize_keeps_search_working(store_path):
    from mirix_like.store import MemoryStore

    small = MemoryStore(store_path, optimize_every=3, vector_index_min_rows=4)
    stored = [small.insert("episodic", "ada", [{"summary": f"juggling lesson {i}"}])[0]
              for i in range(7)]
    assert len(small.search("juggling", "ada", method="fts", limit=10)) == 7
    hits = small.search("juggling lesson 6", "ada", method="vector", limit=10)
    assert {h.item.id for h in hits} == {i.id for i in stored}


def test_fuzzy_finds_a_one_letter_typo_once_indexed(store, corpus):
    store.optimize()
    assert ids(store.search("grce", "ada", method="fuzzy")) == [corpus.id]
    assert store.search("grce", "ada", method="fts") == []


def test_fuzzy_finds_a_typo_in_a_new_row(store, corpus):
    assert ids(store.search("grce", "ada", method="fuzzy")) == [corpus.id]


def test_fuzzy_typo_is_case_insensitive(store, corpus):
    store.optimize()
    assert ids(store.search("Grce", "ada", method="fuzzy")) == [corpus.id]
