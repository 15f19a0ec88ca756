"""The solver's two boolean searches, written for speed (the hard level's hot path).

:class:`~tacocat.ai.solver.Solver` asks two yes/no questions of a play-phase
position (see its docstring): *can the attacker force its goal?* and *can the
defender, answering an attack, stop it?* This module answers them with the
same AND-OR search as before (issue #20 kept the answers, held equal to the
frozen copy by ``tests/ai/test_speed_equivalence.py``), about twice as fast
in plain Python (``bench/ai_speed.py``):

* the searches are closures over their tables, not methods - cell lookups
  instead of attribute lookups on every position;
* cheap bounds answer a position without search: the attacker ends on one of
  its cards (at least its lowest), the defender on one of its own (at most
  its highest);
* answers that beat the attack card are tried before the sacrifice (a
  defence is found sooner: a quarter fewer positions);
* a last trick where the attacker keeps one or two cards, and a position
  where each seat holds two, are answered in closed form (the attacker leads
  one card and keeps the other; the defender keeps its higher card by
  answering with its lowest, or its lower card when its higher one may
  answer): the widest levels of the tree cost a few comparisons;
* a hand less each of its cards is worked out once (:func:`_removals`) and
  shared by the hand's single attacks and its answer lists, which are slices
  of it (the duel matrix likewise takes each duel card out of its hand once
  per row and column: :meth:`~tacocat.ai.solver.Solver.duel_matrix`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tacocat.ai.deadline import Deadline
from tacocat.rules.moves import attack_options, take

Hand = tuple[int, ...]
Forces = Callable[[Hand, Hand, bool], bool]
Holds = Callable[[Hand, Hand, Hand, bool, bool], bool]
AttackList = tuple[tuple[Hand, Hand], ...]
ResponseList = tuple[tuple[int, Hand], ...]


def two_card_forces(att: Hand, dfd: Hand, strict: bool) -> bool:
    """:func:`Search.forces` when each seat holds two cards, in closed form.

    The attacker leads ``x`` and keeps ``y``; the defender keeps its higher
    card (answering with its lowest, always allowed) or, when its higher card
    may answer (``>= x``), its lower one. The attacker's goal: ``y`` below the
    defender's card (``strict``), or at most as high.
    """
    a1, a2 = att
    d1, d2 = dfd
    if strict:
        if not (a1 >= d2 or (d2 >= a2 and a1 >= d1)):  # lead a2, keep a1
            return True
        return a1 != a2 and not (a2 >= d2 or (d2 >= a1 and a2 >= d1))
    if not (a1 > d2 or (d2 >= a2 and a1 > d1)):
        return True
    return a1 != a2 and not (a2 > d2 or (d2 >= a1 and a2 > d1))


def _attack_list(hand: Hand, removals: ResponseList) -> AttackList:
    """Every attack with the hand left after it, long attacks and high singles first
    (``removals``: the hand's :func:`_removals`, which are its singles)."""
    if len(hand) < 2:  # an attack never uses the last card
        return ()
    jumbos = [cards for cards in attack_options(hand) if len(cards) > 1]
    jumbos.sort(key=lambda cards: (len(cards), cards[-1]), reverse=True)
    out = [(cards, take(hand, cards)) for cards in jumbos]
    out.extend(((card,), rest) for card, rest in reversed(removals))
    return tuple(out)


def _removals(hand: Hand) -> ResponseList:
    """Each distinct card of ``hand`` (ascending) with the hand left without it."""
    out = []
    previous = None
    for i, card in enumerate(hand):
        if card != previous:
            out.append((card, hand[:i] + hand[i + 1 :]))
        previous = card
    return tuple(out)


def _removals_in(cache: dict[Hand, ResponseList], hand: Hand) -> ResponseList:
    """``hand``'s :func:`_removals`, kept in ``cache`` (the searches' cache misses)."""
    removals = cache.get(hand)
    if removals is None:
        removals = cache[hand] = _removals(hand)
    return removals


def _response_list(removals: ResponseList, target: int) -> ResponseList:
    """Every answer with the hand left (``removals``: the hand's :func:`_removals`);
    answers that beat the card first (ascending), the sacrifice of the lowest card last:
    the answers of :func:`tacocat.rules.moves.response_options`, with the hand left."""
    for i, (card, _) in enumerate(removals):
        if card >= target:
            return removals[i:] if i == 0 else removals[i:] + removals[:1]
    return removals[:1]


class Meter:
    """Positions searched and the deadline looked at every :attr:`Deadline.CHECK_EVERY`."""

    __slots__ = ("nodes", "deadline")

    def __init__(self) -> None:
        self.nodes = 0
        self.deadline: Deadline | None = None


@dataclass(eq=False)
class Search:
    """The tables and the two searches over them (one per :class:`Solver`).

    ``wins[strict]`` maps (attacker, defender) to "the attacker forces it";
    ``holds_table`` maps a Jumbo answer in progress to "the defender holds".
    Only finished answers are stored, so a search cut by the deadline leaves
    the tables sound. ``meter`` counts positions (machine-independent work)
    and carries the deadline.
    """

    wins: tuple[dict[tuple[Hand, Hand], bool], dict[tuple[Hand, Hand], bool]] = field(
        default_factory=lambda: ({}, {})
    )
    holds_table: dict[tuple[Hand, Hand, Hand, bool, bool], bool] = field(default_factory=dict)
    attacks: dict[Hand, AttackList] = field(default_factory=dict)
    responses: dict[tuple[Hand, int], ResponseList] = field(default_factory=dict)
    removals: dict[Hand, ResponseList] = field(default_factory=dict)
    meter: Meter = field(default_factory=Meter)
    forces: Forces = field(init=False)
    holds: Holds = field(init=False)

    def __post_init__(self) -> None:
        later: list[Holds] = []  # forces and holds call each other: holds is built second
        self.forces = _make_forces(self, later)
        self.holds = _make_holds(self, self.forces)
        later.append(self.holds)

    def size(self) -> int:
        return len(self.wins[0]) + len(self.wins[1]) + len(self.holds_table)

    def clear(self) -> None:
        for table in (*self.wins, self.holds_table, self.attacks, self.responses, self.removals):
            table.clear()


def _make_forces(search: Search, later: list[Holds]) -> Forces:
    """``forces`` as a closure over the tables (``later[0]``: holds, filled in after)."""
    loose_wins, strict_wins = search.wins
    attack_cache, meter, every = search.attacks, search.meter, Deadline.CHECK_EVERY
    removal_cache = search.removals

    def forces(att: Hand, dfd: Hand, strict: bool) -> bool:
        if len(att) == 2:
            return two_card_forces(att, dfd, strict)
        # The attacker ends on a card of its own, at least its lowest; the defender
        # on one of its own, at most its highest: without room, no search.
        low, high = att[0], dfd[-1]
        if low > high or (strict and low == high):
            return False
        if att[-1] < dfd[0] or (not strict and att[-1] == dfd[0]):
            return True
        table = strict_wins if strict else loose_wins
        key = (att, dfd)
        known = table.get(key)
        if known is not None:
            return known
        meter.nodes += 1
        if meter.deadline is not None and not meter.nodes % every:
            meter.deadline.check()
        options = attack_cache.get(att)
        if options is None:
            removals = _removals_in(removal_cache, att)
            options = attack_cache[att] = _attack_list(att, removals)
        holds = later[0]
        result = False
        for targets, rest in options:
            if not holds(rest, dfd, targets, False, strict):
                result = True
                break
        table[key] = result
        return result

    return forces


def _make_holds(search: Search, forces: Forces) -> Holds:
    """``holds`` as a closure over the tables."""
    holds_table, response_cache = search.holds_table, search.responses
    removal_cache = search.removals
    meter, every = search.meter, Deadline.CHECK_EVERY

    def holds(rest: Hand, dfd: Hand, targets: Hand, sacrificed: bool, strict: bool) -> bool:
        # The same bounds as in forces: the attacker ends on a card of rest,
        # the defender on one of dfd.
        low, high = rest[0], dfd[-1]
        if low > high or (strict and low == high):
            return True
        if rest[-1] < dfd[0] or (not strict and rest[-1] == dfd[0]):
            return False
        jumbo = len(targets) > 1
        if jumbo:
            key = (rest, dfd, targets, sacrificed, strict)
            known = holds_table.get(key)
            if known is not None:
                return known
        meter.nodes += 1
        if meter.deadline is not None and not meter.nodes % every:
            meter.deadline.check()
        target = targets[0]
        options = response_cache.get((dfd, target))
        if options is None:
            removals = _removals_in(removal_cache, dfd)
            options = response_cache[(dfd, target)] = _response_list(removals, target)
        if jumbo:
            more = targets[1:]
            result = False
            for card, left in options:
                if holds(rest, left, more, sacrificed or card < target, strict):
                    result = True
                    break
            holds_table[key] = result
            return result
        if len(rest) <= 2:
            return _small_holds(rest, options, target, sacrificed, strict)
        for card, left in options:
            if sacrificed or card < target:
                if not forces(rest, left, strict):
                    return True
            elif forces(left, rest, not strict):
                return True
        return False

    return holds


def _small_holds(
    rest: Hand, options: ResponseList, target: int, sacrificed: bool, strict: bool
) -> bool:
    """``holds`` for a last attack card when the attacker keeps one or two cards: closed form."""
    if len(rest) == 1:  # the showdown follows: can I keep a card at most (below) mine?
        mine = rest[0] if strict else rest[0] - 1
        for _, left in options:  # noqa: SIM110 - a loop, not any(): no generator on the hot path
            if left[0] <= mine:
                return True
        return False
    a1, a2 = rest
    for card, left in options:
        d1, d2 = left
        if sacrificed or card < target:  # I hold iff the attacker cannot force it
            if strict:
                if (a1 >= d2 or (d2 >= a2 and a1 >= d1)) and (
                    a1 == a2 or a2 >= d2 or (d2 >= a1 and a2 >= d1)
                ):
                    return True
            elif (a1 > d2 or (d2 >= a2 and a1 > d1)) and (
                a1 == a2 or a2 > d2 or (d2 >= a1 and a2 > d1)
            ):
                return True
        elif two_card_forces(left, rest, not strict):
            return True
    return False
