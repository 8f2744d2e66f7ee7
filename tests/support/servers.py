"""Helpers for server tests: the console script, free ports, a server subprocess."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import pytest

CLI = str(Path(sys.executable).with_name("mirix-like"))
MOTO_SERVER = str(Path(sys.executable).with_name("moto_server"))


def offline_env(tmp_path: Path) -> dict[str, str]:
    """The environment for a server subprocess: offline backend, no user config file."""
    return {**os.environ, "MIRIX_LIKE_BACKEND": "offline",
            "MIRIX_LIKE_CONFIG": str(tmp_path / "no-config.toml")}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def server_process(command: list[str], port: int, env: dict[str, str] | None = None,
                   timeout: float = 30) -> Iterator[subprocess.Popen]:
    """Run ``command`` until it listens on 127.0.0.1:``port``; stop it afterwards."""
    with tempfile.TemporaryFile("w+") as log:  # a file, not a pipe: never blocks the server
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                   stderr=log, text=True)
        try:
            _wait_until_listening(process, port, log, timeout)
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_until_listening(process: subprocess.Popen, port: int, log: IO[str],
                          timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            log.seek(0)
            pytest.fail(f"server exited {process.returncode}: {log.read()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                pytest.fail("server did not start listening in time")
            time.sleep(0.1)


@contextmanager
def moto_s3(bucket: str) -> Iterator[dict[str, str]]:
    """A fresh moto server (S3 and DynamoDB) on 127.0.0.1 holding ``bucket``; yields the
    LanceDB storage options that reach it."""
    import boto3

    port = free_port()
    with server_process([MOTO_SERVER, "-H", "127.0.0.1", "-p", str(port)], port):
        options = {"endpoint": f"http://127.0.0.1:{port}", "aws_access_key_id": "testing",
                   "aws_secret_access_key": "testing", "region": "us-east-1",
                   "allow_http": "true"}
        boto3.client("s3", **aws_client(options)).create_bucket(Bucket=bucket)
        yield options


def aws_client(options: dict[str, str]) -> dict[str, str]:
    """boto3 client arguments for the server that LanceDB ``options`` point at."""
    return {"endpoint_url": options["endpoint"], "region_name": options["region"],
            "aws_access_key_id": options["aws_access_key_id"],
            "aws_secret_access_key": options["aws_secret_access_key"]}


def wait_all(children: list[Any], timeout: float) -> None:
    """Join child processes within ``timeout`` seconds in all; kill and fail on a hung one."""
    deadline = time.monotonic() + timeout
    for child in children:
        child.join(max(0.1, deadline - time.monotonic()))
    alive = [c for c in children if c.is_alive()]
    for child in alive:
        child.kill()
    assert not alive, "a child process hung (a lock never released?)"
