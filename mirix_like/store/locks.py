"""Locks shared by every process and server using one store.

- a local store: file locks in ``<store>/.locks`` (processes on one machine);
- ``s3+ddb://`` (LanceDB's DynamoDB commit store): leases in the same DynamoDB table,
  taken with conditional writes, so servers on several machines exclude each other;
- plain ``s3://`` and other object stores: none (one writer per user; see the README).

A lease is one item ``{base_uri: "mirix-like-lock:<store>:<name>", version: 0}`` holding
its owner and an expiry time. It is taken with ``PutItem`` only if the item is absent,
expired or already ours (DynamoDB evaluates the condition and the write atomically), kept
alive by a heartbeat thread, and deleted on release only if still ours. A server that dies
holding one blocks others for at most ``ttl`` seconds. Leases assume the servers' clocks
agree within a small part of ``ttl`` (NTP); a holder frozen longer than ``ttl`` (a stopped
VM) loses its lease, which the heartbeat then reports as lost.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
import uuid
import weakref
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, urlsplit

from filelock import FileLock
from filelock import Timeout as FileLockTimeout

from mirix_like.errors import ConfigError, StoreError

log = logging.getLogger(__name__)
WAIT_SECONDS = 300.0
LEASE_SECONDS = 60.0
LOCK_PREFIX = "mirix-like-lock"


class Locks(Protocol):
    """Named locks of one store."""

    exclusive: bool
    """Whether a lock excludes other processes and servers (False: it is a no-op)."""

    def lock(self, name: str, *, thread_local: bool = True
             ) -> contextlib.AbstractContextManager[Any]:
        """The lock ``name``; re-entrant for the thread holding it (or for every thread of
        this process when not ``thread_local``)."""
        ...


def make_locks(uri: str, storage_options: Mapping[str, str]) -> Locks:
    """The kind of lock the store at ``uri`` supports."""
    if "://" not in uri:
        return FileLocks(Path(uri) / ".locks")
    if uri.startswith("s3+ddb://"):
        return DynamoLeases(uri, storage_options)
    return NoLocks()


class NoLocks:
    """Object storage without a commit store: nothing to lock with."""

    exclusive = False

    def lock(self, name: str, *, thread_local: bool = True
             ) -> contextlib.AbstractContextManager[Any]:
        return contextlib.nullcontext()


class FileLocks:
    """One lock file per name, shared by every thread and process on this machine."""

    exclusive = True

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._guard = threading.Lock()
        self._locks: dict[tuple[str, bool], FileLock] = {}

    def lock(self, name: str, *, thread_local: bool = True
             ) -> contextlib.AbstractContextManager[Any]:
        with self._guard:
            lock = self._locks.get((name, thread_local))
            if lock is None:
                self.folder.mkdir(exist_ok=True)
                lock = FileLock(str(self.folder / f"{name}.lock"), timeout=WAIT_SECONDS,
                                thread_local=thread_local)
                self._locks[(name, thread_local)] = lock
        return _translated(lock, name)


@contextlib.contextmanager
def _translated(lock: FileLock, name: str) -> Iterator[None]:
    try:
        lock.acquire()
    except FileLockTimeout:
        raise StoreError(f"lock {name!r} of the store stayed busy for {WAIT_SECONDS:.0f} s"
                         ) from None
    try:
        yield
    finally:
        lock.release()


class DynamoLeases:
    """Leases in the DynamoDB table of an ``s3+ddb://`` store (see the module docstring)."""

    exclusive = True

    def __init__(self, uri: str, storage_options: Mapping[str, str], *,
                 ttl: float = LEASE_SECONDS, wait: float = WAIT_SECONDS) -> None:
        parts = urlsplit(uri)
        tables = parse_qs(parts.query).get("ddbTableName")
        if not tables:
            raise ConfigError(f"{uri} needs ?ddbTableName=<DynamoDB table> (see the README)")
        try:
            import boto3
        except ImportError:
            raise ConfigError("an s3+ddb:// store needs boto3: pip install 'mirix-like[s3]'"
                              ) from None
        options = {k.lower(): v for k, v in storage_options.items()}
        self._client = boto3.client(
            "dynamodb",
            endpoint_url=options.get("dynamodb_endpoint"),
            region_name=options.get("region") or options.get("aws_region"),
            aws_access_key_id=options.get("aws_access_key_id"),
            aws_secret_access_key=options.get("aws_secret_access_key"),
            aws_session_token=options.get("aws_session_token"),
        )
        self.table = tables[0]
        self.scope = f"{LOCK_PREFIX}:{parts.netloc}{parts.path}"
        self.ttl, self.wait = ttl, wait
        self.owner = uuid.uuid4().hex
        self._guard = threading.Lock()
        self._leases: dict[tuple[str, bool], _Lease] = {}
        self._held: weakref.WeakSet[_Lease] = weakref.WeakSet()
        self._heartbeat: threading.Thread | None = None

    def lock(self, name: str, *, thread_local: bool = True
             ) -> contextlib.AbstractContextManager[Any]:
        with self._guard:
            lease = self._leases.get((name, thread_local))
            if lease is None:
                lease = _Lease(self, f"{self.scope}:{name}", thread_local)
                self._leases[(name, thread_local)] = lease
        return lease

    # The three conditional writes; DynamoDB applies each condition and write atomically.

    def _if(self, write: Any, condition: str, values: dict[str, Any], **request: Any) -> bool:
        """``write`` if ``condition`` holds (``:me`` is this process); whether it did."""
        try:
            write(TableName=self.table, ConditionExpression=condition,
                  ExpressionAttributeNames={"#owner": "owner"},
                  ExpressionAttributeValues={":me": {"S": self.owner}, **values}, **request)
        except self._client.exceptions.ConditionalCheckFailedException:
            return False
        return True

    def _take(self, key: str) -> bool:
        now = time.time()
        item = {"base_uri": {"S": key}, "version": {"N": "0"}, "owner": {"S": self.owner},
                "expires": {"N": f"{now + self.ttl:.3f}"}}
        return self._if(self._client.put_item,
                        "attribute_not_exists(base_uri) OR expires < :now OR #owner = :me",
                        {":now": {"N": f"{now:.3f}"}}, Item=item)

    def _renew(self, key: str) -> bool:
        return self._if(self._client.update_item, "#owner = :me",
                        {":until": {"N": f"{time.time() + self.ttl:.3f}"}},
                        Key=_key(key), UpdateExpression="SET expires = :until")

    def _drop(self, key: str) -> None:
        self._if(self._client.delete_item, "#owner = :me", {}, Key=_key(key))

    def _hold(self, lease: _Lease) -> None:
        with self._guard:
            self._held.add(lease)
            if self._heartbeat is None or not self._heartbeat.is_alive():
                self._heartbeat = threading.Thread(target=self._beat, daemon=True,
                                                   name="mirix-like-lease-heartbeat")
                self._heartbeat.start()

    def _beat(self) -> None:
        while True:
            time.sleep(self.ttl / 3)
            with self._guard:
                held = [lease for lease in self._held if lease.depth]
            for lease in held:
                try:
                    ok = self._renew(lease.key)
                except Exception as exc:  # the network: try again at the next beat
                    log.warning("could not renew store lease %s: %s", lease.key, exc)
                    continue
                if not ok:
                    lease.lost = True
                    log.error("store lease %s was taken over while held: another server "
                              "may have run the same work", lease.key)


