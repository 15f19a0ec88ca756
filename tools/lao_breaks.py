"""Put the Lao file's line-break points (U+200B) at word boundaries found by a real segmenter.

Lao writes no spaces between words, and the game breaks a line only at a space or
a zero-width space (``tacocat.ui.text.fonts``). Where those zero-width spaces go is
decided here, not by hand: laonlp's dictionary word segmenter (maximal matching
over its Lao dictionary) cuts each run of Lao letters into words, and a break
point goes between every two words, and between a Lao word and an adjacent
Latin word, number or placeholder ("ພາ​Tacocat"). Markup (``<b>``) is
transparent: a word may run across a tag, and a break at a tag sits outside the
bold span where it can. A few words of the game that the dictionary splits are
added to it (``GAME_WORDS``), so that a line never ends inside them.

This is a development tool (laonlp is in requirements-dev.txt); the game reads
the finished file and needs no segmenter.

    python -m tools.lao_breaks           # rewrite assets/translations/tacocat.lo.json
    python -m tools.lao_breaks --check   # exit 1 and name every string whose breaks are off
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ZWSP = "\u200b"
LAO_FILE = Path(__file__).resolve().parent.parent / "assets" / "translations" / "tacocat.lo.json"

#: Words of the game that laonlp's dictionary cuts in two; each is one word to a
#: Lao reader (a line must not end at "ຂໍ້ | ຜິດພາດ"). The tile, ແຜ່ນປິດ, is the
#: glossary's own coinage ("covering piece") and is kept whole like a term.
GAME_WORDS = (
    "ຂໍ້ຜິດພາດ",  # error, mistake
    "ຄວາມຄືບໜ້າ",  # progress
    "ແຜ່ນປິດ",  # tile (glossary)
    "ຜູ້ຫຼິ້ນ",  # player
    "ຜູ້ໂຈມຕີ",  # attacker
    "ຜູ້ປ້ອງກັນ",  # defender
    "ຜູ້ຊະນະ",  # winner
    # Loanwords of the file messages: laonlp's dictionary lacks them and cuts
    # them after a syllable (ໄຟ|ລ໌ reads "fire"; "ບັນຫາກັບໄຟ|ລ໌" found ກັບໄຟ).
    "ໄຟລ໌",  # file
    "ໂຟນເດີ",  # folder
)

_TAG = re.compile(r"<[^>]*>")
_PLACEHOLDER = re.compile(r"%\{[^}]*\}")


def is_lao(char: str) -> bool:
    """True for a character of the Lao block (letters, vowels, tone marks, digits, ໆ)."""
    return "\u0e80" <= char <= "\u0eff"


@functools.lru_cache(maxsize=1)
def segmenter() -> Callable[[str], list[str]]:
    """laonlp's word segmenter over its dictionary plus ``GAME_WORDS``."""
    from laonlp.corpus import lao_words  # type: ignore[import-untyped]
    from laonlp.tokenize.multi_cut import segment  # type: ignore[import-untyped]
    from pythainlp.util import Trie  # type: ignore[import-untyped]

    trie = Trie(set(lao_words()) | set(GAME_WORDS))
    return lambda text: list(segment(text, custom_dict=trie))


#: Marks that belong to the word before them: a line never starts with them.
_NO_BREAK_BEFORE = ("\u0ec6", "\u0eaf")  # ໆ (repeat the word), ຯ (abbreviation)


def word_boundaries(run: str) -> set[int]:
    """Offsets inside ``run`` (a string of Lao letters) where one word ends and the next starts."""
    offsets, position = set(), 0
    for word in segmenter()(run):
        position += len(word)
        offsets.add(position)
    return {
        offset for offset in offsets if offset < len(run) and run[offset] not in _NO_BREAK_BEFORE
    }


@dataclass(frozen=True)
class _Visible:
    """One visible character of a string: what it is and where it sits in the original."""

    char: str
    index: int
    placeholder: bool = False


def _visible(text: str) -> list[_Visible]:
    """The characters a player sees (tags dropped; a placeholder stands as one 'x')."""
    chars: list[_Visible] = []
    index = 0
    while index < len(text):
        tag = _TAG.match(text, index)
        if tag:
            if tag.group().lower().startswith("<br"):  # a line break parts words like a space
                chars.append(_Visible("\n", index))
            index = tag.end()
            continue
        hole = _PLACEHOLDER.match(text, index)
        if hole:
            chars.append(_Visible("x", index, placeholder=True))
            index = hole.end()
            continue
        chars.append(_Visible(text[index], index))
        index += 1
    return chars


