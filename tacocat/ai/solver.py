"""The exact solver for one round when both hands are known.

Once the hidden cards are fixed (a *sample*, see :mod:`tacocat.ai.sampling`),
the play phase is a finite game of perfect information: the attacker picks an
attack, the defender answers each attack card, the trick's winner attacks
next, and the round ends at the showdown, where the lower last card wins.

The solver answers it exactly with a memoised AND-OR search. A round's
outcome for the attacker is *loss < tie < win*, so its minimax value follows
from two yes/no questions - "can the attacker force a strict win?" and "can
the attacker force at least a tie?" - each a boolean search that stops at the
first move that works. When the defender takes over the attack the question
flips: the attacker's "strictly lower" is the defender's "at most as low", so
one table serves both seats.

Values are always *for the seat named first* and lie in ``[0, 1]``: 1 a won
round, 0 a lost one, and a tie is worth ``tie`` - 0.5 by default (a tie
replays the round), or 1/0 under the ``tie_goes_to_arrow`` variant.

The duel (a secret, simultaneous choice) is a matrix game: :func:`solve_matrix`
finds its optimal mixed strategies by linear programming, and
:meth:`Solver.duel_matrix` fills the matrix with exact play values.

Move shapes come from :mod:`tacocat.rules.moves`, as in the engine itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tacocat.ai.deadline import Deadline
from tacocat.ai.quiet import collector_paused
from tacocat.ai.search import Search
from tacocat.rules.moves import remove_cards

Hand = tuple[int, ...]

#: Entries kept in a solver's tables before they are cleared (memory cap).
DEFAULT_TABLE_LIMIT = 200_000


def showdown_value(mine: int, theirs: int, tie: float) -> float:
    """The round's value for the owner of ``mine`` at the showdown."""
    if mine < theirs:
        return 1.0
    if mine > theirs:
        return 0.0
    return tie


def _remove_one(hand: Hand, card: int) -> Hand:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _without(hand: Hand, cards: Hand) -> Hand:
    rest = remove_cards(hand, cards)
    if rest is None:
        raise ValueError(f"{hand} does not hold {cards}")
    return rest


