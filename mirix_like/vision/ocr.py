"""Offline text recognition with RapidOCR, whose wheel ships its models (Chinese and English)."""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path
from typing import Any

_lock = threading.Lock()


@cache
def _engine() -> Any:
    from rapidocr import RapidOCR

    return RapidOCR(params={"Global.log_level": "warning"})


def read_text(path: str | Path) -> str:
    """The text found in the image at ``path``, one recognised line per line."""
    with _lock:  # the ONNX session is not documented as thread-safe
        result = _engine()(str(path))
    return "\n".join(result.txts or ())
