"""Every screen in every language at both window sizes: no text is larger than its box.

Each screen is reached through the app's public entry points (scene manager,
``open_*``, ``start_game``, ``start_tutorial``, notices) and drawn for a few
frames. Two measures (``tests/ui/text_fit.py``):

* every visible pygame_gui label and button, at each screen's checkpoint;
* every piece of text the game draws itself, in *every* frame the test draws:
  :class:`Frames` records the frame's placements (``text_box.recording()``)
  and judges them layer by layer (what each scene drew, then the notices), so
  an overlay's text over the table it covers is not called an overlap;
* on each settled screen, text that a button or a card drawn later by the same
  layer hides (``text_box.covering()``).

The window size scales a fixed 1280×720 logical surface: a 960×540 window lays
out the same frame at the same text size (the About screen's test below checks
both sizes in every language; ``test_small_window`` the raised text a small
screen gets), so the whole walk runs at 1280×720. At 100 % text size no text
may be smaller than 16 px (self-drawn or widget); at 150 % (the largest Text
size, switched on live from the settings) everything must still fit.
"""

from __future__ import annotations

import errno
import functools
import re
import traceback
from collections.abc import Callable

import pygame
import pygame_gui
import pytest

from tacocat.ai.review import review_game
from tacocat.languages import LANGUAGES
from tacocat.persistence.errors import PersistenceError
from tacocat.tutorial import Tutorial
from tacocat.ui.replay.review import REVIEW_KEY, review_seat
from tacocat.ui.scenes.about import LGPL
from tacocat.ui.scenes.new_game import NewGameScene
from tacocat.ui.scenes.rules import PAGES
from tacocat.ui.shell.app import LOGICAL_SIZE
from tacocat.ui.shell.notices import NOTICE_S, offer_unsaved_play
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.stage.screens import SCREENS
from tacocat.ui.text import i18n, text_scale
from tacocat.ui.text.fit import MIN_PX
from tacocat.ui.text.problems import io_reason
from tacocat.ui.widgets import text_box
from tests.ai.helpers import small_hard
from tests.ui.text_fit import overflows, placement_problems, too_small

SIZES = [(1280, 720), (960, 540)]
#: (window size, text size %) runs of the whole walk: 100 % and the largest text.
RUNS = [((1280, 720), 100), ((1280, 720), 150)]
DT = 1 / 30
#: A data folder as long as some players' are (a school's network home, say):
#: the "already open" dialog names it.
LONG_FOLDER = "/srv/home/students/anamaria.delacruz-santos/.local/share/tacocat"
#: Numbers and runs of them ("4-7-8", "5, 6"): a text that differs only in
#: them (the replay's "step 12 of 95") is the same problem, reported once.
NUMBERS = re.compile(r"\d+(?:(?:-|, ?)\d+)*")