def _break_index(text: str, previous: _Visible, following: _Visible) -> int:
    """Where a break between two visible characters goes in the original string:
    after closing tags that end the previous word, before opening tags of the next."""
    start = previous.index + (
        len(_PLACEHOLDER.match(text, previous.index).group())  # type: ignore[union-attr]
        if previous.placeholder
        else 1
    )
    position = start
    for tag in _TAG.finditer(text, start, following.index):
        if not tag.group().startswith("</"):
            break
        position = tag.end()
    return position


def _latin_or_number(char: _Visible) -> bool:
    return char.placeholder or (char.char.isascii() and char.char.isalnum())


def break_positions(text: str) -> list[int]:
    """Indices of ``text`` (without zero-width spaces) where a break point belongs."""
    chars = _visible(text)
    positions: list[int] = []
    run: list[_Visible] = []

    def close_run() -> None:
        if run:
            word = "".join(c.char for c in run)
            positions.extend(
                _break_index(text, run[offset - 1], run[offset])
                for offset in sorted(word_boundaries(word))
            )
            run.clear()

    for number, char in enumerate(chars):
        if is_lao(char.char) and not char.placeholder:
            run.append(char)
            continue
        close_run()
        if number and is_lao(chars[number - 1].char) and _latin_or_number(char):
            positions.append(_break_index(text, chars[number - 1], char))
        if number + 1 < len(chars) and is_lao(chars[number + 1].char) and _latin_or_number(char):
            positions.append(_break_index(text, char, chars[number + 1]))
    close_run()
    return sorted(set(positions))


#: Classifiers that follow a count ("3 ໃບ"): a line must not end between a number and
#: its classifier ("ແຜ່ນປິດ 1 / ແຜ່ນ", review lo 41), so a no-break space joins them.
CLASSIFIERS = ("ໃບ", "ເທື່ອ", "ຮອບ", "ແຜ່ນ", "ເກມ", "ຊ່ອງ", "ອັນ", "ຄັ້ງ")
_COUNT_THEN_CLASSIFIER = re.compile(r"(\d|%\{\w+\}) (?=" + "|".join(CLASSIFIERS) + ")")


def place_breaks(text: str) -> str:
    """``text`` with its zero-width spaces removed and put back at word boundaries, and a
    count joined to its classifier."""
    plain = _COUNT_THEN_CLASSIFIER.sub("\\1\u00a0", text.replace(ZWSP, ""))
    pieces, last = [], 0
    for position in break_positions(plain):
        pieces += [plain[last:position], ZWSP]
        last = position
    pieces.append(plain[last:])
    return "".join(pieces)


def strings(node: object, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (key path, text) of a translation tree, plural forms included."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from strings(value, f"{path}.{key}" if path else key)
    elif isinstance(node, str):
        yield path, node


def split_words(text: str) -> list[str]:
    """The words of ``text`` that a zero-width space cuts in the middle, each shown as
    "ໜ້າ|ຕ່າງ" (the segmenter's word with the stray break marked); empty when none."""
    plain = text.replace(ZWSP, "")
    wanted = set(break_positions(plain))
    visible = "".join(char.char for char in _visible(plain))
    where = [char.index for char in _visible(plain)]
    problems, removed = [], 0
    for index, char in enumerate(text):
        if char != ZWSP:
            continue
        at = index - removed
        removed += 1
        if at in wanted:
            continue
        cut = sum(1 for i in where if i < at)  # the break's place among visible characters
        start = cut
        while start and is_lao(visible[start - 1]):
            start -= 1
        end = cut
        while end < len(visible) and is_lao(visible[end]):
            end += 1
        word_start = max([0, *(b for b in word_boundaries(visible[start:end]) if b <= cut - start)])
        word_end = min(
            [end - start, *(b for b in word_boundaries(visible[start:end]) if b > cut - start)]
        )
        word = visible[start:end][word_start:word_end]
        problems.append(word[: cut - start - word_start] + "|" + word[cut - start - word_start :])
    return problems


def _rebreak(node: object) -> object:
    if isinstance(node, dict):
        return {key: _rebreak(value) for key, value in node.items()}
    return place_breaks(node) if isinstance(node, str) else node


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report strings whose breaks differ")
    parser.add_argument("file", nargs="?", type=Path, default=LAO_FILE)
    args = parser.parse_args(argv)
    data = json.loads(args.file.read_text(encoding="utf-8"))
    if args.check:
        wrong = [(key, text) for key, text in strings(data) if place_breaks(text) != text]
        for key, text in wrong:
            print(
                f"{key}: {text.replace(ZWSP, '¦')}\n  want {place_breaks(text).replace(ZWSP, '¦')}"
            )
        print(f"{len(wrong)} strings with breaks off" if wrong else "breaks at word boundaries")
        return 1 if wrong else 0
    args.file.write_text(
        json.dumps(_rebreak(data), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
