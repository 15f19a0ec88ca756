"""Pictures of issue 23's "trust at the table" screens, for docs/screenshots/trust/ (under Xvfb).

    xvfb-run -a -s "-screen 0 1280x720x24" python -m tools.trust_shots docs/screenshots/trust en
    xvfb-run -a -s "-screen 0 1280x720x24" python -m tools.trust_shots docs/screenshots/trust lv

Saves, each reached the way a player reaches it, in a real window:

- ``confirm-<lang>.png``: the first duel against the computer, a card picked by a click and
  the button under the table offering to play it ("Duel with the 7"); nothing played yet.
- ``lost-round-<lang>.png``: the first round the computer wins (its sombre result, no
  confetti), and ``lost-game-<lang>.png``: the game over when the computer wins. The player's
  side is played badly on purpose (see :func:`poor_move`) so the computer wins; the games are
  seeded, and the next seed is tried if the computer should ever lose one. Before each of
  those screens the table says it with a sombre banner (and no confetti): ``lost-round-banner-``
  and ``lost-game-banner-<lang>.png``.
- ``tutorial-handover-<lang>.png``: the guided game's last screen, which hands the learner to
  a real game on easy ("Play a real game (easy)").
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import pygame

from tacocat.cli import parse_args
from tacocat.rules import Action, Phase
from tacocat.seating import GameKind
from tacocat.ui.scenes.game_over import GameOverScene
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.shell.app import App
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.stage.scene import Scene
from tacocat.ui.table.scene import TableScene
from tacocat.ui.table.session import GameSession
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.names import default_names
from tacocat.ui.tutorial.scene import TutorialScene

DT = 1 / 30
#: The seed of the first game tried for the lost round and game (fixed: the same pictures).
FIRST_SEED = 3
#: The value the confirm picture picks for its duel card, when the hand holds one.
CONFIRM_VALUE = 7


def against_the_computer(seed: int) -> GameConfig:
    """The game New game starts on easy with the default name: "Sun" against "Computer"."""
    return GameConfig(
        GameKind.VS_AI, "easy", 0, (default_names()[0], tr("tacocat.names.computer")), seed=seed
    )


SceneT = TypeVar("SceneT", bound=Scene)


def on_top(app: App, kind: type[SceneT]) -> SceneT:
    """The top scene, which must be a ``kind`` (the picture would show something else)."""
    top = app.scenes.top
    if not isinstance(top, kind):
        raise SystemExit(f"expected the {kind.__name__} on top, not {top}")
    return top


def game_of(table: TableScene) -> GameSession:
    """The table's game (a local one: these pictures never show an online game)."""
    session = table.session
    assert isinstance(session, GameSession), session
    return session


def frames(app: App, count: int) -> None:
    for _ in range(count):
        app.step(DT)


def save(app: App, path: Path, settle: int = 45) -> None:
    frames(app, settle)
    pygame.image.save(app.screen, str(path))
    print("saved", path)


