"""Near-duplicate filtering: drop a frame nearly identical to the last one kept.

Frames are compared as small grayscale copies (box-averaged to about 160 pixels wide), by
mean absolute pixel difference: similarity is ``1 - mean|a - b| / 255``. A blinking cursor
or a clock ticking changes almost nothing at that size; a new paragraph does.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from mirix_like.errors import InvalidInputError

__all__ = ["DEFAULT_SIMILARITY", "NearDuplicateFilter", "similarity", "thumbnail"]

DEFAULT_SIMILARITY = 0.99
THUMB_WIDTH = 160


def thumbnail(image: Image.Image, width: int = THUMB_WIDTH) -> np.ndarray:
    """A grayscale copy of ``image`` box-averaged down to about ``width`` pixels wide."""
    gray = image.convert("L")
    factor = max(1, gray.width // width)
    return np.asarray(gray.reduce(factor) if factor > 1 else gray, dtype=np.int16)


def similarity(a: np.ndarray, b: np.ndarray) -> float:
    """1 minus the mean absolute difference of two thumbnails over 255 (0 if shapes differ)."""
    if a.shape != b.shape:
        return 0.0
    return 1.0 - float(np.abs(a - b).mean()) / 255.0


class NearDuplicateFilter:
    """Admits a frame unless it is at least ``threshold`` similar to the last admitted one."""

    def __init__(self, threshold: float = DEFAULT_SIMILARITY, width: int = THUMB_WIDTH) -> None:
        if not 0.0 <= threshold <= 1.0:
            raise InvalidInputError(f"similarity threshold {threshold} is not between 0 and 1")
        self.threshold = threshold
        self.width = width
        self._last: np.ndarray | None = None

    def admit(self, image: Image.Image) -> bool:
        """Whether ``image`` is new enough to keep; a kept image becomes the one to compare to."""
        thumb = thumbnail(image, self.width)
        if self._last is not None and similarity(thumb, self._last) >= self.threshold:
            return False
        self._last = thumb
        return True

    def remember(self, image: Image.Image) -> None:
        """Make ``image`` the one to compare to, as if it had just been kept."""
        self._last = thumbnail(image, self.width)
