"""The exact play-phase solver against a brute-force search of the real engine."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat.ai.sampling import tie_value
from tacocat.ai.solver import Solver, showdown_value, solve_matrix
from tacocat.rules import (
    Attack,
    DuelCard,
    Phase,
    Replace,
    Ruleset,
    attack_options,
    catch_up_board,
    new_game,
)
from tacocat.rules.moves import remove_cards, response_options
from tacocat.rules.variants import VARIANTS, ruleset_with

HIGH_DUEL, LOW_DUEL, FILLER = 40, 39, 50
#: The first round's last cards on the three-space board: the lower one wins it.
ROUND_ONE_LOW, ROUND_ONE_HIGH = 60, 61
#: Where the play phase is played: the centre (both arrows) or a one-arrow space
#: whose arrow points at the attacker (seat 0) or at the defender (seat 1).
SPACES = ("centre", "arrow_to_attacker", "arrow_to_defender")
#: No variant, each variant alone, and all of them: the solver must agree with the
#: engine under every rule a player can switch on.
VARIANT_CHOICES = list(
    dict.fromkeys([(), *((v.name,) for v in VARIANTS), tuple(v.name for v in VARIANTS)])
)


def play_phase_state(
    first: tuple[int, ...],
    second: tuple[int, ...],
    space: str = "centre",
    variants: tuple[str, ...] = (),
):
    """An engine state in the play phase where ``first`` (seat 0) attacks ``second``.

    Each seat is dealt its hand plus a duel card; seat 0's duel card is higher,
    so after the duel seat 0 attacks with exactly ``first``. On the centre the
    board has one space. Otherwise it has three: a first round of two cards
    each, won by seat 1 (Tacocat moves to the space whose arrow points at seat
    0) or by seat 0 (the arrow points at seat 1), then the hands above.
    """
    n = len(first) + 1
    order = first + (HIGH_DUEL,) + second + (LOW_DUEL,)
    if space == "centre":
        hand_sizes: tuple[int, ...] = (n,)
    else:
        hand_sizes = (n, 2, n)
        order += (ROUND_ONE_LOW, ROUND_ONE_HIGH)
    order += (FILLER,) * max(0, 4 * n - len(order))
    base = Ruleset(deck=tuple(sorted(order)), board=catch_up_board(hand_sizes), name="test")
    ruleset = ruleset_with(variants, base)
    if space == "centre":
        state, _ = new_game(0, ruleset, recorded_deals=(order,))
    else:
        winner_low = (ROUND_ONE_LOW, ROUND_ONE_HIGH)
        lows = winner_low if space == "arrow_to_defender" else winner_low[::-1]
        rest = list(order)
        for card in (lows[0], HIGH_DUEL, lows[1], LOW_DUEL):
            rest.remove(card)
        round_one = (lows[0], HIGH_DUEL, lows[1], LOW_DUEL, *rest)
        state, _ = new_game(0, ruleset, recorded_deals=(round_one, order))
        for seat in (0, 1):
            state, _ = state.apply(Replace(seat, ()))
        state, _ = state.apply(DuelCard(0, HIGH_DUEL))
        state, _ = state.apply(DuelCard(1, LOW_DUEL))  # one card each: the showdown
        (arrow,) = state.space.arrows
        assert arrow == (0 if space == "arrow_to_attacker" else 1)
        state, _ = state.apply(Replace(arrow, ()))  # the other seat may then replace none
    while state.phase is Phase.REPLACE:  # both at the centre; none left on a one-arrow space
        state, _ = state.apply(Replace(state.to_act[0], ()))
    state, _ = state.apply(DuelCard(0, HIGH_DUEL))
    state, _ = state.apply(DuelCard(1, LOW_DUEL))
    assert state.phase.value == "attack" and state.attacker == 0
    assert state.hands == (first, second)
    return state


def engine_value(state, start) -> float:
    """Plain minimax over the engine's own moves: seat 0's value of the round begun at ``start``.

    The engine decides the round: a won round is 1 or 0, a replayed tie what the
    AI says a replay is worth to seat 0 on that space (checked in test_tie_value_*).
    """
    if state.tied_rounds > start.tied_rounds:
        return tie_value(start.observation(0))
    if state.wins != start.wins:
        return 1.0 if state.wins[0] > start.wins[0] else 0.0
    seat = state.to_act[0]
    values = [engine_value(state.apply(a)[0], start) for a in state.legal_actions(seat)]
    return max(values) if seat == 0 else min(values)


def brute_value(att, dfd, tie) -> float:
    """Plain minimax over the move helpers, for any tie value: the attacker's value."""
    best = 0.0
    for cards in attack_options(att):
        best = max(best, _brute_answers(remove_cards(att, cards), dfd, cards, False, tie))
    return best


