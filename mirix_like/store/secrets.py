"""Encryption at rest for secret fields (the knowledge vault's ``secret_value``).

The key is a Fernet key from ``$MIRIX_LIKE_SECRET_KEY``, or from a key file (default
``~/.config/mirix-like/secret.key``) that is created on first use, readable by its owner only.
Back the key up with the store: without it the secrets cannot be read.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
from cryptography.fernet import Fernet, InvalidToken

from mirix_like.errors import ConfigError, StoreError

KEY_ENV = "MIRIX_LIKE_SECRET_KEY"
KEY_FILE_ENV = "MIRIX_LIKE_SECRET_KEY_FILE"
PREFIX = "enc:v1:"
MASK = "********"


def default_key_file() -> Path:
    """``$MIRIX_LIKE_SECRET_KEY_FILE``, else ``secret.key`` in the user's config directory."""
    return Path(os.environ.get(KEY_FILE_ENV)
                or Path(platformdirs.user_config_dir("mirix-like")) / "secret.key")


def _read_or_create(path: Path) -> bytes:
    if path.is_file():
        return path.read_bytes().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = Fernet.generate_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first
        return path.read_bytes().strip()
    with os.fdopen(fd, "wb") as handle:
        handle.write(key)
    return key


class SecretBox:
    """Encrypts and decrypts secret field values."""

    def __init__(self, key: bytes | str | None = None, *, key_file: Path | None = None) -> None:
        key = key or os.environ.get(KEY_ENV) or _read_or_create(key_file or default_key_file())
        try:
            self._fernet = Fernet(key)
        except (ValueError, TypeError) as exc:
            raise ConfigError(f"the secret key is not a valid Fernet key: {exc}") from None

    def seal(self, value: str) -> str:
        """``value`` encrypted, marked so it is never encrypted twice."""
        if value.startswith(PREFIX):
            return value
        return PREFIX + self._fernet.encrypt(value.encode("utf-8")).decode("ascii")

    def open(self, value: str) -> str:
        """The plain text of a sealed value (a value that was never sealed comes back as is)."""
        if not value.startswith(PREFIX):
            return value
        try:
            return self._fernet.decrypt(value[len(PREFIX):].encode("ascii")).decode("utf-8")
        except InvalidToken:
            raise StoreError("a secret in this store was encrypted with another key: set "
                             f"{KEY_ENV} or {KEY_FILE_ENV} to the store's key") from None
