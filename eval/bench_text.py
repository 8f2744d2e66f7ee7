"""Cost of the text detectors every input goes through, on real conversation turns.

Times ``find_times`` (time expressions) and ``find_secrets`` (sensitive values; the offline
rules' ``_secrets`` in versions before ``mirix_like.secrets``) over every turn of a LOCOMO
file, each turn with its session's date as the reference: cold (the first pass, dateparser's
locale data loading included) and warm (caches cleared between repeats, best of three). The
counts found let two versions of the package be compared on the same turns:

    .venv/bin/python eval/bench_text.py ../shared/data/locomo/locomo_dev.json
    git archive d071b32 | tar -x -C /tmp/before
    PYTHONPATH=/tmp/before .venv/bin/python eval/bench_text.py ../shared/data/locomo/locomo_dev.json
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import mirix_like
from mirix_like.offline import timeparse


def turns(path: Path) -> list[tuple[str, datetime]]:
    """Every turn's text of a LOCOMO file, with its session's time."""
    found = []
    for sample in json.loads(path.read_text()):
        conversation = sample["conversation"]
        for key, session in conversation.items():
            if key.startswith("session_") and isinstance(session, list):
                when = timeparse.parse_locomo_datetime(conversation[f"{key}_date_time"])
                found += [(turn["text"], when) for turn in session]
    return found


def timed(run: Callable[[], int], clear: Callable[[], None]) -> tuple[float, float, int]:
    """(cold seconds, best warm seconds of three, items found)."""
    start = time.perf_counter()
    found = run()
    cold = time.perf_counter() - start
    warm = []
    for _ in range(3):
        clear()
        start = time.perf_counter()
        run()
        warm.append(time.perf_counter() - start)
    return cold, min(warm), found


def _clear_caches(module: Any) -> None:
    for value in vars(module).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("locomo", type=Path)
    args = parser.parse_args()
    data = turns(args.locomo)
    print(f"{len(data)} turns; mirix_like from {Path(mirix_like.__file__).parent}")
    rows = [("find_times", timed(lambda: sum(len(timeparse.find_times(t, w)) for t, w in data),
                                 lambda: _clear_caches(timeparse)))]
    if (Path(mirix_like.__file__).parent / "secrets").is_dir():
        from mirix_like import secrets

        rows.append(("find_secrets", timed(
            lambda: sum(len(secrets.find_secrets(t)) for t, _ in data),
            lambda: _clear_caches(secrets))))
    else:  # before mirix_like.secrets: the offline rules' detector
        from mirix_like.offline import rules

        rows.append(("rules._secrets", timed(lambda: sum(len(rules._secrets(t)) for t, _ in data),
                                             lambda: _clear_caches(rules))))
    print("| detector | cold s | warm s | warm ms/turn | found |")
    print("|---|---|---|---|---|")
    for name, (cold, warm, found) in rows:
        print(f"| {name} | {cold:.3f} | {warm:.3f} | {warm / len(data) * 1000:.3f} | {found} |")


if __name__ == "__main__":
    main()
