"""Which font draws a language, and where a line of it may break.

Latin-script languages (English, Filipino, Latvian, Albanian) use the Noto
Sans that pygame_gui bundles. Lao uses ``assets/fonts/NotoSansLaoUI-*.ttf``:
Noto Sans Lao merged with Latin Noto Sans (``tools/make_fonts.py``), because
Noto Sans Lao alone has no Latin letters or digits and pygame draws a string
with one font. Its script is set explicitly (``"Laoo"``) so HarfBuzz shapes it
as Lao - vowels and tone marks stacked on their consonant - without guessing.

Lao writes no spaces between words: our Lao strings put a zero-width space
(U+200B) between words, and every line breaker here treats it as a break
opportunity, so a line never breaks inside a word (or a syllable).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

from tacocat.resources import asset_path

#: Characters after which a line may break.
BREAKS = (" ", "\u200b")
ZWSP = "\u200b"
_SCRIPTS = {"lo": "Laoo"}
#: Languages drawn with a font of their own: theme font name and file stem.
_OWN_FONTS = {"lo": ("noto_sans_lao_ui", "NotoSansLaoUI")}
_WORD = re.compile(r"[^ \u200b]+[ \u200b]*")


def script(language: str) -> str:
    """The ISO 15924 script HarfBuzz should shape ``language`` as."""
    return _SCRIPTS.get(language, "Latn")


def own_font_file(language: str, bold: bool = False) -> Path | None:
    """The bundled font file ``language`` needs instead of Noto Sans, or None."""
    own = _OWN_FONTS.get(language)
    if own is None:
        return None
    return asset_path("fonts", f"{own[1]}-{'Bold' if bold else 'Regular'}.ttf")


def theme_font_names() -> dict[str, str]:
    """Language -> the pygame_gui font name its theme entries use (Latin languages absent)."""
    return {language: name for language, (name, _) in _OWN_FONTS.items()}


def localise_theme(theme: dict[str, Any]) -> dict[str, Any]:
    """``theme`` with a per-locale font entry for every language with its own font.

    pygame_gui picks an element's font by the UI locale (an entry with no
    ``locale`` is English and the fallback); an entry for ``lo`` names the
    merged Lao font, its files and its script. Italic has no Lao design, so
    it uses the upright files.
    """
    result = copy.deepcopy(theme)
    for block in result.values():
        if not isinstance(block, dict) or not isinstance(block.get("font"), dict):
            continue
        base = block["font"]
        block["font"] = [dict(base, locale="en")] + [
            _own_font_entry(base, language, language) for language in _OWN_FONTS
        ]
    # The language picker names each language in its own script, whatever the
    # current one: its button for such a language uses that font in every locale.
    small = theme.get("@choice_small", {}).get("font", {"size": "17", "bold": "1"})
    for language in _OWN_FONTS:
        result[f"#language_{language}"] = {
            "font": [
                _own_font_entry(small, language, "en"),
                _own_font_entry(small, language, language),
            ]
        }
    return result


def _own_font_entry(base: dict[str, Any], language: str, locale: str) -> dict[str, Any]:
    """A theme font entry like ``base`` drawn with ``language``'s own font, for ``locale``."""
    name = _OWN_FONTS[language][0]
    regular, bold = own_font_file(language), own_font_file(language, bold=True)
    return {
        **{k: v for k, v in base.items() if k not in ("name", "locale")},
        "locale": locale,
        "name": name,
        "script": script(language),
        "regular_path": str(regular),
        "bold_path": str(bold),
        "italic_path": str(regular),
        "bold_italic_path": str(bold),
    }


def breakable_paths(text: str) -> str:
    """``text`` with a zero-width space after each path separator, so a long
    file path wraps at a folder rather than overflowing its line."""
    return text.replace("/", "/" + ZWSP).replace("\\", "\\" + ZWSP)


def words(text: str) -> list[str]:
    """``text`` cut after every break opportunity (a space or a zero-width space).

    Each piece keeps its trailing separator, so ``"".join(words(t)) == t``.
    """
    return _WORD.findall(text) or ([text] if text else [])


def wrap(text: str, width: int, measure: Any) -> list[str]:
    """Lines of ``text`` no wider than ``width`` (``measure(s)`` gives a width in pixels).

    Breaks only at spaces and zero-width spaces (a word longer than the line
    gets a line of its own); ``"\\n"`` starts a new line. Separators at a
    line's end are dropped.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in words(paragraph):
            trial = line + word
            if line and measure(trial.rstrip(" \u200b")) > width:
                lines.append(line.rstrip(" \u200b"))
                line = word
            else:
                line = trial
        lines.append(line.rstrip(" \u200b"))
    return lines


def install_line_breaking() -> None:
    """Teach pygame_gui's text layout to break lines at zero-width spaces too.

    pygame_gui (0.6.x) lists a text chunk's break points as the positions
    after each space, recomputed in four places; making ``split_points`` a
    property computed from the chunk's text covers them all (assignments,
    which only ever store the space positions of the current text, are
    ignored). Idempotent.
    """
    from pygame_gui.core.text.text_line_chunk import TextLineChunkFTFont

    if isinstance(TextLineChunkFTFont.__dict__.get("split_points"), property):
        return

    def split_points(chunk: Any) -> list[int]:
        text = chunk.text
        cached = chunk.__dict__.get("_tacocat_breaks")
        if cached is None or cached[0] != text:
            cached = (text, [i + 1 for i, char in enumerate(text) if char in BREAKS])
            chunk.__dict__["_tacocat_breaks"] = cached
        breaks: list[int] = cached[1]
        return breaks

    def ignore(chunk: Any, value: Any) -> None:
        """The setter: break points always follow from the text."""

    # pygame_gui declares split_points a plain list; the patch makes it a computed property.
    TextLineChunkFTFont.split_points = property(split_points, ignore)  # type: ignore[assignment]
