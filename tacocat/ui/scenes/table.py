"""The table: the game a player sees and plays.

Data flow (one frame)::

    input --> an action from the acting seat's legal list --> GameSession.submit
    GameSession.update (bots, off the main loop) --> events --> Animator.feed
    Animator.update --> TableView (what has been shown so far) --> draw()

The scene draws only from the :class:`~tacocat.ui.animator.TableView`, never
from the game state, so it can never show more than has been animated. Input
is accepted only when the animator is idle and a human seat is to act.

Seats on screen: the *bottom* hand belongs to whoever looks at the screen
(vs-AI: the human; hot-seat: whoever passed the pass-the-device screen; demo:
the first seat, with both hands face up for the spectator).
"""

from __future__ import annotations

import dataclasses
import logging
import math
from typing import Any

import pygame

from tacocat.rules import Attack, DuelCard, Phase, Replace, Respond, rounds_to_win
from tacocat.rules import events as ev
from tacocat.rules.moves import response_options
from tacocat.ui.animator import Animator, TableView
from tacocat.ui.game_session import GameSession
from tacocat.ui.i18n import tr
from tacocat.ui.scene import Scene
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.board import BoardView
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.cards import CardRenderer, CardSprite
from tacocat.ui.widgets.narration import cards_text
from tacocat.ui.widgets.style import SurfaceLRU, TextCache, mix, palette, rounded_panel

log = logging.getLogger(__name__)

#: Seconds a "why not" message stays in the prompt line.
MESSAGE_TIME = 3.5
#: Lift (pixels) of a selected / hovered card in your hand.
SELECTED_LIFT = 30.0
HOVER_LIFT = 12.0
COMMITTED_LIFT = 20.0
LOG_FONT = 15
LOG_LINE = 20
#: Pixel memory for name plates and banners, and for prompt lines (each a few tens of KB).
PANEL_CACHE_BYTES = 2 * 2**20
PROMPT_CACHE_BYTES = 2**20
#: Font sizes only the overlays use (round result, game over, discards): their glyphs
#: are rasterised while the table waits idle, not in the frame an overlay first shows.
OVERLAY_FONTS = ((14, False), (16, False), (17, False), (18, False), (21, True), (22, True),
                 (24, True), (28, True), (32, True), (36, True))


