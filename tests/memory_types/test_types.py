"""The memory types as data: registry, fields, time zones, what is indexed and embedded."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import textwrap
from datetime import UTC, datetime, timedelta, timezone

import pytest
from pydantic import ValidationError

from mirix_like import memory_types
from mirix_like.errors import MirixLikeError, UnknownMemoryTypeError
from mirix_like.memory_types.base import MemoryType
from mirix_like.memory_types.core import CORE_BLOCK_LIMIT, CoreBlock
from mirix_like.store import MemoryStore

TYPE_NAMES = ["core", "episodic", "semantic", "procedural", "resource", "knowledge_vault"]
COMMON = {"id", "user_id", "created_at", "updated_at", "metadata", "source_ids"}
OWN_FIELDS = {
    "core": {"label", "value"},
    "episodic": {"event_type", "summary", "details", "context", "actor", "occurred_at"},
    "semantic": {"name", "summary", "details", "source", "valid_from", "valid_until"},
    "procedural": {"entry_type", "summary", "steps"},
    "resource": {"title", "summary", "resource_type", "content"},
    "knowledge_vault": {"entry_type", "source", "sensitivity", "secret_value", "caption",
                        "valid_from", "valid_until"},
}
PLUS_TWO = timezone(timedelta(hours=2))


@pytest.fixture
def build(make_item):
    """``build(name, **fields)``: an item of type ``name`` validated by its model."""

    def _build(type_name: str, /, **fields):
        return memory_types.get(type_name).item_model.model_validate(
            {"user_id": "ada", **make_item(type_name, **fields)}
        )

    return _build


# ----------------------------------------------------------------- registry


def test_registry_lists_the_six_types_in_display_order():
    assert memory_types.names() == TYPE_NAMES
    assert [spec.name for spec in memory_types.all_types()] == TYPE_NAMES
    for name in TYPE_NAMES:
        assert memory_types.get(name).name == name


def test_every_module_defining_a_spec_is_registered():
    package = memory_types
    with_spec = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        spec = getattr(module, "SPEC", None)
        if isinstance(spec, MemoryType):
            with_spec[spec.name] = spec
    assert sorted(with_spec) == sorted(TYPE_NAMES)
    for name, spec in with_spec.items():
        assert memory_types.get(name) is spec


def test_a_seventh_type_is_one_module(tmp_path, monkeypatch):
    """Dropping one module with a SPEC into the package adds a type the store can use."""
    extra = tmp_path / "extra_types"
    extra.mkdir()
    (extra / "contact.py").write_text(textwrap.dedent('''
        from mirix_like.memory_types.base import MemoryType, TreeMemoryItem

        class Contact(TreeMemoryItem):
            full_name: str
            phone: str = ""

        SPEC = MemoryType(
            name="contact", item_model=Contact, description="people", instructions="",
            text_fields=("full_name",), embed_fields=("full_name",),
            render=lambda item: item.full_name, order=6,
        )
    '''))
    monkeypatch.setattr(memory_types, "__path__", [*memory_types.__path__, str(extra)])
    memory_types._registry.cache_clear()
    try:
        assert memory_types.names() == [*TYPE_NAMES, "contact"]
        store = MemoryStore(tmp_path / "store")
        [item] = store.insert("contact", "ada", [{"full_name": "Grace Hopper"}])
        hits = store.search("Hopper", "ada", memory_types=["contact"], method="fts")
        assert [h.item.id for h in hits] == [item.id]
    finally:
        monkeypatch.undo()
        memory_types._registry.cache_clear()
        sys.modules.pop(f"{memory_types.__name__}.contact", None)
    assert memory_types.names() == TYPE_NAMES


def test_unknown_type_raises_unknown_memory_type_error():
    with pytest.raises(UnknownMemoryTypeError, match="nope"):
        memory_types.get("nope")
    with pytest.raises(UnknownMemoryTypeError):
        memory_types.get(None)  # type: ignore[arg-type]
    assert issubclass(UnknownMemoryTypeError, MirixLikeError)


def test_secret_fields_cannot_be_indexed():
    spec = memory_types.get("knowledge_vault")
    with pytest.raises(ValueError, match="secret"):
        MemoryType(
            name="leaky", item_model=spec.item_model, description="", instructions="",
            text_fields=("caption", "secret_value"), embed_fields=("caption",),
            render=str, order=9, secret_fields=("secret_value",),
        )


# ----------------------------------------------------------------- fields


@pytest.mark.parametrize("name", TYPE_NAMES)
def test_each_type_has_its_fields_and_the_common_ones(name):
    model = memory_types.get(name).item_model
    tree = set() if name == "knowledge_vault" else {"tree_path"}
    assert set(model.model_fields) == COMMON | tree | OWN_FIELDS[name]


def test_vault_has_no_tree_path_and_others_do(build):
    for spec in memory_types.all_types():
        has_tree = "tree_path" in spec.item_model.model_fields
        assert has_tree == (spec.name != "knowledge_vault"), spec.name
    with pytest.raises(ValidationError):
        build("knowledge_vault", tree_path=["work"])


def test_episodic_is_timed_by_occurred_at_and_others_by_created_at():
    times = {spec.name: spec.time_field for spec in memory_types.all_types()}
    assert times.pop("episodic") == "occurred_at"
    assert set(times.values()) == {"created_at"}


def test_common_field_defaults(build):
    item = build("semantic")
    assert item.id and item.user_id == "ada"
    assert item.metadata == {} and item.source_ids == [] and item.tree_path == []
    assert item.created_at.tzinfo is not None and item.created_at.utcoffset() == timedelta(0)
    assert build("semantic").id != item.id


@pytest.mark.parametrize("field", ["created_at", "updated_at"])
def test_times_are_returned_in_utc(field, build):
    local = datetime(2024, 3, 1, 9, 30, tzinfo=PLUS_TWO)
    item = build("semantic", **{field: local})
    value = getattr(item, field)
    assert value == local
    assert value.utcoffset() == timedelta(0)
    assert (value.hour, value.minute) == (7, 30)


def test_occurred_at_is_returned_in_utc_and_naive_times_are_refused(build):
    event = build("episodic", occurred_at=datetime(2023, 5, 1, 1, 0, tzinfo=PLUS_TWO))
    assert event.occurred_at == datetime(2023, 4, 30, 23, 0, tzinfo=UTC)
    assert event.occurred_at.utcoffset() == timedelta(0)
    with pytest.raises(ValidationError, match="occurred_at"):
        build("episodic", occurred_at=datetime(2023, 5, 1, 1, 0))


def test_core_blocks_are_persona_or_human_within_the_limit(build):
    assert CORE_BLOCK_LIMIT == 5_000
    assert build("core", label="persona").label == "persona"
    with pytest.raises(ValidationError):
        build("core", label="assistant")
    assert len(build("core", value="x" * 5_000).value) == 5_000
    with pytest.raises(ValidationError, match="limit"):
        build("core", value="x" * 5_001)


def test_core_block_renders_as_numbered_lines(build):
    block = build("core", label="human", value="Name: Ada\n\nLikes green tea\n")
    assert isinstance(block, CoreBlock)
    rendered = memory_types.get("core").render(block)
    assert rendered == "<human>\n1: Name: Ada\n2: Likes green tea\n</human>"


def test_episodic_fields(build):
    event = build("episodic", actor="assistant", details="with Bob")
    assert (event.event_type, event.actor, event.details) == ("activity", "assistant", "with Bob")
    assert build("episodic", actor="other").actor == "other"
    with pytest.raises(ValidationError, match="actor"):
        build("episodic", actor="robot")
    with pytest.raises(ValidationError, match="summary"):
        build("episodic", summary="")


def test_semantic_fields(build):
    fact = build("semantic", details="on the Tagus", source="atlas")
    assert (fact.name, fact.details, fact.source) == ("Lisbon", "on the Tagus", "atlas")
    with pytest.raises(ValidationError, match="name"):
        build("semantic", name="")


def test_procedural_fields(build):
    for kind in ("workflow", "guide", "script"):
        assert build("procedural", entry_type=kind).entry_type == kind
    with pytest.raises(ValidationError, match="entry_type"):
        build("procedural", entry_type="recipe")
    assert build("procedural").steps == ["heat water to 80 C", "steep for two minutes"]
    with pytest.raises(ValidationError, match="steps"):
        build("procedural", steps="boil, steep")


def test_resource_fields(build):
    res = build("resource")
    assert (res.title, res.resource_type) == ("Quarterly plan", "document")
    assert res.content == "Full text of the quarterly plan."
    with pytest.raises(ValidationError, match="title"):
        build("resource", title="")


def test_vault_fields_and_sensitivity_levels(build):
    for level in ("low", "medium", "high"):
        assert build("knowledge_vault", sensitivity=level).sensitivity == level
    with pytest.raises(ValidationError, match="sensitivity"):
        build("knowledge_vault", sensitivity="secret")
    entry = build("knowledge_vault", source="router sticker")
    assert (entry.entry_type, entry.source) == ("password", "router sticker")
    with pytest.raises(ValidationError, match="secret_value"):
        build("knowledge_vault", secret_value="")


# ----------------------------------------------------------------- what is indexed


def test_secret_value_is_never_embedded_or_indexed(build):
    spec = memory_types.get("knowledge_vault")
    entry = build("knowledge_vault", secret_value="zq-SECRET-991", caption="Bank PIN")
    assert "zq-SECRET-991" not in spec.embed_text(entry)
    assert "zq-SECRET-991" not in spec.search_text(entry)
    assert "Bank PIN" in spec.embed_text(entry)
    assert "secret_value" in spec.secret_fields


def test_resource_content_is_not_embedded(build):
    spec = memory_types.get("resource")
    res = build("resource", content="unique-content-token " * 50)
    assert "unique-content-token" not in spec.embed_text(res)
    assert "Quarterly plan" in spec.embed_text(res)


def test_secret_value_is_not_full_text_searchable(store):
    [entry] = store.insert("knowledge_vault", "ada", [
        {"caption": "Router admin password", "secret_value": "xylophonequartz",
         "sensitivity": "high"},
    ])
    for method in ("fts", "exact", "fuzzy"):
        assert store.search("xylophonequartz", "ada", method=method) == [], method
    hits = store.search("router", "ada", method="fts")
    assert [h.item.id for h in hits] == [entry.id]
    assert hits[0].item.secret_value == "********"  # masked unless asked for
    hits = store.search("router", "ada", method="fts", reveal_secrets=True)
    assert hits[0].item.secret_value == "xylophonequartz"  # kept verbatim all the same