class Frames:
    """Steps ``app`` (it replaces ``app.step``) with each drawn frame's self-drawn text
    recorded and judged; problems go to ``found``, each once per screen."""

    def __init__(self, app, found: list[str]) -> None:
        self.app, self.found = app, found
        #: The test's name for what is on screen (else the top scene's name is used).
        self.where = ""
        #: The screens checked (by scene name).
        self.seen: set[str] = set()
        self._reported: set[tuple[object, ...]] = set()
        self._marks: list[tuple[int, str, int]] = []
        self._ledger: list[text_box.Placement] = []
        #: The last frame drawn: its placements, covers and layers.
        self._last: tuple[
            list[text_box.Placement], list[text_box.Cover], list[tuple[int, str, int]]
        ] = ([], [], [])
        self._step = app.step
        app.step = self.step
        self._draw_scenes = app.scenes.draw
        app.scenes.draw = self._scenes
        app.notices.draw = functools.partial(self._layer, "notices", app.notices.draw)

    def step(self, dt: float) -> None:
        with text_box.recording() as ledger, text_box.covering() as covers:
            self._ledger, self._marks = ledger, [(0, "update", text_box.now())]
            self._step(dt)
        self._judge(ledger, self._marks)
        self._last = (ledger, covers, self._marks)

    def screen(self) -> str:
        top = self.app.scenes.top
        name = top.name if top is not None else "none"
        return f"{name} ({self.where})" if self.where else name

    # --- layers: the placements of one frame, by who drew them --------------------------

    def _scenes(self, surface: pygame.Surface) -> None:
        for scene in self.app.scenes.stack:
            if "draw" not in vars(scene):  # each scene's drawing starts a layer
                scene.draw = functools.partial(self._layer, scene.name, scene.draw)
        self._draw_scenes(surface)

    def _layer(
        self, name: str, draw: Callable[[pygame.Surface], None], surface: pygame.Surface
    ) -> None:
        self._marks.append((len(self._ledger), name, text_box.now()))
        draw(surface)

    def _judge(self, ledger: list[text_box.Placement], marks: list[tuple[int, str, int]]) -> None:
        top = self.app.scenes.top
        screen, key = self.screen(), top.name if top is not None else "none"
        if text_scale.percent() == 100:
            for p in ledger:
                if p.size and p.size < MIN_PX:
                    self.report(
                        (key, "small", NUMBERS.sub("#", p.text)),
                        f"{screen}: {p.text!r} drawn at {p.size} px (< {MIN_PX})",
                    )
        ends = [start for start, _, _ in marks[1:]] + [len(ledger)]
        for (start, layer, _), end in zip(marks, ends, strict=True):
            for problem in placement_problems(ledger[start:end]):
                texts = tuple(NUMBERS.sub("#", text) for text in problem.texts)
                self.report(
                    (key, layer, problem.kind, texts), f"{screen} [drawn by {layer}]: {problem}"
                )

    def report(self, key: tuple[object, ...], line: str) -> None:
        """Add ``line`` to the problems found, unless ``key`` was reported already."""
        if key not in self._reported:
            self._reported.add(key)
            self.found.append(line)

    def judge_covers(self) -> None:
        """Text of the last frame that a button or a card drawn later by the same layer hides
        (a recap under Rematch, a legend under Close, "vs" under a duel card). Judged on the
        top scene once it has settled: a card in flight, or sliding in a scene below that
        still moves, may pass over text for a moment."""
        ledger, covers, marks = self._last
        top = self.app.scenes.top
        key = top.name if top is not None else "none"
        clocks = [clock for _, _, clock in marks] + [text_box.now()]
        for (_, layer, start), end in zip(marks, clocks[1:], strict=True):
            if layer != key:
                continue
            over = [c for c in covers if start <= c.seq < end]
            for p in ledger:
                if not start <= p.seq < end or not p.text.strip():
                    continue
                for c in over:
                    if c.target == p.target and c.seq > p.seq and c.rect.colliderect(p.ink):
                        self.report(
                            (
                                key,
                                layer,
                                "hidden",
                                NUMBERS.sub("#", p.text),
                                NUMBERS.sub("#", c.what),
                            ),
                            f"{self.screen()} [drawn by {layer}]: {p.text!r} at "
                            f"{tuple(p.ink)} is hidden under the {c.what} at "
                            f"{tuple(c.rect)}",
                        )

    def measure_widgets(self) -> None:
        """Measure the pygame_gui labels and buttons on screen."""
        top = self.app.scenes.top
        for problem in overflows(self.app.ui, pygame.Rect((0, 0), self.app.size)):
            self.report(
                (top.name if top is not None else "none", problem), f"{self.screen()}: {problem}"
            )
        if text_scale.percent() == 100:
            for problem in too_small(self.app.ui, MIN_PX):
                self.report(
                    (top.name if top is not None else "none", problem),
                    f"{self.screen()}: {problem}",
                )

    # --- stepping -----------------------------------------------------------------------

    def settle(self, frames: int = 6) -> None:
        """A few frames, then on until the screen's entrance animation has finished."""
        for _ in range(frames):
            self.step(DT)
        self.until(lambda: not self.app.scenes.is_animating(), limit=300, must=False)

    def until(self, done: Callable[[], bool], limit: int = 3000, must: bool = True) -> None:
        for _ in range(limit):
            if done():
                return
            self.step(DT)
        assert not must or done(), f"{self.screen()}: never reached"

    def check(self, where: str, frames: int = 6) -> None:
        """Settle, then measure the pygame_gui widgets on screen."""
        self.where = where
        self.settle(frames)
        self.seen.add(self.app.scenes.top.name)
        self.judge_covers()
        self.measure_widgets()


