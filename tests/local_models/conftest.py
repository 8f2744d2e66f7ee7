"""A real llama.cpp server with Gemma 3 270M for the ``local_model`` tests.

Both packages are installed by ``.ci/run``; asked for without them, the tests fail saying
how to install them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.llama_server import LlamaServer, assemble_gguf


@pytest.fixture(scope="session")
def gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Gemma 3 270M Q4_K_M weights in a temporary folder."""
    try:
        return assemble_gguf(tmp_path_factory.mktemp("gguf"))
    except RuntimeError as exc:
        pytest.fail(str(exc))


@pytest.fixture
def llama(gguf: Path) -> Iterator[Callable[..., LlamaServer]]:
    """``llama(jinja=...)``: a server for the test to start; stopped after it."""
    servers: list[LlamaServer] = []

    def make(*, jinja: bool) -> LlamaServer:
        try:
            server = LlamaServer(gguf, jinja=jinja)
        except RuntimeError as exc:
            pytest.fail(str(exc))
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.close()
