"""The meta memory manager: reads a batch and decides which memory managers it concerns."""

from __future__ import annotations

import asyncio
from typing import Literal

from autogen_core.models import ChatCompletionClient
from pydantic import BaseModel, Field, create_model

from mirix_like import memory_types
from mirix_like.agents.batch import Batch
from mirix_like.agents.manager import MemoryManager
from mirix_like.agents.runner import run_until_tool_call, task_message
from mirix_like.errors import ModelError, ModelOutputError
from mirix_like.memory_types.tools import StoreTool
from mirix_like.prompt_format import task_block

SYSTEM = """You are the meta memory manager of a personal memory system. For each batch of new
inputs, decide which memory types it concerns, thinking through each in turn:
{types}
Episodic almost always applies to conversations and activities. When unsure, include a type.
Small talk with nothing worth remembering (greetings, thanks, "ok", "good night") concerns no
type: then call it with an empty list.
Call route_to_memory_managers once with the chosen types."""
NOTHING_TO_REMEMBER = "small talk: nothing worth remembering"


class MetaMemoryManager:
    """Routes a batch to the managers of the memory types it concerns, which run concurrently."""

    def __init__(self, client: ChatCompletionClient, managers: dict[str, MemoryManager], *,
                 vision: bool, attempts: int) -> None:
        self.client = client
        self.managers = managers
        self.vision = vision
        self.attempts = attempts

    def _route_tool(self, chosen: list[str], reasons: list[str]) -> StoreTool:
        names = tuple(self.managers)
        args = create_model(
            "Route",
            memory_types=(list[Literal[names]], Field(  # type: ignore[valid-type]
                description="The memory types this batch concerns; an empty list when nothing "
                            "in it is worth remembering (small talk).")),
            reason=(str, Field("", description="Why nothing is worth remembering, when the "
                                               "list is empty.")))

        def route(values: BaseModel) -> str:
            chosen[:] = list(dict.fromkeys(values.memory_types))  # type: ignore[attr-defined]
            if chosen:
                return f"routing to: {', '.join(chosen)}"
            reasons[:] = [values.reason.strip() or NOTHING_TO_REMEMBER]  # type: ignore[attr-defined]
            return f"nothing to remember: {reasons[0]}"

        return StoreTool("route_to_memory_managers",
                         "Send the batch to the managers of these memory types, or to none "
                         "(an empty list) when nothing in it is worth remembering.", args, route)

    async def process(self, batch: Batch) -> list[str]:
        """Route the batch, run the chosen managers concurrently; returns the chosen types."""
        chosen: list[str] = []
        reasons: list[str] = []
        types = "\n".join(f"- {spec.name}: {spec.description}"
                          for spec in memory_types.all_types() if spec.name in self.managers)
        task = task_message(f"New inputs:\n{batch.inputs_block()}",
                            list(batch.images.values()), vision=self.vision)
        await run_until_tool_call("meta_memory_manager", self.client,
                                  task_block("route") + "\n" + SYSTEM.format(types=types),
                                  [self._route_tool(chosen, reasons)], task,
                                  attempts=self.attempts)
        batch.writer.report.routed = list(chosen)
        for reason in reasons:
            batch.writer.nothing_to_store(reason)
        outcomes = await asyncio.gather(*(self.managers[name].run(batch) for name in chosen),
                                        return_exceptions=True)
        failed = [(name, exc) for name, exc in zip(chosen, outcomes, strict=True)
                  if isinstance(exc, BaseException)]
        if failed:
            # The first failure is the cause, so the pipeline can tell a server that is down
            # from a reply that does not fit; when every manager answered but none with valid
            # calls, the batch failed the same way (and the offline rules may stand in).
            problems = "; ".join(f"{name}: {exc}" for name, exc in failed)
            kind = ModelOutputError if all(
                isinstance(exc, ModelOutputError) for _, exc in failed) else ModelError
            raise kind(f"memory managers failed: {problems}") from failed[0][1]
        return chosen
