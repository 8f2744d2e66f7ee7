"""Helpers of the reliability tests that also run in child processes.

Child processes start from a fork server that has already imported mirix_like, LanceDB and
autogen (see ``conftest.py``), so they only import this module: no pytest, no hypothesis.

Nothing here replaces the store: child processes use the real ``MemoryStore`` on the real
LanceDB folder. Fault injection only *wraps* store methods so that a child can stop dead at
a chosen point (after the history row of a write, after a claim, before inputs are marked
processed...) and wait there to be killed with SIGKILL.
"""

from __future__ import annotations

import functools
import os
import re
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from autogen_core.models import CreateResult, LLMMessage, UserMessage

from mirix_like import MemorySystem
from mirix_like.models import ModelBackend, ResilientChatCompletionClient
from mirix_like.offline.client import OfflineChatCompletionClient
from mirix_like.store import MemoryStore

TYPES = ("core", "episodic", "semantic", "procedural", "resource", "knowledge_vault")
SECRET_PIN = "8841-7765-ZX"
SECRET_KEY = "sk-live-4f9a8b7c6d5e4f3a2b1c"
_EXISTING = re.compile(r"<existing>\n.*?\n</existing>", re.DOTALL)

# --------------------------------------------------------------------------- conversation

_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DOINGS = (
    "went to the dentist", "baked a lemon cake", "hiked up Mount Tamalpais",
    "visited the aquarium", "repaired the garden fence", "watched a jazz concert",
    "painted the kitchen", "cycled to the harbour", "planted three tomato seedlings",
    "read a novel about glaciers", "cooked a mushroom risotto", "played chess",
)
_PEOPLE = ("Maya", "Tom", "Priya", "Jonas", "Lena", "Omar", "Ines", "Kofi")
_PLACES = ("Lisbon", "Porto", "Oslo", "Kyoto", "Dublin", "Quito", "Accra", "Tallinn")
_JOBS = ("a marine biologist", "a carpenter", "a violinist", "a nurse", "a pilot",
         "a librarian", "a chemist", "a baker")
_TRAITS = ("allergic to peanuts", "a vegetarian", "left-handed", "afraid of heights",
           "a night owl", "colour-blind", "an early riser")


def conversation(count: int) -> list[dict[str, str]]:
    """``count`` distinct chat messages, each an event (one episodic memory each).

    Some also state a fact (semantic memory), something about the speaker (core memory)
    or plant a secret (knowledge vault), so that batches write to several tables.
    """
    messages = []
    for n in range(count):
        text = (f"On {_DAYS[n % 7]} I {_DOINGS[n % len(_DOINGS)]} with "
                f"{_PEOPLE[n % len(_PEOPLE)]} in {_PLACES[(n // 2) % len(_PLACES)]} "
                f"(outing number {n + 1}).")
        if n % 5 == 1:
            text += f" {_PEOPLE[n % len(_PEOPLE)]} is {_JOBS[n // 5 % len(_JOBS)]}."
        if n % 3 == 2:
            text += f" I am {_TRAITS[n // 3 % len(_TRAITS)]}."
        if n % 7 == 3:
            text += f" My bank PIN is {SECRET_PIN}"
        messages.append({"id": f"msg-{n:03d}", "role": "user", "name": "Sam",
                         "content": text})
    return messages


# --------------------------------------------------------------------------- models


