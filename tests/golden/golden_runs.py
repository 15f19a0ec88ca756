"""Seeded runs of the real App whose pictures must not change when the code is restructured.

Two runs, each fully determined by its seed and a fixed frame time (no wall clock,
no AI level: the seats that the computer plays pick ``random.Random(seed).choice``
from the legal moves, in a test double that stands in for the AI worker):

* ``demo``: the computer plays both seats of a seeded demo game to its end;
* ``hotseat``: two people play a seeded game through the table's mouse and keyboard
  controls, passing the device between turns; the script asks for a jumbo attack
  and a tied duel, so the run shows the pass screen, a jumbo attack, a tie, tiles
  dropping on the board, round results and the game over screen.

Each run yields ``(label, surface)`` pairs: every ``HASH_EVERY``-th frame (labelled
``frame-N``) and named moments (labelled by what they show). The test hashes every
frame's pixels and compares a few whole PNGs; ``python tests/golden/golden_runs.py``
re-records them (only ever in a commit of its own that says why).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from tacocat.cli import parse_args  # noqa: E402
from tacocat.rules import Attack, Phase, Replace  # noqa: E402

HERE = Path(__file__).resolve().parent
DT = 1 / 60
HASH_EVERY = 3
SPEED = 2.0
DEMO_SEED = 21
HOTSEAT_SEED = 8


class RandomSeatWorker:
    """The AI worker's interface, answering at once with a seeded random legal move."""

    def start(self) -> None:
        pass

    def poll(self) -> None:
        pass

    def close(self) -> None:
        pass

    def choose(self, kind: str, key: Any, observation: Any, legal: Any, seed: int) -> Future:
        future: Future = Future()
        future.set_result(random.Random(seed).choice(list(legal)))
        return future

    def hint(self, observation: Any, legal: Any, seed: int) -> Future:
        future: Future = Future()
        future.set_result(None)
        return future


class NoSaves:
    """A save store that keeps nothing (the runs must not depend on the disk)."""

    def has_autosave(self) -> bool:
        return False

    def write_autosave(self, app_config: Any, record: Any) -> None:
        pass

    def clear_autosave(self) -> None:
        pass


class Run:
    """An App stepped with a fixed frame time; pygame's clock follows the frames."""

    def __init__(self, data_dir: Path) -> None:
        from tacocat.ui.shell.app import App

        self.frame = 0
        self._real_ticks = pygame.time.get_ticks
        # The target pulse (and anything else reading pygame's clock) sees frame time.
        pygame.time.get_ticks = lambda: round(self.frame * DT * 1000)
        data_dir.mkdir(parents=True, exist_ok=True)
        self.app = App(parse_args(["--data-dir", str(data_dir)]), data_dir, saves=NoSaves())
        self.app.options.speed = SPEED

    def close(self) -> None:
        self.app._shutdown()
        pygame.time.get_ticks = self._real_ticks

    def step(self) -> Iterator[tuple[str, pygame.Surface]]:
        self.app.step(DT)
        self.frame += 1
        if self.frame % HASH_EVERY == 0:
            yield f"frame-{self.frame}", self.app.screen

    def top(self) -> str:
        top = self.app.scenes.top
        return top.name if top is not None else ""

    def table(self) -> Any:
        for scene in self.app.scenes.stack:
            if scene.name == "table":
                return scene
        raise AssertionError("no table")

    def post(self, *events: pygame.event.Event, frames: int = 2) -> Iterator[tuple[str, Any]]:
        for event in events:
            pygame.event.post(event)
        for _ in range(frames):
            yield from self.step()

    def key(self, code: int, mod: int = 0) -> Iterator[tuple[str, Any]]:
        yield from self.post(
            pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0),
        )

    def click(self, pos: tuple[int, int]) -> Iterator[tuple[str, Any]]:
        yield from self.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False
            ),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False),
        )


def demo_run(data_dir: Path) -> Iterator[tuple[str, pygame.Surface]]:
    """The computer (random legal moves, seeded) plays both seats to the game's end."""
    from tacocat.ui.stage.game_config import GameConfig

    run = Run(data_dir)
    try:
        config = GameConfig("demo", "easy", 0, ("Sun", "Moon"), seed=DEMO_SEED)  # the default names
        run.app.start_game(config, worker=RandomSeatWorker())
        seen: set[str] = set()
        for _ in range(40000):
            yield from run.step()
            top = run.top()
            if top in ("round_result", "game_over") and top not in seen:
                seen.add(top)
                yield top, run.app.screen
            if top == "title":
                return
        raise AssertionError("the demo never ended")
    finally:
        run.close()


def _hand_sprite(table: Any, value: int) -> Any:
    cards = [s for s in table.my_hand() if s.value == value]
    return next((s for s in cards if not s.selected), cards[0])


