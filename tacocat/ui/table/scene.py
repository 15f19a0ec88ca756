"""The table scene: wiring and the flow of a game - nothing else.

Data flow (one frame)::

    input --> Controls --> an action from the acting seat's legal list --> GameSession.submit
    GameSession.update (bots, off the main loop) --> events --> Animator.feed
    Animator.update --> TableView (what has been shown so far) --> Painter

:class:`TableScene` builds the session, view model, animator, painter and
controls and runs the flow around them; its parts are
:class:`~tacocat.ui.table.hand_over.HandOver` (the pass-the-device screen) and
:class:`~tacocat.ui.table.game_end.GameEnd` (the round result, the game over, a
rematch and the finished game handed to the app's statistics). Input is
accepted only when the animator is idle and a human seat is to act
(:meth:`TableScene.acting_seat`).

Seats on screen: the *bottom* hand belongs to whoever looks at the screen
(vs-AI: the human; hot-seat: whoever passed the pass-the-device screen; demo:
the first seat, with both hands face up for the spectator).
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any

import pygame

from tacocat.ai.worker import AIWorker
from tacocat.rules import GameState
from tacocat.rules import events as ev
from tacocat.ui.input.actions import Action
from tacocat.ui.input.prompts import key_label
from tacocat.ui.speech.table import TableVoice
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.stage.scene import Scene
from tacocat.ui.table import resume
from tacocat.ui.table.controls import Controls
from tacocat.ui.table.game_end import GameEnd
from tacocat.ui.table.hand_over import HandOver, seats_on_screen
from tacocat.ui.table.painter import Painter
from tacocat.ui.table.prompt import prompt_line
from tacocat.ui.table.rig import table_rig
from tacocat.ui.table.session import GameSession, TableSession
from tacocat.ui.table.tooltips import hotspots, tip_at
from tacocat.ui.table.turn import Turn, turn_of
from tacocat.ui.table.view import Frame
from tacocat.ui.text.narration import describe
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.cards import CardSprite
from tacocat.ui.widgets.tones import PromptTone

if TYPE_CHECKING:
    from tacocat.persistence.saves import LoadResult
    from tacocat.ui.stage.services import App

log = logging.getLogger(__name__)

#: Font sizes only the overlays use (round result, game over, discards): their glyphs
#: are rasterised while the table waits idle, not in the frame an overlay first shows.
OVERLAY_FONTS = (
    (16, False),
    (17, False),
    (18, False),
    (21, True),
    (22, True),
    (24, True),
    (28, True),
    (32, True),
    (36, True),
)
#: Every font the table itself uses (glyphs rasterised at enter, not mid-game).
TABLE_FONTS = ((16, True), (16, False), (18, True), (19, True), (20, True), (26, True))


class TableScene(Scene, HandOver, GameEnd):
    """The game table. ``TableScene(app, config, state=None)``.

    :param config: the game to play.
    :param state: resume this :class:`~tacocat.rules.GameState`.
    :param saved: the save store's ``LoadResult`` (its ``state`` is resumed; ``--continue``).
    :param worker: the AI worker to use (tests pass an inline one).
    """

    name = "table"
    opaque = True
    #: Its static layer paints every pixel: the app need not clear the frame first.
    covers_window = True

    def __init__(
        self,
        app: App,
        config: GameConfig,
        state: GameState | None = None,
        *,
        saved: LoadResult | None = None,
        worker: AIWorker | None = None,
    ) -> None:
        super().__init__(app)
        if state is None and saved is not None:
            state = saved.state
        self.config = config
        self._initial_state = state
        #: Moves already taken back in a continued game (the autosave keeps the count).
        self._undos = int(((saved.app_config or {}).get("undos") or 0) if saved else 0)
        self._worker = worker
        self.session: TableSession | None = None
        self.viewer: int | None = None
        self._passing = False
        self._game_over_shown = False
        self._game_over_wait = 0.0
        self._entered = False
        #: The finished game's id in the History (the game-over screen replays it).
        self.kept_id: str | None = None

    # --- life cycle ---------------------------------------------------------------------

    def enter(self) -> None:
        if self._entered:
            return
        self._entered = True
        app, config = self.app, self.config
        self.session = session = self._make_session()
        self.viewer, seats = seats_on_screen(session.seating)
        rig = table_rig(
            app,
            session.public.ruleset,
            config.names,
            self.viewer if self.viewer is not None else 0,
            seats,
            session.seating,
            speed=lambda: app.animation_speed,
            sound=self.sound,
            narrate=self._narrate,
            visible_seats=session.visible_seats,
            hide_hands_on_deal=session.seating.shares_screen,
            pause_before=self._pause_before,
        )
        self.text, self.renderer, self.view = rig.text, rig.renderer, rig.view
        self.animator, self.board, self.painter = rig.animator, rig.board, rig.painter
        if session.resumed:
            resume.lay_out(self.view, session.seen(), session.score_book())
        self.animator.feed(session.pop_events())
        self.controls = Controls(self, session)
        self.voice = TableVoice(app)
        self._prepare_art()

    def _make_session(self) -> TableSession:
        """The game behind the table (the guided game brings its own)."""
        app = self.app
        return GameSession(
            self.config,
            self._initial_state,
            worker=self._worker,
            saves=app.saves,
            speed=lambda: app.animation_speed,
            on_finished=self._record_result,
            undos=self._undos,
        )

    def _prepare_art(self) -> None:
        """Render once what the frame loop blits, so the first frame costs no more than the next."""
        self.text.warm(TABLE_FONTS)
        # Every size a card takes at rest or in flight (scales snap to 0.05 steps).
        self.renderer.prewarm(tuple(round(0.5 + 0.05 * i, 2) for i in range(11)))
        self._refresh_view()
        self.painter.static_layer()
        for seat in (0, 1):
            self.painter.plate(seat, self.view.side(seat))
        # The jobs hold the text cache, not the table: a finished table is freed, and
        # its jobs are dropped with it (owner=self).
        for font in OVERLAY_FONTS:  # one font per idle pause: a few ms each
            self.app.defer(functools.partial(self.text.warm, (font,)), owner=self)

    def exit(self) -> None:
        """Leaving the table (Quit to title, closing the window): save, stop the AI at once."""
        session = self.session
        if session is None:
            return
        try:
            if not session.is_over:
                session.save_now()
        finally:
            session.close()

    # --- services -----------------------------------------------------------------------

    def sound(self, name: str) -> None:
        self.app.audio.play(name)

    def screenshot(self, label: str) -> None:
        self.app.screenshot(label)

    def _narrate(self, event: ev.Event) -> None:
        line = describe(event, self.view.names, self.view.round_title())
        self.view.add_log(line)
        self.voice.log_line(line)

    # --- who may act --------------------------------------------------------------------

    def acting_seat(self) -> int | None:
        """The human seat whose input is accepted now, or None."""
        session, animator = self.session, self.animator
        if session is None or animator.busy or animator.held:
            return None
        seat = session.human_to_act()
        if seat is None or seat != self.viewer or seat not in self.view.face_up_seats:
            return None
        return seat

    def my_hand(self) -> list[CardSprite]:
        if self.viewer is None or self.session is None:
            return []
        return self.view.hands[self.viewer]

    # --- what the controls ask of the animation (see :class:`.table_input.TableInput`) --

    def is_busy(self) -> bool:
        return self.animator.busy

    def is_held(self) -> bool:
        return self.animator.held

    def is_moving(self) -> bool:
        return self.animator.tweener.is_animating()

    def skip_motion(self) -> None:
        self.animator.skip()

    def instant_motion(self) -> bool:
        return self.animator.instant or self.app.reduced_motion

    # --- what tests and overlays use of the controls ------------------------------------

    @property
    def buttons(self) -> dict[str, Button]:
        return self.controls.buttons

    def focused(self) -> Any:
        return self.controls.focused()

    def card_rect(self, sprite: CardSprite) -> pygame.Rect:
        """Where ``sprite`` is on screen now (tests click there)."""
        return self.renderer.rect_of(sprite)

    def prompt_text(self) -> tuple[str, PromptTone]:
        """The line under the table now: (text, tone). Asks, changes nothing (the frame's
        :meth:`_refresh_view` puts the same line in the view model for the painter)."""
        return prompt_line(
            self._turn_now(), self.controls.prompt_message(), self.controls.hint_text
        )

    def _turn_now(self) -> Turn:
        session = self.session
        assert session is not None
        seat = self.acting_seat()
        seen = session.observation(seat if seat is not None else session.seating.home)
        return turn_of(seen, session.actor(), session.config.names, seat, self.animator.busy)

    # --- the frame ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        session = self.session
        if session is None:
            return
        dt = max(0.0, min(dt, 0.1))
        animator = self.animator
        session.update(dt, idle=animator.idle and not animator.held)
        if session.relayout_due:  # the game moved on in a way no event tells (a reconnection)
            session.relayout_due = False
            self._lay_out_again()
        events = session.pop_events()
        if events:
            animator.feed(events)
            self.controls.clear_selection()
        animator.update(dt)
        self.controls.update(dt)
        if animator.idle and not animator.held:
            self._maybe_pass_device()
            self._maybe_show_game_over(dt)
        self.controls.refresh_buttons()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.session is not None:
            self.controls.handle_event(event)

    def is_animating(self) -> bool:
        if self.session is None:
            return False
        return (
            self.animator.is_moving()
            or self.session.ai_thinking
            or self.session.hint_pending
            or self.controls.lifts_moving
        )

    def _refresh_view(self) -> None:
        """Tell the view model this frame's decision, prompt and focus (the painter reads them)."""
        view, controls = self.view, self.controls
        turn = self._turn_now()
        prompt = prompt_line(turn, controls.prompt_message(), controls.hint_text)
        on_top = self._on_top()
        self.voice.prompt(prompt[0], on_top)
        if not on_top:
            self.voice.forget_prompt()
        # The focus ring shows only while the table has the keys: never behind a dialog.
        focus = controls.focused() if controls.keyboard_focus and on_top else None
        tooltip = None
        pointer = controls.pointing_at_table()
        if pointer is not None and on_top:
            key = key_label(self.app.keys.key_for(Action.DISCARDS))
            text = tip_at(hotspots(self.board, view, key), pointer)
            tooltip = (text, pointer) if text else None
        view.frame = Frame(turn, prompt, focus, tooltip)

    def _on_top(self) -> bool:
        return self.app.scenes.top is self

    def draw(self, surface: pygame.Surface) -> None:
        if self.session is None:
            return
        self._refresh_view()
        self.painter.draw(surface)
        self.controls.draw(surface)
        self.painter.draw_tooltip(surface)
        if self.view.particles and self.app.scenes.top is self:
            self.painter.draw_confetti(surface)

    # --- taking back a move, and what the table's keys open -----------------------------

    def take_back(self) -> bool:
        """Undo the player's last decision (vs-AI) and lay the table out from the state
        gone back to - the same layout Continue uses, so it cannot disagree."""
        session = self.session
        if session is None or not session.undo():
            return False
        self._lay_out_again()
        return True

    def _lay_out_again(self) -> None:
        """Drop what was still to animate and lay the table out from the session's
        observations (after Take back, or a reconnection that skipped moves)."""
        session = self.session
        assert session is not None
        self.animator.queue.clear()
        self.animator.tweener.skip_all()
        self.controls.clear_selection()
        resume.lay_out(self.view, session.seen(), session.score_book())

    def restyle(self) -> None:
        """The text size changed: draw the table's text afresh (nothing cached is kept)."""
        if self.session is None:
            return
        self.painter = Painter(
            self.view,
            self.app.assets,
            self.text,
            self.renderer,
            self.board,
            self.session.seating,
            self.painter.rounds_to_win,
        )
        self.board.restyle()

    def read_hand(self) -> None:
        """ "Read my hand" (R): the viewer's cards, or that no hand may be read now."""
        if self.viewer is None or self.viewer not in self.view.face_up_seats:
            self.voice.read_hand(None)
            return
        self.voice.read_hand([s.value for s in self.my_hand() if s.value is not None])

    def open_discards(self) -> None:
        from tacocat.ui.scenes.discard_viewer import DiscardViewerScene

        session = self.session
        assert session is not None
        view = self.view
        mine = [s.value for s in self.my_hand() if s.value is not None]
        viewer = self.viewer
        duel = view.duel[viewer] if viewer is not None else None
        if (
            viewer is not None
            and duel is not None
            and duel.value is not None
            and view.committed[viewer]
        ):
            mine.append(duel.value)  # my duel card, face down: known to me, not yet public
        if view.face_up_seats == frozenset({0, 1}):
            mine = []  # a spectator counts only the public cards
        self.app.scenes.push(
            DiscardViewerScene(
                self.app,
                view.public_values(),
                mine,
                list(session.public.ruleset.deck),
                self.renderer,
                self.text,
            )
        )