class Solver:
    """Exact play-phase values, memoised across calls.

    The tables only ever cache facts about the game (they never depend on a
    seat or on hidden information), so one solver can serve any number of
    samples, seats and calls. ``nodes`` counts the positions searched (a
    measure of work that does not depend on the machine).

    ``deadline`` (set by the caller around a decision) is checked every
    :attr:`Deadline.CHECK_EVERY` positions; when it has passed the search
    raises :class:`~tacocat.ai.deadline.DeadlineExpired`. Only finished
    answers are stored, so an interrupted search leaves the tables sound.
    """

    def __init__(self, table_limit: int = DEFAULT_TABLE_LIMIT) -> None:
        self.table_limit = table_limit
        # The searches and their tables (tacocat.ai.search: closures, for speed).
        # Move lists are tuples, not lists: the garbage collector stops tracking tuples
        # of plain values, so big tables add nothing to its (pausing) full collections.
        self._search = Search()
        self._deadline: Deadline | None = None
        self._values = 0  # values asked for (the table size is looked at every 16th)
        self._duels: dict[tuple[Hand, Hand, float], float] = {}

    @property
    def nodes(self) -> int:
        """Positions searched so far (a measure of work independent of the machine)."""
        return self._search.meter.nodes

    @property
    def deadline(self) -> Deadline | None:
        return self._deadline

    @deadline.setter
    def deadline(self, value: Deadline | None) -> None:
        self._deadline = value
        self._search.meter.deadline = value

    # Tables are caches: a pickled solver (sent to a worker) starts empty.
    def __getstate__(self) -> dict[str, Any]:
        return {"table_limit": self.table_limit}

    def __setstate__(self, state: dict[str, Any]) -> None:
        Solver.__init__(self, state["table_limit"])

    def clear(self) -> None:
        self._search.clear()
        self._duels.clear()

    def _check_size(self) -> None:
        """Empty the tables past :attr:`table_limit` (looked at every 16th value:
        a value adds a few thousand entries at most, small beside the limit)."""
        self._values += 1
        if not self._values & 15 and self._search.size() > self.table_limit:
            self.clear()

    # --- the two boolean searches (tacocat.ai.search) --------------------

    def defender_holds(
        self, rest: Hand, dfd: Hand, targets: Hand, sacrificed: bool, strict: bool
    ) -> bool:
        """Can the defender, answering ``targets`` in order (``sacrificed``: a
        sacrifice already made this trick), stop the attacker's goal?"""
        return self._search.holds(rest, dfd, targets, sacrificed, strict)

    # --- values ------------------------------------------------------------

    def _from_thresholds(self, tie: float, forces: Callable[[bool], bool]) -> float:
        """Turn 'can force a win' / 'can force a tie or better' into a value."""
        if tie >= 1.0:
            return 1.0 if forces(False) else 0.0
        if tie <= 0.0:
            return 1.0 if forces(True) else 0.0
        if forces(True):
            return 1.0
        return tie if forces(False) else 0.0

    def attack_value(self, att: Hand, dfd: Hand, tie: float = 0.5) -> float:
        """The round's value for the attacker, to attack with equal hands (2+ cards)."""
        self._check_size()
        forces = self._search.forces  # _from_thresholds, unrolled: the duel's hot path
        if tie >= 1.0:
            return 1.0 if forces(att, dfd, False) else 0.0
        if tie <= 0.0:
            return 1.0 if forces(att, dfd, True) else 0.0
        if forces(att, dfd, True):
            return 1.0
        return tie if forces(att, dfd, False) else 0.0

    def answer_value(
        self, rest: Hand, dfd: Hand, targets: Hand, sacrificed: bool, tie: float = 0.5
    ) -> float:
        """The value for the attacker (holding ``rest``) while the defender must
        still answer ``targets`` (ascending)."""
        self._check_size()
        return self._from_thresholds(
            tie, lambda strict: not self.defender_holds(rest, dfd, targets, sacrificed, strict)
        )

    def after_trick_value(self, winner: Hand, loser: Hand, tie: float = 0.5) -> float:
        """The value for the trick's winner, who attacks next (or the showdown)."""
        if len(winner) == 1:
            return showdown_value(winner[0], loser[0], tie)
        return self.attack_value(winner, loser, tie)

    def attack_move_value(self, mine: Hand, theirs: Hand, cards: Hand, tie: float = 0.5) -> float:
        """My value after attacking with ``cards`` (sorted)."""
        return self.answer_value(_without(mine, cards), theirs, cards, False, tie)

    def response_move_value(
        self, mine: Hand, theirs: Hand, targets: Hand, sacrificed: bool, card: int, tie: float = 0.5
    ) -> float:
        """My value after answering ``targets[0]`` with ``card``.

        ``theirs`` is the attacker's hand (its attack cards already out),
        ``targets`` the attack cards I still owe an answer, ``sacrificed``
        whether I already sacrificed in this trick.
        """
        left = _remove_one(mine, card)
        lost = sacrificed or card < targets[0]
        if len(targets) > 1:
            return 1.0 - self.answer_value(theirs, left, targets[1:], lost, 1.0 - tie)
        if lost:
            return 1.0 - self.after_trick_value(theirs, left, 1.0 - tie)
        return self.after_trick_value(left, theirs, tie)

    # --- the duel ----------------------------------------------------------

    def duel_outcome(
        self, mine: Hand, theirs: Hand, my_card: int, their_card: int, tie: float = 0.5
    ) -> float:
        """My value once both duel cards are revealed (both discarded)."""
        return self._outcome(
            _remove_one(mine, my_card), _remove_one(theirs, their_card), my_card, their_card, tie
        )

    def _outcome(
        self, left: Hand, their_left: Hand, my_card: int, their_card: int, tie: float
    ) -> float:
        """:meth:`duel_outcome` with the duel cards already out of the hands."""
        if len(left) == 1:
            return showdown_value(left[0], their_left[0], tie)
        if my_card > their_card:
            return self.attack_value(left, their_left, tie)
        if my_card < their_card:
            return 1.0 - self.attack_value(their_left, left, 1.0 - tie)
        return self.duel_value(left, their_left, tie)

    def duel_matrix(
        self, mine: Hand, theirs: Hand, tie: float = 0.5
    ) -> tuple[list[int], list[int], list[list[float]]]:
        """My distinct duel cards, theirs, and my value for each pair."""
        with collector_paused():
            return self._duel_matrix(mine, theirs, tie)

    def _duel_matrix(
        self, mine: Hand, theirs: Hand, tie: float
    ) -> tuple[list[int], list[int], list[list[float]]]:
        rows, cols = sorted(set(mine)), sorted(set(theirs))
        return rows, cols, self._matrix(mine, theirs, rows, cols, tie)

    def _matrix(
        self, mine: Hand, theirs: Hand, rows: list[int], cols: list[int], tie: float
    ) -> list[list[float]]:
        """My value for each pair of duel cards (each hand less its card worked out once)."""
        outcome = self._outcome
        their_lefts = [(_remove_one(theirs, c), c) for c in cols]
        matrix = []
        for r in rows:
            left = _remove_one(mine, r)
            matrix.append([outcome(left, their_left, r, c, tie) for their_left, c in their_lefts])
        return matrix

    def duel_value(self, mine: Hand, theirs: Hand, tie: float = 0.5) -> float:
        """My value of a duel both seats play optimally knowing both hands."""
        key = (mine, theirs, tie)
        known = self._duels.get(key)
        if known is None:
            _, _, matrix = self._duel_matrix(mine, theirs, tie)  # (inside a search: no pause)
            known = self._duels[key] = solve_matrix(matrix)[0]
        return known


