"""The driver: which file each job writes, and the command line (``tools/make_assets.py``)."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from . import ROOT, hicolor
from .board import arrow, board_frame, board_space, board_tile, goal
from .cards import card_back, card_face, card_focus, card_highlight, card_shadow
from .draw import Surface
from .icons import ICNS_TYPES, ICON_SIZES, icns_bytes, ico_bytes, icon
from .music import write_music
from .palette import palette_json
from .sounds import SOUND_PEAKS, SOUNDS
from .synth import write_wav
from .theme import theme_json
from .token import tacocat, tacocat_shadow
from .ui import background, confetti, panel, title_logo

#: The asset licence, a data file beside this package (copied as it is).
LICENCE = Path(__file__).with_name("LICENSE-ASSETS.md")


def image_jobs() -> dict[str, Callable[[], Surface]]:
    """Relative path -> function drawing that image."""
    jobs: dict[str, Callable[[], Surface]] = {}
    for value in range(1, 13):
        jobs[f"images/cards/card_{value:02d}.png"] = functools.partial(card_face, value)
    jobs.update({
        "images/cards/card_back.png": card_back,
        "images/cards/card_shadow.png": card_shadow,
        "images/cards/card_highlight.png": card_highlight,
        "images/cards/card_focus.png": card_focus,
        "images/board/board_frame.png": board_frame,
        "images/board/space.png": board_space,
        "images/board/space_centre.png": functools.partial(board_space, True),
        "images/board/tile.png": board_tile,
        "images/board/goal_1.png": functools.partial(goal, 1),
        "images/board/goal_2.png": functools.partial(goal, 2),
        "images/board/arrow_1.png": functools.partial(arrow, 1),
        "images/board/arrow_2.png": functools.partial(arrow, 2),
        "images/token/tacocat.png": tacocat,
        "images/token/tacocat_shadow.png": tacocat_shadow,
        "images/ui/background.png": background,
        "images/ui/title_logo.png": title_logo,
        "images/ui/panel.png": panel,
        "images/ui/confetti.png": confetti,
        "images/icon.png": functools.partial(icon, 256),
    })  # fmt: skip
    return jobs


def expected_files() -> list[str]:
    """Every path (relative to the output folder) that :func:`generate` writes."""
    files = list(image_jobs())
    files += ["icon.ico", "icon.icns", "palette.json", "theme.json", "LICENSE-ASSETS.md"]
    files += [f"sounds/{name}.wav" for name in SOUNDS] + ["sounds/music.ogg"]
    files += list(hicolor.hicolor_files())
    return sorted(files)


def generate(out: Path, sounds: bool = True) -> list[Path]:
    """Write every asset under ``out``; return the written paths."""
    pygame.font.init()
    written: list[Path] = []

    def target(rel: str) -> Path:
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        written.append(path)
        return path

    for rel, make in image_jobs().items():
        pygame.image.save(make(), str(target(rel)))
    target("icon.ico").write_bytes(ico_bytes([icon(size) for size in ICON_SIZES]))
    target("icon.icns").write_bytes(icns_bytes([(kind, icon(size)) for kind, size in ICNS_TYPES]))
    written += hicolor.write_hicolor_icons(out, icon)  # the Linux menu's icons
    target("palette.json").write_bytes(palette_json())
    target("theme.json").write_bytes(theme_json())
    target("LICENSE-ASSETS.md").write_bytes(LICENCE.read_bytes())
    if sounds:
        for name, make_sound in SOUNDS.items():
            write_wav(target(f"sounds/{name}.wav"), make_sound(), SOUND_PEAKS.get(name, 0.8))
        write_music(target("sounds/music.ogg"))
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Generate every image and sound in ``assets/`` (the game's own art: no downloads)."
    )
    default = ROOT / "assets"
    parser.add_argument(
        "--out", type=Path, default=default, help=f"output folder (default: {default})"
    )
    args = parser.parse_args(argv)
    written = generate(args.out)
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} files ({total} bytes) to {args.out}")
    return 0
