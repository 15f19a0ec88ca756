"""What the table says aloud, and when: only what the seat at the screen may see.

The table hands over three kinds of text (all already on screen):

* each line its log gets (:func:`tacocat.ui.text.narration.describe` makes
  lines of *public* events only);
* the prompt, when it changes while the table is the top screen (not while
  the hot-seat pass screen covers it);
* on the "read my hand" key, the hand of the seat looking at the screen -
  in hot-seat only after that player confirmed the pass screen, against the
  computer only the human's, in a demo nobody's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tacocat.ui.text.i18n import tr

#: The "read my hand" key (not used by the table otherwise; see docs/accessibility.md).
READ_HAND_KEY = "r"


def hand_sentence(values: Sequence[int]) -> str:
    """``[3, 7, 12]`` -> "Your hand: 3, 7, 12." (sorted, as a player counts them)."""
    if not values:
        return tr("tacocat.access.hand_empty")
    return tr(
        "tacocat.access.hand", count=len(values), cards=", ".join(str(v) for v in sorted(values))
    )


class TableVoice:
    """The table's narration, through ``app.narrator`` (looked up each time: the app may
    swap its :class:`~.narrator.Narrator`, as tests and benches do)."""

    def __init__(self, app: Any) -> None:
        self._app = app
        self._prompt = ""

    @property
    def narrator(self) -> Any:
        return self._app.narrator

    def log_line(self, line: str | None) -> None:
        """A new line of the table's log (public by construction)."""
        if line:
            self.narrator.speak(line)

    def prompt(self, text: str, on_top: bool) -> None:
        """The prompt under the table, said when it changes (and the table is on top)."""
        if not on_top or text == self._prompt:
            return
        self._prompt = text
        self.narrator.speak(text, kind="prompt")

    def forget_prompt(self) -> None:
        """Say the prompt again when the table is next on top (after an overlay closes)."""
        self._prompt = ""

    def read_hand(self, values: Sequence[int] | None) -> None:
        """ "Read my hand": ``values`` is the viewer's hand, or None when no seat may
        look at the screen now (the pass screen, a demo)."""
        if values is None:
            self.narrator.speak(tr("tacocat.access.no_hand"), interrupt=True)
            return
        self.narrator.speak(hand_sentence(values), interrupt=True)
