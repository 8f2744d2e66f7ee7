"""Every exception mirix_like raises on purpose.

One root, so ``except MirixLikeError`` catches all of them::

    MirixLikeError
    ├── InvalidInputError (also a ValueError)       bad arguments from the caller
    │   ├── UnknownMemoryTypeError                  a memory type name that does not exist
    │   ├── InvalidUserIdError                      a missing, empty or malformed user id
    │   ├── InvalidItemError                        fields of the wrong type or value
    │   │   └── CoreBlockLimitError                 a core block over its character limit
    │   ├── InvalidQueryError                       bad search method, limit, filter or time range
    │   ├── EmbeddingDimensionError                 a vector of the wrong length
    │   └── InvalidExportError                      an export (folder or zip) that is broken
    │                                               or doctored; importing it changed nothing
    ├── StoreError                                  the store cannot do what was asked
    │   ├── StoreNotWritableError                   the store location cannot be created or written
    │   ├── EmbedderMismatchError                   built with another embedder than given
    │   └── ItemNotFoundError (also a KeyError)     no item with that id for that user
    ├── ConfigError                                 settings that cannot work together
    └── ModelError                                  a model backend failed after its retries
        ├── ModelConfigError                        the server refused the request as set up
        │                                           (a missing flag, an unknown model, a bad
        │                                           key): not retried, says what to change
        └── ModelOutputError                        the model answered, but never with valid
                                                    tool calls in the tries it had

Errors raised by LanceDB and pyarrow are translated into these inside the store layer;
nothing else needs to know about them.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "CoreBlockLimitError",
    "EmbedderMismatchError",
    "EmbeddingDimensionError",
    "InvalidExportError",
    "InvalidInputError",
    "InvalidItemError",
    "InvalidQueryError",
    "InvalidUserIdError",
    "ItemNotFoundError",
    "MirixLikeError",
    "ModelConfigError",
    "ModelError",
    "ModelOutputError",
    "StoreError",
    "StoreNotWritableError",
    "UnknownMemoryTypeError",
]


class MirixLikeError(Exception):
    """Root of every error mirix_like raises on purpose."""


class InvalidInputError(MirixLikeError, ValueError):
    """The caller passed something that cannot be accepted; nothing was stored."""


class UnknownMemoryTypeError(InvalidInputError):
    """A memory type name that is not registered."""


class InvalidUserIdError(InvalidInputError):
    """A user id that is missing, empty, too long or not a string."""


class InvalidItemError(InvalidInputError):
    """Item fields of the wrong type or value."""


class CoreBlockLimitError(InvalidItemError):
    """A core memory block longer than its character limit."""


class InvalidQueryError(InvalidInputError):
    """A search with a bad method, limit, filter or time range."""


class EmbeddingDimensionError(InvalidInputError):
    """A vector whose length differs from the store's embedding dimension."""


class InvalidExportError(InvalidInputError):
    """An export that cannot be imported as it is (a bad manifest, record, path or image);
    it is refused before anything is written."""


class StoreError(MirixLikeError):
    """The store cannot do what was asked."""


class StoreNotWritableError(StoreError):
    """The store location cannot be created or written."""


class EmbedderMismatchError(StoreError):
    """The store was built with another embedder; mixing vectors would break search."""


class ItemNotFoundError(StoreError, KeyError):
    """No item with that id exists for that user."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class ConfigError(MirixLikeError):
    """Settings that cannot work (a missing key, an unknown backend...)."""


class ModelError(MirixLikeError):
    """A model backend still failed after its retries."""


class ModelConfigError(ModelError):
    """The model server refused the request as configured; retrying cannot help, and the
    message says which setting or server flag to change."""


class ModelOutputError(ModelError):
    """The model answered every try, but never with tool calls that all succeeded: the
    server is fine, the model is not up to the task (a fallback may take over)."""
