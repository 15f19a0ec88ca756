"""Pictures of the Windows installer's pages and the Start-menu entry, under Wine and Xvfb.

    python -m tools.windows.installer_shots SETUP.exe OUT_DIR [--prefix DIR]

For docs/screenshots/windows/. Clicks through the installer as a person would (Enter on each
page: Welcome, Licence, Components, Folder, then Finish), capturing each page's window; then
opens Wine's desktop, its Start button and Programs, captures the entry, clicks it and
captures the game it starts. Needs Xvfb, xdotool, xwininfo and ImageMagick's ``import``;
uses a Wine prefix of its own (default: build/windows/shots-prefix), never the one CI
round-trips the installer in.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tools.windows.installer import APP_NAME
from tools.windows.wine import Wine

ROOT = Path(__file__).resolve().parents[2]

PAGES = ("welcome", "licence", "components", "folder")
SCREEN = "1280x720"


def window_id(display: str, title: str, timeout: float = 60) -> str:
    """The X window whose name is ``title``, once it exists."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = subprocess.run(
            ["xdotool", "search", "--name", f"^{title}$"],
            capture_output=True,
            text=True,
            timeout=30,
            env={"DISPLAY": display},
        ).stdout.split()
        if found:
            return found[0]
        time.sleep(0.5)
    raise SystemExit(f"no window {title!r} after {timeout:.0f} s")


def capture(display: str, window: str, png: Path) -> None:
    subprocess.run(
        ["import", "-display", display, "-window", window, str(png)], check=True, timeout=60
    )
    print(f"wrote {png}")


def xdotool(display: str, *args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=30, env={"DISPLAY": display})


def installer_pages(wine: Wine, display: str, setup: Path, out: Path) -> None:
    """Each page of a normal install, then Finish with "Play now" unticked."""
    env = wine.env({"DISPLAY": display, "SDL_AUDIODRIVER": "dummy"})
    subprocess.Popen(
        ["wine", str(setup)],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    window = window_id(display, f"{APP_NAME} Setup")
    for page in PAGES:
        time.sleep(2)
        capture(display, window, out / f"installer-{page}.png")
        xdotool(display, "windowfocus", "--sync", window, "key", "Return")
    time.sleep(8)  # the files go in; Modern UI then shows the Finish page
    capture(display, window, out / "installer-finish.png")
    # Untick "Play now" (Space on the focused check box would need a click), then Finish.
    xdotool(display, "windowfocus", "--sync", window, "key", "alt+p", "key", "Return")
    wine.wait(timeout=60)


def start_menu(wine: Wine, display: str, out: Path) -> None:
    """Wine's desktop: Start, Programs, the entry; then the game it starts."""
    env = wine.env({"DISPLAY": display, "SDL_AUDIODRIVER": "dummy"})
    subprocess.Popen(
        ["wine", "explorer", f"/desktop=shell,{SCREEN}"],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    window_id(display, "shell - Wine desktop")
    time.sleep(3)
    height = int(SCREEN.split("x")[1])
    xdotool(display, "mousemove", "25", str(height - 10), "click", "1")
    time.sleep(1.5)
    xdotool(display, "mousemove", "50", str(height - 75))  # Programs
    time.sleep(1.5)
    capture(display, "root", out / "start-menu.png")
    xdotool(display, "mousemove", "200", str(height - 75), "click", "1")  # the entry
    time.sleep(12)
    capture(display, "root", out / "start-menu-game.png")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("setup", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--prefix", type=Path, default=ROOT / "build" / "windows" / "shots-prefix")
    args = parser.parse_args(argv)
    for tool in ("Xvfb", "xdotool", "xwininfo", "import"):
        if shutil.which(tool) is None:
            raise SystemExit(
                f"{tool} is missing: apt-get install xvfb xdotool x11-utils imagemagick"
            )
    args.out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(args.prefix, ignore_errors=True)  # a machine where the game was never installed
    wine = Wine(args.prefix)
    wine.ensure()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", f"{SCREEN}x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert xvfb.stdout is not None
        display = f":{xvfb.stdout.readline().strip()}"
        installer_pages(wine, display, args.setup.resolve(), args.out)
        start_menu(wine, display, args.out)
    finally:
        wine.kill()
        xvfb.terminate()
        xvfb.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
