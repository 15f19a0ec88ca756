"""The event -> animation contract: every concrete event is animated or declared not to be.

The animator used to find a handler by building a method name from the event's class
name, so renaming an event (or misspelling a handler) dropped its animation without a
word. Now the table is explicit (:data:`tacocat.ui.table.animator.HANDLERS`), and this
test holds it to the events the rules define.
"""

from __future__ import annotations

import inspect

from tacocat.rules import events as ev
from tacocat.ui.table import animator
from tacocat.ui.table.animator import HANDLERS, NOT_ANIMATED, Animator, Shows, shows


def concrete_events() -> set[type[ev.Event]]:
    """Every event class the rules define that is not a base of others."""
    classes = {
        cls
        for _, cls in inspect.getmembers(ev, inspect.isclass)
        if issubclass(cls, ev.Event) and cls.__module__ == ev.__name__
    }
    return {
        cls
        for cls in classes
        if not any(other is not cls and issubclass(other, cls) for other in classes)
    }


def test_every_concrete_event_is_animated_or_declared_not_to_be():
    events = concrete_events()
    assert len(events) >= 21
    missing = sorted(cls.__name__ for cls in events - HANDLERS.keys() - NOT_ANIMATED)
    assert not missing, f"events with no animation and not in NOT_ANIMATED: {missing}"
    unknown = sorted(cls.__name__ for cls in (HANDLERS.keys() | NOT_ANIMATED) - events)
    assert not unknown, f"the table names classes that are not concrete events: {unknown}"


def test_no_event_is_both_animated_and_not_animated():
    assert not HANDLERS.keys() & NOT_ANIMATED


def test_every_handler_is_an_animator_method():
    for event_type, animation in HANDLERS.items():
        assert isinstance(animation, Shows)
        name = animation.show.__name__
        assert animation.kind is event_type
        assert getattr(Animator, name) is animation.show, (event_type.__name__, name)


def test_the_animator_dispatches_through_the_table(monkeypatch):
    """The dispatch reads the table (not a method name): a handler swapped in the table
    is the one that runs."""
    from tacocat.rules.ruleset import Ruleset
    from tacocat.ui.table.view import TableView

    board = Ruleset().board
    view = TableView(board, ("A", "B"), 0, frozenset({0, 1}), 12)
    seen: list[ev.Event] = []
    table = dict(HANDLERS)
    table[ev.TrickWon] = shows(ev.TrickWon, lambda animator, event: seen.append(event))
    monkeypatch.setattr(animator, "HANDLERS", table)
    motion = Animator(
        view,
        speed=lambda: float("inf"),
        sound=lambda name: None,
        narrate=lambda event: None,
        reduced_motion=lambda: True,
        visible_seats=frozenset({0, 1}),
    )
    event = ev.TrickWon(0, False)
    motion.feed([event])
    motion.update(0.1)
    assert seen == [event]
