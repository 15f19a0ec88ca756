"""The seats' players (tacocat/ui/table/players.py): the computer is asked with its seat's
observation only, answers no sooner than its pace, and never plays an illegal move; a
person here never answers through the session's poll."""

from __future__ import annotations

import math
import random
from concurrent.futures import Future

from tacocat.rules import new_game
from tacocat.seating import GameKind, Seating, SeatKind
from tacocat.ui.table.players import AI_COMMIT_DELAY, Computer, Person, seat_players


class Worker:
    """Records each question and answers it when told to."""

    def __init__(self) -> None:
        self.asked: list[tuple] = []
        self.futures: list[Future] = []

    def choose(self, level, key, observation, legal, seed):
        self.asked.append((level, key, observation, tuple(legal), seed))
        self.futures.append(Future())
        return self.futures[-1]


def _question(seat: int = 0):
    state, _ = new_game(7)
    return state.observation(seat), state.legal_actions(seat)


def test_the_computer_answers_once_thought_and_paced():
    worker = Worker()
    computer = Computer(worker, "hard", ("table", 1), random.Random(3), lambda: 2.0)
    observation, legal = _question(1)
    computer.ask(observation, legal)
    assert worker.asked[0][:4] == ("hard", ("table", 1), observation, tuple(legal))
    assert observation.secret_choice_open  # a secret commit: AI_COMMIT_DELAY / speed
    assert computer.deciding and computer.answer(0.1) is None  # still thinking
    worker.futures[0].set_result(legal[-1])
    assert computer.answer(AI_COMMIT_DELAY / 2 - 0.12) is None  # thought, not yet paced
    assert computer.answer(0.05) == legal[-1]
    assert not computer.deciding and computer.answer(1.0) is None  # answered once


def test_a_failed_or_illegal_answer_plays_the_first_legal_move():
    worker = Worker()
    computer = Computer(worker, "easy", "k", random.Random(1), lambda: math.inf)
    observation, legal = _question()
    computer.ask(observation, legal)
    worker.futures[0].set_exception(RuntimeError("the worker died"))
    assert computer.answer(0.0) == legal[0]
    other_seat_move = _question(1)[1][0]
    computer.ask(observation, legal)
    worker.futures[1].set_result(other_seat_move)
    assert computer.answer(0.0) == legal[0]


def test_a_withdrawn_question_is_never_answered():
    worker = Worker()
    computer = Computer(worker, "easy", "k", random.Random(1), lambda: math.inf)
    computer.ask(*_question())
    computer.withdraw()
    worker.futures[0].set_result(_question()[1][0])
    assert not computer.deciding and computer.answer(1.0) is None


def test_each_seat_gets_the_player_its_seating_names():
    worker = Worker()
    kinds = [
        tuple(
            p.kind
            for p in seat_players(
                Seating.of(kind, seat), worker, "easy", object(), random.Random(), lambda: 1.0
            )
        )
        for kind, seat in ((GameKind.VS_AI, 1), (GameKind.HOTSEAT, 0), (GameKind.DEMO, 0))
    ]
    assert kinds == [
        (SeatKind.COMPUTER, SeatKind.PERSON),
        (SeatKind.PERSON, SeatKind.PERSON),
        (SeatKind.COMPUTER, SeatKind.COMPUTER),
    ]
    person = Person()
    person.ask(*_question())
    assert not person.deciding and person.answer(10.0) is None
