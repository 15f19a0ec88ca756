"""The prompt line is a pure function of the view's Turn (no pygame needed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tacocat.rules import Attack, DuelCard, Phase, Replace, Respond
from tacocat.ui.table.prompt import hint_line, prompt_line, sentence
from tacocat.ui.table.turn import Turn

ROOT = Path(__file__).resolve().parents[3]


def test_a_message_comes_first_then_a_hint():
    turn = Turn(seat=0, phase=Phase.DUEL)
    assert prompt_line(turn, ("Not now.", "error"), "Hint: x") == ("Not now.", "error")
    assert prompt_line(turn, None, "Hint: x") == ("Hint: x", "hint")


def test_what_the_acting_seat_may_do():
    duel, attack = (
        prompt_line(Turn(seat=0, phase=Phase.DUEL)),
        prompt_line(Turn(seat=0, phase=Phase.ATTACK)),
    )
    assert duel[1] == attack[1] == "do" and duel[0] and attack[0] and duel[0] != attack[0]
    anything = prompt_line(Turn(seat=0, phase=Phase.REPLACE))
    up_to_two = prompt_line(Turn(seat=0, phase=Phase.REPLACE, replace_limit=2))
    secret = prompt_line(Turn(seat=0, phase=Phase.REPLACE, replace_limit=2, replace_secret=True))
    assert anything[1] == up_to_two[1] == secret[1] == "do"
    assert len({anything[0], up_to_two[0], secret[0]}) == 3
    assert "2" in up_to_two[0]


def test_a_defence_names_the_card_to_answer_and_what_is_left_of_a_jumbo_attack():
    text, tone = prompt_line(
        Turn(seat=1, phase=Phase.DEFEND, target=8, lowest=3, attack_size=3, answered=1)
    )
    assert tone == "do" and "8" in text and "3" in text and "2" in text
    only, _ = prompt_line(Turn(seat=1, phase=Phase.DEFEND, target=4, lowest=6, attack_size=1))
    assert "4" in only and only != text


def test_waiting_shows_who_thinks_or_nothing():
    text, tone = prompt_line(Turn(thinking="Computer"))
    assert tone == "info" and "Computer" in text
    assert prompt_line(Turn(thinking="Computer", busy=True)) == ("", "info")
    assert prompt_line(Turn(over=True)) == ("", "info")
    assert prompt_line(Turn()) == ("", "info")


def test_refusals_become_sentences():
    assert sentence("you must answer the 7") == "You must answer the 7."
    assert sentence("  already a sentence!  ") == "Already a sentence!"
    assert sentence("") == ""


def test_hints_name_the_move_and_why():
    assert "4 and 5" in hint_line(Replace(0, (4, 5)), "")  # a set to replace, not a run
    assert hint_line(Replace(0, ()), "") != hint_line(Replace(0, (4,)), "")
    assert "9" in hint_line(DuelCard(0, 9), "")
    assert "3-3" in hint_line(Attack(0, (3, 3)), "")
    assert hint_line(Respond(1, 6), "it is your lowest").endswith("— it is your lowest")


def test_the_prompt_module_imports_no_pygame():
    code = (
        "import sys; import tacocat.ui.table.prompt, tacocat.ui.table.turn; "
        "sys.exit('pygame' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