def _brute_answers(rest, dfd, targets, lost, tie) -> float:
    worst = 1.0
    for card in response_options(dfd, targets[0]):
        left = remove_cards(dfd, (card,))
        now_lost = lost or card < targets[0]
        if len(targets) > 1:
            value = _brute_answers(rest, left, targets[1:], now_lost, tie)
        elif len(rest) == 1:
            value = showdown_value(rest[0], left[0], tie)
        elif now_lost:
            value = brute_value(rest, left, tie)
        else:
            value = 1.0 - brute_value(left, rest, 1.0 - tie)
        worst = min(worst, value)
    return worst


def two_hands(max_size: int, top: int = 8):
    """Two equal-size hands from a deck with three cards of each value 1..top."""

    @st.composite
    def build(draw):
        size = draw(st.integers(2, max_size))
        deck = [v for v in range(1, top + 1) for _ in range(3)]
        cards = draw(st.permutations(deck))
        return tuple(sorted(cards[:size])), tuple(sorted(cards[size : 2 * size]))

    return build()


@pytest.mark.parametrize("variants", VARIANT_CHOICES, ids=lambda n: "+".join(n) or "standard")
@pytest.mark.parametrize("space", SPACES)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_hands(4))
def test_solver_matches_engine_minimax(space, variants, hands):
    """The solver, valuing a tie as the AI does (``tie_value`` of each seat's observation),
    agrees with the engine's minimax on every space kind under every variant."""
    first, second = hands
    state = play_phase_state(first, second, space, variants)
    tie, their_tie = tie_value(state.observation(0)), tie_value(state.observation(1))
    assert tie + their_tie == 1.0
    solver = Solver()
    assert solver.attack_value(first, second, tie) == engine_value(state, state)
    # Every first attack and every first answer to it, valued move by move.
    for cards in attack_options(first):
        after, _ = state.apply(Attack(0, cards))
        assert solver.attack_move_value(first, second, cards, tie) == engine_value(after, state)
        for answer in after.legal_actions(1):
            then, _ = after.apply(answer)
            mine = 1.0 - solver.response_move_value(
                second, remove_cards(first, cards), cards, False, answer.card, their_tie
            )
            assert mine == engine_value(then, state), (first, second, cards, answer)


@pytest.mark.parametrize(
    ("space", "arrow_seat"), [("centre", None), ("arrow_to_attacker", 0), ("arrow_to_defender", 1)]
)
def test_a_tie_counts_half_unless_the_ruleset_gives_it_away(space, arrow_seat):
    """A tie replays the round on the same space: it counts half on every space (valuing
    the arrow's edge there measured no gain), unless a variant gives the tie to a seat."""
    state = play_phase_state((2, 5), (3, 6), space)
    assert [tie_value(state.observation(seat)) for seat in (0, 1)] == [0.5, 0.5]
    given_away = play_phase_state((2, 5), (3, 6), space, ("tie_goes_to_arrow",))
    if arrow_seat is not None:
        assert tie_value(given_away.observation(arrow_seat)) == 1.0
        assert tie_value(given_away.observation(1 - arrow_seat)) == 0.0


