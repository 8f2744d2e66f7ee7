"""A model (a scripted OpenAI-compatible server) supersedes changed facts through the tools."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from support.openai_server import ScriptedOpenAIServer, text, tool_calls

from mirix_like import AsyncMemorySystem, Settings
from mirix_like.prompt_format import unwrap

USER = "ada"


def _tools(request: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["function"]["name"]: t["function"]["parameters"] for t in request.get("tools", [])}


def _model(request: dict[str, Any]) -> Any:
    """Stores the locker code; when it changes, supersedes the entry it was shown."""
    tools = _tools(request)
    last = request["messages"][-1]
    if last["role"] == "tool":
        return text("done")
    if "route_to_memory_managers" in tools:
        return tool_calls([("route_to_memory_managers", {"memory_types": ["knowledge_vault",
                                                                           "core"]})])
    said = unwrap("inputs", last["content"])[0]["text"]
    shown = unwrap("existing", last["content"]) or []
    if "core_replace" in tools:
        if not shown or not shown[0]["fields"]["value"]:
            return tool_calls([("core_append", {"label": "human",
                                                "content": "Ada lives in Rome."})])
        return tool_calls([("core_replace", {"label": "human", "line_numbers": [1],
                                             "content": "Ada lives in Oslo.",
                                             "valid_from": "2025-06-01T00:00:00"})])
    value = said.rsplit(" ", 1)[-1].rstrip(".")
    entry = {"caption": "Ada's gym locker code", "secret_value": value, "entry_type": "code",
             "sensitivity": "medium", "supersedes": [e["id"] for e in shown]}
    return tool_calls([("insert_knowledge_vault", {"items": [entry]})])


def test_a_model_supersedes_through_the_tools(tmp_path: Path) -> None:
    with ScriptedOpenAIServer(responder=_model) as server:
        memory = AsyncMemorySystem(Settings(
            store_uri=str(tmp_path / "store"), backend="openai", base_url=server.base_url,
            api_key="test", model="scripted-model", max_retries=1, retry_backoff=0.01))
        for when, said in (("2025-01-10T09:00:00+00:00", "I live in Rome, locker code 4471."),
                           ("2025-06-01T09:00:00+00:00", "Moved to Oslo; new code 7730.")):
            report = asyncio.run(memory.add(said, user_id=USER, occurred_at=when, flush=True))
            assert not report.failed_inputs and not report.errors
        offered = {name: p for r in server.chat_requests for name, p in _tools(r).items()}
    vault = offered["insert_knowledge_vault"]["properties"]["items"]
    assert "supersedes" in str(vault) and "valid_from" in str(vault)
    assert "valid_from" in offered["core_replace"]["properties"]
    entries = {e.secret_value: e for e in memory.store.list("knowledge_vault", USER,
                                                            reveal_secrets=True)}
    assert entries["4471"].valid_until == entries["7730"].valid_from
    assert entries["7730"].valid_from.isoformat() == "2025-06-01T09:00:00+00:00"
    assert memory.store.get("core", USER, "human").value == "Ada lives in Oslo (since 2025-06-01)."
    [past] = memory.store.list("semantic", USER)
    assert past.summary == "Ada lives in Rome." and past.is_past()
