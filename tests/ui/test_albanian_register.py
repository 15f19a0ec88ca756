"""Albanian speaks to the player as *ti*, never as formal *ju* (glossary decision, review sq 19).

The game addresses one player, informally, as every Albanian game does; the
plural *ju* is right only where both hot-seat players (or the player and the
computer, "të dy") are told something together. A string written in *ju* by a
later feature ("Zgjidhni", "Loja juaj", "ju lutem") reads like a form from an
office next to the rest of the file. Two markers are precise enough to check:

* the second-person plural pronouns and possessives (*ju, juve, jush, juaj,
  tuaj, tuaja, suaj, suaja…*), which have no other meaning;
* verb forms in *-ni* (imperative and present plural: *Zgjidhni, luani, keni*),
  after the few nouns of the file that also end in *-ni* (*tani, versioni…*).

Where the plural is meant, the key and the word are allowed here by name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

# Every string of a language file with its key path (tests/ui is on sys.path).
from test_name_agreement import _strings

FILE = Path(__file__).resolve().parents[2] / "assets" / "translations" / "tacocat.sq.json"

#: Second-person plural pronouns and possessives (all their case forms).
PLURAL_YOU = frozenset(
    {
        "ju",
        "juve",
        "jush",
        "juaj",
        "tuaj",
        "tuajin",
        "tuajt",
        "tuajat",
        "tuaja",
        "tuajën",
        "suaj",
        "suaja",
        "tuajës",
        "suajat",
    }
)
#: Words of the file that end in -ni and are not verbs (adverb "now", definite nouns in -n).
NOT_VERBS = frozenset({"tani", "versioni", "ekrani", "animacioni", "butoni"})
#: Where both players are addressed together: the key and its plural words.
BOTH_PLAYERS = {
    "new_game.hotseat_hint": {"luani"},  # Luani me radhë (two people, one device)
    "tutorial.coach.welcome": {"ndërroni"},  # të dy ndërroni letra (you and the computer)
    "tutorial.coach.duel": {"zgjidhni"},  # të dy zgjidhni fshehurazi
}

_WORD = re.compile(r"[^\W\d_]+")


def formal_words(text: str) -> list[str]:
    """The words of ``text`` that address the reader as *ju* (lower case)."""
    plain = re.sub(r"<[^>]+>|%\{[^}]*\}", " ", text)
    found = []
    for word in (w.lower() for w in _WORD.findall(plain)):
        if word in PLURAL_YOU or (word.endswith("ni") and len(word) > 3 and word not in NOT_VERBS):
            found.append(word)
    return found


def problems(tree: dict) -> list[str]:
    """Every string of the Albanian file (``tree``) that uses *ju* where it is not allowed."""
    found = []
    for key, text in _strings(tree["sq"]):
        words = [w for w in formal_words(text) if w not in BOTH_PLAYERS.get(key, set())]
        if words:
            found.append(f"{key}: {words} in {text!r}")
    return found


def test_albanian_speaks_to_the_player_as_ti():
    found = problems(json.loads(FILE.read_text(encoding="utf-8")))
    assert not found, "use ti (see docs/glossary.md):\n" + "\n".join(found)


def test_the_both_players_allowance_is_still_needed():
    """An allowed key that no longer uses its plural word should leave the list."""
    strings = dict(_strings(json.loads(FILE.read_text(encoding="utf-8"))["sq"]))
    for key, words in BOTH_PLAYERS.items():
        assert words <= set(formal_words(strings[key])), key


@pytest.mark.parametrize(
    ("text", "caught"),
    [
        # as the About and problem sections were first written
        ("Zgjidhni një për të lexuar tekstin e licencës së saj (në anglisht).", True),
        ("mund ta përdorni, kopjoni, ndryshoni dhe shpërndani lojën", True),
        ("Po luani pa ruajtur", True),
        ("Loja juaj e ruajtur nuk mund të përdoret", True),
        ("Problem me skedarët tuaj", True),
        ("skedari i kyçjes së dosjes suaj të të dhënave", True),
        ("Skedari që mban vendin ku keni mbërritur", True),
        ("Ju lutem prisni.", True),
        # informal, and the -ni nouns of the file
        ("Zgjidh një për të lexuar tekstin e licencës (në anglisht).", False),
        ("Po luan pa ruajtur: dosjen tënde të të dhënave", False),
        ("%{other}, të lutem shiko gjetiu.", False),
        ("Tani është koha për të sulmuar. Versioni %{version}", False),
    ],
)
def test_the_check_tells_ju_from_ti(text, caught):
    assert bool(formal_words(text)) is caught, text
