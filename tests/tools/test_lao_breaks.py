"""Lao line-break points (U+200B) sit at word boundaries found by laonlp's segmenter.

laonlp is a development requirement (requirements-dev.txt), so these tests always
run; the game itself reads the finished file and needs no segmenter.
"""

from __future__ import annotations

import json
import re

import pytest

from tools import lao_breaks
from tools.lao_breaks import ZWSP, place_breaks, split_words

LAO = json.loads(lao_breaks.LAO_FILE.read_text(encoding="utf-8"))
STRINGS = dict(lao_breaks.strings(LAO))

#: Words the translation review (shared/reviews/translations.md, Lao item 14) found
#: cut by a break between their syllables; a line may never end inside them.
REVIEW_WORDS = ("ໜ້າຕ່າງ", "ລາຍລະອຽດ", "ຂໍ້ຜິດພາດ", "ຄວາມຄືບໜ້າ", "ຂັ້ນຕອນ", "ທັງໝົດ", "ຕັດສິນໃຈ", "ສຸດທ້າຍ")
#: Loanwords of the file messages that the dictionary lacks (tools/lao_breaks.py GAME_WORDS):
#: "file" was shown as ໄຟ|ລ໌ in some 25 strings, "folder" as ໂຟນ|ເດີ.
LOANWORDS = ("ໄຟລ໌", "ໂຟນເດີ")
#: Review words whose strings are gone (ຂັ້ນຕອນ left with the old How to play's pages): a
#: string that brings one back must keep it whole too.
RETIRED = ("ຄວາມຄືບໜ້າ", "ຂັ້ນຕອນ")


def test_the_file_has_lao_strings_with_breaks():
    assert len(STRINGS) > 350
    assert sum(text.count(ZWSP) for text in STRINGS.values()) > 1500


def test_no_break_splits_a_word():
    split = {key: words for key, text in STRINGS.items() if (words := split_words(text))}
    assert not split, f"breaks inside words (run tools/lao_breaks.py): {split}"


def test_every_word_boundary_has_its_break():
    """The file is exactly what the tool writes: no boundary lacks its break point."""
    off = {
        key: place_breaks(text).replace(ZWSP, "¦")
        for key, text in STRINGS.items()
        if place_breaks(text) != text
    }
    assert not off, f"run tools/lao_breaks.py; these differ: {off}"


@pytest.mark.parametrize("word", REVIEW_WORDS + LOANWORDS)
def test_review_words_are_never_cut(word):
    plain = {key: text.replace(ZWSP, "") for key, text in STRINGS.items()}
    holders = [key for key, text in plain.items() if word in text]
    assert holders or word in RETIRED, f"{word} no longer in the file"
    for key in holders:
        assert word in STRINGS[key], f"{key} cuts {word}: {STRINGS[key].replace(ZWSP, '¦')}"


def test_window_size_keeps_window_whole():
    assert STRINGS["lo.settings.window_size"] == f"ຂະໜາດ{ZWSP}ໜ້າຕ່າງ"


def test_checker_names_the_split_word_of_the_old_file():
    """The string the review quoted, as it was: the checker points at ໜ້າ|ຕ່າງ."""
    assert split_words(f"ຂະໜາດ{ZWSP}ໜ້າ{ZWSP}ຕ່າງ") == ["ໜ້າ|ຕ່າງ"]
    assert place_breaks(f"ຂະໜາດ{ZWSP}ໜ້າ{ZWSP}ຕ່າງ") == f"ຂະໜາດ{ZWSP}ໜ້າຕ່າງ"


def test_markup_placeholders_latin_and_line_breaks():
    # a word runs across <b>; the break goes outside the bold span
    assert place_breaks("ຫຼື<b>ການເລືອກ</b>ລັບ") == f"ຫຼື{ZWSP}<b>ການເລືອກ</b>{ZWSP}ລັບ"
    # a Lao word next to a Latin word or a placeholder may end a line
    assert place_breaks("ພາTacocatກັບບ້ານ") == f"ພາ{ZWSP}Tacocat{ZWSP}ກັບ{ZWSP}ບ້ານ"
    assert place_breaks("ຊະນະ%{name}") == f"ຊະນະ{ZWSP}%{{name}}"
    # <br> already ends the line: no break point beside it; spaces need none
    assert place_breaks("ບ້ານ<br>ຜູ້ຫຼິ້ນ ສອງ") == "ບ້ານ<br>ຜູ້ຫຼິ້ນ ສອງ"
    # ໆ repeats the word before it and never starts a line
    assert ZWSP + "ໆ" not in place_breaks("ຊ່ອງຕ່າງໆມີ")


def test_check_mode_fails_on_a_badly_broken_file(tmp_path):
    broken = {"lo": {"a": f"ຂະໜາດ{ZWSP}ໜ້າ{ZWSP}ຕ່າງ", "b": "ຂະໜາດໜ້າຕ່າງ"}}
    path = tmp_path / "tacocat.lo.json"
    path.write_text(json.dumps(broken, ensure_ascii=False), encoding="utf-8")
    assert lao_breaks.main(["--check", str(path)]) == 1
    assert lao_breaks.main([str(path)]) == 0
    fixed = json.loads(path.read_text(encoding="utf-8"))["lo"]
    assert fixed == {"a": f"ຂະໜາດ{ZWSP}ໜ້າຕ່າງ", "b": f"ຂະໜາດ{ZWSP}ໜ້າຕ່າງ"}
    assert lao_breaks.main(["--check", str(path)]) == 0


def test_a_count_keeps_its_classifier_on_its_line():
    """ "ແຜ່ນປິດ 1 / ແຜ່ນ" broke at 150 % text (review lo 41): a no-break space joins them."""
    assert place_breaks("ມັນໂດດຂ້າມແຜ່ນປິດ %{count} ແຜ່ນ.").count("%{count}\u00a0ແຜ່ນ") == 1
    assert place_breaks("ເຫຼືອ 3 ໃບ").endswith("3\u00a0ໃບ")
    apart = [
        (key, text)
        for key, text in lao_breaks.strings(LAO)
        if re.search(r"(\d|%\{\w+\})[ \u200b](" + "|".join(lao_breaks.CLASSIFIERS) + ")", text)
    ]
    assert apart == []
