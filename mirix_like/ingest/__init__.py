"""The ingest layer: pending inputs become memories, a batch at a time, each input alone.

:mod:`~mirix_like.ingest.pipeline` claims a user's pending inputs, rolls back updates that
were interrupted, reads images, runs the meta memory manager and the managers, and marks
every input processed or failed on its own; :mod:`~mirix_like.ingest.writer` is what the
managers' tools write through; :mod:`~mirix_like.ingest.report` says what changed.
"""

from mirix_like.ingest.report import ChangeReport
from mirix_like.ingest.writer import BatchWriter

__all__ = ["BatchWriter", "ChangeReport"]
