"""The input vocabulary: what a player can ask for (:class:`Action`), where a key means
it (:class:`Scope`) and a controller's buttons (:class:`Pad`).

The values are the names stored in ``settings.json`` (``table_keys``,
``replay_keys``) and used in translation keys (``tacocat.focus.keys.action.<name>``),
so a stored file from before this vocabulary still reads.
"""

from __future__ import annotations

from enum import StrEnum


class Action(StrEnum):
    """Everything a key or a controller button can ask any screen for."""

    # --- the table's (the player chooses their keys) ---------------------------------
    LEFT = "left"
    RIGHT = "right"
    SELECT = "select"
    CONFIRM = "confirm"
    HINT = "hint"
    DISCARDS = "discards"
    UNDO = "undo"
    READ_HAND = "read_hand"
    # --- shared by every screen -----------------------------------------------------
    UP = "up"
    DOWN = "down"
    NEXT = "next"
    PREVIOUS = "previous"
    MENU = "menu"
    BACK = "back"
    PAGE_NEXT = "page_next"
    PAGE_PREVIOUS = "page_previous"
    FIRST = "first"
    LAST = "last"
    FULL_SCREEN = "full_screen"
    # --- the replay's (the player chooses their keys) -------------------------------
    PLAY_PAUSE = "play_pause"
    STEP_BACK = "step_back"
    STEP_FORWARD = "step_forward"
    ROUND_PREVIOUS = "round_previous"
    ROUND_NEXT = "round_next"
    FIRST_MOVE = "first_move"
    LAST_MOVE = "last_move"
    FASTER = "faster"
    SLOWER = "slower"
    ROUND_1 = "round_1"
    ROUND_2 = "round_2"
    ROUND_3 = "round_3"
    ROUND_4 = "round_4"
    ROUND_5 = "round_5"
    ROUND_6 = "round_6"
    ROUND_7 = "round_7"
    ROUND_8 = "round_8"
    ROUND_9 = "round_9"
    # --- the History's ----------------------------------------------------------------
    EXPORT = "export"
    OPEN_FILE = "open_file"

    @property
    def round_number(self) -> int | None:
        """1-9 for ``ROUND_1`` to ``ROUND_9`` (the replay's jumps), else None."""
        prefix, _, number = self.value.rpartition("_")
        return int(number) if prefix == "round" and number.isdigit() else None


class Scope(StrEnum):
    """Where a key means an action: one key may mean another action on another screen
    (Space selects at the table and plays or pauses the replay), never two in one."""

    #: Every screen, before its own scope (full screen).
    EVERYWHERE = "everywhere"
    #: The pygame_gui screens and the drawn overlays: moving, pressing, going back.
    MENUS = "menus"
    TABLE = "table"
    REPLAY = "replay"
    #: The History of games (its list moves as :data:`MENUS` says).
    HISTORY = "history"


class Pad(StrEnum):
    """A game controller's buttons, named as SDL's GameController does (any pad)."""

    A = "a"
    B = "b"
    X = "x"
    Y = "y"
    START = "start"
    VIEW = "view"
    LB = "lb"
    RB = "rb"
    UP = "dpad_up"
    DOWN = "dpad_down"
    LEFT = "dpad_left"
    RIGHT = "dpad_right"

    @property
    def printed(self) -> str | None:
        """The name pads print on the button ("A", "LB", "Start"); None for the D-pad's
        directions (a word, translated where it is shown)."""
        return _PRINTED.get(self)


_PRINTED = {
    Pad.A: "A",
    Pad.B: "B",
    Pad.X: "X",
    Pad.Y: "Y",
    Pad.START: "Start",
    Pad.VIEW: "View",
    Pad.LB: "LB",
    Pad.RB: "RB",
}
