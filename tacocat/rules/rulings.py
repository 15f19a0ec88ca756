"""The rulings: our choices where the rulebook is silent, as data.

Each entry names a ruling, says it in one player-facing sentence, and points
at the one place in the engine that implements it. Tests hold the table to the
code: every ``implemented_by`` must resolve, and every ruling has a scenario test
named ``test_ruling_<id>`` under tests/rules/ (tests/rules/test_ruleset.py). The
rules screen says the same rulings in its own translated words.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ruling:
    id: str
    text: str
    implemented_by: str


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "deck",
        "The deck holds three cards of each value 1-12 plus two more 7s: 38 cards.",
        "ruleset.DEFAULT_DECK",
    ),
    Ruling(
        "board",
        "Hand sizes from the first player's goal: 4 5 6 7 6 5 4. The centre has both "
        "arrows; every other space points at the player whose goal is farther away.",
        "ruleset.DEFAULT_BOARD",
    ),
    Ruling(
        "secret_centre_replacement",
        "On the centre both players choose their replacements in "
        "secret; the choices are revealed together.",
        "transitions._commit_replacement",
    ),
    Ruling(
        "draw_order",
        "Whoever replaces first draws first; at the centre the first player draws "
        "first. The deal gives the first player the top cards, then the second player.",
        "transitions._reveal_replacements / transitions._deal",
    ),
    Ruling(
        "duel_last_card_showdown",
        "When duels leave each player with a single card, the round "
        "goes straight to the showdown: nobody attacks with a last card.",
        "transitions._after_duel",
    ),
    Ruling(
        "higher_response_defends",
        "A response equal to or higher than the attack card always counts as a defence.",
        "transitions._respond",
    ),
    Ruling(
        "jumbo_ascending",
        "A Jumbo Attack is answered card by card, lowest attack card first.",
        "transitions._respond",
    ),
    Ruling(
        "tie_goes_to_arrow",
        "Variant, off by default: a tied showdown is won by the player the "
        "arrow points at (on the two-arrow centre a tie still replays).",
        "ruleset.Ruleset.tied_showdown_winner",
    ),
)
