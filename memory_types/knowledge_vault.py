"""Knowledge vault: exact sensitive values (credentials, addresses, account numbers).

A value that changes (a new password, a new locker code) does not overwrite the old one: the
old entry is kept with the range it was valid (see :class:`~.semantic.Validity`).
"""

from __future__ import annotations

from pydantic import Field

from mirix_like.memory_types.base import MemoryItem, MemoryType, RetrievalPolicy, Sensitivity
from mirix_like.memory_types.semantic import Validity, dated

MASK = "********"


class VaultEntry(Validity, MemoryItem):
    """A verbatim value and a caption that describes it without revealing it."""

    entry_type: str = Field(default="other", max_length=100)
    source: str = ""
    sensitivity: Sensitivity = "medium"
    secret_value: str = Field(min_length=1)
    caption: str = Field(min_length=1)


def render(item: VaultEntry) -> str:
    # A sentence, so that an answer quoting it reads as one; a past value says until when.
    return dated(f"{item.caption} is {item.secret_value}.", item)


SPEC = MemoryType(
    name="knowledge_vault",
    item_model=VaultEntry,
    description=(
        "Exact values to recall verbatim: credentials, API keys, passwords, account and card "
        "numbers, phone numbers, emails, street addresses."
    ),
    instructions=(
        "Store the exact value in secret_value and a caption that says what it is without "
        "containing it. Rate sensitivity: high for passwords, keys, tokens and account "
        "numbers; medium for phone numbers and addresses; low otherwise. When a value changed "
        "(a new password or code), insert the new entry with supersedes set to the old "
        "entry's id: the old value is kept as a past one, never overwritten."
    ),
    text_fields=("caption", "entry_type", "source"),
    embed_fields=("caption",),
    render=render,
    order=5,
    secret_fields=("secret_value",),
    tree=False,
    retrieval=RetrievalPolicy(chat_sensitivity=("low", "medium")),
    sample={"caption": "Gym locker code", "secret_value": "4471", "entry_type": "code"},
)
