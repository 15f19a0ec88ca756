"""The end of a round and of the game at the table, and the table as the screens shown
then see it.

:class:`GameEnd` is a part of :class:`~tacocat.ui.table.scene.TableScene` (as
:class:`~tacocat.ui.table.round_end.EndMoves` is of the animator): it holds the round
result before the next round is dealt, shows the game over once the won game has
finished animating, keeps the finished game in the History and answers the game-over
screen's Replay and Rematch. It is also what those screens read of the table
(:class:`tacocat.ui.results.summaries.TableLike`). The online table and the guided game
override what differs for them (``_show_game_over``, ``rematch``, ``rematch_label``).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from tacocat.rules import events as ev
from tacocat.seating import Seating
from tacocat.ui.results.feeling import player_of
from tacocat.ui.results.summaries import GameSummary
from tacocat.ui.table.session import config_to_dict

if TYPE_CHECKING:
    import pygame

    from tacocat.rules import GameState, Observation
    from tacocat.ui.stage.game_config import GameConfig
    from tacocat.ui.stage.services import App
    from tacocat.ui.table.animator import Animator
    from tacocat.ui.table.painter import Painter
    from tacocat.ui.table.session import TableSession
    from tacocat.ui.table.view import TableView
    from tacocat.ui.widgets.cards import CardRenderer
    from tacocat.ui.widgets.style import TextCache


class GameEnd:
    """The round result, the game over and the finished game (a part of the table)."""

    app: App
    config: GameConfig
    session: TableSession | None
    view: TableView
    animator: Animator
    painter: Painter
    text: TextCache
    renderer: CardRenderer
    #: The finished game's id in the History (the game-over screen replays it).
    kept_id: str | None
    _game_over_shown: bool
    _game_over_wait: float

    if TYPE_CHECKING:  # the table's other parts

        def screenshot(self, label: str) -> None: ...

    # --- what the overlays ask of the table (see :class:`tacocat.ui.results.summaries.TableLike`) --

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.view.names)

    @property
    def board_size(self) -> int:
        return int(self.view.board.size)

    @property
    def seating(self) -> Seating:
        return self.config.seating

    @property
    def player(self) -> int | None:
        return player_of(self.session.visible_seats) if self.session is not None else None

    def has_confetti(self) -> bool:
        return bool(self.view.particles)

    def draw_confetti(self, surface: pygame.Surface) -> None:
        """Confetti pieces (the game-over screen draws them over its panel too)."""
        self.painter.draw_confetti(surface)

    def tick_cosmetics(self, dt: float) -> None:
        """Keep confetti and labels moving while an overlay covers the table."""
        self.animator.tick_cosmetics(dt)

    # --- round result & game over -------------------------------------------------------

    def _pause_before(self, event: ev.Event) -> bool:
        if isinstance(event, ev.RoundStarted) and self.view.round_number >= 1:
            from tacocat.ui.scenes.round_result import RoundResultScene

            self.app.scenes.push(RoundResultScene(self.app, self, self.view.round_summary()))
            return True
        return False

    def round_result_closed(self) -> None:
        """The round result was dismissed: deal the next round."""
        self.animator.resume()

    def _maybe_show_game_over(self, dt: float) -> None:
        """The game over, once the won game has shown its last move (the animator is idle)
        and a short pause has passed (none when animations are instant)."""
        if self.view.game_winner is None or self._game_over_shown:
            return
        self._game_over_wait += dt
        if self._game_over_wait >= (0.0 if self.animator.instant else 0.4):
            self._show_game_over()

    def _show_game_over(self) -> None:
        from tacocat.ui.scenes.game_over import GameOverScene

        session = self.session
        assert session is not None
        self._game_over_shown = True
        state = session.public
        assert state.winner is not None, "the game over shows once the game is won"
        self.app.scenes.push(GameOverScene(self.app, self, self._game_summary(state, state.winner)))

    def _game_summary(self, seen: Observation, winner: int) -> GameSummary:
        """What the game-over screen tells of the game ``winner`` won, as ``seen`` (the
        online table names the winner of a resigned game, which no last move shows)."""
        session = self.session
        assert session is not None
        return GameSummary(
            winner=winner,
            wins=tuple(seen.wins),
            names=tuple(self.config.names),
            rounds=seen.round_number,
            tied=seen.tied_rounds,
            seating=session.seating,
            recap=tuple(self.view.book.records),
        )

    def replay_kept(self) -> bool:
        """Watch the finished game again (its review is one button away there)."""
        from tacocat.persistence.gamefile import GameFileError

        if self.kept_id is None:
            return False
        game_id = self.kept_id
        try:
            game, _ = self.app.history.open(game_id)
        except GameFileError as error:
            self.app.refuse_game_file(f"{game_id}.json", error, kept=True)
            return False
        self.app.open_replay(
            game, on_close=lambda: self.app.open("history", select=game_id), game_id=game_id
        )
        return True

    def rematch_label(self) -> str:
        """The game-over screen's first button (the guided game's says what comes next)."""
        from tacocat.ui.text.i18n import tr

        return tr("tacocat.table.over.rematch")

    def rematch(self) -> None:
        self.app.start_game(dataclasses.replace(self.config, seed=None))

    def _record_result(self, state: GameState) -> None:
        """The game ended: the app keeps it in the History (every mode), counts it
        in the statistics (a demo is not counted) and only then clears its
        autosave, as one transaction (``tacocat.persistence.ending``)."""
        session = getattr(self, "session", None)  # None while the session is being made
        saves = session.saves if session is not None else None
        undos = session.undos if session is not None else 0
        kept = self.app.finish_game(
            config_to_dict(self.config, undos),
            state,
            saves.clear_autosave if saves is not None else None,
        )
        self.kept_id = kept if isinstance(kept, str) else None
