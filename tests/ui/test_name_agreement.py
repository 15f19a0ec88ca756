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
case inflection and is not checked here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[2] / "assets" / "translations"

#: Placeholders that hold a player's name (grep the English file for who fills them).
NAMES = r"%\{(?:name|name0|name1|who|winner)\}"
#: Keys where %{first} / %{second} are names too (elsewhere they are scores).
NAMED_FIRST_SECOND = ("history.mode_hotseat", "history.mode_demo", "replay.players")

#: A clause: the stretch of a sentence between strong punctuation.
_CLAUSE = re.compile(r"[^.;:!?·—()]+")


def _rules(code: str) -> list[tuple[str, re.Pattern[str], bool]]:
    """(what is wrong, pattern, search only clauses that hold a name) for a language."""
    n = NAMES
    if code == "lv":
        return [
            ("a gendered ordinal or adjective in the name's clause (pirmais/pirmā, nākamais…)",
             re.compile(r"\b(?:pirm|nākam|otr|pēdēj|vienīg)(?:ais|ā)\b", re.I), True),
            ("a gendered past participle after ir/bija/nav with a name (ir izvēlējies)",
             re.compile(r"\b(?:ir|bija|nav|nebija|būs)\s+\w+(?:is|ies|usi|usies)\b", re.I), True),
            ("a preposition before the name, which then needs a case ending (uz %{name})",
             re.compile(rf"\b(?:uz|pie|no|ar|par|pret|līdz|bez|aiz|pēc|pirms|zem|virs|starp)\s+{n}",
                        re.I), False),
            ("the name as a possessor before a noun, which needs the genitive (%{name} vārti);"
             " in apposition after spēlētāja it is fine",
             re.compile(rf"(?<!spēlētāja )(?<!pretinieka ){n}\s+"
                        r"(?:vārt\w*|bultiņ\w*|kārt\w*|gājien\w*|rok\w*|uzvara\w*)\b", re.I), False),
        ]
    if code == "sq":
        return [
            ("a genitive article before the name, which then needs the genitive (radha e %{name})",
             re.compile(rf"\b(?:e|i|të|së|te)\s+{n}", re.I), False),
            ("a preposition that governs a case before the name (kundër %{name}); nga / te take"
             " the nominative and are fine",
             re.compile(rf"\b(?:kundër|për|me|pa|mbi|nën|para|pas|prej|afër|rreth|sipas|drejt|"
                        rf"pranë|larg)\s+{n}", re.I), False),
            ("a gendered ordinal in the name's clause (sulmon i pari / e para)",
             re.compile(r"\b(?:i|e)\s+(?:pari|para|dyti|dyta)\b", re.I), True),
            ("a gendered adjective or participle after është/ishte with a name (është i gatshëm)",
             re.compile(rf"{n}\s+(?:është|ishte|mbeti|u bë)\s+(?:i|e)\s+\w+", re.I), False),
        ]
    if code == "fil":
        return [
            ("a common-noun marker before the name; a name takes si / ni / kay (ng %{name})",
             re.compile(rf"(?<![\w-])(?:ang|ng|sa|mga)\s+{n}", re.I), False),
        ]
    raise ValueError(code)


def _strings(node: object, path: str = "") -> list[tuple[str, str]]:
    if isinstance(node, dict):
        found: list[tuple[str, str]] = []
        for key, value in node.items():
            found += _strings(value, f"{path}.{key}" if path else key)
        return found
    return [(path, node)] if isinstance(node, str) else []


def problems(code: str, tree: dict) -> list[str]:
    """Every string of ``tree`` (a language's file content) that makes a name inflect."""
    found = []
    for key, text in _strings(tree[code]):
        names = NAMES
        if any(key.startswith(named) for named in NAMED_FIRST_SECOND):
            names = rf"(?:{NAMES}|%\{{(?:first|second)\}})"
        if not re.search(names, text):
            continue
        plain = re.sub(r"<[^>]+>", " ", text)
        for what, pattern, in_clause in _rules(code):
            pattern = re.compile(pattern.pattern.replace(NAMES, names), pattern.flags)
            parts = [m.group() for m in _CLAUSE.finditer(plain) if re.search(names, m.group())] \
                if in_clause else [plain]
            for part in parts:
                for match in pattern.finditer(part):
                    found.append(f"{key}: {what}: …{match.group()}… in {text!r}")
    return found


def _load(code: str) -> dict:
    return json.loads((FOLDER / f"tacocat.{code}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("code", ["lv", "sq", "fil"])
def test_no_string_makes_a_name_inflect(code):
    found = problems(code, _load(code))
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("code", "text", "caught"), [
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
    ("sq", "Tacocat hyn në portën e lojtarit %{name}.", False),
    ("sq", "%{name} e nis sulmin", False),
    ("sq", "kundër %{name}", True),
    ("sq", "Radhën e ka %{name}; sulmon nga %{name}.", False),
    ("fil", "Ipinagtanggol ng %{name} ang 9.", True),
    ("fil", "Nagtanggol si %{name} laban sa %{against}.", False),
])
def test_rules_catch_the_reviewed_patterns(code, text, caught):
    assert bool(problems(code, {code: {"k": text}})) is caught
