"""The desktop assistant: watch the screen, or ingest a folder of screenshots, into memory.

``ScreenWatcher`` captures the screen every few seconds (mss), notes the active application
and window title (X11), drops near-duplicate frames, never captures excluded windows, and
sends kept frames to ``MemorySystem.add`` in batches. ``ingest_screens`` stores a folder of
``YYYYMMDD_HHMMSS.png`` screenshots, resumably.
"""

from mirix_like.desktop.capture import Screen, ScreenSource
from mirix_like.desktop.dedup import NearDuplicateFilter, similarity, thumbnail
from mirix_like.desktop.folder import FolderReport, SkippedFile, ingest_screens
from mirix_like.desktop.privacy import PrivacyRules
from mirix_like.desktop.watcher import ScreenWatcher, WatchOptions, WatchStatus
from mirix_like.desktop.windows import VisibleWindow, WindowInfo

__all__ = [
    "FolderReport",
    "NearDuplicateFilter",
    "PrivacyRules",
    "Screen",
    "ScreenSource",
    "ScreenWatcher",
    "SkippedFile",
    "VisibleWindow",
    "WatchOptions",
    "WatchStatus",
    "WindowInfo",
    "ingest_screens",
    "similarity",
    "thumbnail",
]
