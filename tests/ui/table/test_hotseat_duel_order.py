"""Hot-seat: the seats choose their secret duel card in the same order in every round.

Issue 23 (item 9) saw "a duel order that changes between rounds". The order is the
first seat, then the second, in every duel of every round (tied duels again included),
whoever happens to hold the device when the duel starts - never "the holder first",
which would change the order with the replacements that came before. Each choice is
made after a hand-over to the chooser, unless the chooser already holds the device.
"""

from __future__ import annotations

import pygame
import pygame_gui
from table_helpers import step

from tacocat.rules import Phase
from tacocat.ui.scenes.game_over import GameOverScene
from tacocat.ui.scenes.pass_device import PassDeviceScene
from tacocat.ui.scenes.round_result import RoundResultScene


def play_hot_seat_game(start_table, seed: int) -> list[list[tuple[str, int]]]:
    """A whole hot-seat game through the table; returns, per round, the hand-overs and
    choices in the order they happened: ("pass", seat), ("duel", seat), ("other", seat)."""
    app, table = start_table("hotseat", seed=seed)
    session = table.session
    rounds: list[list[tuple[str, int]]] = [[]]
    for _ in range(40000):
        top = app.scenes.top
        if isinstance(top, GameOverScene):
            break
        if isinstance(top, RoundResultScene):
            rounds.append([])
            top.next_round()
        elif isinstance(top, PassDeviceScene):
            if top.armed and not any(
                kind == "pass" and seat == top.seat for kind, seat in rounds[-1][-1:]
            ):
                rounds[-1].append(("pass", top.seat))
                pygame.event.post(
                    pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=top.button)
                )
        elif table.acting_seat() is not None:
            seat = table.acting_seat()
            legal = session.legal(seat)
            kind = "duel" if session.state.phase is Phase.DUEL else "other"
            rounds[-1].append((kind, seat))
            # Duel with the highest card, answer with the first legal move: some duels tie.
            session.submit(
                max(legal, key=lambda a: getattr(a, "card", 0)) if kind == "duel" else legal[0]
            )
        step(app)
    assert isinstance(app.scenes.top, GameOverScene)
    return rounds


def test_every_duel_is_chosen_first_seat_then_second_after_a_hand_over(start_table):
    openings: set[tuple[str, ...]] = set()
    duels = 0
    for seed in (4, 11):
        for moves in play_hot_seat_game(start_table, seed):
            choices = [(kind, seat) for kind, seat in moves if kind != "pass"]
            duel_seats = [seat for kind, seat in choices if kind == "duel"]
            assert duel_seats, moves
            # First seat, second seat, and again after each tied duel.
            assert duel_seats == [0, 1] * (len(duel_seats) // 2), moves
            duels += len(duel_seats) // 2
            # The second seat never chooses without a hand-over after the first seat's card.
            for index, move in enumerate(moves):
                if move == ("duel", 1):
                    assert moves[index - 1] == ("pass", 1), moves
            before = moves[: moves.index(("duel", 0))]
            openings.add("holds" if not before or before[-1] != ("pass", 0) else "handed")
    # Both ways into a duel were seen: the first seat handed the device, or already holding it.
    assert openings == {"holds", "handed"} and duels >= 10