def _key(key: str) -> dict[str, Any]:
    return {"base_uri": {"S": key}, "version": {"N": "0"}}


class _Lease:
    """One named lease, re-entrant like :class:`FileLock`."""

    def __init__(self, leases: DynamoLeases, key: str, thread_local: bool) -> None:
        self.leases, self.key = leases, key
        self.depth, self.lost = 0, False
        # Per thread: an RLock keeps other threads out. Per process: a counter any thread
        # may raise or lower (how FileLock(thread_local=False) behaves).
        self._local: threading.RLock | threading.Lock = (
            threading.RLock() if thread_local else threading.Lock())
        self._thread_local = thread_local

    def __enter__(self) -> _Lease:
        if self._thread_local:
            self._local.acquire()
            try:
                self._acquire()
            except BaseException:
                self._local.release()
                raise
        else:
            with self._local:
                self._acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._thread_local:
            try:
                self._release()
            finally:
                self._local.release()
        else:
            with self._local:
                self._release()

    def _acquire(self) -> None:
        if self.depth == 0:
            deadline, pause = time.monotonic() + self.leases.wait, 0.02
            while not self.leases._take(self.key):
                if time.monotonic() > deadline:
                    raise StoreError(f"store lease {self.key!r} stayed busy for "
                                     f"{self.leases.wait:.0f} s")
                time.sleep(pause)
                pause = min(pause * 2, 0.5)
            self.lost = False
            self.leases._hold(self)
        self.depth += 1

    def _release(self) -> None:
        self.depth -= 1
        if self.depth == 0:
            self.leases._drop(self.key)
