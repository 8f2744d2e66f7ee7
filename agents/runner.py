"""Running an agent until it has called a tool, with a corrective message when it did not."""

from __future__ import annotations

from collections.abc import Sequence

from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.base import TaskResult
from autogen_agentchat.messages import (
    BaseChatMessage,
    MultiModalMessage,
    TextMessage,
    ToolCallExecutionEvent,
)
from autogen_core import Image
from autogen_core.models import ChatCompletionClient
from autogen_core.tools import BaseTool

from mirix_like.errors import ModelOutputError

CORRECTION = (
    "Your last reply did not complete the task through the tools. Reply again by calling the "
    "tools offered (no_changes if nothing applies), with arguments that match their schemas."
)


def task_message(text: str, images: Sequence[Image], *, vision: bool) -> BaseChatMessage:
    """The user turn of a task: text, plus the images when the model can see them."""
    if images and vision:
        return MultiModalMessage(content=[text, *images], source="user")
    return TextMessage(content=text, source="user")


async def run_until_tool_call(
    name: str,
    client: ChatCompletionClient,
    system_message: str,
    tools: Sequence[BaseTool],
    task: BaseChatMessage,
    *,
    attempts: int,
) -> TaskResult:
    """Run a fresh agent on ``task`` until it made tool calls that all succeeded.

    One model call when all goes well. A reply with no tool call, or with failing calls, gets
    a corrective message naming the problem (the agent keeps its context); after
    ``attempts`` tries a :class:`ModelOutputError` says what went wrong.
    """
    agent = AssistantAgent(
        name, client, tools=list(tools), system_message=system_message,
        reflect_on_tool_use=False, max_tool_iterations=1,
    )
    message: BaseChatMessage = task
    problem = "no reply"
    for _ in range(max(1, attempts)):
        result = await agent.run(task=message)
        executed = [r for e in result.messages if isinstance(e, ToolCallExecutionEvent)
                    for r in e.content]
        errors = [r.content for r in executed if r.is_error]
        if executed and not errors:
            return result
        if errors:
            done = len(executed) - len(errors)
            problem = (f"{len(errors)} tool call(s) failed: {' | '.join(errors)}"
                       + (f"; the other {done} succeeded, do not repeat them" if done else ""))
        else:
            problem = "no tool call"
        message = TextMessage(content=f"{CORRECTION}\nProblem: {problem}", source="user")
    raise ModelOutputError(
        f"{name} did not make a valid tool call after {attempts} tries ({problem})")