class HotseatScript:
    """Plays both seats of a hot-seat game through clicks and keys."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.duel_value: int | None = None
        self.marks: set[str] = set()

    def click_card(self, value: int) -> Iterator[tuple[str, Any]]:
        table = self.run.table()
        yield from self.run.click(table.card_rect(_hand_sprite(table, value)).center)

    def click_button(self, name: str) -> Iterator[tuple[str, Any]]:
        yield from self.run.click(self.run.table().buttons[name].rect.center)

    def focus_and_enter(self, value: int) -> Iterator[tuple[str, Any]]:
        """Keyboard: move the focus to a card of ``value``, Space selects it, Enter plays it."""
        table = self.run.table()
        target = _hand_sprite(table, value)
        for _ in range(20):
            if table.focused() is target:
                break
            yield from self.run.key(pygame.K_RIGHT)
        yield from self.run.key(pygame.K_SPACE)
        yield from self.run.key(pygame.K_RETURN)

    def pick_and_play(self, value: int) -> Iterator[tuple[str, Any]]:
        """Mouse, duel and answer: a click picks the card, the button plays it."""
        yield from self.click_card(value)
        yield from self.click_button("primary")

    def mark(self, label: str, frames: int = 0) -> Iterator[tuple[str, Any]]:
        for _ in range(frames):
            yield from self.run.step()
        if label not in self.marks:
            self.marks.add(label)
            yield label, self.run.app.screen

    def turn(self, seat: int) -> Iterator[tuple[str, Any]]:
        """One decision of ``seat``: seat 0 uses the mouse, seat 1 the keyboard (mostly)."""
        state = self.run.table().session.state
        legal = state.legal_actions(seat)
        phase = state.phase
        if phase is Phase.REPLACE:
            replaces = [a for a in legal if isinstance(a, Replace) and len(a.cards) == 1]
            if seat == 1 and replaces:
                yield from self.run.key(pygame.K_TAB)
                yield from self.run.key(pygame.K_SPACE)
                yield from self.run.key(pygame.K_RETURN)
            else:
                yield from self.click_button("secondary")
        elif phase is Phase.DUEL:
            hand = state.hands[seat]
            value = hand[-1]
            if seat == 1 and self.duel_value in hand:
                value = self.duel_value  # a tie, on purpose
            self.duel_value = value if seat == 0 else None
            if seat == 0:
                yield from self.pick_and_play(value)
            else:
                yield from self.focus_and_enter(value)
        elif phase is Phase.ATTACK:
            attacks = [a for a in legal if isinstance(a, Attack)]
            jumbo = [a for a in attacks if len(a.cards) >= 2]
            choice = jumbo[0] if jumbo else attacks[0]
            for value in choice.cards:
                yield from self.click_card(value)
            yield from self.click_button("primary")
        elif phase is Phase.DEFEND:
            if seat == 1:
                yield from self.focus_and_enter(legal[-1].card)
            else:
                yield from self.pick_and_play(legal[0].card)

    def play(self) -> Iterator[tuple[str, Any]]:
        run = self.run
        for _ in range(60000):
            top = run.top()
            if top == "pass_device":
                yield from self.mark("pass-screen", frames=30)
                yield from self.wait_and_confirm()
            elif top == "round_result":
                yield from self.mark("round-result", frames=20)
                yield from run.key(pygame.K_RETURN)
            elif top == "game_over":
                yield from self.mark("game-over", frames=60)
                return
            elif top == "table":
                yield from self.table_frame()
            else:
                yield from run.step()
        raise AssertionError("the hot-seat game never ended")

    def wait_and_confirm(self) -> Iterator[tuple[str, Any]]:
        scene = self.run.app.scenes.top
        for _ in range(600):
            if scene.armed:
                break
            yield from self.run.step()
        yield from self.run.key(pygame.K_SPACE)

    def table_frame(self) -> Iterator[tuple[str, Any]]:
        table = self.run.table()
        view = table.view
        seat = table.acting_seat()
        if seat is None:
            yield from self.run.step()
            duel = view.duel
            if (
                duel[0] is not None
                and duel[1] is not None
                and duel[0].value == duel[1].value
                and view.shows_face(duel[0])
                and view.shows_face(duel[1])
            ):
                yield from self.mark("tied-duel", frames=20)
            if view.track.falling_tile is not None:
                yield from self.mark("tile-drop", frames=4)
            if table.session.state.tied_rounds:
                yield from self.mark("tied-round", frames=30)
            return
        if len(view.attack) >= 2:
            yield from self.mark("jumbo-attack")  # the defender sees the attack to answer
        before = len(table.session.state.actions)
        yield from self.turn(seat)
        if len(table.session.state.actions) == before:
            raise AssertionError(f"the script's move was refused: {table.prompt_text()}")


def hotseat_run(data_dir: Path) -> Iterator[tuple[str, pygame.Surface]]:
    from tacocat.ui.stage.game_config import GameConfig

    run = Run(data_dir)
    try:
        run.app.start_game(
            GameConfig("hotseat", "easy", 0, ("Ana", "Ben"), seed=HOTSEAT_SEED),
            worker=RandomSeatWorker(),
        )
        yield from HotseatScript(run).play()
    finally:
        run.close()


RUNS = {"demo": demo_run, "hotseat": hotseat_run}


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()[:16]


def small(surface: pygame.Surface) -> pygame.Surface:
    """Half size, nearest pixel (exact, and small enough to keep in the repository)."""
    return pygame.transform.scale(surface, (surface.get_width() // 2, surface.get_height() // 2))


def record(name: str, data_dir: Path) -> tuple[dict[str, str], dict[str, pygame.Surface]]:
    """Run ``name``: every captured frame's pixel digest, and copies of the named moments."""
    hashes: dict[str, str] = {}
    named: dict[str, pygame.Surface] = {}
    for label, surface in RUNS[name](data_dir):
        hashes[label] = digest(surface)
        if not label.startswith("frame-"):
            named[label] = small(surface)
    return hashes, named


def main() -> None:
    import tempfile

    for name in RUNS:
        with tempfile.TemporaryDirectory() as tmp:
            hashes, named = record(name, Path(tmp))
        (HERE / f"{name}.json").write_text(json.dumps(hashes, indent=0) + "\n")
        for label, surface in named.items():
            pygame.image.save(surface, str(HERE / f"{name}-{label}.png"))
        print(name, len(hashes), "frames,", sorted(named))


if __name__ == "__main__":
    main()
