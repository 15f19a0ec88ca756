"""The one window: opening it, its size, full screen, and memory housekeeping.

Everything here talks to SDL's display; scenes use :func:`fitting_window_sizes`
(the Settings screen) and the app the rest.
"""

from __future__ import annotations

import functools
import gc
import logging
import os
import sys
import warnings
from collections.abc import Callable
from typing import Any

import pygame

from tacocat import APP_ID
from tacocat.persistence.settings import Settings
from tacocat.resources import asset_path
from tacocat.ui.widgets.style import palette

log = logging.getLogger(__name__)

TITLE = "Tacocat Spelled Backwards"
#: The one logical resolution everything is laid out in; SDL scales the frame.
LOGICAL_SIZE = (1280, 720)
#: Window sizes offered in Settings (only those that fit the desktop are shown).
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((960, 540), (1280, 720), (1600, 900), (1920, 1080))


class NoDisplayError(RuntimeError):
    """There is no screen to open a window on."""


# --- the window ---------------------------------------------------------------------


def open_window(settings: Settings) -> pygame.Surface:
    """Open the window at the logical size, scaled by SDL, with title and icon.

    ``SCALED`` makes SDL stretch the whole 1280×720 frame to the window and
    translate mouse positions back, so scenes and pygame_gui only ever see
    logical coordinates. pygame-ce's ``SCALED`` uses integer scaling unless
    its ``SDL_HINT_RENDER_SCALE_QUALITY`` variable is set (a 1920×1080 window
    would show a 1280×720 frame with black borders); we set it for smooth,
    fractional scaling, and ask SDL for linear filtering of our painted art.

    :raises NoDisplayError: no display (SDL fell back to its off-screen or
        dummy driver without being asked to, or refused to open a window).
    """
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
    driver = _start_display()
    pygame.display.set_caption(TITLE)
    _set_icon()
    flags = pygame.SCALED | pygame.RESIZABLE
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer available" is fine
            screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
    except pygame.error as error:
        pygame.display.quit()
        raise NoDisplayError(str(error)) from error
    window = _window()
    if window is not None and driver not in ("offscreen", "dummy"):
        # SCALED sets the logical size as the minimum; allow smaller windows.
        # (Not under the dummy driver: its fixed 1024×768 "desktop" would shrink
        # the window and make every flip a scaled copy, 2-3x slower.)
        window.minimum_size = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        if settings.fullscreen:
            set_fullscreen(True)
        else:
            resize_window(settings.window_size)
    paint_bars()
    return screen


def frame_scale() -> float:
    """How large the 1280×720 frame is shown in the window: 0.8 in a 1024×600 window, 1.0
    in a larger one or without a real window (the dummy and off-screen drivers, where no
    one reads the window and its size is not a player's)."""
    window = _window()
    if window is None or pygame.display.get_driver() in ("offscreen", "dummy"):
        return 1.0
    try:
        width, height = window.size
    except pygame.error:
        return 1.0
    return float(min(1.0, width / LOGICAL_SIZE[0], height / LOGICAL_SIZE[1]))


def paint_bars() -> None:
    """Fill the bars around the scaled frame (a window or screen that is not 16:9, such as
    16:10 full screen) with the colour of the frame's own edge instead of SDL's black.

    SDL clears the window with its renderer's draw colour before it draws the scaled
    frame; the renderer can be replaced when the window changes, so this is called again
    after every resize and full-screen switch. (The title bar above the window is the
    system's: its colour is not the game's to set, see docs/accessibility.md.)
    """
    window = _window()
    if window is None:
        return
    try:
        from pygame._sdl2.video import Renderer

        Renderer.from_window(window).draw_color = (*bar_colour(), 255)
    except (pygame.error, ImportError, AttributeError) as error:
        log.debug("the window's bars stay black (%s)", error)


@functools.cache
def bar_colour() -> tuple[int, int, int]:
    """The colour the bars are painted: the mean of the outermost pixels of the table's
    background (every screen is drawn over it, so the bars continue the frame's edge,
    which is darker than the palette's table colour: a vignette). The palette's deepest
    table colour if the picture cannot be read."""
    try:
        picture = pygame.image.load(str(asset_path("images", "ui", "background.png")))
    except (pygame.error, OSError) as error:
        log.debug("no background to match the bars to (%s)", error)
        return palette().table_deep
    w, h = picture.get_size()
    edges = [
        pygame.Rect(0, 0, w, 1),
        pygame.Rect(0, h - 1, w, 1),
        pygame.Rect(0, 0, 1, h),
        pygame.Rect(w - 1, 0, 1, h),
    ]
    means = [pygame.transform.average_color(picture, rect)[:3] for rect in edges]
    weights = [rect.width * rect.height for rect in edges]
    total = sum(weights)
    return tuple(
        round(sum(m[i] * wt for m, wt in zip(means, weights, strict=True)) / total)
        for i in range(3)
    )  # type: ignore[return-value]


