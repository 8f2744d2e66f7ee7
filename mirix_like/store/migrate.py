"""Moving a store of the first layout (one table per memory type) into the memories table.

A store opened by this version adopts each old type table it finds: its rows are copied
into the memories table (keyed, so copying again changes nothing) and the old table is
dropped only once all are in. An interrupted move is redone on the next open; vectors and
search text are carried over as they were, so no item is embedded again.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mirix_like.memory_types import MemoryType
from mirix_like.store.schema import KEY, memory_rows, row_model
from mirix_like.store.tables import STREAM_BATCH, Tables


def adopt_type_table(tables: Tables, spec: MemoryType, memories: Any) -> int:
    """Move the rows of ``spec``'s own table into ``memories`` and drop it; the rows moved
    (0 when there is no such table). Call it with the memories table's lock held."""
    if spec.name not in tables.names():
        return 0
    source = tables.existing(spec.name)
    schema = memories.schema
    moved = 0
    for batch in source.search().limit(None).to_batches(STREAM_BATCH):
        if not batch.num_rows:
            continue
        rows = batch.to_pylist()
        items = [row_model(spec.item_model, row) for row in rows]  # secrets stay sealed
        width = batch.schema.field("vector").type.list_size
        vectors = batch.column("vector").flatten().to_numpy().reshape(-1, width)
        table = memory_rows(spec, schema, items, np.asarray(vectors, dtype=np.float32),
                            search_texts=[row["search_text"] for row in rows])
        (memories.merge_insert(KEY).when_matched_update_all().when_not_matched_insert_all()
         .execute(table))
        moved += len(rows)
    tables.drop(spec.name)
    return moved
