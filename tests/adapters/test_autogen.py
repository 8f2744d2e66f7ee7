"""MirixMemory in a real AssistantAgent with a scripted model: what the model receives."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.messages import MemoryQueryEvent
from autogen_core import Image
from autogen_core.memory import ListMemory, MemoryContent, MemoryMimeType
from autogen_core.models import ModelFamily, ModelInfo, SystemMessage, UserMessage
from autogen_ext.models.replay import ReplayChatCompletionClient
from PIL import Image as PILImage

from mirix_like import adapters, memory_types
from mirix_like.adapters import MirixMemory
from mirix_like.errors import InvalidInputError, InvalidUserIdError

README = Path(__file__).parents[2] / "README.md"
MODEL_INFO = ModelInfo(vision=False, function_calling=True, json_output=False,
                       family=ModelFamily.UNKNOWN, structured_output=False,
                       multiple_system_messages=True)


@pytest.fixture
def store(tmp_path: Path) -> str:
    return str(tmp_path / "store")


def text(content: str, **metadata: object) -> MemoryContent:
    return MemoryContent(content=content, mime_type=MemoryMimeType.TEXT,
                         metadata=metadata or None)


def ask(memories: list, question: str) -> tuple[list, list]:
    """Run an agent with ``memories`` on ``question``: (messages the model got, events)."""
    async def run() -> tuple[list, list]:
        client = ReplayChatCompletionClient(["scripted answer"], model_info=MODEL_INFO)
        agent = AssistantAgent("assistant", client, memory=memories)
        result = await agent.run(task=question)
        return client.create_calls[0]["messages"], result.messages
    return asyncio.run(run())


def systems(messages: list) -> list[str]:
    return [m.content for m in messages if isinstance(m, SystemMessage)]


def test_the_model_receives_retrieved_memories_as_a_system_message(store: str) -> None:
    memory = MirixMemory("sam", store_uri=store, backend="offline")
    asyncio.run(memory.add(text("My favourite food is ramen.")))
    asyncio.run(memory.add(text("I moved to Lisbon last May.")))

    received, events = ask([memory], "What is my favourite food?")

    assert isinstance(received[-2], UserMessage)  # memories follow the question
    assert received[-1].content.startswith("Long-term memories")
    assert "ramen" in received[-1].content
    [event] = [e for e in events if isinstance(e, MemoryQueryEvent)]
    assert any("ramen" in c.content for c in event.content)
    assert {c.metadata["memory_type"] for c in event.content} <= set(memory_types.names())
    asyncio.run(memory.close())


@pytest.mark.parametrize("mirix_first", [True, False])
def test_works_beside_a_second_memory_in_either_order(store: str, mirix_first: bool) -> None:
    memory = MirixMemory("sam", store_uri=store, backend="offline")
    asyncio.run(memory.add(text("My favourite food is ramen.")))
    other = ListMemory(name="prefs", memory_contents=[text("Answer in one sentence.")])

    received, _ = ask([memory, other] if mirix_first else [other, memory],
                      "What is my favourite food?")

    blocks = systems(received)
    mirix = [i for i, s in enumerate(blocks) if s.startswith("Long-term memories")]
    listed = [i for i, s in enumerate(blocks) if "Answer in one sentence." in s]
    assert len(mirix) == 1 and len(listed) == 1
    assert (mirix[0] < listed[0]) == mirix_first
    assert "ramen" in blocks[mirix[0]]


def test_nothing_is_added_without_a_user_message_or_memories(store: str) -> None:
    memory = MirixMemory("nobody", store_uri=store, backend="offline")
    received, events = ask([memory], "Anything about me?")
    assert not [s for s in systems(received) if s.startswith("Long-term memories")]
    assert not [e for e in events if isinstance(e, MemoryQueryEvent)]


def test_query_and_clear_are_scoped_to_the_user(store: str) -> None:
    sam = MirixMemory("sam", store_uri=store, backend="offline")
    ada = MirixMemory("ada", store_uri=store, backend="offline")
    asyncio.run(sam.add(text("My favourite food is ramen.", role="user", name="Sam")))
    asyncio.run(ada.add(text("My favourite food is pizza.")))

    found = asyncio.run(sam.query("favourite food", memory_types=["semantic"]))
    assert [c.metadata["memory_type"] for c in found.results] == ["semantic"]
    assert "ramen" in found.results[0].content
    assert not asyncio.run(ada.query(text("ramen"), method="fts")).results

    asyncio.run(sam.clear())
    assert not asyncio.run(sam.query("favourite food")).results
    assert asyncio.run(ada.query("favourite food")).results


def test_config_round_trips_and_rebuilds_the_same_memory(store: str) -> None:
    memory = MirixMemory("sam", store_uri=store, backend="offline", flush=False, limit=3,
                         name="sam-memory")
    dumped = memory.dump_component()
    assert dumped.provider == "mirix_like.adapters.MirixMemory"
    assert dumped.config == {"user_id": "sam", "name": "sam-memory", "flush": False,
                             "limit": 3,
                             "settings": {"store_uri": store, "backend": "offline"}}

    loaded = MirixMemory.load_component(dumped)
    assert isinstance(loaded, MirixMemory)
    assert loaded.dump_component() == dumped
    asyncio.run(loaded.add(text("I moved to Lisbon last May.")))
    assert [raw.text for raw in asyncio.run(memory.system.pending("sam"))] == [
        "I moved to Lisbon last May."]


def test_images_are_stored_as_image_inputs(store: str) -> None:
    memory = MirixMemory("sam", store_uri=store, backend="offline", flush=False)
    picture = Image.from_pil(PILImage.new("RGB", (8, 8), "white"))
    asyncio.run(memory.add(MemoryContent(content=picture, mime_type=MemoryMimeType.IMAGE)))
    [raw] = asyncio.run(memory.system.pending("sam"))
    assert raw.kind == "image" and Path(raw.image_path).is_file()


def test_bad_input_raises_the_library_errors(store: str) -> None:
    with pytest.raises(InvalidUserIdError):
        MirixMemory("", store_uri=store)
    memory = MirixMemory("sam", store_uri=store, backend="offline")
    raw = MemoryContent(content=b"\x00\x01", mime_type=MemoryMimeType.BINARY)
    with pytest.raises(InvalidInputError, match="text, JSON or an autogen Image"):
        asyncio.run(memory.add(raw))


def test_exports() -> None:
    assert adapters.__all__ == ["MirixMemory", "MirixMemoryConfig"]


def test_readme_surfaces_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    [code] = re.findall(r"```py\n(.*?)```", README.read_text(), flags=re.DOTALL)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setenv("MIRIX_LIKE_BACKEND", "offline")
    client = ReplayChatCompletionClient(["Ramen, your favourite."], model_info=MODEL_INFO)
    exec(compile(code, "README.md", "exec"), {"model_client": client})
    assert capsys.readouterr().out.strip() == "Ramen, your favourite."
    assert "ramen" in systems(client.create_calls[0]["messages"])[-1]
    assert (tmp_path / "my-memory").is_dir()
