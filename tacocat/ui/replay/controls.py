"""The replay viewer's controls: buttons, the scrubber, the keys, and the panel that says where it is.

Keys (by default; the player may choose others in Settings → Keys, see
:mod:`tacocat.ui.input.bindings`): ←/→ one action, ↑/↓ or PageUp/PageDown one
round, Home/End the first deal / the end, Space play or pause, +/- speed, 1-9
round 1-9, Esc close.
Mouse: the buttons, a click or drag on the scrubber, the wheel (one action). A game
file dropped on the window opens in its place.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.replay.player import SPEEDS
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.button import Button, ButtonGroup
from tacocat.ui.widgets.scrubber import Scrubber
from tacocat.ui.widgets.style import mix, palette, rounded_panel
from tacocat.ui.widgets.text_box import draw_text, line_step, smallest_size

if TYPE_CHECKING:
    from tacocat.ui.replay.player import ReplayPlayer

#: The bar under the play mat, above the bottom hand.
SCRUBBER_RECT = pygame.Rect(L.PLAY_MAT.x, 546, L.PLAY_MAT.width, 10)
#: Where the viewer says where it is (under the round log).
PANEL_RECT = pygame.Rect(L.LOG_RECT.x, L.LOG_RECT.bottom + 8, L.LOG_RECT.width, 120)
#: Transport buttons: first row (symbols are the same in every language).
TRANSPORT = (
    ("previous_round", "«", 40),
    ("back", "‹", 40),
    ("play", "", 64),
    ("forward", "›", 40),
    ("next_round", "»", 40),
)


class ReplayControls:
    """Buttons, scrubber and keys of one replay viewer (a :class:`ReplayPlayer`)."""

    def __init__(self, scene: ReplayPlayer) -> None:
        self.scene = scene
        self.scrubber = Scrubber(SCRUBBER_RECT)
        timeline = scene.timeline
        self.scrubber.last = timeline.last
        self.scrubber.ticks = timeline.round_starts
        decisions = {step: n.tone for step, n in scene.notes.items() if n.decision}
        self.scrubber.marks = decisions or {step: n.tone for step, n in scene.notes.items()}
        self.buttons = self._build_buttons()
        self._group = ButtonGroup(scene.click)
        #: The button Tab put the focus on (its key), None while the keys step the game.
        self.focus_key: str | None = None
        self._panel: tuple[tuple[str, ...], pygame.Surface] | None = None
        self.update(0.0)

    def _build_buttons(self) -> dict[str, Button]:
        """Every button, keyed by name, in Tab order."""
        return {**self._transport_buttons(), **self._speed_buttons(), **self._corner_buttons()}

    def _transport_buttons(self) -> dict[str, Button]:
        """The row that moves through the game: rounds, steps, play and pause."""
        scene, area = self.scene, L.BUTTON_AREA
        actions: dict[str, Callable[[], None]] = {
            "previous_round": scene.previous_round,
            "back": scene.step_back,
            "play": scene.toggle_play,
            "forward": scene.step_forward,
            "next_round": scene.next_round,
        }
        buttons: dict[str, Button] = {}
        x = area.x
        for key, label, width in TRANSPORT:
            buttons[key] = Button(
                key,
                pygame.Rect(x, area.y, width, 46),
                label,
                style="primary" if key == "play" else "secondary",
                on_click=(
                    actions[key]
                    if key == "play"
                    else functools.partial(self._by_hand, actions[key])
                ),
                font_size=24 if label else 18,
                sound=False,
            )
            x += width + 2
        return buttons

    def _speed_buttons(self) -> dict[str, Button]:
        """The row of playing speeds, under the transport row."""
        scene, area = self.scene, L.BUTTON_AREA
        buttons: dict[str, Button] = {}
        width = (area.width - 3 * 6) // 4
        for i, speed in enumerate(SPEEDS):
            key = f"speed_{speed:g}"
            buttons[key] = Button(
                key,
                pygame.Rect(area.x + i * (width + 6), area.y + 56, width, 36),
                tr("tacocat.replay.speed", speed=f"{speed:g}"),
                style="quiet",
                on_click=functools.partial(scene.set_speed, speed),
                font_size=16,
                sound=False,
            )
        return buttons

    def _corner_buttons(self) -> dict[str, Button]:
        """Close, and Review when the game has one, in the corner."""
        scene = self.scene
        buttons: dict[str, Button] = {}
        buttons["close"] = Button(
            "close",
            L.CORNER_BUTTON,
            tr("tacocat.replay.close"),
            style="quiet",
            on_click=scene.close,
            font_size=18,
        )
        if scene.has_review():
            buttons["review"] = Button(
                "review",
                L.CORNER_BUTTON.move(0, L.CORNER_STEP),
                tr("tacocat.replay.review"),
                style="quiet",
                on_click=scene.open_review,
                font_size=18,
                sound=False,
            )
        return buttons

    def update(self, dt: float) -> None:
        scene = self.scene
        self.buttons["play"].label = tr(
            "tacocat.replay.pause" if scene.playing else "tacocat.replay.play"
        )
        for speed in SPEEDS:
            self.buttons[f"speed_{speed:g}"].style = (
                "secondary" if speed == scene.speed else "quiet"
            )
        at_start, at_end = scene.index <= 0, scene.index >= scene.timeline.last
        self.buttons["back"].enabled = self.buttons["previous_round"].enabled = not at_start
        self.buttons["forward"].enabled = self.buttons["next_round"].enabled = not at_end
        self.scrubber.value = scene.index

    # --- input --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.DROPFILE:  # another game file: watch that one instead
            self.scene.open_file(Path(event.file))
            return
        jump = self.scrubber.handle(event)
        if jump is not None:
            self.scene.pause()
            if jump != self.scene.index:
                self.scene.go(jump)
            return
        if event.type == pygame.MOUSEWHEEL:
            (self.scene.step_back if event.y > 0 else self.scene.step_forward)()
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._mouse(event)

    def focused(self) -> Button | None:
        return self.buttons.get(self.focus_key) if self.focus_key is not None else None

    def _tab(self, step: int) -> None:
        """Tab / Shift-Tab: the focus round the usable buttons (Enter or Space presses)."""
        usable = [key for key, button in self.buttons.items() if button.visible and button.enabled]
        if not usable:
            return
        here = usable.index(self.focus_key) if self.focus_key in usable else (-1 if step > 0 else 0)
        self.focus_key = usable[(here + step) % len(usable)]
        self.scene.app.focus.announce(self.buttons[self.focus_key].label)

    def _mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus_key = None
        self._group.handle_event(self.buttons.values(), event)

    def press(self, key: str) -> None:
        """Press a button by its key (as a click would)."""
        self._group.press(self.buttons[key])

    def _by_hand(self, action: Callable[[], None]) -> None:
        """A step or a jump by hand: the playing stops first."""
        self.scene.pause()
        action()

    def _key(self, event: pygame.event.Event) -> None:
        """A key or a controller button as a replay action (the player's keys, Settings)."""
        scene = self.scene
        do = scene.app.keys.action(event, Scope.REPLAY)
        if do in (Action.NEXT, Action.PREVIOUS):
            self._tab(-1 if do is Action.PREVIOUS else 1)
            return
        focused = self.focused()
        if focused is not None and do in (Action.CONFIRM, Action.PLAY_PAUSE):
            if focused.enabled:
                self.press(focused.key)
            return
        moves: dict[Action | None, Callable[[], None]] = {
            Action.STEP_FORWARD: scene.step_forward,
            Action.STEP_BACK: scene.step_back,
            Action.ROUND_PREVIOUS: scene.previous_round,
            Action.ROUND_NEXT: scene.next_round,
            Action.FIRST_MOVE: lambda: scene.go(0),
            Action.LAST_MOVE: lambda: scene.go(scene.timeline.last),
        }
        if do in moves:
            scene.pause()
            moves[do]()
        elif do is Action.PLAY_PAUSE:
            scene.toggle_play()
        elif do in (Action.FASTER, Action.SLOWER):
            scene.change_speed(1 if do is Action.FASTER else -1)
        elif do is Action.BACK:
            self.press("close")
        elif do is not None and do.round_number is not None:
            scene.pause()
            scene.to_round(do.round_number)

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._panel_image(), (PANEL_RECT.x - 3, PANEL_RECT.y - 3))
        self.scrubber.draw(surface)
        focused = self.focused()
        for button in self.buttons.values():
            button.draw(surface, self.scene.text, focused=button is focused)

    def panel_lines(self) -> tuple[str, ...]:
        """What the panel says: the game, the round, the move, playing or paused."""
        scene = self.scene
        timeline = scene.timeline
        info = scene.info
        return (
            tr("tacocat.replay.heading"),
            tr("tacocat.replay.players", first=info.names[0], second=info.names[1]),
            self._round_line(),
            tr("tacocat.replay.move", n=scene.index, total=timeline.last),
            tr(
                "tacocat.replay.playing" if scene.playing else "tacocat.replay.paused",
                speed=f"{scene.speed:g}",
            ),
        )

    def _round_line(self) -> str:
        """The round as the table's header names it ("Round 4 · replay 1"), then the deal;
        the deal alone when both do not fit the panel at the smallest size (the header
        shows the caption anyway, so the two never disagree)."""
        timeline = self.scene.timeline
        deal = {"n": timeline.round_of(), "total": timeline.rounds}
        line = tr("tacocat.trust.replay.round", round=self._round_caption(), **deal)
        font = self.scene.text.font(16, True)
        if font.size(line.replace("\u200b", ""))[0] <= PANEL_RECT.width - 30:
            return line
        return tr("tacocat.trust.replay.deal", **deal)

    def _round_caption(self) -> str:
        """The header's own caption, so the panel and the header cannot disagree."""
        view = self.scene.view
        return view.round_caption or view.round_title()

    def _panel_image(self) -> pygame.Surface:
        lines = key = self.panel_lines()
        if self._panel is not None and self._panel[0] == key:
            return self._panel[1]
        p, text = palette(), self.scene.text
        image = rounded_panel(PANEL_RECT.size, (*p.table_deep, 200), None, radius=14, shadow=0)
        width = PANEL_RECT.width - 30
        # Each line a row of the panel: the font's line height, or what the panel has
        # (a larger text size then draws the lines a little smaller, never below 16 px);
        # tall lines (Lao, larger text) share rows: the players with the round, the move
        # with playing or paused.
        lines = _share_rows(text, lines, width, PANEL_RECT.height - 6)
        avail = (PANEL_RECT.height - 6) // len(lines)
        pitch = min(
            max(line_step(text.font(16, True), 19) + 3, text.font(16, True).get_linesize() + 4),
            avail,
        )
        draw_text(
            image,
            text,
            lines[0],
            16,
            p.cheese,
            pygame.Rect(15, 3, width, pitch),
            bold=True,
            anchor="topleft",
        )
        y = 3 + pitch
        for i, line in enumerate(lines[1:]):
            colour = p.card_face if i < len(lines) - 2 else mix(p.table_light, p.card_face, 0.6)
            draw_text(
                image,
                text,
                line,
                16,
                colour,
                pygame.Rect(15, y, width, pitch),
                bold=i == 1,
                anchor="topleft",
            )
            y += pitch
        self._panel = (key, image)
        return image


def _share_rows(text: Any, lines: tuple[str, ...], width: int, height: int) -> tuple[str, ...]:
    """``lines``, with neighbours (players and round, move and playing) sharing a row
    while the rows are too tall for ``height`` and the shared row fits ``width`` (at the
    smallest size a line may take); when even that leaves rows too low for the smallest
    size, the heading ("Replay", which the screen shows anyway) goes."""
    smallest = text.font(smallest_size(16), True)
    need = text.font(16, True).get_linesize() + 2
    merged = [False, False]
    count = len(lines)
    for pair, first in enumerate((1, 3)):
        if height // count >= need or first + 1 >= len(lines):
            break
        if smallest.size(f"{lines[first]} · {lines[first + 1]}")[0] <= width:
            merged[pair] = True
            count -= 1
    rows = [lines[0]]
    for pair, first in enumerate((1, 3)):
        if first + 1 >= len(lines):
            rows += lines[first:]
        elif merged[pair]:
            rows.append(f"{lines[first]} · {lines[first + 1]}")
        else:
            rows += [lines[first], lines[first + 1]]
    if height // len(rows) < smallest.get_linesize() + 4 and len(rows) > 3:
        rows = rows[1:]
    return tuple(rows)