def _start_display() -> str:
    """Start SDL's display; returns the video driver's name.

    :raises NoDisplayError: see :func:`open_window`.
    """
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    set_window_class()
    if (
        sys.platform.startswith("linux")
        and not asked
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    ):
        # Checked before SDL probes (its Wayland probe prints its own error line).
        raise NoDisplayError("neither DISPLAY nor WAYLAND_DISPLAY is set")
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as error:
        raise NoDisplayError(str(error)) from error
    if not asked and driver in ("offscreen", "dummy"):
        pygame.display.quit()
        raise NoDisplayError(f"SDL found only its '{driver}' video driver")
    return str(driver)


def set_window_class() -> None:
    """Name the window after the app id, from source as from a build, before SDL starts.

    Linux desktops match a window to its menu entry (``org.tacocat.Tacocat.desktop``)
    by the X11 ``WM_CLASS`` (the entry's ``StartupWMClass``) or the Wayland app id.
    Otherwise it is the program's name: ``import pygame`` sets ``SDL_VIDEO_X11_WMCLASS``
    to ``sys.argv[0]``'s (``main.py``, ``-c``, ``tacocat``) when a display is set, so that
    value counts as unset here; a class the user chose is kept.
    """
    automatic = (None, os.path.basename(sys.argv[0]) if sys.argv else "")
    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        if os.environ.get(name) in automatic:
            os.environ[name] = APP_ID


def _window() -> Any:
    """The display module's ``pygame.Window`` (for sizing), or None."""
    try:
        with warnings.catch_warnings():
            # Deprecated only as a way to render; we use it for size/position.
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


def _set_icon() -> None:
    path = asset_path("images", "icon.png")
    try:
        pygame.display.set_icon(pygame.image.load(str(path)))
    except (pygame.error, OSError) as error:
        log.warning("window icon %s could not be loaded (%s)", path, error)


def usable_desktop_size() -> tuple[int, int]:
    """The desktop size of the first display (room for title bars is left by callers)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    return sizes[0] if sizes else LOGICAL_SIZE


def fitting_window_sizes() -> list[tuple[int, int]]:
    """The offered window sizes that fit on the desktop (at least one)."""
    width, height = usable_desktop_size()
    fitting = [s for s in WINDOW_SIZES if s[0] <= width - 40 and s[1] <= height - 60]
    return fitting or [WINDOW_SIZES[0]]


def resize_window(size: tuple[int, int]) -> None:
    """Make the window ``size`` (clamped to the desktop) and centre it."""
    window = _window()
    if window is None:
        return
    desk_w, desk_h = usable_desktop_size()
    width = max(LOGICAL_SIZE[0] // 2, min(int(size[0]), desk_w))
    height = max(LOGICAL_SIZE[1] // 2, min(int(size[1]), desk_h))
    try:
        window.size = (width, height)
        window.position = pygame.WINDOWPOS_CENTERED
    except pygame.error as error:
        log.warning("could not resize the window (%s)", error)
    paint_bars()


def set_fullscreen(on: bool) -> bool:
    """Switch full screen (desktop resolution) on or off; returns the new state."""
    window = _window()
    try:
        if window is not None:
            if on:
                window.set_fullscreen(desktop=True)
            else:
                window.set_windowed()
        elif on != pygame.display.is_fullscreen():
            pygame.display.toggle_fullscreen()
    except pygame.error as error:
        log.warning("could not switch full screen (%s)", error)
    paint_bars()
    return bool(pygame.display.is_fullscreen())


# --- memory -------------------------------------------------------------------------


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None (other systems, other C libraries)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # here, not at start-up: only needed after the first game

    try:
        return ctypes.CDLL(None).malloc_trim  # the C library the process already uses
    except (OSError, AttributeError):  # e.g. musl has no malloc_trim
        return None


def release_memory() -> None:
    """Free what the last game left behind and hand it back to the system.

    Called between games. A game allocates and frees thousands of surfaces
    (card sizes, text, the table's layers); glibc keeps freed heap memory for
    reuse, so without this the process's resident memory climbed from ~210 MB
    after 10 games to ~375 MB after 200 (``bench/soak.py``) while the
    surfaces alive stayed at ~40 MB: nothing leaked, but a long session held
    memory it did not use. ``gc.collect`` first: the old table and its session
    reference each other, so only the cycle collector frees them.
    """
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        try:
            trim(0)
        except Exception:  # never let housekeeping stop a game
            log.debug("malloc_trim failed", exc_info=True)


def check_pygame_ce() -> None:
    """Fail clearly when plain pygame has overwritten pygame-ce."""
    if not getattr(pygame, "IS_CE", False):
        raise RuntimeError(
            "this game needs pygame-ce, but the plain 'pygame' package is installed over it. "
            "Repair: pip uninstall -y pygame pygame-ce && "
            "pip install --force-reinstall --no-deps pygame-ce"
        )
