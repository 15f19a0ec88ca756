"""The replay viewer: a recorded game on the real table, both hands face up.

The :class:`~tacocat.ui.replay.timeline.Timeline` holds every state (the
record is replayed once). Showing step ``i`` lays the table out from
``states[i]`` at once (:func:`tacocat.ui.table.resume.lay_out`), so a jump
anywhere - back a step, to a round, along the scrubber - never replays or
re-animates the game from its start. Only one step forward (→, or playing) is
animated, by the table's own animator fed with that step's events; any other
command first lands what is playing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tacocat.persistence.settings import DEFAULT_REPLAY_KEYS
from tacocat.rules import events as ev
from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.input.prompts import prompt
from tacocat.ui.replay.controls import ReplayControls
from tacocat.ui.replay.player import SPEEDS
from tacocat.ui.replay.timeline import NOTE_TONES, Note, Timeline
from tacocat.ui.stage.scene import Scene
from tacocat.ui.table import resume
from tacocat.ui.table.rig import table_rig
from tacocat.ui.table.turn import turn_of
from tacocat.ui.table.view import Frame, TableView
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.narration import describe
from tacocat.ui.widgets.tones import PromptTone

if TYPE_CHECKING:
    from tacocat.persistence.gamefile import GameFile, GameInfo
    from tacocat.ui.stage.services import App

#: Seconds between two steps while playing, at 1×.
STEP_PAUSE = 0.6
BOTH = frozenset({0, 1})


class ReplayScene(Scene):
    """Shows a :class:`Timeline`.

    :param timeline: the game's kept states.
    :param info: what the game was (names, mode, the human's seat sits at the bottom).
    :param notes: step -> :class:`Note` (a review's remarks), shown at that step
        and marked on the scrubber.
    :param on_close: where Close goes (default: the title).
    :param start: the step shown first.
    :param game, game_id: the game file and its History id, for the Review button
        (no button without ``game``).
    """

    name = "replay"
    opaque = True
    covers_window = True

    def __init__(
        self,
        app: App,
        timeline: Timeline,
        info: GameInfo,
        *,
        notes: Mapping[int, Note] | None = None,
        on_close: Callable[[], object] | None = None,
        start: int = 0,
        game: GameFile | None = None,
        game_id: str | None = None,
    ) -> None:
        super().__init__(app)
        self.game, self.game_id = game, game_id
        self.timeline = timeline
        self.info = info
        self.notes = dict(notes or {})
        self.on_close = on_close
        self._playing = False
        self.speed = 1.0
        self._wait = 0.0
        self._animated = False
        self._start = start
        self.bottom = info.seating.home

    # --- life cycle -------------------------------------------------------------------

    def enter(self) -> None:
        rig = table_rig(
            self.app,
            self.timeline.states[0].ruleset,
            self.info.names,
            self.bottom,
            BOTH,
            self.info.seating,
            speed=self._animation_speed,
            sound=self.app.audio.play,
            narrate=self._narrate,
            visible_seats=BOTH,
        )
        self.text, self.renderer, self.view = rig.text, rig.renderer, rig.view
        self.animator, self.painter = rig.animator, rig.painter
        self.controls = ReplayControls(self)
        self.go(self._start)

    def open_review(self) -> None:
        """The game review (Review): its summary, made first if it is not kept yet."""
        if self.game is not None:
            self.pause()
            self.app.open_review(self.game, self.game_id, on_close=self.on_close)

    def has_review(self) -> bool:
        """A Review button: the game's file is at hand."""
        return self.game is not None

    def open_file(self, path: Path) -> None:
        """Another game file (dropped on the window): watch that one instead."""
        self.app.open_game_file(path, on_close=self.on_close)

    def close(self) -> None:
        """Leave the viewer (Close, Esc: the button's click sounds)."""
        if self.on_close is not None:
            self.on_close()
        else:
            self.app.open("title")

    # --- showing a step ----------------------------------------------------------------

    def _new_view(self) -> TableView:
        ruleset = self.timeline.states[0].ruleset
        return TableView(ruleset.board, self.info.names, self.bottom, BOTH, len(ruleset.deck))

    def _narrate(self, event: ev.Event) -> None:
        self.view.add_log(describe(event, self.view.names))

    def _animation_speed(self) -> float:
        base = self.app.animation_speed
        return base if math.isinf(base) else base * self.speed

    @property
    def index(self) -> int:
        """The step on screen (the last one asked for, even while it animates in)."""
        return self.timeline.index

    @property
    def animating(self) -> bool:
        return self.animator.busy

    def go(self, index: int, keep_banners: bool = False) -> None:
        """Show step ``index`` at once (no animation), laid out from its kept state."""
        index = self.timeline.go(index)
        animator = self.animator
        animator.queue.clear()
        animator.tweener.skip_all()  # what was flying lands (on the old view, now dropped)
        view = self._new_view()
        state = self.timeline.states[index]
        resume.lay_out(
            view, {seat: state.observation(seat) for seat in BOTH}, self.timeline.book_at(index)
        )
        if keep_banners:
            view.banners, view.particles = self.view.banners, self.view.particles
        self.view = self.painter.view = animator.view = view
        self._animated = False
        self._wait = 0.0

    def step_forward(self) -> None:
        """One action on: animated (unless animations are off or one is playing)."""
        if self.index >= self.timeline.last:
            self.pause()
            return
        if self.animator.busy or math.isinf(self._animation_speed()):
            self.go(self.index + 1)
            return
        self.animator.feed(self.timeline.events[self.timeline.step(1)])
        self._animated = True
        self._wait = 0.0

    def step_back(self) -> None:
        self.go(self.index - 1)

    def next_round(self) -> None:
        self.go(self.timeline.next_round())

    def previous_round(self) -> None:
        self.go(self.timeline.previous_round())

    def to_round(self, number: int) -> None:
        self.go(self.timeline.to_round(number))

    @property
    def playing(self) -> bool:
        """Stepping on by itself (Play); only the viewer's verbs change it."""
        return self._playing

    def toggle_play(self) -> None:
        if not self._playing and self.index >= self.timeline.last:
            self.go(0)  # at the end, Play starts again from the first deal
        self._playing = not self._playing
        self._wait = STEP_PAUSE  # the first step comes at once

    def pause(self) -> None:
        """Stop playing (a step, a jump or the review takes over)."""
        self._playing = False

    def set_speed(self, speed: float) -> None:
        self.speed = speed

    def change_speed(self, delta: int) -> None:
        position = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, position + delta))]

    # --- the frame --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        dt = max(0.0, min(dt, 0.1))
        self.animator.update(dt)
        if self._animated and self.animator.idle:
            # The step has played: lay it out from its state, exactly as a jump there would.
            self.go(self.index, keep_banners=True)
        self.controls.update(dt)
        if self._playing and self.animator.idle:
            self._wait += dt * self.speed
            if self._wait >= STEP_PAUSE:
                self.step_forward()
                if self.index >= self.timeline.last and self.animator.idle:
                    self.pause()

    def is_animating(self) -> bool:
        return self._playing or self.animator.is_moving() or self.controls.scrubber.dragging

    def handle_event(self, event: pygame.event.Event) -> None:
        self.controls.handle_event(event)

    def _refresh_view(self) -> None:
        state = self.timeline.state
        busy = self.animator.busy
        actor = (state.to_act[0], False) if state.to_act else None
        turn = turn_of(state.observation(0), actor, self.info.names, None, busy)
        self.view.frame = Frame(turn, self.status_line())
        self._light_the_better_move()

    def _light_the_better_move(self) -> None:
        """At a reviewed decision, the better move's cards glow in the player's hand."""
        note = self.notes.get(self.index)
        if note is None or not note.decision or note.seat is None or self.animator.busy:
            return
        wanted = list(note.best)
        for sprite in self.view.hands[note.seat]:
            value = sprite.value
            lit = value is not None and value in wanted
            if value is not None and lit:
                wanted.remove(value)
            sprite.glow = 1.0 if lit else 0.0

    def status_line(self) -> tuple[str, PromptTone]:
        """The line under the table: this step's note, else what this step did."""
        note = self.notes.get(self.index)
        if note is not None:
            return note.text, NOTE_TONES[note.tone]
        if self.index == 0:
            return self._start_line(), "info"
        lines = [
            describe(e, self.info.names)
            for e in self.timeline.events[self.index]
            if not isinstance(e, ev.RoundStarted)
        ]
        said = [line for line in lines if line]
        return (said[0] if said else "", "info")

    def _start_line(self) -> str:
        """How to start watching: the controller's buttons, or the keys when the player
        chose others than the defaults (the usual line names the right arrow)."""
        app = self.app
        if not app.input.controller and app.settings.replay_keys == DEFAULT_REPLAY_KEYS:
            return tr("tacocat.replay.start")
        return tr(
            "tacocat.focus.replay_start",
            play=prompt(Action.PLAY_PAUSE, app.keys, app.input, Scope.REPLAY),
            step=prompt(Action.STEP_FORWARD, app.keys, app.input, Scope.REPLAY),
        )

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh_view()
        self.painter.draw(surface)
        self.controls.draw(surface)
        if self.view.particles:
            self.painter.draw_confetti(surface)