class TableScene(Scene):
    """The game table. ``TableScene(app, config, state=None)``.

    :param config: a :class:`~tacocat.ui.game_config.GameConfig`.
    :param state: resume this :class:`~tacocat.rules.GameState` (``--continue``).
    :param saved: the save store's ``LoadResult`` (its ``state`` is resumed).
    :param worker: the AI worker to use (tests pass an inline one).
    """

    name = "table"
    opaque = True
    #: Its static layer paints every pixel: the app need not clear the frame first.
    covers_window = True

    def __init__(self, app: Any, config: Any, state: Any = None, *, saved: Any = None,
                 worker: Any = None) -> None:
        super().__init__(app)
        if state is None and saved is not None:
            state = getattr(saved, "state", None)
        self.config = config
        self._initial_state = state
        self._worker = worker
        self.session: GameSession | None = None
        self.view: TableView | None = None
        self.animator: Animator | None = None
        self.viewer: int | None = None
        self.selected: list[CardSprite] = []
        self.hovered: CardSprite | None = None
        self.focus_index: int | None = None
        self.keyboard_focus = False
        self.message: str | None = None
        self.message_tone = "error"
        self._message_left = 0.0
        self.hint_text: str | None = None
        self._hint_wanted = False
        self._passing = False
        self._game_over_shown = False
        self._game_over_wait = 0.0
        self._entered = False
        self._prompt_cache = SurfaceLRU(PROMPT_CACHE_BYTES)
        self._panel_cache = SurfaceLRU(PANEL_CACHE_BYTES)
        self._log_panel: tuple[Any, pygame.Surface] | None = None
        self._problems: dict[Any, Any] = {}
        self._turn: tuple[int, int | None] = (0, None)
        self._static: pygame.Surface | None = None
        self._static_key: Any = None

    # --- life cycle ---------------------------------------------------------------------

    def enter(self) -> None:
        if self._entered:
            return
        self._entered = True
        app = self.app
        config = self.config
        self.text = TextCache(lambda size, bold: app.assets.font(size, bold=bold))
        self.renderer = CardRenderer(app.assets)
        self.session = GameSession(
            config, self._initial_state, worker=self._worker, saves=getattr(app, "saves", None),
            speed=lambda: app.animation_speed, on_finished=self._record_result)
        session = self.session
        state = session.state
        mode = session.mode
        if mode == "vs_ai":
            viewer: int | None = config.human_seat
            seats: frozenset[int] = frozenset({config.human_seat})
        elif mode == "demo":
            viewer, seats = None, frozenset({0, 1})
        else:
            viewer, seats = None, frozenset()
        self.viewer = viewer
        bottom = viewer if viewer is not None else 0
        self.view = TableView(state.ruleset.board, config.names, bottom, seats, len(state.ruleset.deck))
        self.animator = Animator(
            self.view, speed=lambda: app.animation_speed, sound=self._sound,
            reduced_motion=lambda: bool(getattr(app, "reduced_motion", False)),
            visible_seats=session.visible_seats, hide_hands_on_deal=mode == "hotseat",
            pause_before=self._pause_before)
        self.board = BoardView(app.assets, self.text, state.ruleset.board, L.BOARD_RECT)
        self.rounds_to_win = rounds_to_win(state.ruleset.board.size)
        if session.resumed:
            self.view.sync_from_state(state, session.visible_seats)
        self.animator.feed(session.pop_events())
        self._build_buttons()
        self._prepare_art()

    def _prepare_art(self) -> None:
        """Scale what the frame loop blits, once."""
        background = self.app.assets.image("ui/background", (L.WIDTH, L.HEIGHT))
        try:
            self.background = background.convert() if pygame.display.get_surface() else background
        except pygame.error:
            self.background = background
        # Every font the table and its overlays use (glyphs rasterised now, not mid-game).
        self.text.warm(((13, True), (14, True), (15, True), (15, False), (16, True), (18, True),
                        (19, True), (20, True), (26, True)))
        # Every size a card takes at rest or in flight (scales snap to 0.05 steps).
        self.renderer.prewarm(tuple(round(0.5 + 0.05 * i, 2) for i in range(11)))
        # The first frame's layers, so it costs no more than the next one.
        self._static_layer()
        for seat in (0, 1):
            self._plate(seat, self.view.side(seat))
        defer = getattr(self.app, "defer", None)
        if defer is not None:
            for font in OVERLAY_FONTS:  # one font per idle pause: a few ms each
                defer(lambda font=font: self.text.warm((font,)))

    def _build_buttons(self) -> None:
        area = L.BUTTON_AREA
        self.buttons: dict[str, Button] = {}
        self.buttons["primary"] = Button("primary", pygame.Rect(area.x, area.y, area.width, 48),
                                         style="primary", font_size=20)
        self.buttons["secondary"] = Button("secondary",
                                           pygame.Rect(area.x, area.y + 58, area.width, 40),
                                           style="secondary", font_size=18)
        self.buttons["hint"] = Button("hint", pygame.Rect(area.x, area.y + 106, area.width // 2 - 4, 36),
                                      tr("tacocat.table.button.hint"), style="quiet", font_size=16)
        self.buttons["discards"] = Button(
            "discards", pygame.Rect(area.x + area.width // 2 + 4, area.y + 106, area.width // 2 - 4, 36),
            tr("tacocat.table.button.discards"), style="quiet", font_size=16)
        self.buttons["menu"] = Button("menu", pygame.Rect(1164, 14, 100, 38),
                                      tr("tacocat.table.button.menu"), style="quiet", font_size=16)

    def exit(self) -> None:
        """Leaving the table (Quit to title, closing the window): save, stop the AI at once."""
        session = self.session
        if session is None:
            return
        try:
            if not session.state.is_over:
                session.save_now()
        finally:
            session.close()

    # --- services ---------------------------------------------------------------------------

    def _sound(self, name: str) -> None:
        audio = getattr(self.app, "audio", None)
        if audio is not None:
            audio.play(name)

    def _screenshot(self, label: str) -> None:
        shot = getattr(self.app, "screenshot", None)
        if shot is not None:
            shot(label)

    # --- who may act ----------------------------------------------------------------------

    def acting_seat(self) -> int | None:
        """The human seat whose input is accepted now, or None."""
        session, animator = self.session, self.animator
        if session is None or animator is None or animator.busy or animator.held:
            return None
        seat = session.human_to_act()
        if seat is None or seat != self.viewer or seat not in self.view.face_up_seats:
            return None
        return seat

    def _phase(self) -> Phase:
        return self.session.state.phase  # type: ignore[union-attr]

    def my_hand(self) -> list[CardSprite]:
        if self.viewer is None or self.view is None:
            return []
        return self.view.hands[self.viewer]

    # --- the frame -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.session is None:
            return
        dt = max(0.0, min(dt, 0.1))
        session, animator, view = self.session, self.animator, self.view
        session.update(dt, idle=animator.idle and not animator.held)
        events = session.pop_events()
        if events:
            animator.feed(events)
            self._clear_selection()
        animator.update(dt)
        turn = (id(session.state), self.acting_seat())
        if turn != self._turn and turn[1] is not None:
            # A new decision: keyboard focus starts on the first card again.
            self.focus_index = 0 if self.keyboard_focus else None
        self._turn = turn
        self._check_hint()
        self._update_lifts(dt)
        if self._message_left > 0:
            self._message_left -= dt
            if self._message_left <= 0:
                self.message = None
        if animator.idle and not animator.held:
            self._maybe_pass_device()
            if view.game_winner is not None and not self._game_over_shown:
                self._game_over_wait += dt
                if self._game_over_wait >= (0.0 if animator.instant else 0.4):
                    self._show_game_over()
        self._refresh_buttons()

    def is_animating(self) -> bool:
        if self.session is None:
            return False
        return (self.animator.is_moving() or self.session.ai_thinking or self.session.hint_pending
                or self._lifts_moving)

    # --- hot-seat hand-over --------------------------------------------------------------

    def _maybe_pass_device(self) -> None:
        session = self.session
        if session.mode != "hotseat" or self._passing:
            return
        seat = session.human_to_act()
        if seat is None or (seat == self.viewer and seat in self.view.face_up_seats):
            return
        # Nobody's hand shows until the right player says they hold the device.
        self.viewer = None
        self.view.set_viewer(())
        self._clear_selection()
        self._passing = True
        name, other = session.name(seat), session.name(1 - seat)
        try:
            from tacocat.ui.scenes.pass_device import PassDeviceScene
        except ImportError:
            PassDeviceScene = None  # noqa: N806
        if PassDeviceScene is not None:
            self.app.scenes.push(PassDeviceScene(self.app, name, lambda: self._device_taken(seat),
                                                 seat=seat, other=other))
        elif hasattr(self.app, "pass_device"):
            self.app.pass_device(name, lambda: self._device_taken(seat), seat=seat)
        else:
            self._device_taken(seat)

    def _device_taken(self, seat: int) -> None:
        self._passing = False
        view = self.view
        self.viewer = seat
        view.set_viewer({seat}, bottom_seat=seat)
        view.relayout_instant()
        for sprite in view.hands[seat]:
            sprite.flip = 0.0 if not self.animator.instant else 1.0
            self.animator.ambient.to(sprite, "flip", 1.0, 0.18)
        self._sound("flip")

    # --- round result & game over -----------------------------------------------------------

    def _pause_before(self, event: ev.Event) -> bool:
        if isinstance(event, ev.RoundStarted) and self.view.round_number >= 1:
            from tacocat.ui.scenes.round_result import RoundResultScene

            self.app.scenes.push(RoundResultScene(self.app, self, dict(self.view.last_round)))
            return True
        return False

    def round_result_closed(self) -> None:
        """The round result was dismissed: deal the next round."""
        self.animator.resume()

    def _show_game_over(self) -> None:
        from tacocat.ui.scenes.game_over import GameOverScene

        self._game_over_shown = True
        state = self.session.state
        self.app.scenes.push(GameOverScene(self.app, self, {
            "winner": state.winner, "wins": tuple(state.wins), "names": tuple(self.config.names),
            "rounds": state.round_number, "tied": state.tied_rounds, "mode": self.session.mode,
            "human_seat": self.config.human_seat}))

    def rematch(self) -> None:
        config = dataclasses.replace(self.config, seed=None)
        self.app.start_game(config)

    def _record_result(self, state: Any) -> None:
        """The game ended: count it in the statistics (a demo is not counted)."""
        session = self.session
        mode = session.mode if session is not None else self.config.mode
        if mode == "demo":
            return
        winner = state.winner
        loser = 1 - winner
        kwargs: dict[str, Any]
        if mode == "vs_ai":
            human = self.config.human_seat
            kwargs = dict(level=self.config.level, human_won=winner == human,
                          rounds_won=state.wins[human], rounds_lost=state.wins[1 - human],
                          tied_rounds=state.tied_rounds)
        else:
            kwargs = dict(winner_name=self.config.names[winner], loser_name=self.config.names[loser],
                          rounds_won=state.wins[winner], rounds_lost=state.wins[loser],
                          tied_rounds=state.tied_rounds)
        recorder = getattr(self.app, "record_game", None)
        if recorder is not None:
            recorder(mode, **kwargs)
            return
        directory = getattr(self.app, "data_dir", None)
        if directory is None:
            return
        from tacocat.persistence.stats import load_stats, save_stats

        stats, _ = load_stats(directory)
        save_stats(directory, stats.record_game(mode, **kwargs))
        if hasattr(self.app, "stats"):
            self.app.stats = stats.record_game(mode, **kwargs)

    # --- selection & actions ---------------------------------------------------------------

    def _clear_selection(self) -> None:
        for sprite in self.selected:
            sprite.selected = False
        self.selected = []
        self.hint_text = None

    def _selected_values(self) -> tuple[int, ...]:
        return tuple(sorted(s.value for s in self.selected if s.value is not None))

    def _say(self, text: str, tone: str = "error") -> None:
        self.message = text
        self.message_tone = tone
        self._message_left = MESSAGE_TIME
        if tone == "error":
            self._sound("error")

    def _refuse(self, why: str) -> None:
        self._say(_sentence(why))

    def _submit(self, action: Any) -> bool:
        problem = self.session.submit(action)
        if problem is not None:
            self._refuse(problem)
            return False
        self.message = None
        self._clear_selection()
        return True

    def click_card(self, sprite: CardSprite) -> None:
        """A click (or Space/Enter) on one of your cards."""
        seat = self.acting_seat()
        if seat is None:
            self._explain_wait()
            return
        if sprite.owner != seat or sprite.zone != "hand" or sprite.value is None:
            return
        phase = self._phase()
        if phase is Phase.DUEL:
            self._submit(DuelCard(seat, sprite.value))
        elif phase is Phase.DEFEND:
            self._submit(Respond(seat, sprite.value))
        elif phase in (Phase.REPLACE, Phase.ATTACK):
            self.toggle(sprite)

    def toggle(self, sprite: CardSprite) -> None:
        seat = self.acting_seat()
        if seat is None or sprite.owner != seat or sprite.zone != "hand":
            return
        if sprite.selected:
            sprite.selected = False
            self.selected.remove(sprite)
            self._sound("click")
            return
        phase = self._phase()
        if phase is Phase.REPLACE:
            trial = tuple(sorted(self._selected_values() + (sprite.value,)))
            problem = self.session.problem(Replace(seat, trial))
            if problem is not None:
                self._refuse(problem)
                return
        elif phase is Phase.ATTACK:
            if len(self.selected) + 1 >= len(self.my_hand()):
                self._refuse(self.session.problem(Attack(seat, tuple(
                    sorted(s.value for s in self.my_hand())))) or "")
                return
        else:
            self.click_card(sprite)
            return
        sprite.selected = True
        self.selected.append(sprite)
        self.message = None
        self._sound("click")

    def press(self, key: str) -> None:
        """A click (or Enter) on a button."""
        button = self.buttons.get(key)
        if button is None or not button.visible:
            return
        if not button.enabled:
            self._refuse(button.disabled_reason or tr("tacocat.table.why.not_now"))
            return
        self._sound("click")
        if key == "menu":
            self._open_menu()
        elif key == "discards":
            self.open_discards()
        elif key == "hint":
            self.ask_hint()
        elif key == "primary":
            self._confirm()
        elif key == "secondary":
            self._secondary()

    def _confirm(self) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        phase = self._phase()
        values = self._selected_values()
        if phase is Phase.REPLACE:
            self._submit(Replace(seat, values))
        elif phase is Phase.ATTACK:
            self._submit(Attack(seat, values))
        elif phase in (Phase.DUEL, Phase.DEFEND) and len(self.selected) == 1:
            self.click_card(self.selected[0])

    def _secondary(self) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        if self._phase() is Phase.REPLACE:
            self._clear_selection()
            self._submit(Replace(seat, ()))
        else:
            self._clear_selection()

    def _explain_wait(self) -> None:
        session = self.session
        if session.state.is_over:
            return
        if self.animator.busy:
            return
        who = session.actor()
        if who is None:
            return
        if not who[1]:
            self._say(tr("tacocat.table.why.computer_turn", name=session.name(who[0])))
        else:
            self._say(tr("tacocat.table.why.other_turn", name=session.name(who[0])))

    def ask_hint(self) -> None:
        seat = self.acting_seat()
        if seat is None:
            self._explain_wait()
            return
        if self.session.request_hint(seat):
            self._hint_wanted = True
            self.hint_text = tr("tacocat.table.hint.thinking")

    def _check_hint(self) -> None:
        if not self._hint_wanted:
            return
        hint = self.session.take_hint()
        if hint is None:
            if not self.session.hint_pending:
                self._hint_wanted = False
                if self.hint_text == tr("tacocat.table.hint.thinking"):
                    self.hint_text = None
            return
        self._hint_wanted = False
        seat = self.acting_seat()
        if seat is None:
            self.hint_text = None
            return
        action = hint.action
        values: tuple[int, ...]
        values = action.cards if isinstance(action, (Replace, Attack)) else (action.card,)
        for sprite in self.selected:
            sprite.selected = False
        self.selected = []
        remaining = list(values)
        for sprite in self.my_hand():
            if sprite.value in remaining:
                remaining.remove(sprite.value)
                sprite.selected = True
                self.selected.append(sprite)
        key = getattr(hint, "reason_key", None)  # a translation key and its parameters
        reason = tr(key, **getattr(hint, "reason_params", {})) if key else ""
        self.hint_text = _hint_line(action, reason)
        self._focus_primary()

    def _focus_primary(self) -> None:
        if self.keyboard_focus:
            items = self.focusables()
            for i, item in enumerate(items):
                if isinstance(item, Button) and item.key == "primary":
                    self.focus_index = i

    def _open_menu(self) -> None:
        opener = getattr(self.app, "open_menu", None)
        if opener is not None:
            opener()

    def open_discards(self) -> None:
        from tacocat.ui.scenes.discard_viewer import DiscardViewerScene

        view = self.view
        mine = [s.value for s in self.my_hand() if s.value is not None]
        if view.face_up_seats == frozenset({0, 1}):
            mine = []  # a spectator counts only the public cards
        self.app.scenes.push(DiscardViewerScene(
            self.app, list(view.discard_values), mine, list(self.session.state.ruleset.deck),
            self.renderer, self.text))

    # --- buttons ---------------------------------------------------------------------------

    def _problem_cached(self, action: Any) -> str | None:
        """The engine's reason ``action`` is illegal (memoised per state: asked every frame)."""
        key = (id(self.session.state), action)
        cache = self._problems
        if cache.get("state") is not self.session.state:
            cache.clear()
            cache["state"] = self.session.state
        if key not in cache:
            cache[key] = self.session.problem(action)
        return cache[key]

    def _refresh_buttons(self) -> None:
        b = self.buttons
        seat = self.acting_seat()
        primary, secondary = b["primary"], b["secondary"]
        primary.visible = secondary.visible = False
        b["hint"].enabled = seat is not None
        b["hint"].disabled_reason = tr("tacocat.table.why.hint_not_now")
        b["hint"].visible = self.session.mode != "demo"
        if seat is None:
            return
        phase = self._phase()
        values = self._selected_values()
        if phase is Phase.REPLACE:
            primary.visible = secondary.visible = True
            primary.label = (tr("tacocat.table.button.replace", count=len(values)) if values
                             else tr("tacocat.table.button.replace_none"))
            problem = self._problem_cached(Replace(seat, values)) if values else None
            primary.enabled = bool(values) and problem is None
            primary.disabled_reason = problem or tr("tacocat.table.why.select_to_replace")
            secondary.label = tr("tacocat.table.button.keep")
            secondary.enabled = True
        elif phase is Phase.ATTACK:
            primary.visible = secondary.visible = True
            primary.label = tr("tacocat.table.button.attack")
            problem = (self._problem_cached(Attack(seat, values)) if values
                       else tr("tacocat.table.why.select_to_attack"))
            primary.enabled = problem is None
            primary.disabled_reason = problem
            secondary.label = tr("tacocat.table.button.clear")
            secondary.enabled = bool(values)
            secondary.disabled_reason = tr("tacocat.table.why.nothing_selected")
        elif phase in (Phase.DUEL, Phase.DEFEND) and self.keyboard_focus:
            primary.visible = True
            primary.label = tr("tacocat.table.button.play_selected")
            primary.enabled = len(self.selected) == 1
            primary.disabled_reason = tr("tacocat.table.why.pick_one")

    # --- input -----------------------------------------------------------------------------

    def focusables(self) -> list[Any]:
        """What keyboard focus can land on: your cards, then the visible buttons."""
        items: list[Any] = [s for s in self.my_hand() if s.zone == "hand"]
        for key in ("primary", "secondary", "hint", "discards", "menu"):
            button = self.buttons[key]
            if button.visible:
                items.append(button)
        return items

    def focused(self) -> Any:
        items = self.focusables()
        if self.focus_index is None or not items:
            return None
        return items[self.focus_index % len(items)]

    def _move_focus(self, step: int) -> None:
        items = self.focusables()
        if not items:
            return
        self.keyboard_focus = True
        if self.focus_index is None:
            self.focus_index = 0 if step > 0 else len(items) - 1
        else:
            self.focus_index = (self.focus_index + step) % len(items)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.session is None:
            return
        animator = self.animator
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.hovered = self._card_at(event.pos)
            for button in self.buttons.values():
                button.hovered = button.contains(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons.values():
                button.pressed = button.contains(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for button in self.buttons.values():
                button.pressed = False
            if animator.busy and not animator.held and animator.tweener.is_animating():
                animator.skip()
                return
            self._click(event.pos)

    def _click(self, pos: tuple[int, int]) -> None:
        self.keyboard_focus = False
        for key, button in self.buttons.items():
            if button.contains(pos):
                self.press(key)
                return
        sprite = self._card_at(pos)
        if sprite is not None:
            self.click_card(sprite)
            return
        discard = pygame.Rect(0, 0, 96, 128)
        discard.center = (round(L.DISCARD_POS[0]), round(L.DISCARD_POS[1]))
        if discard.collidepoint(pos):
            self.open_discards()
            return
        sprite = self._any_card_at(pos)
        if sprite is not None and sprite.zone == "hand" and sprite.owner != self.viewer:
            self._say(tr("tacocat.table.why.not_your_cards"))

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        animator = self.animator
        moving = animator.tweener.is_animating()
        if key in (pygame.K_SPACE, pygame.K_ESCAPE) and moving:
            animator.skip()
            return
        if key == pygame.K_ESCAPE:
            self._open_menu()
        elif key in (pygame.K_LEFT, pygame.K_UP):
            self._move_focus(-1)
        elif key in (pygame.K_RIGHT, pygame.K_DOWN):
            self._move_focus(1)
        elif key == pygame.K_TAB:
            self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_SPACE:
            item = self.focused()
            if isinstance(item, CardSprite):
                self._select_with_key(item)
            elif isinstance(item, Button):
                self.press(item.key)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            item = self.focused()
            if isinstance(item, Button):
                self.press(item.key)
            elif isinstance(item, CardSprite):
                phase = self._phase()
                if phase in (Phase.DUEL, Phase.DEFEND):
                    self.click_card(item)
                elif self.buttons["primary"].visible:
                    self.press("primary")
            elif self.buttons["primary"].visible:
                self.press("primary")
        elif key == pygame.K_h:
            self.ask_hint()
        elif key == pygame.K_d:
            self.open_discards()

    def _select_with_key(self, sprite: CardSprite) -> None:
        """Space on a card: toggle it (in the duel and defence, pick it as the one card)."""
        seat = self.acting_seat()
        if seat is None:
            self._explain_wait()
            return
        if self._phase() in (Phase.DUEL, Phase.DEFEND):
            if sprite.selected:
                sprite.selected = False
                self.selected = []
                return
            if self._phase() is Phase.DEFEND:
                problem = self.session.problem(Respond(seat, sprite.value))
                if problem is not None:
                    self._refuse(problem)
                    return
            for other in self.selected:
                other.selected = False
            sprite.selected = True
            self.selected = [sprite]
            self._sound("click")
            return
        self.toggle(sprite)

    def _card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """Your card under the mouse (the topmost one)."""
        for sprite in reversed(self.my_hand()):
            if sprite.z <= 0 and self.renderer.rect_of(sprite).collidepoint(pos):
                return sprite
        return None

    def _any_card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for sprite in reversed(self.view.all_sprites()):
            if self.renderer.rect_of(sprite).collidepoint(pos):
                return sprite
        return None

    def card_rect(self, sprite: CardSprite) -> pygame.Rect:
        """Where ``sprite`` is on screen now (tests click there)."""
        return self.renderer.rect_of(sprite)

    # --- ambient motion --------------------------------------------------------------------

    def _update_lifts(self, dt: float) -> None:
        seat = self.acting_seat()
        focus = self.focused() if self.keyboard_focus else None
        moving = False
        rate = min(1.0, dt * 16) if not self.animator.instant else 1.0
        for hand_seat in (0, 1):
            for sprite in self.view.hands[hand_seat]:
                target = 0.0
                if hand_seat == self.viewer and hand_seat in self.view.face_up_seats:
                    if sprite.selected:
                        target = SELECTED_LIFT
                    elif sprite.committed:
                        target = COMMITTED_LIFT
                    elif (sprite is self.hovered or sprite is focus) and seat is not None:
                        target = HOVER_LIFT
                if abs(sprite.lift - target) > 0.3:
                    sprite.lift += (target - sprite.lift) * rate
                    moving = True
                else:
                    sprite.lift = target
        self._lifts_moving = moving

    _lifts_moving = False

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.session is None:
            return
        view = self.view
        surface.blit(self._static_layer(), (0, 0))
        self._draw_board(surface)
        self._draw_piles(surface)
        self._draw_panels(surface)
        self._draw_duel_slots(surface)
        self._draw_cards(surface)
        self._draw_table_marks(surface)
        self._draw_prompt(surface)
        self._draw_banners(surface)
        focus = self.focused() if self.keyboard_focus else None
        for button in self.buttons.values():
            button.draw(surface, self.text, focused=button is focus)
        if view.particles and self.app.scenes.top is self:
            self.draw_confetti(surface)

    def _static_layer(self) -> pygame.Surface:
        """Background, board, play mat and labels: one opaque blit a frame, redrawn
        only when a tile lands, Tacocat moves or a round starts."""
        view = self.view
        key = (view.covered, view.token_rest, view.round_number, view.hand_size)
        if self._static is not None and key == self._static_key:
            return self._static
        p = palette()
        # One surface, repainted: a fresh 3.7 MB copy each time cost page faults too.
        layer = self._static
        if layer is None:
            layer = self.background.copy()
        else:
            layer.blit(self.background, (0, 0))
        self.board.draw(layer, view.covered, view.token_rest)
        round_label = self.text.render(
            tr("tacocat.table.round", n=view.round_number, cards=view.hand_size), 16,
            p.box_floor, bold=True)
        layer.blit(round_label, round_label.get_rect(topright=(1150, 22)))
        # The play mat: where duels, attacks and answers are laid.
        mat = pygame.Surface(L.PLAY_MAT.size, pygame.SRCALPHA)
        pygame.draw.rect(mat, (*p.table_deep, 80), mat.get_rect(), border_radius=28)
        pygame.draw.rect(mat, (*p.table_light, 110), mat.get_rect(), width=2, border_radius=28)
        layer.blit(mat, L.PLAY_MAT)
        size = self.renderer.size_for(L.PILE_SCALE)
        outline = pygame.Rect(0, 0, *size)
        for pos, colour in ((L.DRAW_POS, p.table_deep), (L.DISCARD_POS, p.table_light)):
            outline.center = (round(pos[0]), round(pos[1]))
            pygame.draw.rect(layer, colour, outline.inflate(8, 8), width=2, border_radius=10)
        self._static, self._static_key = layer, key
        return layer

    def _draw_board(self, surface: pygame.Surface) -> None:
        """What moves on the board: a falling tile and Tacocat."""
        view, board = self.view, self.board
        tile = view.falling_tile
        if tile is not None:
            image = board.screen_tile()
            rect = board.space_rect(tile.space)
            rect.y += round(tile.offset)
            if tile.alpha < 0.99:
                image = image.copy()
                image.set_alpha(int(255 * max(0.0, tile.alpha)))
            surface.blit(image, rect)
        board.draw_token(surface, view.token, view.token_height, view.token_left)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        view, p, text = self.view, palette(), self.text
        # Tile stack: the tiles not yet placed.
        tile = self.board.screen_tile(0.62)
        x, y = L.TILE_STACK_POS
        for i in range(view.tiles_left):
            surface.blit(tile, tile.get_rect(center=(round(x), round(y - i * 4))))
        label = text.render(tr("tacocat.table.tiles", n=view.tiles_left), 15, p.box_floor, bold=True)
        surface.blit(label, label.get_rect(midtop=(round(x), round(y + 38))))
        # Draw pile: a few backs, offset, with the count.
        size = self.renderer.size_for(L.PILE_SCALE)
        back = self.renderer.back(size)
        shadow = self.renderer.shadow(size)
        dx, dy = L.DRAW_POS
        layers = min(5, (view.draw_count + 5) // 6)
        if layers:
            surface.blit(shadow, shadow.get_rect(center=(round(dx) + 2, round(dy) + 4)))
        for i in range(layers):
            surface.blit(back, back.get_rect(center=(round(dx) - i, round(dy) - i * 2)))
        label = text.render(tr("tacocat.table.draw_pile", n=view.draw_count), 15, p.box_floor, bold=True)
        surface.blit(label, label.get_rect(midtop=(round(dx), round(dy) + size[1] // 2 + 8)))
        # Discard pile count (its cards are sprites; the outline is in the static layer).
        rx, ry = L.DISCARD_POS
        label = text.render(tr("tacocat.table.discard_pile", n=len(view.discard_values)), 15,
                            p.box_floor, bold=True)
        surface.blit(label, label.get_rect(midtop=(round(rx), round(ry) + size[1] // 2 + 8)))

    def _draw_cards(self, surface: pygame.Surface) -> None:
        view, renderer = self.view, self.renderer
        seat = self.acting_seat()
        playable: set[int] | None = None
        if seat is not None and self._phase() is Phase.DEFEND:
            state = self.session.state
            playable = set(response_options(state.hands[seat], state.pending_target))
        focus = self.focused() if self.keyboard_focus else None
        for sprite in view.all_sprites():
            show = view.shows_face(sprite)
            mine = seat is not None and sprite.zone == "hand" and sprite.owner == seat
            dim = bool(mine and playable is not None and sprite.value not in playable)
            committed = sprite.committed and sprite.owner in view.face_up_seats
            highlight = (mine and sprite.selected) or sprite.glow > 0.5 or committed
            renderer.draw(surface, sprite, show, dim=dim or committed, highlight=highlight,
                          focus=sprite is focus)

    def _draw_duel_slots(self, surface: pygame.Surface) -> None:
        """Dashed places for the two duel cards while a duel is on."""
        view = self.view
        dueling = any(s is not None for s in view.duel)
        if not dueling and not (self.acting_seat() is not None and self._phase() is Phase.DUEL):
            return
        slot = getattr(self, "_slot_image", None)
        if slot is None:
            p = palette()
            w, h = self.renderer.size_for(L.TABLE_SCALE)
            slot = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
            rect = slot.get_rect().inflate(-4, -4)
            pygame.draw.rect(slot, (*p.table_deep, 120), rect, border_radius=10)
            for x in range(rect.left + 8, rect.right - 8, 12):
                pygame.draw.line(slot, p.table_light, (x, rect.top), (x + 6, rect.top), 2)
                pygame.draw.line(slot, p.table_light, (x, rect.bottom - 1), (x + 6, rect.bottom - 1), 2)
            for y in range(rect.top + 8, rect.bottom - 8, 12):
                pygame.draw.line(slot, p.table_light, (rect.left, y), (rect.left, y + 6), 2)
                pygame.draw.line(slot, p.table_light, (rect.right - 1, y), (rect.right - 1, y + 6), 2)
            self._slot_image = slot
        for side in ("top", "bottom"):
            x, y = L.DUEL_POS[side]
            surface.blit(slot, slot.get_rect(center=(round(x), round(y))))
        p = palette()
        vs = self.text.render(tr("tacocat.table.vs"), 18, p.box_floor, bold=True)
        middle = ((L.DUEL_POS["top"][0] + L.DUEL_POS["bottom"][0]) / 2, L.DUEL_POS["top"][1])
        surface.blit(vs, vs.get_rect(center=(round(middle[0]), round(middle[1]))))

    def _draw_table_marks(self, surface: pygame.Surface) -> None:
        """The current target of a jumbo attack, answer marks, duel labels."""
        view, p, text = self.view, palette(), self.text
        if view.attack and len(view.responses) < len(view.attack):
            target = view.attack[len(view.responses)]
            if target.z <= 0:
                rect = self.renderer.rect_of(target)
                pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 180)
                ring = rect.inflate(10 + int(4 * pulse), 10 + int(4 * pulse))
                pygame.draw.rect(surface, p.cheese, ring, width=4, border_radius=12)
                label = text.render(tr("tacocat.table.answer_this"), 14, p.ink, bold=True)
                pill = pygame.Rect(0, 0, label.get_width() + 16, label.get_height() + 4)
                # On the defender's side of the card, where the answer will land.
                if view.attacker is not None and view.side(view.attacker) == "bottom":
                    pill.midbottom = (rect.centerx, rect.top - 6)
                else:
                    pill.midtop = (rect.centerx, rect.bottom + 6)
                pygame.draw.rect(surface, p.cheese, pill, border_radius=10)
                surface.blit(label, label.get_rect(center=pill.center))
        for sprite in view.responses:
            if sprite.z > 0 or sprite.mark is None:
                continue
            rect = self.renderer.rect_of(sprite)
            good = sprite.mark == "defended"
            colour = p.avocado if good else p.salsa
            key = "tacocat.table.mark.defended" if good else "tacocat.table.mark.sacrificed"
            label = text.render(tr(key), 13, p.white, bold=True)
            pill = pygame.Rect(0, 0, label.get_width() + 12, label.get_height() + 2)
            pill.midtop = (rect.centerx, rect.bottom - 10)
            pygame.draw.rect(surface, colour, pill, border_radius=9)
            surface.blit(label, label.get_rect(center=pill.center))
        for seat in (0, 1):
            sprite = view.duel[seat] or view.showdown[seat]
            if sprite is None or sprite.z > 0:
                continue
            rect = self.renderer.rect_of(sprite)
            label = text.render(view.names[seat], 15, p.box_floor, bold=True, max_width=110)
            if view.side(seat) == "top":
                spot = label.get_rect(midbottom=(rect.centerx, rect.top - 4))
            else:
                spot = label.get_rect(midtop=(rect.centerx, rect.bottom + 4))
            surface.blit(label, spot)

    def _draw_panels(self, surface: pygame.Surface) -> None:
        """Name plates, the log, the opponent's card count (these change often)."""
        view = self.view
        for seat in (0, 1):
            side = view.side(seat)
            rect = L.PLATE_RECT[side]
            surface.blit(self._plate(seat, side), (rect.x - 4, rect.y - 4))
        self._draw_log(surface)
        top = 1 - view.bottom_seat
        count = len(view.hands[top])
        if count:
            p = palette()
            slots = L.hand_slots("top", count)
            label = self.text.render(tr("tacocat.table.cards_in_hand", count=count), 15, p.box_floor,
                                     bold=True)
            x = slots[-1][0] + 50
            surface.blit(label, label.get_rect(midleft=(round(x), round(L.HAND_Y["top"]))))

    def _plate_key(self, seat: int, side: str) -> tuple[Any, ...]:
        view, session = self.view, self.session
        who = session.actor()
        turn = (who is not None and who[0] == seat and self.animator.idle
                and not session.state.is_over)
        return ("plate", seat, side, view.names[seat], view.wins[seat], view.attacker == seat,
                view.committed[seat], turn)

    def _plate(self, seat: int, side: str) -> pygame.Surface:
        view, session = self.view, self.session
        key = self._plate_key(seat, side)
        attacker, turn = key[5], key[7]
        cached = self._panel_cache.get(key)
        if cached is not None:
            return cached
        p, text = palette(), self.text
        rect = L.PLATE_RECT[side]
        w, h = rect.size
        colour = p.seat(seat)
        surface = rounded_panel((w, h), mix(p.table_deep, p.table, 0.4),
                                p.cheese if turn else mix(colour, p.table_deep, 0.3),
                                radius=14, border_width=3 if turn else 2, shadow=4)
        goal = self.app.assets.image(f"board/goal_{seat + 1}", (40, 46))
        surface.blit(goal, (12, 4 + (h - 46) // 2))
        name = text.render(view.names[seat], 19, p.card_face, bold=True, max_width=w - 70)
        surface.blit(name, (60, 10))
        # Rounds won: one pip per round needed.
        for i in range(self.rounds_to_win):
            centre = (68 + i * 21, 47)
            if i < view.wins[seat]:
                pygame.draw.circle(surface, colour, centre, 8)
                pygame.draw.circle(surface, p.card_face, centre, 8, width=2)
            else:
                pygame.draw.circle(surface, p.table_light, centre, 8, width=2)
        badge = None
        if view.committed[seat]:
            badge = (tr("tacocat.table.badge.chosen"), p.avocado)
        elif attacker:
            badge = (tr("tacocat.table.badge.attacker"), p.salsa)
        if badge is not None:
            label = text.render(badge[0], 13, p.white, bold=True)
            pill = pygame.Rect(0, 0, label.get_width() + 14, 20)
            pill.topright = (w - 6, 37)
            pygame.draw.rect(surface, badge[1], pill, border_radius=10)
            surface.blit(label, label.get_rect(center=pill.center))
        if side == "bottom" and session.mode == "vs_ai":
            you = text.render(tr("tacocat.table.you"), 13, p.cheese, bold=True)
            surface.blit(you, (60, h - 14))
        return self._panel_cache.put(key, surface)

    def _draw_log(self, surface: pygame.Surface) -> None:
        lines = tuple(self.view.log)
        key = ("log", lines)
        # Only the current log is kept: it only ever grows or is cleared.
        cached = self._log_panel[1] if self._log_panel and self._log_panel[0] == key else None
        if cached is None:
            p, text = palette(), self.text
            rect = L.LOG_RECT
            cached = rounded_panel(rect.size, (*p.table_deep, 200), None, radius=14, shadow=0)
            heading = text.render(tr("tacocat.table.log_heading"), 14, p.cheese, bold=True)
            cached.blit(heading, (12, 8))
            # Whole entries, newest last, as many as fit.
            entries: list[list[str]] = []
            room = (rect.height - 36) // LOG_LINE
            for line in reversed(lines):
                # The newest entry is bold: wrap it as bold.
                wrapped = text.wrap(line, LOG_FONT, rect.width - 24, bold=not entries)
                if len(wrapped) > room:
                    break
                entries.insert(0, wrapped)
                room -= len(wrapped)
            y = 32
            for i, entry in enumerate(entries):
                newest = i == len(entries) - 1
                colour = p.card_face if newest else mix(p.table_light, p.card_face,
                                                         0.5 + 0.35 * (i + 1) / len(entries))
                for part in entry:
                    label = text.render(part, LOG_FONT, colour, bold=newest)
                    cached.blit(label, (12, y))
                    y += LOG_LINE
            self._log_panel = (key, cached)
        surface.blit(cached, L.LOG_RECT.topleft)

    def prompt_text(self) -> tuple[str, str]:
        """The line under the table: (text, tone)."""
        if self.message:
            return self.message, self.message_tone
        if self.hint_text:
            return self.hint_text, "hint"
        session = self.session
        state = session.state
        seat = self.acting_seat()
        if seat is not None:
            phase = state.phase
            if phase is Phase.REPLACE:
                limit = state.replace_limit if state.replacer == seat or state.replace_secret else None
                if state.replace_secret:
                    return tr("tacocat.table.prompt.replace_secret"), "do"
                if limit is None:
                    return tr("tacocat.table.prompt.replace_any"), "do"
                return tr("tacocat.table.prompt.replace_up_to", count=limit), "do"
            if phase is Phase.DUEL:
                return tr("tacocat.table.prompt.duel"), "do"
            if phase is Phase.ATTACK:
                return tr("tacocat.table.prompt.attack"), "do"
            if phase is Phase.DEFEND:
                target = state.pending_target
                lowest = state.hands[seat][0]
                left = len(state.attack) - len(state.responses)
                if lowest >= target:
                    text = tr("tacocat.table.prompt.defend_only", card=target)
                else:
                    text = tr("tacocat.table.prompt.defend", card=target, lowest=lowest)
                if len(state.attack) > 1:
                    text += " " + tr("tacocat.table.prompt.jumbo_left", count=left)
                return text, "do"
        if self.animator.busy or state.is_over:
            return "", "info"
        who = session.actor()
        if who is not None and not who[1]:
            return tr("tacocat.table.prompt.thinking", name=session.name(who[0])), "info"
        return "", "info"

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        text, tone = self.prompt_text()
        if not text or (self.view.banners and tone == "info"):
            return  # a banner says what just happened in the same place
        key = (text, tone)
        cached = self._prompt_cache.get(key)
        if cached is None:
            p = palette()
            fill, ink = {
                "error": (p.salsa, p.white), "hint": (p.cheese, p.ink),
                "do": (p.box_floor, p.ink), "info": (mix(p.table_deep, p.table, 0.3), p.card_face),
            }.get(tone, (p.box_floor, p.ink))
            label = self.text.render(text, 19, ink, bold=True, max_width=700)
            cached = rounded_panel((label.get_width() + 36, label.get_height() + 12), fill,
                                   p.ink if tone != "info" else None, radius=18, shadow=3)
            cached.blit(label, (3 + 18, 3 + 6))
            self._prompt_cache.put(key, cached)
        surface.blit(cached, cached.get_rect(center=(L.WIDTH // 2, L.PROMPT_Y)))

    def _draw_banners(self, surface: pygame.Surface) -> None:
        p = palette()
        for banner in self.view.banners:
            if banner.alpha <= 0.02:
                continue
            key = ("banner", banner.text, banner.tone)
            cached = self._panel_cache.get(key)
            if cached is None:
                fill = p.avocado if banner.tone == "good" else p.cheese
                label = self.text.outlined(banner.text, 26, p.white if banner.tone == "good" else p.ink,
                                           p.ink if banner.tone == "good" else p.card_face, width=2)
                cached = rounded_panel((label.get_width() + 40, label.get_height() + 14), fill, p.ink,
                                       radius=20, border_width=3, shadow=5)
                cached.blit(label, label.get_rect(center=(cached.get_width() // 2,
                                                          cached.get_height() // 2 - 1)))
                self._panel_cache.put(key, cached)
            image = cached
            if banner.alpha < 0.98:
                image = cached.copy()
                image.set_alpha(int(255 * banner.alpha))
            surface.blit(image, image.get_rect(center=(L.WIDTH // 2, L.BANNER_Y + round(banner.y))))

    def draw_confetti(self, surface: pygame.Surface) -> None:
        """Confetti pieces (the game-over screen draws them over its panel too)."""
        sheet = getattr(self, "_confetti_sheet", None)
        if sheet is None:
            original = self.app.assets.image("ui/confetti")
            sheet = pygame.transform.scale_by(original, 2)
            self._confetti_sheet = sheet
        cell_w, cell_h = 24, 16
        for p in self.view.particles:
            frame = int(p.angle) % 4
            area = pygame.Rect(p.colour * cell_w, frame * cell_h, cell_w, cell_h)
            surface.blit(sheet, (round(p.x), round(p.y)), area)

    def tick_cosmetics(self, dt: float) -> None:
        """Keep confetti and labels moving while an overlay covers the table."""
        self.animator.tick_cosmetics(dt)


def _sentence(text: str) -> str:
    """The engine's lower-case reason as a sentence for the player."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _hint_line(action: Any, reason: str) -> str:
    if isinstance(action, Replace):
        what = (tr("tacocat.table.hint.replace", cards=cards_text(action.cards)) if action.cards
                else tr("tacocat.table.hint.keep"))
    elif isinstance(action, Attack):
        what = tr("tacocat.table.hint.attack", cards=cards_text(action.cards))
    elif isinstance(action, DuelCard):
        what = tr("tacocat.table.hint.duel", card=action.card)
    else:
        what = tr("tacocat.table.hint.respond", card=action.card)
    return f"{what} — {reason}" if reason else what