class ForgetfulOfflineClient(OfflineChatCompletionClient):
    """The offline rule backend, but blind to the existing items a manager is shown.

    The offline rules skip an item whose summary is already stored, which would hide a
    replayed batch. A model that does not notice duplicates (as real models often do not)
    leaves the library's own replay protection as the only thing preventing them.
    ``hook(name)`` is called before and after every model call.
    """

    def __init__(self, hook: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self._hook = hook or (lambda name: None)

    async def create(self, messages: Sequence[LLMMessage], **kwargs: Any) -> CreateResult:
        blind = [UserMessage(content=_EXISTING.sub("<existing>\n[]\n</existing>", m.content),
                             source=m.source)
                 if isinstance(m, UserMessage) and isinstance(m.content, str) else m
                 for m in messages]
        self._hook("model-before")
        result = await super().create(blind, **kwargs)
        self._hook("model-after")
        return result


def forgetful_backend(hook: Callable[[str], None] | None = None) -> ModelBackend:
    """A model backend around :class:`ForgetfulOfflineClient` (no vision, one attempt)."""
    client = ResilientChatCompletionClient(ForgetfulOfflineClient(hook), attempts=1)
    return ModelBackend("offline", client, False)


# --------------------------------------------------------------------------- kill points


class KillPoint:
    """Stops the process at the ``nth`` time ``point`` is reached, and waits for SIGKILL.

    On arrival it writes ``marker`` so the parent knows where the child stands.
    """

    def __init__(self, point: str, nth: int, marker: Path) -> None:
        self.point, self.nth, self.marker = point, nth, marker
        self._count = 0
        self._lock = threading.Lock()

    def __call__(self, name: str) -> None:
        if name != self.point:
            return
        with self._lock:
            self._count += 1
            if self._count != self.nth:
                return
        self.marker.write_text(name)
        while True:  # the parent kills us here
            time.sleep(1)


def instrument(store: MemoryStore, hook: Callable[[str], None]) -> None:
    """Call ``hook`` at the store's commit points (the store itself is not replaced).

    history: after the history rows of a write, before the write itself;
    write: after a write; claimed: after inputs were claimed by a batch; stored: after
    inputs were stored, before ``add`` returned; marking: before inputs are marked
    processed (or failed); rollback: after each change a rollback makes.
    """

    def after(method: Callable[..., Any], name: str,
              when: Callable[..., bool] = lambda *a, **k: True) -> Callable[..., Any]:
        @functools.wraps(method)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            result = method(*args, **kwargs)
            if when(*args, **kwargs):
                hook(name)
            return result
        return wrapped

    def before(method: Callable[..., Any], name: str) -> Callable[..., Any]:
        @functools.wraps(method)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            hook(name)
            return method(*args, **kwargs)
        return wrapped

    def by_rollback(*args: Any, **kwargs: Any) -> bool:
        return kwargs.get("actor") == "rollback"

    store._record = after(store._record, "history")  # type: ignore[method-assign]
    # A write of a rollback is a "rollback" point; other writes are "write" points.
    write = after(store._write, "rollback", by_rollback)
    store._write = after(write, "write", lambda *a, **k: not by_rollback(*a, **k))  # type: ignore[method-assign]
    store.delete = after(store.delete, "rollback", by_rollback)  # type: ignore[method-assign]
    store.claim_inputs = after(store.claim_inputs, "claimed",  # type: ignore[method-assign]
                               lambda user, ids, batch_id: batch_id is not None)
    store.add_inputs = after(store.add_inputs, "stored")  # type: ignore[method-assign]
    store.set_input_status = before(store.set_input_status, "marking")  # type: ignore[method-assign]


def ingest(store_path: str, user_id: str, messages: list[dict[str, str]], workdir: str,
           point: str, nth: int) -> None:
    """Child process: finish earlier work, then add ``messages`` one by one with flush.

    Writes ``ready`` once the memory system is open, appends each message id to
    ``accepted`` (fsync'd) once ``add`` returned for it, and stops at the kill point.
    """
    work = Path(workdir)
    hook = KillPoint(point, nth, work / "marker")
    memory = MemorySystem(store_uri=store_path, model_backend=forgetful_backend(hook))
    instrument(memory.store, hook)
    (work / "ready").write_text(str(os.getpid()))
    try:
        memory.flush(user_id)  # a restarted client first finishes what it left
        with (work / "accepted").open("a") as accepted:
            for message in messages:
                report = memory.add([message], user_id=user_id, flush=True)
                if report.errors:
                    raise RuntimeError(f"errors: {report.errors}")
                accepted.write(message["id"] + "\n")
                accepted.flush()
                os.fsync(accepted.fileno())
    except BaseException:
        (work / "error").write_text(traceback.format_exc())
        raise
    (work / "done").write_text("ok")


def accepted_ids(path: Path) -> list[str]:
    """Ids a child reported accepted (a line cut short by the kill does not count)."""
    if not path.is_file():
        return []
    text = path.read_text()
    lines = text.split("\n")
    return [line for line in lines[:-1] if line]  # the last element follows the last newline


# --------------------------------------------------------------------------- snapshots


def snapshot(store: MemoryStore, users: Sequence[str] | None = None,
             *, reveal_secrets: bool = True) -> dict[tuple[str, str, str], dict[str, Any]]:
    """Every item of every type of ``users`` (all users by default), by (type, user, id)."""
    found = {}
    for user in users if users is not None else store.users():
        for name in TYPES:
            for item in store.iter_items(name, user, reveal_secrets=reveal_secrets):
                found[(name, user, item.id)] = item.model_dump(mode="json")
    return found


# --------------------------------------------------------------------------- writers


def write_for(memory: MemorySystem, writer: str, users: Sequence[str], seconds: float
              ) -> dict[str, Any]:
    """Add inputs, insert items and update them for ``seconds``; returns what was written.

    Every other round flushes the round's user, so flushes of one user overlap across
    writers. The log says which inputs were accepted, the last value written to each item
    and how many updates each got.
    """
    log: dict[str, Any] = {"inputs": [], "final": {}, "updates": {}, "rounds": 0}
    mine: list[tuple[str, str]] = []
    stop = time.monotonic() + seconds
    round_ = 0
    while time.monotonic() < stop or round_ < 3:
        user = users[round_ % len(users)]
        message_id = f"{writer}-m{round_}"
        memory.add([{"id": message_id, "content": f"On Monday I visited museum {writer} "
                     f"number {round_} with Maya."}], user_id=user)
        log["inputs"].append([user, message_id])
        item_id = f"{writer}-i{round_}"
        summary = f"{writer} item {round_} version 0"
        memory.store.insert("semantic", user, [{"id": item_id, "name": f"{writer}-{round_}",
                                                "summary": summary}], actor=writer)
        mine.append((user, item_id))
        log["final"][f"{user}/{item_id}"] = summary
        log["updates"][f"{user}/{item_id}"] = 0
        target_user, target = mine[(round_ * 7) % len(mine)]
        key = f"{target_user}/{target}"
        log["updates"][key] += 1
        summary = f"{writer} item {target.rsplit('-i', 1)[1]} version {log['updates'][key]}"
        memory.update("semantic", target, {"summary": summary}, user_id=target_user)
        log["final"][key] = summary
        if round_ % 2 == 1:
            report = memory.flush(user)
            if report.errors:
                raise RuntimeError(f"flush errors: {report.errors}")
        round_ += 1
    log["rounds"] = round_
    return log


def writer_process(store_path: str, writer: str, users: Sequence[str], seconds: float,
                   go: Path, result: Path) -> None:
    """A writer in its own process with its own MemorySystem; the log goes to ``result``."""
    import json

    with MemorySystem(store_uri=store_path, model_backend=forgetful_backend()) as memory:
        while not go.exists():
            time.sleep(0.005)
        try:
            log = write_for(memory, writer, users, seconds)
        except BaseException:
            result.write_text(json.dumps({"error": traceback.format_exc()}))
            raise
    result.write_text(json.dumps(log))


def reader_process(store_path: str, users: Sequence[str], stop: Path, result: Path) -> None:
    """Read while others write (counts never go down, values are whole), then report."""
    import json

    store = MemoryStore(store_path)
    seen = {user: 0 for user in users}
    problems: list[str] = []
    reads = 0
    while not stop.exists():
        for user in users:
            items = list(store.iter_items("semantic", user))
            if len(items) < seen[user]:
                problems.append(f"{user}: {len(items)} items after {seen[user]}")
            seen[user] = max(seen[user], len(items))
            bad = [i.summary for i in items
                   if not re.fullmatch(r"\S+ item \d+ version \d+", i.summary)]
            problems += [f"torn value {s!r}" for s in bad]
            reads += 1
        time.sleep(0.05)
    final = {user: {i.id: i.summary for i in store.iter_items("semantic", user)}
             for user in users}
    inputs = {user: sorted(r.id for r in store.inputs(user)) for user in users}
    result.write_text(json.dumps({"problems": problems, "reads": reads, "final": final,
                                  "inputs": inputs}))
