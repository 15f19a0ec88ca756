"""Helpers shared by the benchmarks: SDL drivers, the X server, CPU seconds."""

from __future__ import annotations

import os
from typing import Any


def choose_drivers(parser: Any, real_window: bool) -> None:
    """Set SDL's drivers before pygame loads: dummy video unless ``real_window``
    (which needs a display), dummy audio unless one was chosen."""
    if not real_window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        parser.error("--real-window needs a display (try xvfb-run)")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


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
