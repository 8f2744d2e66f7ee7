"""A memory manager: one agent per memory type, with tools over that type only.

One class serves all six types; the type's spec supplies the description, instructions
and tools, so a new memory type needs no new manager code.
"""

from __future__ import annotations

import asyncio

from autogen_core.models import ChatCompletionClient
from mirix_like.agents.batch import Batch
from mirix_like.agents.runner import run_until_tool_call, task_message
from mirix_like.agents.tools import StoreTool, core_tools, item_tools
from mirix_like.memory_types import MemoryType
from mirix_like.memory_types.base import utcnow
from mirix_like.memory_types.core import CORE_BLOCK_LIMIT, CORE_LABELS

from mirix_like.prompt_format import REWRITE_TASK, wrap
from mirix_like.store import MemoryStore

INITIAL_RETRIEVAL = 10
REWRITE_AT = 0.9

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
        """Show the manager the related items, let it change its memory, and record it."""
        run = batch.start(self.spec.name)
        try:
            existing = await asyncio.to_thread(self._existing, batch)
            batch.shown[self.spec.name] = {item_id for item_id, _ in existing}
            tools = (core_tools(batch, self.name) if self.spec.kind == "blocks"
                     else item_tools(self.spec, batch, self.name))
            text = "\n\n".join([
                f"New inputs for user memory (times are when each input happened):\n"
                f"{batch.inputs_block()}",
                "Existing items of this type most related to them:\n"
                + wrap("existing", [{"id": i, "text": t} for i, t in existing]),
            ])
            task = task_message(text, list(batch.images.values()), vision=self.vision)
            system = SYSTEM.format(name=self.spec.name, description=self.spec.description,
                                   instructions=self.spec.instructions)
            await run_until_tool_call(self.name, self.client, system, tools, task,
                                      attempts=self.attempts)
            if self.spec.kind == "blocks":
                await self._rewrite_full_blocks(batch, system, tools)
        finally:
            run.finished = utcnow()

    def _existing(self, batch: Batch) -> list[tuple[str, str]]:
        store: MemoryStore = batch.store
        if self.spec.kind == "blocks":
            blocks = [store.core_block(batch.user_id, label) for label in CORE_LABELS]
            return [(b.id, self.spec.render(b)) for b in blocks]
        query = " ".join(raw.text for raw in batch.inputs)[:2_000]
        hits = store.search(query, batch.user_id, memory_types=[self.spec.name],
                            limit=INITIAL_RETRIEVAL) if query.strip() else []
        return [(h.item.id, self.spec.render(h.item)) for h in hits]

    async def _rewrite_full_blocks(self, batch: Batch, system: str, tools: list[StoreTool]) -> None:
        for label in CORE_LABELS:
            block = await asyncio.to_thread(batch.store.core_block, batch.user_id, label)
            if len(block.value) <= REWRITE_AT * CORE_BLOCK_LIMIT:
                continue
            text = (f"{REWRITE_TASK}\nThe {label} block is {len(block.value)} of "
                    f"{CORE_BLOCK_LIMIT} characters. Call core_rewrite with label '{label}' and "
                    f"a version about half as long that keeps the most important facts.\n"
                    + wrap("block", {"label": label, "value": block.value}))
            await run_until_tool_call(self.name, self.client, system, tools,
                                      task_message(text, [], vision=False),
                                      attempts=self.attempts)
