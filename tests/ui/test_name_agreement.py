"""Sentences that survive any name: no string makes a player's name inflect.

A placeholder such as ``%{name}`` is filled with whatever the player typed, or the
seat's default name (lv *Saule* f. / *Mēness* m., sq *Dielli* m. / *Hëna* f.), and
cannot change its ending. So a string must never need the name in another case or
agree with its gender. The translation review (shared/reviews/translations.md,
"root cause 1") found these patterns; each language's rules below flag them over
EVERY string of its file. The fixes are sentences with the name as the subject
of a finite verb ("Uzbrukumu sāk %{name}"), or in apposition after a noun that
does the inflecting ("spēlētāja %{name} vārti", "porta e lojtarit %{name}").

Filipino marks a name's case with particles, and personal names take their own
(si / ni / kay, not ang / ng / sa): that is checked too. Lao has no gender or
case inflection; a Lao name only needs a space (or a line-break point) between it
and the Lao words beside it, or the two run together.

The rules run twice: over the placeholders (the patterns), and over every string
filled with each of the language's default names (Sun, Moon, the computer, Player 1
and 2) and a typed name, which catches what only shows with a real name (sq
*lojtarit Hëna*, a masculine noun beside the feminine default name).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tacocat.languages import LANGUAGES

FOLDER = Path(__file__).resolve().parents[2] / "assets" / "translations"

#: Placeholders that hold a player's name wherever they stand (grep the code for who fills
#: them: ``tr(..., other=self.other)`` is the pass screen's other player).
NAMES = r"%\{(?:name|name0|name1|who|winner|other)\}"
#: Keys whose %{first} / %{second} are scores; everywhere else they are the two players'
#: names (a new key is checked by default: trust.overwrite.hotseat once slipped by).
SCORES_FIRST_SECOND = ("history.score",)
FIRST_SECOND = r"%\{(?:first|second)\}"
#: A name a player might type, for each language (the defaults come from the file).
TYPED = {"en": "Ana", "fil": "Ana", "lv": "Anna", "lo": "ອານາ", "sq": "Ana"}

#: A clause: the stretch of a sentence between strong punctuation.
_CLAUSE = re.compile(r"[^.;:!?·—()]+")


def _rules(code: str, n: str = NAMES) -> list[tuple[str, re.Pattern[str], bool]]:
    """(what is wrong, pattern, search only clauses that hold a name) for a language;
    ``n`` is the pattern of a name (the placeholders, or a filled-in name)."""
    if code == "en":
        return []
    if code == "lo":
        return [
            (
                "the name touching a Lao letter (no space or break point between them)",
                re.compile(rf"[\u0e80-\u0eff]{n}|{n}[\u0e80-\u0eff]"),
                False,
            ),
        ]
    if code == "lv":
        return [
            (
                "a gendered ordinal or adjective in the name's clause (pirmais/pirmā, nākamais…)",
                re.compile(r"\b(?:pirm|nākam|otr|pēdēj|vienīg)(?:ais|ā)\b", re.I),
                True,
            ),
            (
                "a gendered past participle after ir/bija/nav with a name (ir izvēlējies)",
                re.compile(r"\b(?:ir|bija|nav|nebija|būs)\s+\w+(?:is|ies|usi|usies)\b", re.I),
                True,
            ),
            (
                "a preposition before the name, which then needs a case ending (uz %{name})",
                re.compile(
                    rf"\b(?:uz|pie|no|ar|par|pret|līdz|bez|aiz|pēc|pirms|zem|virs|starp)\s+{n}",
                    re.I,
                ),
                False,
            ),
            (
                "the name as a possessor before a noun, which needs the genitive (%{name} vārti);"
                " in apposition after spēlētāja it is fine",
                re.compile(
                    rf"(?<!spēlētāja )(?<!pretinieka ){n}\s+"
                    r"(?:vārt\w*|bultiņ\w*|kārt\w*|gājien\w*|rok\w*|uzvara\w*)\b",
                    re.I,
                ),
                False,
            ),
        ]
    if code == "sq":
        return [
            (
                "a genitive article before the name, which then needs the genitive (radha e %{name})",
                re.compile(rf"\b(?:e|i|të|së|te)\s+{n}", re.I),
                False,
            ),
            (
                "a preposition that governs a case before the name (kundër %{name}); nga / te take"
                " the nominative and are fine",
                re.compile(
                    rf"\b(?:kundër|për|me|pa|mbi|nën|para|pas|prej|afër|rreth|sipas|drejt|"
                    rf"pranë|larg)\s+{n}",
                    re.I,
                ),
                False,
            ),
            (
                "a gendered ordinal in the name's clause (sulmon i pari / e para)",
                re.compile(r"\b(?:i|e)\s+(?:pari|para|dyti|dyta)\b", re.I),
                True,
            ),
            (
                "a gendered adjective or participle after është/ishte with a name (është i gatshëm)",
                re.compile(rf"{n}\s+(?:është|ishte|mbeti|u bë)\s+(?:i|e)\s+\w+", re.I),
                False,
            ),
            (
                "a gendered noun beside the name (lojtarit %{name}: Hëna is feminine, Dielli"
                " masculine); make the name the subject",
                re.compile(rf"\b(?:lojtar|lojtare|kundërshtar)\w*\s+{n}", re.I),
                False,
            ),
        ]
    if code == "fil":
        return [
            (
                "a common-noun marker before the name; a name takes si / ni / kay (ng %{name})",
                re.compile(rf"(?<![\w-])(?:ang|ng|sa|mga)\s+{n}", re.I),
                False,
            ),
        ]
    raise ValueError(code)


def _strings(node: object, path: str = "") -> list[tuple[str, str]]:
    if isinstance(node, dict):
        found: list[tuple[str, str]] = []
        for key, value in node.items():
            found += _strings(value, f"{path}.{key}" if path else key)
        return found
    return [(path, node)] if isinstance(node, str) else []


def name_slots(key: str) -> str:
    """The pattern of the placeholders that hold a name in ``key``'s text."""
    if any(key.startswith(scores) for scores in SCORES_FIRST_SECOND):
        return NAMES
    return rf"(?:{NAMES}|{FIRST_SECOND})"