def click(app: App, pos: tuple[int, int]) -> None:
    """A real left click (motion, press, release) through the event queue."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    frames(app, 3)


def wait_for_turn(app: App, table: TableScene, limit: int = 20000) -> None:
    for _ in range(limit):
        if table.acting_seat() is not None and app.scenes.top is table:
            return
        frames(app, 1)
    raise SystemExit("the player's turn never came")


def shoot_confirm(app: App, path: Path) -> None:
    """Keep the hand, then pick a duel card by a click: the button offers to play it."""
    app.start_game(against_the_computer(FIRST_SEED))
    table = on_top(app, TableScene)
    wait_for_turn(app, table)
    click(app, table.buttons["secondary"].rect.center)  # keep all
    wait_for_turn(app, table)
    if game_of(table).state.phase is not Phase.DUEL:
        raise SystemExit(f"expected the duel, not {game_of(table).state.phase}")
    hand = table.my_hand()
    card = next((s for s in hand if s.value == CONFIRM_VALUE), hand[len(hand) // 2])
    before = game_of(table).state
    click(app, table.card_rect(card).center)
    # The pointer rests on the card, as after a real click; nothing is played yet.
    save(app, path, settle=30)
    if game_of(table).state is not before or not card.selected:
        raise SystemExit("the click played the card (or did not pick it)")
    print("  button:", table.buttons["primary"].label)


def poor_move(legal: Sequence[Action]) -> Action:
    """A weak move on purpose: part with the lowest card (it wins the showdown), as few
    cards at once as the move allows; a card played always beats keeping the hand."""
    return min(legal, key=lambda a: (min(a.values) if a.values else 99, len(a.values)))


def banner_path(path: Path) -> Path:
    """``lost-round-en.png`` -> ``lost-round-banner-en.png``."""
    stem, language = path.stem.rsplit("-", 1)
    return path.with_name(f"{stem}-banner-{language}{path.suffix}")


def shoot_banner(app: App, table: TableScene, path: Path) -> None:
    """The table's banner once it has faded in (the screen before the result's)."""
    view = table.view
    for _ in range(60):
        if view.banners[-1].alpha >= 0.99:
            break
        frames(app, 1)
    save(app, path, settle=0)


def shoot_lost(app: App, round_path: Path, game_path: Path, seeds: int = 10) -> None:
    """Seeded games, the player's side played by :func:`poor_move`, until the computer has
    won a round (its banner and result are shot) and a game (its banner and game over)."""
    round_shot = False
    for seed in range(FIRST_SEED, FIRST_SEED + seeds):
        app.start_game(against_the_computer(seed))
        table = on_top(app, TableScene)
        shown: list[object] = []  # the banners already seen
        for _ in range(200000):
            top = app.scenes.top
            banners = table.view.banners
            if banners and banners[-1].tone == "bad" and banners[-1] not in shown:
                shown.append(banners[-1])
                over = table.view.game_winner is not None
                if over or not round_shot:  # (the game's banner: only a lost game shows it)
                    shoot_banner(app, table, banner_path(game_path if over else round_path))
                    if table.view.particles:
                        raise SystemExit("confetti for the computer's win")
                    print("  sombre banner, no confetti:", banners[-1].text)
            if isinstance(top, RoundResultScene) and top.armed:
                if not round_shot and top.info.winner == 1:
                    save(app, round_path)
                    print("  round", top.info.round, "seed", seed, "showdown", top.info.showdown)
                    round_shot = True
                top.next_round()
            elif isinstance(top, GameOverScene):
                if top.info.winner == 1 and round_shot:
                    save(app, game_path)
                    print("  game seed", seed, "wins", top.info.wins)
                    return
                break  # the player won this one: the next seed
            elif top is table and (seat := table.acting_seat()) is not None:
                game_of(table).submit(poor_move(game_of(table).legal(seat)))
            frames(app, 1)
    raise SystemExit("the computer never won a game")


def shoot_handover(app: App, path: Path) -> None:
    """The guided game played from near its end, by its own expected moves, to game over."""
    app.start_tutorial(step=20)
    scene = on_top(app, TutorialScene)
    steps = scene.tutorial.steps
    session = scene.tutorial_session
    for _ in range(200000):
        top = app.scenes.top
        if isinstance(top, GameOverScene):
            save(app, path)
            print("  button:", top.rematch_button.label)
            return
        if isinstance(top, RoundResultScene) and top.armed:
            top.next_round()
        elif top is scene and session.step < len(steps) and scene.coach_showing():
            session.submit(steps[session.step].expect)
        frames(app, 1)
    raise SystemExit("the guided game never ended")


def main(out: Path, language: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        app = App(parse_args(["--data-dir", data, "--lang", language, "--speed", "40"]), Path(data))
        frames(app, 10)
        shoot_confirm(app, out / f"confirm-{language}.png")
        shoot_lost(app, out / f"lost-round-{language}.png", out / f"lost-game-{language}.png")
        shoot_handover(app, out / f"tutorial-handover-{language}.png")
        app._shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "en")
