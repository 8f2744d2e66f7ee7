"""Several servers on one object store: ``s3+ddb://`` (LanceDB's DynamoDB commit store) and
the store's DynamoDB leases, against moto's S3 and DynamoDB emulation (``moto_server``).

Each "server" is a separate process with its own store object; they share only the bucket
and the DynamoDB table, as servers on different machines would.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from support.servers import aws_client, moto_s3, wait_all

from mirix_like import MemorySystem, memory_types
from mirix_like.errors import ConfigError, StoreError
from mirix_like.store import MemoryStore
from mirix_like.store.locks import DynamoLeases

BUCKET, TABLE = "memories", "mirix-commits"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def aws() -> Iterator[dict[str, str]]:
    """Storage options of a fresh moto server (S3 and DynamoDB) with a bucket and the
    commit table LanceDB needs (hash key ``base_uri``, range key ``version``)."""
    with moto_s3(BUCKET) as s3_options:
        options = {**s3_options, "dynamodb_endpoint": s3_options["endpoint"]}
        boto3.client("dynamodb", **aws_client(options)).create_table(
            TableName=TABLE, BillingMode="PAY_PER_REQUEST",
            KeySchema=[{"AttributeName": "base_uri", "KeyType": "HASH"},
                       {"AttributeName": "version", "KeyType": "RANGE"}],
            AttributeDefinitions=[{"AttributeName": "base_uri", "AttributeType": "S"},
                                  {"AttributeName": "version", "AttributeType": "N"}])
        yield options


def new_uri() -> str:
    return f"s3+ddb://{BUCKET}/{uuid.uuid4().hex}?ddbTableName={TABLE}"


@pytest.fixture(scope="module")
def processes() -> multiprocessing.context.BaseContext:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["mirix_like.system", "lancedb", "boto3"])
    return context


# --------------------------------------------------------------------------- leases


def count_under_lease(uri: str, options: dict[str, str], rounds: int, out: str) -> None:
    """Read a counter object, wait, write it back plus one, under the store lease: a lost
    update would show if two processes ever held the lease at once."""
    leases = DynamoLeases(uri, options)
    s3 = boto3.client("s3", **aws_client(options))
    key = f"{uri.split('/')[3].split('?')[0]}/counter"
    for _ in range(rounds):
        with leases.lock("counter"):
            try:
                value = int(s3.get_object(Bucket=BUCKET, Key=key)["Body"].read())
            except s3.exceptions.NoSuchKey:
                value = 0
            time.sleep(0.01)
            s3.put_object(Bucket=BUCKET, Key=key, Body=str(value + 1).encode())
    Path(out).write_text("done")


def test_a_lease_excludes_other_servers(aws: dict[str, str], processes: Any,
                                        tmp_path: Path) -> None:
    uri = new_uri()
    children = [processes.Process(target=count_under_lease,
                                  args=(uri, aws, 15, str(tmp_path / f"{n}.done")))
                for n in range(4)]
    for child in children:
        child.start()
    wait_all(children, 180)
    assert all((tmp_path / f"{n}.done").exists() for n in range(4))
    s3 = boto3.client("s3", **aws_client(aws))
    key = f"{uri.split('/')[3].split('?')[0]}/counter"
    assert int(s3.get_object(Bucket=BUCKET, Key=key)["Body"].read()) == 60


def hold_forever(uri: str, options: dict[str, str], ready: str) -> None:
    leases = DynamoLeases(uri, options, ttl=2.0)
    with leases.lock("user-x", thread_local=False):
        Path(ready).write_text("held")
        time.sleep(600)


def test_a_lease_of_a_killed_server_expires_and_a_live_one_is_kept(
        aws: dict[str, str], processes: Any, tmp_path: Path) -> None:
    uri = new_uri()
    ready = tmp_path / "ready"
    holder = processes.Process(target=hold_forever, args=(uri, aws, str(ready)))
    holder.start()
    deadline = time.monotonic() + 60
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready.exists()
    waiting = DynamoLeases(uri, aws, ttl=2.0, wait=3.0)
    # Kept alive by its holder's heartbeat well past ttl, so the wait runs out.
    with pytest.raises(StoreError, match="busy"), waiting.lock("user-x", thread_local=False):
        pass
    os.kill(holder.pid, signal.SIGKILL)
    holder.join(10)
    began = time.monotonic()
    with DynamoLeases(uri, aws, ttl=2.0, wait=30.0).lock("user-x", thread_local=False):
        assert time.monotonic() - began < 10  # free once the dead holder's lease ran out


def test_an_s3_ddb_uri_without_a_table_name_is_refused(aws: dict[str, str]) -> None:
    with pytest.raises(ConfigError, match="ddbTableName"):
        MemoryStore(f"s3+ddb://{BUCKET}/{uuid.uuid4().hex}", storage_options=aws)


# --------------------------------------------------------------------------- servers


def serve_writes(uri: str, options: dict[str, str], writer: str, users: list[str],
                 seconds: float, go: str, out: str) -> None:
    """One server: add inputs, insert and update items, flush, for ``seconds``."""
    from reliability.reliability_kit import forgetful_backend, write_for

    try:
        with MemorySystem(store_uri=uri, storage_options=options,
                          model_backend=forgetful_backend()) as memory:
            while not Path(go).exists():
                time.sleep(0.01)
            log = write_for(memory, writer, users, seconds)
    except BaseException as exc:
        Path(out).write_text(json.dumps({"error": repr(exc)}))
        raise
    Path(out).write_text(json.dumps(log))


def test_servers_writing_the_same_users_lose_nothing_and_duplicate_nothing(
        aws: dict[str, str], processes: Any, tmp_path: Path) -> None:
    """Four servers add inputs for the same two users, insert and update items and flush,
    all at once: every item once, every update in the history, every input processed
    exactly once (each message in exactly one event: the model does not notice duplicates,
    so only the cross-server lock and rollback prevent them)."""
    from reliability.reliability_kit import forgetful_backend

    uri, users, go = new_uri(), ["ann", "ben"], tmp_path / "go"
    created = MemoryStore(uri, storage_options=aws)  # created once, as a deployment would
    for name in memory_types.names():
        created.count(name, "nobody")
    created.inputs("nobody")
    created.history("nobody", "none")
    servers = [processes.Process(target=serve_writes, args=(
        uri, aws, f"s{n}", users, 6.0, str(go), str(tmp_path / f"s{n}.json")))
        for n in range(4)]
    for server in servers:
        server.start()
    time.sleep(2.0)
    go.write_text("go")
    wait_all(servers, 420)
    logs = [json.loads((tmp_path / f"s{n}.json").read_text()) for n in range(4)]
    assert [log.get("error") for log in logs] == [None] * 4
    assert all(server.exitcode == 0 for server in servers)

    with MemorySystem(store_uri=uri, storage_options=aws,
                      model_backend=forgetful_backend()) as memory:
        for user in users:
            assert memory.flush(user).errors == []
    store = MemoryStore(uri, storage_options=aws)
    expected = {k: v for log in logs for k, v in log["final"].items()}
    updates = {k: v for log in logs for k, v in log["updates"].items()}
    added = Counter((u, i) for log in logs for u, i in log["inputs"])
    for user in users:
        items = list(store.iter_items("semantic", user))
        assert Counter(i.id for i in items).most_common(1)[0][1] == 1, "duplicated item"
        assert {f"{user}/{i.id}": i.summary for i in items} == {
            k: v for k, v in expected.items() if k.startswith(f"{user}/")}
        for item in items:
            actions = Counter(e.action for e in store.history(user, item.id))
            assert actions == Counter(insert=1, update=updates[f"{user}/{item.id}"])
        inputs = store.inputs(user)
        assert Counter(r.id for r in inputs) == Counter(
            {i: n for (u, i), n in added.items() if u == user})
        assert {r.status for r in inputs} == {"processed"}
        per_source = Counter(s for e in store.iter_items("episodic", user) for s in e.source_ids)
        assert per_source == Counter(r.id for r in inputs), "an input processed twice or never"
        assert store.count("episodic", user) == sum(1 for _ in store.iter_items("episodic",
                                                                                 user))