# --- zero-sum matrix games -------------------------------------------------


def solve_matrix(matrix: Sequence[Sequence[float]]) -> tuple[float, list[float], list[float]]:
    """Solve a zero-sum game: ``matrix[i][j]`` is the row player's payoff.

    Returns the game's value, an optimal mixed strategy for the row player
    (who maximises) and one for the column player (who minimises). Exact up to
    rounding: a pure saddle point is found directly, otherwise the standard
    linear program is solved with the simplex method.
    """
    m, n = len(matrix), len(matrix[0])
    row_floor = [min(row) for row in matrix]
    col_ceiling = [max(matrix[i][j] for i in range(m)) for j in range(n)]
    lower, upper = max(row_floor), min(col_ceiling)
    if upper - lower <= 1e-12:
        i = row_floor.index(lower)
        j = col_ceiling.index(upper)
        return (
            lower,
            [1.0 if k == i else 0.0 for k in range(m)],
            [1.0 if k == j else 0.0 for k in range(n)],
        )
    # Shift payoffs positive; the column player's LP: max sum(y) s.t. A y <= 1, y >= 0.
    shift = 1.0 - min(row_floor)
    a = [[matrix[i][j] + shift for j in range(n)] for i in range(m)]
    # Tableau: m constraint rows [A | I | 1], objective row [-1... | 0 | 0].
    tableau = [a[i] + [1.0 if k == i else 0.0 for k in range(m)] + [1.0] for i in range(m)]
    objective = [-1.0] * n + [0.0] * m + [0.0]
    basis = [n + i for i in range(m)]
    _simplex(tableau, objective, basis)
    total = objective[-1]
    y = [0.0] * n
    for i, var in enumerate(basis):
        if var < n:
            y[var] = tableau[i][-1]
    x = [objective[n + i] for i in range(m)]
    value = 1.0 / total
    cols = [v * value for v in y]
    rows = [max(0.0, v * value) for v in x]
    return value - shift, _normalised(rows), _normalised(cols)


def _simplex(tableau: list[list[float]], objective: list[float], basis: list[int]) -> None:
    """Pivot ``tableau`` (rows ``[A | I | b]``) to optimality, in place (Dantzig's rule)."""
    m, width = len(tableau), len(objective)
    for _ in range(200):
        pivot_col = next((j for j in range(width - 1) if objective[j] < -1e-12), None)
        if pivot_col is None:
            break
        best: float | None = None
        pivot_row: int | None = None
        for i in range(m):
            if tableau[i][pivot_col] > 1e-12:
                ratio = tableau[i][-1] / tableau[i][pivot_col]
                if best is None or ratio < best - 1e-12:
                    best, pivot_row = ratio, i
        if pivot_row is None:  # unbounded: cannot happen with positive payoffs
            break
        row = tableau[pivot_row]
        p = row[pivot_col]
        row[:] = [x / p for x in row]
        for i in range(m):
            if i != pivot_row:
                f = tableau[i][pivot_col]
                if f:
                    other = tableau[i]
                    other[:] = [x - f * y for x, y in zip(other, row, strict=True)]
        f = objective[pivot_col]
        objective[:] = [x - f * y for x, y in zip(objective, row, strict=True)]
        basis[pivot_row] = pivot_col


def _normalised(weights: list[float]) -> list[float]:
    total = sum(weights)
    if total <= 0:
        return [1.0 / len(weights)] * len(weights)
    return [w / total for w in weights]
