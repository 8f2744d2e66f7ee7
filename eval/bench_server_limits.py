"""What a 48 MB request costs a real ``mirix-like serve``: status, bytes read, time, RSS.

    python eval/bench_server_limits.py                 # this checkout
    python eval/bench_server_limits.py --tree OLD      # another source tree (PYTHONPATH=OLD)

Each body is sent three times without a key (declared with Content-Length and sent whole,
then chunked), then three times chunked with a valid user key. The server's resident memory
is read from /proc (Linux) before and after each request.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

MB = 2**20
CLI = str(Path(sys.executable).with_name("mirix-like"))
ADMIN = "bench-admin-key"


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    return int(next(line for line in status if line.startswith("VmRSS")).split()[1]) / 1024


def send(port: int, head: bytes, body: list[bytes]) -> tuple[str, int]:
    """Send ``head`` and as much of ``body`` as the server takes: its status and bytes taken."""
    sent, answer = 0, b""
    with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        try:
            sock.sendall(head)
            for chunk in body:
                sock.sendall(chunk)
                sent += len(chunk)
            while chunk := sock.recv(65536):
                answer += chunk
        except OSError:  # the server answered and closed the connection
            answer += sock.recv(65536) if not answer else b""
    return answer.split(b"\r\n")[0].decode(errors="replace"), sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", help="source tree to run instead of the installed package")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-limits-"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "MIRIX_LIKE_BACKEND": "offline", "MIRIX_LIKE_ADMIN_KEY": ADMIN,
           "MIRIX_LIKE_CONFIG": str(folder / "none.toml"),
           **({"PYTHONPATH": args.tree} if args.tree else {})}
    server = subprocess.Popen([CLI, "serve", "--port", str(port), "--store",
                               str(folder / "store")], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/admin/keys", data=json.dumps({"user_id": "sam"}).encode(),
            headers={"Authorization": f"Bearer {ADMIN}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            key = json.load(response)["key"]
        block = b"x" * MB
        post = b"POST /api/add HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        chunked = [b"%x\r\n" % MB + block + b"\r\n"] * 48 + [b"0\r\n\r\n"]
        cases = [
            ("no key, Content-Length 48 MB, sent whole",
             post + b"Content-Length: %d\r\n\r\n" % (48 * MB), [block] * 48),
            ("no key, chunked 48 MB", post + b"Transfer-Encoding: chunked\r\n\r\n", chunked),
            ("user key, chunked 48 MB",
             post + b"Authorization: Bearer %s\r\nTransfer-Encoding: chunked\r\n\r\n"
             % key.encode(), chunked),
        ]
        start = rss_mb(server.pid)
        print(f"server RSS at start: {start:.0f} MB")
        for label, head, body in cases:
            for _ in range(3):
                began, before = time.perf_counter(), rss_mb(server.pid)
                status, sent = send(port, head, body)
                print(f"{label}: {status}; body taken {sent / MB:.0f} MB; "
                      f"{time.perf_counter() - began:.2f} s; RSS {before:.0f} -> "
                      f"{rss_mb(server.pid):.0f} MB")
        print(f"server RSS at end: {rss_mb(server.pid):.0f} MB")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
