"""Bad input raises the documented error, and whatever was stored before is left as it was."""

from __future__ import annotations

import os
import stat
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from mirix_like import errors
from mirix_like.errors import (
    CoreBlockLimitError,
    EmbeddingDimensionError,
    InvalidInputError,
    InvalidItemError,
    InvalidQueryError,
    InvalidUserIdError,
    MirixLikeError,
    StoreNotWritableError,
    UnknownMemoryTypeError,
)
from mirix_like.store import MemoryStore, RawInput

TYPES = ("core", "episodic", "semantic", "procedural", "resource", "knowledge_vault")


def snapshot(store):
    """Everything stored: every item of every type of every user, the inputs, the history."""
    users = store.users()
    items = {(name, user): sorted((i.model_dump() for i in store.iter_items(name, user)),
                                  key=lambda d: d["id"])
             for name in TYPES for user in users}
    history = {(user, i["id"]): [e.model_dump() for e in store.history(user, i["id"])]
               for (_, user), found in items.items() for i in found}
    return users, items, [r.model_dump() for r in store.inputs(None)], history


@pytest.fixture(scope="module")
def seeded_store(tmp_path_factory, make_item):
    """One store for this module holding one item of each type and one raw input for ada.

    Every test here only makes calls that must fail, and checks nothing changed.
    """
    store = MemoryStore(tmp_path_factory.mktemp("bad-input") / "store")
    for name in TYPES:
        store.insert(name, "ada", [make_item(name)])
    store.add_inputs([RawInput(id="m1", user_id="ada", text="hello")])
    baseline = snapshot(store)
    assert baseline[0] == ["ada"] and all(len(v) == 1 for v in baseline[1].values())
    return store, baseline


@pytest.fixture
def seeded(seeded_store):
    return seeded_store[0]


@pytest.fixture
def unchanged(seeded_store):
    """``unchanged()``: True while the shared store holds exactly what it held at the start."""
    store, baseline = seeded_store
    return lambda: snapshot(store) == baseline


def test_all_documented_errors_share_one_root():
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, MirixLikeError), name
    for cls in (UnknownMemoryTypeError, InvalidUserIdError, InvalidItemError,
                CoreBlockLimitError, InvalidQueryError, EmbeddingDimensionError):
        assert issubclass(cls, InvalidInputError) and issubclass(cls, ValueError)
    assert issubclass(CoreBlockLimitError, InvalidItemError)


# ----------------------------------------------------------------- memory type and user id


@pytest.mark.parametrize("name", ["nope", "Episodic", "", None, 3])
def test_unknown_memory_type(seeded, make_item, name, unchanged):
    with pytest.raises(UnknownMemoryTypeError):
        seeded.insert(name, "ada", [make_item("episodic")])
    with pytest.raises(UnknownMemoryTypeError):
        seeded.search("hiking", "ada", memory_types=[name])
    with pytest.raises(UnknownMemoryTypeError):
        seeded.count(name, "ada")
    with pytest.raises(UnknownMemoryTypeError):
        seeded.delete(name, "ada", ["x"])
    assert unchanged()


BAD_USER_IDS = [None, "", "   ", "\t\n", 42, b"ada", ["ada"], "x" * 257, "ada\x00"]


@pytest.mark.parametrize("user_id", BAD_USER_IDS, ids=repr)
def test_invalid_user_id_everywhere(seeded, make_item, user_id, unchanged):
    calls = [
        lambda: seeded.insert("episodic", user_id, [make_item("episodic")]),
        lambda: seeded.search("hiking", user_id),
        lambda: seeded.list("episodic", user_id),
        lambda: seeded.count("episodic", user_id),
        lambda: seeded.get("episodic", user_id, "x"),
        lambda: seeded.delete("episodic", user_id, ["x"]),
        lambda: seeded.update("episodic", user_id, "x", {"summary": "y"}),
        lambda: seeded.history(user_id, "x"),
        lambda: seeded.insert("core", user_id, [{"label": "human", "value": "text"}]),
        lambda: seeded.get("core", user_id, "human"),
    ]
    if user_id is not None:  # inputs(None) is the admin call across users
        calls.append(lambda: seeded.inputs(user_id))
    for call in calls:
        with pytest.raises(InvalidUserIdError):
            call()
    assert unchanged()


def test_raw_input_with_a_blank_user_id(seeded, unchanged):
    with pytest.raises(InvalidUserIdError):
        seeded.add_inputs([RawInput(id="m9", user_id="  ", text="x")])
    assert unchanged()


def test_longest_allowed_user_id_works(store, make_item):
    user = "u" * 256
    [item] = store.insert("semantic", user, [make_item("semantic")])
    assert store.get("semantic", user, item.id).user_id == user


# ----------------------------------------------------------------- item fields


