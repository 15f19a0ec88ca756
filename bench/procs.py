"""Process helpers shared by the benchmarks: the X server, CPU seconds."""

from __future__ import annotations

import os
from typing import Any


def x_server() -> Any:
    """The X server showing ``$DISPLAY`` (a psutil.Process), when it is a local Xvfb/Xorg."""
    display = os.environ.get("DISPLAY", "")
    try:
        import psutil
    except ImportError:
        return None
    number = display.rpartition(":")[2].split(".")[0]
    if not number:
        return None
    for proc in psutil.process_iter(["name", "cmdline"]):
        name = (proc.info.get("name") or "").lower()
        args = proc.info.get("cmdline") or []
        if name in ("xvfb", "xorg", "x") and f":{number}" in args:
            return proc
    return None


def cpu_seconds(proc: Any) -> float:
    """User + system CPU seconds of a psutil.Process (0 when it is gone or None)."""
    if proc is None:
        return 0.0
    try:
        times = proc.cpu_times()
    except Exception:
        return 0.0
    return times.user + times.system