def _menus(frames: Frames) -> None:
    app = frames.app
    frames.check("title")
    app.open("rules")
    rules = app.scenes.top
    for page in PAGES:
        rules.show_page(page)  # each page's text lays out (pygame_gui raises if a row cannot)
        frames.check(page)
    app.scenes.pop()
    app.open("settings")
    frames.check("settings")
    _keys(frames)
    app.scenes.pop()
    app.open("stats")
    frames.check("statistics")
    app.scenes.pop()
    app.show_message(i18n.tr("tacocat.message.continue_title"), i18n.tr("tacocat.message.no_save"))
    frames.check("message")
    app.scenes.pop()
    app.scenes.switch(NewGameScene(app))
    new_game = app.scenes.top
    frames.check("new game")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=new_game.hotseat_button)
    )
    frames.check("new game (friend)")


def _about(frames: Frames) -> None:
    """The title and Settings (each with its About button) and the About screen over each,
    showing the notices' opening part, a library's licence and the LGPL's full text."""
    app = frames.app
    app.open("title")
    frames.check("title")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.scenes.top.buttons["about"])
    )
    frames.check("about")
    about = app.scenes.top
    assert about.name == "about"
    for target in ("pygame-ce 2.5.8", LGPL):
        about.show(target)
        frames.check(f"about: {target}", frames=2)
    app.scenes.pop()
    app.open("settings")
    frames.check("settings")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.scenes.top.about_button)
    )
    frames.check("about over settings")
    assert app.scenes.top.name == "about"
    app.scenes.pop()
    app.scenes.pop()


def _keys(frames: Frames) -> None:
    """Settings -> Keys, waiting for a key, and its longest refusal."""
    from tacocat.ui.scenes.keys import KeysScene

    app = frames.app
    app.scenes.push(KeysScene(app))
    keys = app.scenes.top
    keys.capturing = "discards"
    keys._show_keys()
    keys._say(
        i18n.tr(
            "tacocat.focus.keys.taken",
            button=i18n.tr("tacocat.focus.key.space"),
            action=i18n.tr("tacocat.focus.keys.action.discards"),
        )
    )
    frames.check("keys")
    app.scenes.pop()


def _registered(frames: Frames) -> None:
    """Every registered screen the walk has not checked yet (a new one is not missed)."""
    app = frames.app
    for name in SCREENS:
        if name not in frames.seen:
            app.open("title")
            app.open(name)
            frames.check(name)


def _already_open(frames: Frames) -> None:
    """The "already open" choice; "Play without saving" posts its notice."""
    app = frames.app
    app.open("title")
    offer_unsaved_play(app, LONG_FOLDER)
    frames.check("already open")
    app.scenes.top.choose(0)
    assert app.notices.texts == [i18n.tr("tacocat.notice.playing_unsaved")]


def _notices(frames: Frames) -> None:
    """Each notice the app posts, over the title."""
    app = frames.app
    app.open("title")
    disk_full = PersistenceError(
        "disk full", cause=OSError(errno.ENOSPC, "No space left on device")
    )
    other = PersistenceError("odd", cause=OSError(errno.EIO, "Input/output error"))
    for key, reason in (
        ("playing_unsaved", None),
        ("save_failed", disk_full),
        ("save_failed", other),
        ("finished_not_cleared", other),
        ("saved_again", None),
    ):  # the same text twice is shown once
        app.notices.post(
            i18n.tr(f"tacocat.notice.{key}", **({"reason": io_reason(reason)} if reason else {}))
        )
    assert len(app.notices.texts) == 5
    while app.notices.active:  # shown one at a time
        frames.check(f"notice {app.notices.texts[0][:24]!r}")
        frames.step(NOTICE_S)  # gone: the next one shows