@pytest.mark.parametrize(
    ("memory_type", "fields", "field"),
    [
        ("episodic", {"summary": 5}, "summary"),
        ("episodic", {"summary": ""}, "summary"),
        ("episodic", {"summary": "x", "actor": "robot"}, "actor"),
        ("episodic", {"summary": "x", "occurred_at": "yesterday"}, "occurred_at"),
        ("episodic", {"summary": "x", "occurred_at": datetime(2023, 1, 1)}, "occurred_at"),
        ("episodic", {"summary": "x", "tree_path": "work"}, "tree_path"),
        ("episodic", {"summary": "x", "metadata": ["a"]}, "metadata"),
        ("episodic", {"summary": "x", "source_ids": "m1"}, "source_ids"),
        ("episodic", {"summary": "x", "mood": "happy"}, "mood"),
        ("semantic", {"name": "x"}, "summary"),
        ("procedural", {"summary": "x", "steps": [1, 2]}, "steps"),
        ("procedural", {"summary": "x", "entry_type": "recipe"}, "entry_type"),
        ("resource", {"title": None}, "title"),
        ("knowledge_vault", {"caption": "c", "secret_value": "v", "sensitivity": "top"},
         "sensitivity"),
        ("knowledge_vault", {"caption": "c"}, "secret_value"),
        ("core", {"label": "boss", "value": "x"}, "label"),
        ("core", {"label": "human", "value": 12}, "value"),
    ],
)
def test_wrong_fields_raise_invalid_item_naming_the_field(
    seeded, unchanged, memory_type, fields, field
):
    with pytest.raises(InvalidItemError, match=field):
        seeded.insert(memory_type, "ada", [fields])
    assert unchanged()


def test_one_bad_item_stores_none_of_the_batch(seeded, unchanged):
    with pytest.raises(InvalidItemError, match="summary"):
        seeded.insert("episodic", "ada", [{"summary": "good one"}, {"summary": ""}])
    assert seeded.count("episodic", "ada") == 1
    assert unchanged()


@pytest.mark.parametrize("items", [{"summary": "x"}, "summary", None, 5, [5], ["summary"]])
def test_items_must_be_a_list_of_mappings(seeded, items, unchanged):
    with pytest.raises(InvalidItemError):
        seeded.insert("episodic", "ada", items)
    assert unchanged()


def test_over_limit_core_block(seeded, unchanged):
    before = seeded.get("core", "ada", "human")
    with pytest.raises(CoreBlockLimitError):
        seeded.insert("core", "ada", [{"label": "human", "value": "x" * 5_001}])
    with pytest.raises(CoreBlockLimitError):
        seeded.insert("core", "ada", [{"id": "human", "label": "human", "value": "y" * 6_000}])
    with pytest.raises(CoreBlockLimitError):
        seeded.update("core", "ada", "human", {"value": "z" * 5_001})
    assert seeded.get("core", "ada", "human") == before
    assert unchanged()


@pytest.mark.parametrize("value", [datetime(2024, 1, 1, tzinfo=UTC), {1, 2}])
def test_metadata_that_is_not_json_raises_invalid_item(store, value):
    with pytest.raises(InvalidItemError, match="metadata"):
        store.insert("semantic", "ada", [{"name": "n", "summary": "s",
                                          "metadata": {"when": value}}])
    assert store.count("semantic", "ada") == 0


def test_unknown_input_status_is_refused_and_inputs_stay_readable(store):
    store.add_inputs([RawInput(id="m1", user_id="ada", text="hello")])
    with pytest.raises(InvalidInputError):
        store.set_input_status("ada", ["m1"], "bogus")  # type: ignore[arg-type]
    assert [r.status for r in store.inputs("ada")] == ["pending"]


def test_add_inputs_with_wrong_types_raises_invalid_input(store):
    with pytest.raises(InvalidInputError):
        store.add_inputs([{"user_id": "ada", "text": "hi"}])  # type: ignore[list-item]
    assert store.inputs(None) == []


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda s: s.count("episodic", "\ud800"), InvalidUserIdError),
        (lambda s: s.search("hiking", "\ud800"), InvalidUserIdError),
        (lambda s: s.search("hik\ud800", "ada", method="fts"), InvalidQueryError),
        (lambda s: s.insert("semantic", "ada", [{"name": "n", "summary": "s",
                                                 "metadata": {"k": "\ud800"}}]),
         InvalidItemError),
    ],
    ids=["user-count", "user-search", "query", "metadata"],
)
def test_lone_surrogates_raise_a_mirix_error(store, call, error):
    store.insert("semantic", "ada", [{"name": "n", "summary": "hiking"}])
    with pytest.raises(error):
        call(store)
    assert store.count("semantic", "ada") == 1


# ----------------------------------------------------------------- embedding dimension


