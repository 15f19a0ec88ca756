"""Open every screen of the real app in a real window and save a PNG of each.

Run under Xvfb by tests/screens/test_screens_xvfb.py:

    python tests/screens/screens_driver.py OUT_DIR DATA_DIR [LANG] [online]

``online`` takes only the online screens (a server on loopback and a friend in another
folder play the other side).

LANG (en, fil, lv, lo, sq; default the machine's) shows every screen in that language:
the pictures a translator checks (docs/translating.md).

Each screen is reached the way a player reaches it (scene switches, overlays,
a demo game played to its round result and game over; two How to play pages,
the table's hint), drawn for a few frames,
then saved as ``OUT_DIR/<screen>.png``. Prints the video driver used.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from tacocat.cli import parse_args  # noqa: E402
from tacocat.ui.shell.app import App  # noqa: E402
from tacocat.ui.stage.game_config import GameConfig  # noqa: E402
from tacocat.ui.text import i18n  # noqa: E402

DT = 1 / 30


def settle(app: App, frames: int = 45) -> None:
    for _ in range(frames):
        app.step(DT)


#: Which scene was on top when each picture was taken (written as scenes.json).
TOP: dict[str, str] = {}


def save(app: App, out: Path, name: str, frames: int = 45) -> None:
    settle(app, frames)
    TOP[name] = app.scenes.top.name if app.scenes.top is not None else ""
    pygame.image.save(app.screen, str(out / f"{name}.png"))


def run_until(app: App, scene_name: str, limit: int = 20000) -> None:
    for _ in range(limit):
        if app.scenes.top is not None and app.scenes.top.name == scene_name:
            return
        app.step(DT)
    raise SystemExit(f"never reached the {scene_name} screen")


def game_config(app: App, mode: str, seed: int) -> GameConfig:
    """A new ``vs_ai`` or ``demo`` game named as the game names it (the settings' names, the
    computer's, the demo's Sun and Moon, in the app's language): GameConfig's own default
    names are English, and pictures for a translator must show what a player sees."""
    app.options.vs_ai, app.options.hotseat = mode == "vs_ai", False
    try:
        return dataclasses.replace(app.config_from_options(), level="easy", seed=seed)
    finally:
        app.options.vs_ai = False


def main(out: Path, data: Path, language: str | None = None, only: str = "") -> None:
    out.mkdir(parents=True, exist_ok=True)
    data.mkdir(parents=True, exist_ok=True)
    i18n.set_language(language or "en")  # the sample games' names, in the language shown
    keep_sample_games(data)
    app = App(
        parse_args(["--data-dir", str(data), *(["--lang", language] if language else [])]), data
    )
    print(pygame.display.get_driver())
    if only == "online":
        shoot_online(app, out, data)
        app._shutdown()
        (out / "scenes.json").write_text(json.dumps(TOP))
        return
    save(app, out, "title")
    app.open("rules")
    save(app, out, "rules")
    for page in ("duel", "answer"):  # two pages of How to play, as the README shows them
        app.scenes.top.show_page(page)
        save(app, out, f"howto_{page}")
    app.scenes.pop()
    app.open("settings")
    save(app, out, "settings")
    app.open("keys")
    save(app, out, "keys")
    app.scenes.pop()
    app.scenes.pop()
    for overlay in ("about", "stats"):
        app.open(overlay)
        save(app, out, overlay)
        app.scenes.pop()
    app.open("new_game")
    save(app, out, "new_game")
    app.start_game(game_config(app, "vs_ai", seed=3))
    save(app, out, "table")
    shoot_hint(app, out)
    app.open("menu")
    save(app, out, "menu")
    app.scenes.pop()
    app.start_game(GameConfig("hotseat", names=("Ana", "Ben"), seed=3))
    run_until(app, "pass_device")
    save(app, out, "pass_device")
    app.options.speed = 40.0
    app.start_game(game_config(app, "demo", seed=5))
    # A demo moves on by itself: take these while they are still up.
    run_until(app, "round_result")
    save(app, out, "round_result", frames=8)
    run_until(app, "game_over")
    save(app, out, "game_over", frames=8)
    shoot_history(app, out)
    shoot_review(app, out)
    shoot_online(app, out, data)
    app._shutdown()
    (out / "scenes.json").write_text(json.dumps(TOP))


def keep_sample_games(data: Path) -> None:
    """A few finished games of every kind in the History (the demo above adds one)."""
    import random
    from datetime import datetime, timedelta

    from tacocat.persistence.gamefile import GameInfo
    from tacocat.persistence.history import HistoryStore
    from tacocat.persistence.stats import save_stats
    from tacocat.persistence.stats_rebuild import counted_by_history
    from tacocat.rules import GameRecord, Ruleset, new_game

    store = HistoryStore(data)
    from tacocat.ui.text.names import default_names

    computer = i18n.tr("tacocat.names.computer")
    configs = [
        {
            "mode": "vs_ai",
            "level": level,
            "human_seat": seat,
            "names": ["Ana", computer] if seat == 0 else [computer, "Ana"],
        }
        for level, seat in (("easy", 0), ("medium", 1), ("hard", 0), ("hard", 1))
    ]
    configs += [
        {"mode": "hotseat", "level": None, "human_seat": None, "names": ["Ana", "Ben"]},
        {"mode": "demo", "level": "medium", "human_seat": None, "names": list(default_names())},
    ] * 2
    start = datetime.now().astimezone() - timedelta(days=5)
    for number, config in enumerate(configs):
        rng = random.Random(number)
        state, _ = new_game(number, Ruleset(tie_goes_to_arrow=number % 3 == 2))
        while not state.is_over:
            state, _ = state.apply(rng.choice(state.legal_actions(rng.choice(state.to_act))))
        when = start + timedelta(hours=number * 7, minutes=number * 13)
        store.add(GameRecord.from_state(state), GameInfo.of(state, config, finished_at=when))
    # Counted too, as playing them did (kept games without statistics are rebuilt, and told).
    save_stats(data, counted_by_history(e.info for e in reversed(store.entries()))[0])


def shoot_hint(app: App, out: Path) -> None:
    """The table's first decision with the hint asked for: the move, its reason and odds."""
    import time

    from tacocat.ui.text.i18n import tr

    table = app.scenes.top
    for _ in range(3000):  # the deal's animation first: then the player decides
        if table.acting_seat() is not None:
            break
        app.step(DT)
    table.controls.ask_hint()
    waited = time.monotonic() + 60  # the analysis runs in the AI worker
    while (
        table.controls.hint_text in (None, tr("tacocat.table.hint.thinking"))
        and time.monotonic() < waited
    ):
        app.step(DT)
        time.sleep(0.01)
    save(app, out, "hint")


def shoot_history(app: App, out: Path) -> None:
    """The History screen, then a game of it in the replay viewer, mid-game."""
    app.open("history")
    scene = app.scenes.top
    scene.list.select(2)
    save(app, out, "history")
    scene.replay()
    replay = app.scenes.top
    replay.to_round(3)
    for _ in range(5):
        replay.step_forward()
        settle(app, 30)
    save(app, out, "replay")


def shoot_review(app: App, out: Path) -> None:
    """A game's review (made in the AI worker, then its summary), then its costliest
    moment on the replay table: the decision, its note and the better card lit."""
    import time

    app.open("history")
    history = app.scenes.top
    history.list.select(next(i for i, e in enumerate(history.entries) if e.info.mode == "vs_ai"))
    history.review()
    review = app.scenes.top
    waited = time.monotonic() + 120
    while review.review is None and time.monotonic() < waited:
        app.step(DT)
        time.sleep(0.01)
    save(app, out, "review")
    costly = review.review.costliest()
    review.watch(costly[0].step if costly else 0)  # the decision, where its note stands
    save(app, out, "review_mistake")


def wait_for(app: App, done, timeout: float = 20.0) -> None:
    import time

    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:
        app.step(DT)
        time.sleep(0.01)


def shoot_online(app: App, out: Path, data: Path) -> None:
    """Play online and each of its screens, with a real server on loopback: a game waiting
    for a friend (its code), a wrong code, games on this network, the list of games, and
    the Esc menu over an online game with Resign asked."""
    from tacocat.online.games import OnlineGames
    from tacocat.online.lan import LanGame
    from tacocat.online.link import Link
    from tacocat.ui.scenes.online_games import OnlineGamesScene
    from tacocat.ui.scenes.online_host import OnlineHostScene
    from tacocat.ui.scenes.online_join import OnlineJoinScene
    from tacocat.ui.scenes.online_lan import OnlineLanScene
    from tacocat.ui.text.i18n import tr
    from tests.online.server_thread import ServerThread

    server = ServerThread(data / "server.db").start()
    (data / "friend").mkdir(exist_ok=True)
    friend = OnlineGames(data / "friend", Link(timeout=3.0, retry=(0.05, 0.3)))
    try:
        app.update_settings(server_url=server.url, player_names=("Ana", "Ben"))
        app.open("title")
        save(app, out, "online_title")
        app.open("online_menu")
        save(app, out, "online_menu")
        app.scenes.switch(OnlineHostScene(app))
        save(app, out, "online_host")
        seat = app.online.host(server.url, "Ana", []).result(10)
        app.scenes.switch(OnlineHostScene(app, seat=seat))
        save(app, out, "online_host_waiting")
        join = OnlineJoinScene(app, code="7kx4mq2zhd")
        app.scenes.switch(join)
        join.join()
        wait_for(app, lambda: join.stage == "form")
        save(app, out, "online_join_wrong_code")
        lan = OnlineLanScene(app)
        lan.games = [
            LanGame(name, server.url, "7KX4MQ2ZHD", f"g_{n}", f"{n:016x}", 1)
            for n, name in enumerate(("Ana", "Ben", "Dielli"))
        ]
        lan._list_in = 1e9  # (this list, not what the network announces)
        app.scenes.switch(lan)
        save(app, out, "online_lan")
        theirs = friend.host(server.url, "Ben", []).result(10)
        mine = app.online.join(server.url, theirs.invite, "Ana").result(10)
        app.scenes.switch(OnlineGamesScene(app))
        wait_for(app, lambda: app.online.feed(mine).latest is not None)
        save(app, out, "online_games", frames=40)
        app.open_online_game(mine)
        settle(app, 60)
        app.open("menu")
        save(app, out, "online_menu_resign")
        app.scenes.top.ask_to_resign()
        save(app, out, "online_resign_confirm")
        app.scenes.pop()
        app.scenes.pop()
        app.update_settings(server_url="")
        app.open("online_menu")
        save(app, out, "online_menu_no_server")
        app.open("settings")
        settings = app.scenes.top
        settings.server_entry.set_text("http://example.org")
        settings._server_typed()
        save(app, out, "settings_server_bad")
        assert settings.server_error.text == tr("tacocat.settings.server_bad.scheme")
    finally:
        friend.close()
        server.stop()


if __name__ == "__main__":
    main(
        Path(sys.argv[1]),
        Path(sys.argv[2]),
        sys.argv[3] if len(sys.argv) > 3 else None,
        sys.argv[4] if len(sys.argv) > 4 else "",
    )