def _tables(frames: Frames) -> None:
    app = frames.app
    app.start_game(GameConfig("vs_ai", "easy", human_seat=0, seed=3))
    frames.check("table")
    app.open("menu")
    frames.check("menu")
    app.scenes.pop()
    app.start_game(GameConfig("hotseat", names=("Ana", "Ben"), seed=3))
    frames.until(lambda: app.scenes.top.name == "pass_device")
    frames.check("pass device")


def _demo(frames: Frames) -> None:
    """A demo game to its end: the table in each phase, the discards, the round result
    and the game over (the game is then kept in the History)."""
    app = frames.app
    app.options.speed = 40.0
    app.start_game(GameConfig("demo", "easy", seed=5))
    table = app.scenes.top
    seen: set[str] = set()
    for _ in range(20000):
        top = app.scenes.top
        phase = getattr(getattr(getattr(top, "session", None), "state", None), "phase", None)
        label = f"{top.name}/{getattr(phase, 'value', '')}"
        if label not in seen:
            seen.add(label)
            frames.where = f"phase {phase.value}" if phase is not None else "demo"
            frames.measure_widgets()
        if top is table and "discards" not in seen and len(table.view.discard_values) >= 6:
            seen.add("discards")
            table.open_discards()
            frames.check("discards")
            app.scenes.pop()
        if top.name == "game_over":
            break
        frames.step(DT)
    frames.check("game over")
    assert {"round_result/", "game_over/", "discards/"} <= {s.split("/")[0] + "/" for s in seen}


def _history(frames: Frames) -> None:
    """The History with the demo game; its review, made (in progress) and made; the replay."""
    app = frames.app
    (entry,) = app.history.entries()
    app.open("history", select=entry.id)
    frames.check("history")
    history = app.scenes.top
    history.review()  # no review kept yet: it is made, with a progress bar
    review = app.scenes.top
    assert review.name == "review" and review.review is None
    frames.until(lambda: review.progress[1] > 0, limit=600, must=False)
    frames.check("review in progress", frames=2)
    review.cancel()
    game, _ = app.history.open(entry.id)
    made = review_game(game.record, review_seat(game.info), bot=small_hard(2))
    app.history.attach(entry.id, REVIEW_KEY, made.to_dict())
    history.review()
    assert app.scenes.top.review == made
    frames.check("review")
    app.scenes.pop()
    history.replay()
    _replay(frames)


def _replay(frames: Frames) -> None:
    """The replay viewer along its timeline: the start, steps animated forward, a step
    with a review's note, a few positions along the way, the end."""
    viewer = frames.app.scenes.top
    assert viewer.name == "replay"
    last = viewer.timeline.last
    frames.check("replay at the start")
    for _ in range(3):
        viewer.step_forward()
        frames.check(f"replay step {viewer.index}")
    noted = sorted(viewer.notes)
    assert noted, "the review marks no move"
    starts = list(viewer.timeline.round_starts)
    for index in sorted({noted[0], *starts, last // 2, last - 1, last}):
        viewer.go(index)
        frames.check(f"replay at {index} of {last}")


def _tutorial(frames: Frames) -> None:
    """The guided game at several steps (the coach's panel), a refused move, a hint,
    and its end."""
    app = frames.app
    for step in range(len(Tutorial())):  # each step's coach panel
        app.start_tutorial(step=step)
        scene = app.scenes.top
        frames.where = f"tutorial step {step}"
        frames.until(functools.partial(_coach_or_enter, scene))
        frames.check(f"tutorial step {step}")
        if step == 0:  # "keep all" is legal, but not what step 0 teaches: refused kindly
            _click(scene.buttons["secondary"].rect.center)
            frames.check("tutorial refusal")
            assert scene.prompt_text()[1] == "error"
    _key(pygame.K_h)
    frames.check("tutorial hint")
    assert scene.prompt_text()[1] == "hint"
    assert scene.session.submit(scene.tutorial.steps[-1].expect) is None
    frames.until(lambda: app.scenes.top.name == "game_over")
    frames.check("tutorial game over")


def _click(pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))


def _key(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def _coach_or_enter(scene) -> bool:
    """True once the coach shows; presses Enter on a round result on the way."""
    if scene.coach_showing():
        return True
    top = scene.app.scenes.top
    if top.name == "round_result" and getattr(top, "armed", False):
        _key(pygame.K_RETURN)
    return False


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "text_size"),
    RUNS,
    ids=lambda r: f"{r[0]}x{r[1]}" if isinstance(r, tuple) else f"text_{r}",
)
@pytest.mark.parametrize("code", LANGUAGES, ids=lambda c: f"lang_{c}")
def test_every_screen_holds_its_text(make_app, monkeypatch, code, size, text_size):
    # The review in progress runs in a thread, not a process of its own (it is cancelled).
    monkeypatch.setenv("TACOCAT_AI_WORKER", "thread")
    app = make_app("--lang", code)
    try:
        app.update_settings(window_size=size, text_size=text_size)
        assert app.size == LOGICAL_SIZE and text_scale.percent() == text_size
        found: list[str] = []
        frames = Frames(app, found)
        for part in (
            _menus,
            _about,
            _already_open,
            _notices,
            _tables,
            _demo,
            _history,
            _tutorial,
            _registered,
        ):
            try:
                part(frames)
            except Exception as error:  # reported below; the next part starts afresh
                top = getattr(app.scenes.top, "name", None)
                found.append(f"{part.__name__} stopped on {top}: {_failure(error)}")
        assert not found, "\n".join(found)
    finally:
        i18n.set_language("en")
        text_scale.set_percent(100)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", LANGUAGES, ids=lambda c: f"lang_{c}")
