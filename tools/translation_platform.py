"""Move the translation files to and from a translation platform's nested-JSON format.

The game's files are python-i18n's JSON: one top-level key, the language code, over the nested
keys (``{"lv": {"title": {"new_game": "Jauna spēle"}}}``). Translation platforms' nested-JSON
formats (Weblate "JSON nested structure file", Crowdin "JSON", Transifex "KEYVALUEJSON") match
keys across languages by their path, so the per-language root (``en.title…`` against
``lv.title…``) must go: ``export`` writes each language's tree without it, ``import`` puts it
back, in English's key order. Lao line-break points are placed again on import
(``tools/lao_breaks.py``), so a Lao translator never types a zero-width space.

    python -m tools.translation_platform export DIR          # DIR/en.json, DIR/lv.json, …
    python -m tools.translation_platform import DIR lv sq    # DIR/lv.json … back into the game

After an import run ``python -m tools.translation_gaps`` and the translation tests: a platform
can drop a key or a plural form, and those say so.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tacocat.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent

FOLDER = ROOT / "assets" / "translations"


def _write(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


PLURALS = ("zero", "one", "two", "few", "many", "other")  # CLDR order, as the files write them


def _in_order(tree: dict[str, Any], model: dict[str, Any]) -> dict[str, Any]:
    """``tree`` with its keys in ``model``'s order (keys ``model`` lacks go last); plural
    forms in CLDR order, since a language may have forms English lacks (Latvian *zero*)."""
    if tree and set(tree) <= set(PLURALS):
        return {form: tree[form] for form in PLURALS if form in tree}
    ordered: dict[str, Any] = {}
    for key in [*(k for k in model if k in tree), *(k for k in tree if k not in model)]:
        value, like = tree[key], model.get(key)
        if isinstance(value, dict) and isinstance(like, dict):
            value = _in_order(value, like)
        ordered[key] = value
    return ordered


def export(folder: Path, codes: list[str]) -> list[Path]:
    """Write ``folder/<code>.json``: each language's tree without its root key."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for code in codes:
        data = json.loads((FOLDER / f"tacocat.{code}.json").read_text(encoding="utf-8"))
        _write(folder / f"{code}.json", data[code])
        written.append(folder / f"{code}.json")
    return written


def import_(folder: Path, codes: list[str]) -> list[Path]:
    """Read ``folder/<code>.json`` back into the game's files (root key, English order, Lao breaks)."""
    english = json.loads((FOLDER / "tacocat.en.json").read_text(encoding="utf-8"))["en"]
    written = []
    for code in codes:
        tree = json.loads((folder / f"{code}.json").read_text(encoding="utf-8"))
        if not isinstance(tree, dict):
            raise ValueError(f"{folder / f'{code}.json'}: not a JSON object of keys")
        if set(tree) == {code} and isinstance(tree[code], dict):
            tree = tree[code]  # a file that kept its root is fine too
        data: dict[str, Any] = {code: _in_order(tree, english)}
        if code == "lo":
            from tools.lao_breaks import _rebreak

            data = _rebreak(data)  # type: ignore[assignment]
        _write(FOLDER / f"tacocat.{code}.json", data)
        written.append(FOLDER / f"tacocat.{code}.json")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("export", "import"))
    parser.add_argument("folder", type=Path)
    parser.add_argument(
        "codes", nargs="*", help="language codes (default: all; import: all but en)"
    )
    args = parser.parse_args(argv)
    known = list(LANGUAGES)
    codes = args.codes or (known if args.action == "export" else [c for c in known if c != "en"])
    unknown = sorted(set(codes) - set(known))
    if unknown:
        parser.error(f"unknown language codes: {', '.join(unknown)}")
    done = (export if args.action == "export" else import_)(args.folder, codes)
    for path in done:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
