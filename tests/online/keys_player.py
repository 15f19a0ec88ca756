"""Play an online table with the keyboard alone, as a person would: ←/→ round the hand,
Space to select, Enter to play, ↓ to the buttons (docs in the README, "Playing").

Used by the two-process test's driver (tests/online/player_driver.py): every decision
is made of key events posted to the real window's queue, never by calling the session.
The move is the first legal one that uses the fewest cards (a Replace of no card is
the *Keep all* button), so each decision takes a handful of keys.
"""

from __future__ import annotations

from typing import Any

import pygame

from tacocat.rules import Action
from tacocat.ui.widgets.cards import CardSprite

#: Keys pressed for one decision before it is called stuck.
MAX_KEYS = 60


def press(app: Any, key: int, frames: int = 2) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(1 / 60)


def chosen(legal: list[Action]) -> Action:
    """The first legal move with the fewest cards (Replace of none: keep the hand)."""

    def size(action: Action) -> int:
        cards = getattr(action, "cards", None)
        return len(cards) if cards is not None else 1

    return min(legal, key=size)


def cards_of(action: Action) -> list[int]:
    cards = getattr(action, "cards", None)
    return list(cards) if cards is not None else [action.card]


def decide(app: Any, table: Any) -> Action:
    """Make this seat's decision with keys; returns the action aimed at (the decision is
    over once the online session has sent it, or the game moved on)."""
    session = table.online_session
    start = session.seq

    def moved_on() -> bool:
        return bool(session.awaiting or session.seq != start)

    seat = table.acting_seat()
    seen = table.session.observation(seat)
    action = chosen(list(seen.legal_actions()))
    wanted = sorted(cards_of(action))
    for _ in range(MAX_KEYS):
        if moved_on():
            return action
        hand = [s for s in table.my_hand() if s.zone == "hand"]
        picked = sorted(s.value for s in hand if s.selected)
        focus = table.focused()
        if picked == wanted:
            if not wanted and focus is not table.buttons["secondary"]:
                # Keep all: the secondary button, reached with ↓ then →.
                press(
                    app,
                    pygame.K_DOWN
                    if isinstance(focus, CardSprite) or focus is None
                    else pygame.K_RIGHT,
                )
                continue
            press(app, pygame.K_RETURN, frames=3)
            continue
        if (
            isinstance(focus, CardSprite)
            and not focus.selected
            and focus.value in wanted
            and picked.count(focus.value) < wanted.count(focus.value)
        ):
            press(app, pygame.K_SPACE)
        elif isinstance(focus, CardSprite) and focus.selected and focus.value not in wanted:
            press(app, pygame.K_SPACE)  # a card selected by mistake goes back
        elif focus is None or isinstance(focus, CardSprite):
            press(app, pygame.K_RIGHT)
        else:
            press(app, pygame.K_UP)  # from the buttons back to the hand
    raise AssertionError(f"{MAX_KEYS} keys did not play {action}")
