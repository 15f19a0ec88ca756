"""Never replace the saved game without the player's yes.

There is one autosave - the game *Continue* resumes - and a new game takes its place
after its first move. So before a new game starts over a game in progress, the player
is asked, in words that say what would be lost ("Your game against the computer (Easy,
0–1, Round 3) will be lost."). One autosave per mode was the other way; it was not
taken because the title's one *Continue* would then have to ask which game, and a
player who starts a new game mostly means to leave the old one - they only need to
know that they are doing it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tacocat.seating import GameKind, Seating
from tacocat.ui.results.score import book_from_state, round_label
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

log = logging.getLogger(__name__)


def describe_saved(app_config: dict[str, Any], state: Any) -> str:
    """What would be lost, in one sentence: the opponent, the level, score and round."""
    book = book_from_state(state)
    where = round_label(book.number, book.replay)
    wins = tuple(state.wins)
    names = list(app_config.get("names") or ("", ""))
    seating = Seating.of(
        app_config.get("mode", GameKind.HOTSEAT), app_config.get("human_seat") or 0
    )
    if seating.against_computer:
        seat = app_config.get("human_seat") or 0
        score = f"{wins[seat]}–{wins[1 - seat]}"
        level = tr(f"tacocat.new_game.{app_config.get('level', 'easy')}")
        return tr("tacocat.trust.overwrite.vs_ai", level=level, score=score, round=where)
    score = f"{wins[0]}–{wins[1]}"
    return tr(
        "tacocat.trust.overwrite.hotseat", first=names[0], second=names[1], score=score, round=where
    )


def saved_game_text(saves: Any) -> str | None:
    """The sentence for the game in progress that a new game would replace, or None."""
    try:
        if not saves.has_autosave():
            return None
        result = saves.load_autosave()
    except Exception as error:  # a broken save folder must not stop a new game
        log.warning("could not read the autosave before a new game: %s", error)
        return None
    if not result.ok or result.state is None or result.app_config is None:
        return None  # nothing left to lose (a damaged file was set aside and reported)
    return describe_saved(result.app_config, result.state)


def confirm_new_game(app: App, start: Callable[[], object]) -> bool:
    """Run ``start`` at once when no game is in progress; else ask first (Keep is the
    first, safe choice: Esc and Enter keep the game). True when it started at once."""
    text = saved_game_text(app.saves)
    if text is None:
        start()
        return True
    from tacocat.ui.scenes.choice import ChoiceScene

    app.scenes.push(
        ChoiceScene(
            app,
            tr("tacocat.trust.overwrite.title"),
            text,
            [
                (tr("tacocat.trust.overwrite.keep"), lambda: None),
                (tr("tacocat.trust.overwrite.replace"), start),
            ],
        )
    )
    return False
