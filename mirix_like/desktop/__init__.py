"""The desktop assistant: watch the screen, or ingest a folder of screenshots, into memory.

``ScreenWatcher`` captures the screen every few seconds (mss), notes the active application
and window title (X11), drops frames whose content did not change, never captures excluded
windows, reads the kept frames' text in the background (OCR, only where a screen changed)
and stores them in batches. ``ingest_screens`` does the same for a folder of
``YYYYMMDD_HHMMSS.png`` screenshots, resumably.
"""

from mirix_like.desktop.capture import Screen, ScreenSource
from mirix_like.desktop.dedup import Change, Decision, NearDuplicateFilter, changes
from mirix_like.desktop.folder import FolderReport, SkippedFile, ingest_screens
from mirix_like.desktop.privacy import PrivacyRules
from mirix_like.desktop.watcher import ScreenWatcher, WatchOptions, WatchStatus
from mirix_like.desktop.windows import VisibleWindow, WindowInfo

__all__ = [
    "Change",
    "Decision",
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
    "changes",
    "ingest_screens",
]
