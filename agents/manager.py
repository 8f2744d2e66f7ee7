"""A memory manager: one agent per memory type, with tools over that type only.

One class serves every type; the type's spec supplies the description, instructions,
tools and follow-up tasks, so a new memory type needs no new manager code.
"""

from __future__ import annotations

import asyncio
from typing import Any

from autogen_core.models import ChatCompletionClient

from mirix_like.agents.batch import Batch
from mirix_like.agents.runner import run_until_tool_call, task_message
from mirix_like.memory_types import MemoryType
from mirix_like.prompt_format import task_block, wrap

INITIAL_RETRIEVAL = 10

SYSTEM = """You are the {name} memory manager of a personal memory system.
Your memory type: {description}
{instructions}

You receive a batch of new inputs (messages, texts, screenshots) for one user and the existing
{name} items most related to it, with their ids. Decide what belongs in {name} memory:
- store new information with the insert tool, citing the input ids it comes from in source_ids;
- when an existing item covers the same thing, update or merge into it instead of adding a copy;
- delete an existing item only if the inputs show it is wrong;
- keep the language of the inputs: never translate;
- if nothing in the inputs belongs in {name} memory, call no_changes.
Act only through the tools."""


class MemoryManager:
    """Runs the manager agent of one memory type over a batch."""

    def __init__(self, spec: MemoryType, client: ChatCompletionClient, *, vision: bool,
                 attempts: int) -> None:
        self.spec = spec
        self.client = client
        self.vision = vision
        self.attempts = attempts
        self.name = f"{spec.name}_manager"

    async def run(self, batch: Batch) -> None:
        """Show the manager the related items, let it change its memory, then run the
        type's follow-up tasks (core: shorten a block near its limit)."""
        existing = await asyncio.to_thread(self._existing, batch)
        batch.writer.show(self.spec.name, [shown["id"] for shown in existing])
        tools = self.spec.manager_tools(batch, self.name)
        text = "\n\n".join([
            f"New inputs for user memory (times are when each input happened):\n"
            f"{batch.inputs_block()}",
            "Existing items of this type most related to them:\n"
            + wrap("existing", existing),
        ])
        task = task_message(text, list(batch.images.values()), vision=self.vision)
        system = task_block("update-memory", memory_type=self.spec.name) + "\n" + SYSTEM.format(
            name=self.spec.name, description=self.spec.description,
            instructions=self.spec.instructions)
        await run_until_tool_call(self.name, self.client, system, tools, task,
                                  attempts=self.attempts)
        if self.spec.followups is None:
            return
        for followup in await asyncio.to_thread(self.spec.followups, self.spec, batch):
            await run_until_tool_call(self.name, self.client, system, tools,
                                      task_message(followup, [], vision=False),
                                      attempts=self.attempts)

    def _existing(self, batch: Batch) -> list[dict[str, Any]]:
        """What the manager is shown: every item of an always-shown type (newest first, up
        to the limit), else the items most related to the inputs; each as its id, its
        rendering and its content fields (secrets left out), so no reader parses the text."""
        if self.spec.retrieval.always:
            items = batch.writer.recent(self.spec.name, INITIAL_RETRIEVAL)
        else:
            query = " ".join(raw.text for raw in batch.inputs)[:2_000]
            items = batch.writer.related(self.spec.name, query, INITIAL_RETRIEVAL)
        fields = set(self.spec.item_model.content_fields()) - set(self.spec.secret_fields)
        return [{"id": item.id, "text": self.spec.render(item),
                 "fields": item.model_dump(mode="json", include=fields)} for item in items]
