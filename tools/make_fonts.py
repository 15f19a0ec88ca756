"""Build the Lao user-interface fonts: Noto Sans Lao merged with Latin Noto Sans.

Noto Sans Lao has Lao letters only - no Latin letters and no digits - and
pygame draws a string with one font, so "Tacocat 38" inside a Lao sentence
would come out as empty boxes. This script merges the two Noto fonts (both SIL
Open Font Licence 1.1) with fontTools into ``assets/fonts/NotoSansLaoUI-*.ttf``:
the Latin font is first cut down to the Latin, punctuation and symbol ranges a
translated string can use (so the file stays small), then the Lao font is
merged in with its own shaping tables (mark positioning stacks vowels and tone
marks on their consonant).

Sources: pygame_gui's bundled ``NotoSans-{Regular,Bold}.ttf`` and Debian's
``fonts-noto-core`` package (``/usr/share/fonts/truetype/noto/NotoSansLao-*.ttf``;
``apt-get install -y fonts-noto-core``). Run once when the sources change::

    python -m tools.make_fonts [--lao-dir DIR]

fontTools is a development dependency only (requirements-dev.txt); the game
just reads the merged files.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "assets" / "fonts"
LAO_DIR = Path("/usr/share/fonts/truetype/noto")
#: Unicode ranges kept from Latin Noto Sans: Basic Latin, Latin-1, Latin
#: Extended-A/B (Latvian ā ē ī ū ķ ļ ņ š ž č ģ, Albanian ë ç, Filipino ñ),
#: general punctuation (– — … · ZWSP), currency, letterlike, arrows, math,
#: geometric shapes.
LATIN_RANGES = [
    (0x20, 0x24F),
    (0x2000, 0x206F),
    (0x20A0, 0x20CF),
    (0x2100, 0x214F),
    (0x2190, 0x21FF),
    (0x2200, 0x22FF),
    (0x25A0, 0x25FF),
]
STYLES = ("Regular", "Bold")
FAMILY = "Noto Sans Lao UI"


def latin_font(style: str) -> TTFont:
    """pygame_gui's Latin Noto Sans, cut down to :data:`LATIN_RANGES`."""
    import pygame_gui

    path = Path(pygame_gui.__file__).parent / "data" / f"NotoSans-{style}.ttf"
    font = TTFont(path)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[u for lo, hi in LATIN_RANGES for u in range(lo, hi + 1)])
    subsetter.subset(font)
    return font


def merged(style: str, lao_dir: Path) -> TTFont:
    """Latin first (its space and punctuation win), then every Lao glyph."""
    latin = io.BytesIO()
    latin_font(style).save(latin)
    latin.seek(0)
    lao = TTFont(lao_dir / f"NotoSansLao-{style}.ttf")
    for table in ("DSIG",):  # a signature cannot survive a merge
        if table in lao:
            del lao[table]
    lao_file = io.BytesIO()
    lao.save(lao_file)
    lao_file.seek(0)
    font = Merger().merge([latin, lao_file])
    _tighten_line_height(font)
    _rename(font, style)
    return font


def _tighten_line_height(font: TTFont) -> None:
    """Line height = the glyphs' real extent (Noto Sans Lao reserves ~6 % more).

    Lines drawn with this font are then ~14 % taller than Latin Noto Sans
    lines instead of ~21 %, so labels laid out for Latin text still hold a
    line of Lao; no glyph (stacked marks included) reaches past it.
    """
    head, hhea, os2 = font["head"], font["hhea"], font["OS/2"]
    ascent, descent = head.yMax, head.yMin
    hhea.ascent, hhea.descent, hhea.lineGap = ascent, descent, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, descent, 0
    os2.usWinAscent, os2.usWinDescent = ascent, -descent


def _rename(font: TTFont, style: str) -> None:
    """Give the result its own family name (fonts are cached by name)."""
    names = font["name"]
    full = f"{FAMILY} {style}"
    for record in list(names.names):
        if record.nameID in (1, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (4,):
            names.setName(full, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(
                full.replace(" ", ""), 6, record.platformID, record.platEncID, record.langID
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--lao-dir",
        type=Path,
        default=LAO_DIR,
        help="folder holding NotoSansLao-Regular.ttf and -Bold.ttf",
    )
    args = parser.parse_args(argv)
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for style in STYLES:
        out = OUT_DIR / f"NotoSansLaoUI-{style}.ttf"
        merged(style, args.lao_dir).save(out)
        print(f"{out.relative_to(ROOT)}: {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
