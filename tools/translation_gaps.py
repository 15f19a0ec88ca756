"""List, for each language, the keys it lacks or has beyond English, with the English text.

A translator's to-do list: run it after English gained keys (or lost some) and translate what it
prints. It also says when a file's keys are not in English's order, and which plural entries
have the wrong CLDR categories for the language.

    python -m tools.translation_gaps            # every translated language
    python -m tools.translation_gaps lv lo      # only these
    python -m tools.translation_gaps --reorder  # rewrite files in English's key order,
                                                # dropping keys English no longer has
    python -m tools.translation_gaps --unused   # English keys no code asks for
    python -m tools.translation_gaps --review   # also exit 1 while a string needs review

Each language's strings that need review (changed since the ledger answered them, or never
reviewed: ``tools/review_state.py``) are listed after its gaps. Exit status 1 when any
language has a gap (with ``--review``, also when a string needs review), so the script can
gate a build. It reads the files
directly (no pygame, no game code beyond the language list) so it runs anywhere Python does.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import babel

from tacocat.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent

FOLDER = ROOT / "assets" / "translations"
PLURAL_KEYS = {"zero", "one", "two", "few", "many", "other"}
#: Where the game asks for its strings: a key is written whole ("tacocat.menu.quit") or as the
#: start of an f-string ("tacocat.table.log.{key}"), which covers every key under that prefix.
SOURCES = (ROOT / "tacocat", ROOT / "main.py")
_WHOLE_KEY = re.compile(r"tacocat\.([a-z0-9_.]*[a-z0-9_])")
_KEY_PREFIX = re.compile(r"tacocat\.([a-z0-9_.]*)\{")


def load(code: str) -> dict[str, Any]:
    """The ``code`` file's tree under its top-level language key."""
    data = json.loads((FOLDER / f"tacocat.{code}.json").read_text(encoding="utf-8"))
    return data[code]  # type: ignore[no-any-return]


def is_plural(value: object) -> bool:
    """A dict of plural forms (kept whole) rather than a section of keys."""
    return isinstance(value, dict) and set(value) <= PLURAL_KEYS and "other" in value


def leaves(node: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Dotted key -> text or plural dict, in file order (the same flattening as the tests)."""
    out: dict[str, Any] = {}
    for key, value in node.items():
        if isinstance(value, dict) and not is_plural(value):
            out.update(leaves(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def plural_categories(code: str) -> set[str]:
    """The CLDR plural categories of ``code`` (Babel), always with ``other``."""
    return set(babel.Locale.parse(code).plural_form.tags) | {"other"}


def gaps(code: str, english: dict[str, Any]) -> list[str]:
    """Report lines for one language; empty when it matches English."""
    mine = leaves(load(code))
    lines = [
        f"  missing {key}: {json.dumps(text, ensure_ascii=False)}"
        for key, text in english.items()
        if key not in mine
    ]
    lines += [
        f"  extra   {key}: {json.dumps(text, ensure_ascii=False)}"
        for key, text in mine.items()
        if key not in english
    ]
    wanted = plural_categories(code)
    lines += [
        f"  plural  {key}: has {sorted(value)}, {code} needs {sorted(wanted)}"
        for key, value in mine.items()
        if key in english
        and is_plural(english[key])
        and (not is_plural(value) or set(value) != wanted)
    ]
    shared = [key for key in mine if key in english]
    if shared != [key for key in english if key in mine]:
        lines.append("  order   keys are not in English's order (fix with --reorder)")
    return lines


def reordered(tree: dict[str, Any], model: dict[str, Any]) -> dict[str, Any]:
    """``tree`` with ``model``'s key order; keys ``model`` lacks are dropped, missing ones stay missing."""
    out: dict[str, Any] = {}
    for key, value in model.items():
        if key not in tree:
            continue
        if isinstance(value, dict) and not is_plural(value) and isinstance(tree[key], dict):
            out[key] = reordered(tree[key], value)
        else:
            out[key] = tree[key]
    return out


def write(code: str, tree: dict[str, Any]) -> None:
    """Save in the files' own layout: two-space indent, real UTF-8 characters, final newline."""
    text = json.dumps({code: tree}, ensure_ascii=False, indent=2) + "\n"
    (FOLDER / f"tacocat.{code}.json").write_text(text, encoding="utf-8")


def unused(keys: list[str], sources: tuple[Path, ...] = SOURCES) -> list[str]:
    """The keys of *keys* that no source file names whole or by an f-string prefix."""
    files = [
        path
        for root in sources
        for path in ([root] if root.is_file() else sorted(root.rglob("*.py")))
    ]
    code = "\n".join(path.read_text(encoding="utf-8") for path in files)
    named = set(_WHOLE_KEY.findall(code))
    prefixes = tuple(set(_KEY_PREFIX.findall(code)))
    return [key for key in keys if key not in named and not key.startswith(prefixes)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="*", help="languages to check (default: all but English)")
    parser.add_argument(
        "--reorder",
        action="store_true",
        help="rewrite each file in English's key order, dropping keys English lacks",
    )
    parser.add_argument(
        "--unused",
        action="store_true",
        help="list the English keys no code asks for, and exit 1 if there are any",
    )
    parser.add_argument(
        "--review", action="store_true", help="exit 1 while any string needs review, too"
    )
    args = parser.parse_args(argv)
    if args.unused:
        left = unused(list(leaves(load("en"))))
        print("\n".join(left) if left else "every key is used")
        return 1 if left else 0
    codes = args.codes or [code for code in LANGUAGES if code != "en"]
    unknown = [code for code in codes if code not in LANGUAGES]
    if unknown:
        parser.error(f"unknown language {', '.join(unknown)}; known: {', '.join(LANGUAGES)}")
    english = leaves(load("en"))
    if args.reorder:
        for code in codes:
            write(code, reordered(load(code), load("en")))
    from tools.review_state import needs_review  # it reads the files through this module

    failed = False
    for code in codes:
        lines = gaps(code, english)
        failed = failed or bool(lines)
        print(f"{code}: {len(lines)} gap(s)" if lines else f"{code}: complete")
        for line in lines:
            print(line)
        unreviewed = needs_review(code, english=english)
        failed = failed or (args.review and bool(unreviewed))
        if unreviewed:
            print(f"  {len(unreviewed)} string(s) need review:")
        for key, why in unreviewed.items():
            print(f"  review  {key}: {why}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