class WrongShapeEmbedder:
    """Embeds normally, except texts containing BAD come back one dimension short."""

    name = "wrong-shape-test"
    dim = 8

    def embed(self, texts):
        if any("BAD" in t for t in texts):
            return np.ones((len(texts), self.dim - 1), dtype=np.float32)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        out[:, 0] = 1.0
        return out


class FlatEmbedder(WrongShapeEmbedder):
    """Returns one flat vector instead of a (n, dim) matrix."""

    name = "flat-test"

    def embed(self, texts):
        return np.ones(self.dim * len(texts), dtype=np.float32)


def test_embedder_returning_the_wrong_dimension(tmp_path):
    store = MemoryStore(tmp_path / "s", embedder=WrongShapeEmbedder())
    [good] = store.insert("episodic", "ada", [{"summary": "fine event"}])
    with pytest.raises(EmbeddingDimensionError, match="8"):
        store.insert("episodic", "ada", [{"summary": "BAD event"}])
    with pytest.raises(EmbeddingDimensionError):
        store.update("episodic", "ada", good.id, {"summary": "now BAD"})
    with pytest.raises(EmbeddingDimensionError):
        store.search("BAD", "ada", method="vector")
    assert store.count("episodic", "ada") == 1
    assert store.get("episodic", "ada", good.id).model_dump() == good.model_dump()
    assert [e.action for e in store.history("ada", good.id)] == ["insert"]


def test_embedder_returning_a_flat_array(tmp_path):
    store = MemoryStore(tmp_path / "s", embedder=FlatEmbedder())
    with pytest.raises(EmbeddingDimensionError):
        store.insert("episodic", "ada", [{"summary": "an event"}])
    assert store.count("episodic", "ada") == 0


@pytest.mark.parametrize("vector", [[0.1] * 383, [0.1] * 385, [[0.1] * 384], []])
def test_query_vector_of_the_wrong_dimension(seeded, vector, unchanged):
    with pytest.raises(EmbeddingDimensionError):
        seeded.search("hiking", "ada", method="vector", vector=vector)
    assert unchanged()


# ----------------------------------------------------------------- store location


def test_store_path_under_a_regular_file(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreNotWritableError):
        MemoryStore(blocker / "store")
    with pytest.raises(StoreNotWritableError):
        MemoryStore(blocker)
    assert blocker.read_text() == "not a folder"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root ignores folder permissions")
@pytest.mark.parametrize("inside", [False, True])
def test_read_only_folder(tmp_path, inside):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)  # 0o500
    try:
        with pytest.raises(StoreNotWritableError):
            MemoryStore(folder / "store" if inside else folder)
    finally:
        folder.chmod(0o700)


# ----------------------------------------------------------------- queries


@pytest.mark.parametrize(
    "kwargs",
    [
        {"method": "semantic"},
        {"method": "HYBRID"},
        {"method": None},
        {"limit": 0},
        {"limit": -1},
        {"limit": 10**9},
        {"limit": True},
        {"limit": "5"},
        {"limit": 2.5},
        {"since": datetime(2024, 1, 1)},
        {"until": datetime(2024, 1, 1)},
        {"since": "2024-01-01"},
        {"since": datetime(2024, 1, 2, tzinfo=UTC), "until": datetime(2024, 1, 1, tzinfo=UTC)},
        {"since": datetime(2024, 1, 1, tzinfo=UTC), "until": datetime(2024, 1, 1, tzinfo=UTC)},
        {"tree_path": "work"},
        {"metadata": [("k", "v")]},
        {"sensitivity": []},
    ],
    ids=repr,
)
def test_bad_search_arguments_raise_invalid_query(seeded, kwargs, unchanged):
    with pytest.raises(InvalidQueryError):
        seeded.search("hiking", "ada", **kwargs)
    assert unchanged()


@pytest.mark.parametrize("method", ["fts", "exact", "fuzzy"])
@pytest.mark.parametrize("query", ["", "   ", None, 5])
def test_text_methods_need_a_text_query(seeded, method, query):
    with pytest.raises(InvalidQueryError):
        seeded.search(query, "ada", method=method)


def test_list_with_bad_arguments(seeded, unchanged):
    for kwargs in ({"limit": 0}, {"since": datetime.now()},
                   {"since": datetime.now(UTC), "until": datetime.now(UTC) - timedelta(1)}):
        with pytest.raises(InvalidQueryError):
            seeded.list("episodic", "ada", **kwargs)
    assert unchanged()


@pytest.mark.parametrize("item_ids", ["abc", None, [None], [""], ["a\x00b"], [5]], ids=repr)
def test_bad_item_ids(seeded, item_ids, unchanged):
    with pytest.raises(InvalidInputError):
        seeded.delete("episodic", "ada", item_ids)
    assert unchanged()