def _found(code: str, key: str, text: str, names: str) -> list[str]:
    """The rules' findings in ``text``, where ``names`` matches the name(s) in it."""
    found = []
    plain = re.sub(r"<[^>]+>", " ", text)
    for what, pattern, in_clause in _rules(code, names):
        parts = (
            [m.group() for m in _CLAUSE.finditer(plain) if re.search(names, m.group())]
            if in_clause
            else [plain]
        )
        for part in parts:
            for match in pattern.finditer(part):
                found.append(f"{key}: {what}: …{match.group()}… in {text!r}")
    return found


def problems(code: str, tree: dict) -> list[str]:
    """Every string of ``tree`` (a language's file content) that makes a name inflect."""
    found = []
    for key, text in _strings(tree[code]):
        names = name_slots(key)
        if re.search(names, text):
            found += _found(code, key, text, names)
    return found


def filled_problems(code: str, tree: dict, name: str) -> list[str]:
    """The same, with every name placeholder filled with ``name`` (as the player sees it)."""
    found = []
    for key, text in _strings(tree[code]):
        slots = name_slots(key)
        if not re.search(slots, text):
            continue
        filled = re.sub(slots, lambda _: name, text)
        # The name as written (case-sensitive): "ng kompyuter" is the machine, not "Kompyuter".
        found += [
            f"{problem} (with {name!r})"
            for problem in _found(code, key, filled, rf"(?<!\w)(?-i:{re.escape(name)})(?!\w)")
        ]
    return found


def names_of(code: str, tree: dict) -> list[str]:
    """The language's default names and a typed one."""
    defaults = tree[code]["names"]
    return [defaults[k] for k in ("sun", "moon", "computer", "player_1", "player_2")] + [
        TYPED[code]
    ]


def _load(code: str) -> dict:
    return json.loads((FOLDER / f"tacocat.{code}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_string_makes_a_name_inflect(code):
    found = problems(code, _load(code))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_name_sentence_holds_each_default_name_and_a_typed_one(code):
    tree = _load(code)
    found = [line for name in names_of(code, tree) for line in filled_problems(code, tree, name)]
    assert not found, "\n".join(found)


def test_first_and_second_are_names_unless_a_score():
    assert re.search(name_slots("trust.overwrite.hotseat"), "%{first} pret %{second}")
    assert not re.search(name_slots("history.score"), "%{first} – %{second}")


@pytest.mark.parametrize(
    ("code", "text", "caught"),
    [
        # the review's own examples, as the files had them
        ("lv", "%{name} uzbrūk pirmais", True),
        ("lv", "%{name} ir izvēlējies.", True),
        ("lv", "Bultiņa rāda uz %{name}: kamēr Tacocat stāv šeit", True),
        ("lv", "%{name} aizsargājas pret katru kārti un uzbrūk nākamais", True),
        ("lv", "Uzbrukumu sāk %{name}", False),
        ("lv", "Spēlētāja %{name} bultiņa: kārtis vispirms maina %{name}.", False),
        ("sq", "Është radha e %{name}.", True),
        ("sq", "Tacocat lëviz drejt portës së %{name}.", True),
        ("sq", "%{name} sulmon i pari", True),
        ("sq", "Tacocat hyn në portën e lojtarit %{name}.", True),  # Hëna is feminine (review sq 4)
        ("sq", "%{name} e nis sulmin", False),
        ("sq", "kundër %{name}", True),
        ("sq", "Radhën e ka %{name}; sulmon nga %{name}.", False),
        ("fil", "Ipinagtanggol ng %{name} ang 9.", True),
        ("fil", "Nagtanggol si %{name} laban sa %{against}.", False),
        ("lv", "Spēle %{first} pret %{second} tiks zaudēta.", True),  # review lv H2
        ("sq", "Tacocat lëviz drejt portës së lojtarit %{name}.", True),  # review sq 3
        ("sq", "%{name} e shtyn Tacocat drejt portës së vet.", False),
        ("lo", "ຕາຂອງ%{name}", True),
        ("lo", "ຕາຂອງ %{name}", False),
    ],
)
def test_rules_catch_the_reviewed_patterns(code, text, caught):
    assert bool(problems(code, {code: {"k": text}})) is caught