@settings(max_examples=80, deadline=None)
@given(two_hands(6, top=9), st.sampled_from([0.0, 0.5, 1.0]))
def test_solver_matches_brute_force_for_every_tie_value(hands, tie):
    first, second = hands
    solver = Solver()
    assert solver.attack_value(first, second, tie) == brute_value(first, second, tie)
    assert solver.attack_value(second, first, tie) == brute_value(second, first, tie)


def test_tables_are_shared_safely_across_positions():
    """One solver answering many positions in any order agrees with fresh solvers."""
    rng = random.Random(4)
    shared = Solver()
    deck = [v for v in range(1, 13) for _ in range(3)]
    for _ in range(40):
        rng.shuffle(deck)
        n = rng.randint(2, 5)
        a, b = tuple(sorted(deck[:n])), tuple(sorted(deck[n : 2 * n]))
        tie = rng.choice([0.0, 0.5, 1.0])
        assert (
            shared.attack_value(a, b, tie)
            == Solver().attack_value(a, b, tie)
            == brute_value(a, b, tie)
        )


def test_table_limit_clears_without_changing_answers():
    small, large = Solver(table_limit=50), Solver()
    rng = random.Random(5)
    deck = [v for v in range(1, 13) for _ in range(3)]
    for _ in range(20):
        rng.shuffle(deck)
        a, b = tuple(sorted(deck[:5])), tuple(sorted(deck[5:10]))
        assert small.attack_value(a, b) == large.attack_value(a, b) == brute_value(a, b, 0.5)
    assert small._search.size() < large._search.size()


def test_duel_matrix_entries_follow_the_rules():
    solver = Solver()
    mine, theirs = (2, 5, 9), (3, 7, 11)
    rows, cols, matrix = solver.duel_matrix(mine, theirs)
    assert rows == [2, 5, 9] and cols == [3, 7, 11]
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            left, their_left = remove_cards(mine, (r,)), remove_cards(theirs, (c,))
            expected = (
                brute_value(left, their_left, 0.5)
                if r > c
                else 1 - brute_value(their_left, left, 0.5)
            )
            assert matrix[i][j] == expected
    # A duel of single cards left goes straight to the showdown (ruling).
    assert solver.duel_outcome((1, 12), (5, 6), 12, 5) == 1.0
    assert solver.duel_outcome((4, 12), (4, 6), 12, 6) == 0.5


def test_tied_duel_is_replayed():
    solver = Solver()
    # Both duel a 9: the duel repeats with (1, 12) against (2, 3).
    value = solver.duel_outcome((1, 9, 12), (2, 3, 9), 9, 9)
    assert value == solver.duel_value((1, 12), (2, 3))
    assert value == 1.0  # each remaining pair leaves the 1 or beats the 2-3 at the showdown


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from([0.0, 0.5, 1.0, 0.25]), min_size=3, max_size=3),
        min_size=1,
        max_size=4,
    )
)
def test_solve_matrix_strategies_are_optimal(matrix):
    value, rows, cols = solve_matrix(matrix)
    m, n = len(matrix), len(matrix[0])
    assert abs(sum(rows) - 1) < 1e-9 and abs(sum(cols) - 1) < 1e-9
    guaranteed = min(sum(rows[i] * matrix[i][j] for i in range(m)) for j in range(n))
    conceded = max(sum(cols[j] * matrix[i][j] for j in range(n)) for i in range(m))
    assert abs(guaranteed - value) < 1e-9 and abs(conceded - value) < 1e-9


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_hands(5, top=10))
def test_the_replacement_values_a_hand_pair_with_both_heuristic_duel_cards(hands):
    """``exact_value``: each seat duels its heuristic card, then exact play."""
    from tacocat.ai.heuristic import heuristic_duel_card
    from tacocat.ai.replacement import exact_value

    mine, theirs = hands
    solver = Solver()
    mine_card, their_card = heuristic_duel_card(mine), heuristic_duel_card(theirs)
    assert exact_value(solver, mine, theirs, 0.5) == solver.duel_outcome(
        mine, theirs, mine_card, their_card
    )
