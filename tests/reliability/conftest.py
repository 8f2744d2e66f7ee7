"""Fixtures of the reliability tests: a fork server for child processes, a seeded system."""

from __future__ import annotations

import multiprocessing
from multiprocessing.context import BaseContext

import pytest

# Imported once by the fork server, so a child process starts in well under a second
# instead of re-importing autogen, LanceDB and onnxruntime (several seconds each time).
PRELOAD = ["mirix_like.system", "mirix_like.offline.client", "lancedb",
           "autogen_agentchat.agents"]


@pytest.fixture(scope="session")
def processes() -> BaseContext:
    """A multiprocessing context whose children fork from a server with mirix_like loaded.

    Children are real separate processes (own memory, own LanceDB handles, own file locks),
    killable with SIGKILL.
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context
