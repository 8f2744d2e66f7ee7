"""Resource memory: documents, files, links and screen contents the user worked with."""

from __future__ import annotations

from pydantic import Field

from mirix_like.memory_types.base import MemoryType, TreeMemoryItem

RENDERED_CONTENT_CHARS = 500


class Resource(TreeMemoryItem):
    """A document or other resource; ``content`` keeps the full text."""

    title: str = Field(min_length=1, max_length=1_000)
    summary: str = ""
    resource_type: str = Field(default="document", max_length=100)
    content: str = ""


def render(item: Resource) -> str:
    head = f"{item.title} [{item.resource_type}]: {item.summary}"
    excerpt = item.content[:RENDERED_CONTENT_CHARS]
    if len(item.content) > RENDERED_CONTENT_CHARS:
        excerpt += " ..."
    return f"{head}\n  content: {excerpt}" if excerpt else head


SPEC = MemoryType(
    name="resource",
    item_model=Resource,
    description=(
        "Documents, files, links, code and screen contents the user read or worked with."
    ),
    instructions=(
        "Keep the full content of each resource with a title and a summary of what it is; "
        "update the item when a newer version of the same resource arrives."
    ),
    text_fields=("title", "summary", "content"),
    embed_fields=("title", "summary"),
    render=render,
    order=4,
    long_field="content",
    sample={"title": "Trip notes", "content": "Flight LH 1234 leaves at 09:40"},
)