def test_the_about_screen_holds_its_text(make_app, code, size):
    """The About part alone (the whole walk above covers it too), quick enough to run often."""
    app = make_app("--lang", code)
    try:
        app.update_settings(window_size=size)
        found: list[str] = []
        _about(Frames(app, found))
        assert not found, "\n".join(found)
    finally:
        i18n.set_language("en")


def _layout(app) -> list[tuple[str, tuple[int, ...], int]]:
    """The text on screen: every visible label and button (its text, box and font height),
    then what the game draws itself in one frame (its text, box and pixel size)."""
    widgets = sorted(
        (element.text, tuple(element.rect), element.font.get_rect("Hg").height)
        for element in app.ui.get_sprite_group().sprites()
        if isinstance(element, pygame_gui.elements.UILabel | pygame_gui.elements.UIButton)
        and element.visible
        and getattr(element, "font", None) is not None
    )
    with text_box.recording() as ledger:
        app.step(0.0)
    return widgets + [(p.text, tuple(p.box), p.size) for p in ledger]


def _layouts_at(app, size: tuple[int, int]) -> list[list[tuple[str, tuple[int, ...], int]]]:
    """The text layout of the title, a new game and a table with the window at ``size``.

    (Not the Settings: its Window size row offers the size in use as well.)
    """
    app.update_settings(window_size=size)
    assert app.size == LOGICAL_SIZE and text_scale.percent() == 100
    frames = Frames(app, [])
    shots = []
    for opening in (
        lambda: app.open("title"),
        lambda: app.scenes.switch(NewGameScene(app)),
        lambda: app.start_game(GameConfig("vs_ai", "easy", 0, seed=3)),
    ):
        opening()
        frames.settle()
        shots.append(_layout(app))
    return shots


@pytest.mark.parametrize("code", LANGUAGES, ids=lambda c: f"lang_{c}")
def test_a_smaller_window_lays_out_the_same_frame(make_app, code):
    """What lets the whole walk above run at 1280×720 alone: in a 960×540 window the title,
    a new game and the table place every piece of text where 1280×720 does, at the same
    size."""
    try:
        large, small = (_layouts_at(make_app("--lang", code), size) for size in SIZES)
    finally:
        i18n.set_language("en")
    assert all(large) and small == large


def _failure(error: Exception) -> str:
    """``error`` and the innermost line of the game or this test that raised it."""
    frames = [
        f
        for f in traceback.extract_tb(error.__traceback__)
        if "/tacocat/" in f.filename or "/tests/" in f.filename
    ]
    where = f" (at {frames[-1].filename.rsplit('/', 2)[-1]}:{frames[-1].lineno})" if frames else ""
    return f"{type(error).__name__}: {error}{where}"
