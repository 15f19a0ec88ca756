"""The guided first game as data: six deals and the player's moves, step by step.

The player sits in the first seat (goal on the left); the computer's moves are
written out too, so the whole game is one fixed list of actions that
:class:`tacocat.tutorial.course.Tutorial` checks against the engine. The path:

1. centre (7 cards): replace in secret, a tied duel and a re-duel, a single and
   a sequence attack, the showdown where the lowest card wins;
2. space 3 (6 cards, the arrow points at the computer): replace second, defend
   with an equal card, a set attack, sacrifice the lowest, a tied showdown;
3. the same space again: answer a Jumbo card by card, lose the showdown -
   Tacocat skips the centre's tile on its way right;
4. space 5 (6 cards, the arrow points at you): replace first, win - Tacocat
   skips two tiles;
5. space 2 and 6. space 1: two short rounds and Tacocat reaches your goal.

A step's ``coach`` is the key under ``tacocat.tutorial.coach.``; its text may
use ``{cards}`` (the cards of the expected move). ``point_at`` names what the
coach points at (see ``tacocat.ui.tutorial.targets``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tacocat.rules import Action, Attack, DuelCard, Replace, Respond

ME, BOT = 0, 1


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: the player's hand, the computer's, and the top of the draw pile."""

    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    draw_top: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """One move the player is taught to make.

    :ivar coach: the coach's words (key under ``tacocat.tutorial.coach.``).
    :ivar point_at: what the coach points at, most important first.
    :ivar expect: the one move accepted.
    :ivar before: the computer's moves that come first.
    """

    coach: str
    point_at: tuple[str, ...]
    expect: Action
    before: tuple[Action, ...] = ()


DEALS: tuple[Deal, ...] = (
    Deal((1, 3, 4, 5, 8, 9, 12), (2, 6, 6, 8, 10, 11, 11), draw_top=(10,)),
    Deal((2, 4, 7, 9, 9, 12), (3, 4, 5, 10, 11, 12), draw_top=(11, 3)),
    Deal((6, 7, 8, 9, 10, 12), (1, 2, 3, 4, 5, 11)),
    Deal((1, 5, 6, 8, 11, 12), (2, 9, 9, 10, 11, 12), draw_top=(7, 10)),
    Deal((1, 2, 3, 4, 12), (3, 5, 6, 7, 10)),
    Deal((1, 5, 5, 11), (2, 6, 7, 8)),
)


def _answers(*cards: int) -> tuple[Action, ...]:
    return tuple(Respond(BOT, card) for card in cards)


STEPS: tuple[Step, ...] = (
    # Round 1, the centre: both replace in secret.
    Step("welcome", ("hand", "piles"), Replace(ME, (12,)), before=(Replace(BOT, ()),)),
    Step("duel", ("duel", "hand"), DuelCard(ME, 8), before=(DuelCard(BOT, 8),)),
    Step("duel_tied", ("duel", "hand"), DuelCard(ME, 10), before=(DuelCard(BOT, 6),)),
    Step("single", ("hand", "buttons"), Attack(ME, (9,))),
    Step("sequence", ("hand", "buttons"), Attack(ME, (3, 4, 5)), before=_answers(2)),
    # Round 2, space 3: the computer's answers end round 1 (1 beats 11 at the showdown).
    Step(
        "one_arrow",
        ("arrow", "score"),
        Replace(ME, (12,)),
        before=_answers(6, 10, 11) + (Replace(BOT, (12,)),),
    ),
    Step("duel_lost", ("duel", "hand"), DuelCard(ME, 7), before=(DuelCard(BOT, 10),)),
    Step("defend", ("play", "hand"), Respond(ME, 4), before=(Attack(BOT, (4,)),)),
    Step("set", ("hand", "buttons"), Attack(ME, (9, 9))),
    Step(
        "sacrifice",
        ("play", "hand"),
        Respond(ME, 2),
        before=_answers(11, 11) + (Attack(BOT, (5,)),),
    ),
    # Round 3, the same space again: the showdown was a tie.
    Step(
        "tied_showdown",
        ("duel", "hand"),
        DuelCard(ME, 10),
        before=(Replace(BOT, ()), DuelCard(BOT, 11)),
    ),
    Step("jumbo", ("play", "hand"), Respond(ME, 6), before=(Attack(BOT, (2, 3, 4, 5)),)),
    Step("jumbo_more", ("play", "hand"), Respond(ME, 7)),
    Step("jumbo_more", ("play", "hand"), Respond(ME, 8)),
    Step("jumbo_last", ("play", "hand"), Respond(ME, 9)),
    # Round 4, space 5: the computer won round 3 and Tacocat skipped the centre's tile.
    Step("arrow_mine", ("arrow", "tiles"), Replace(ME, (11, 12))),
    Step(
        "duel_again",
        ("duel", "hand"),
        DuelCard(ME, 10),
        before=(Replace(BOT, ()), DuelCard(BOT, 9)),
    ),
    Step("long_sequence", ("hand", "board"), Attack(ME, (5, 6, 7, 8))),
    # Round 5, space 2: Tacocat jumped over two tiles.
    Step(
        "skipped",
        ("tiles", "board"),
        DuelCard(ME, 12),
        before=_answers(9, 10, 11, 12) + (Replace(BOT, ()), DuelCard(BOT, 3)),
    ),
    Step("nearly", ("hand", "score"), Attack(ME, (2, 3, 4))),
    # Round 6, space 1: the last round.
    Step(
        "last_round",
        ("board", "duel"),
        DuelCard(ME, 11),
        before=_answers(5, 6, 7) + (Replace(BOT, ()), DuelCard(BOT, 2)),
    ),
    Step("finish", ("hand", "board"), Attack(ME, (5, 5))),
)

#: The computer's answers after the player's last move (the game ends on them).
ENDING: tuple[Action, ...] = _answers(6, 7)
