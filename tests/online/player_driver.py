"""One player's game, in a real window, driven by key events alone (the two-process test).

    python tests/online/player_driver.py ROLE WHERE DATA OUT [--url URL] [--die-at N] [--resume]

``ROLE``: ``host`` or ``join``; ``WHERE``: ``server`` (the address ``URL``, set in the
settings as a player would) or ``network`` (no server: the host's game runs it, the
friend finds it on the network). ``--die-at N``: SIGKILL this process when it is about
to make its N-th decision (the table just written to ``OUT/ROLE-table.json``);
``--resume``: start again after that, through *Play online → Your online games*, and
write the table as it comes back to ``OUT/ROLE-resumed.json``. Each decision number is
also written to ``OUT/ROLE-moves`` (the test watches it to stop the server mid-round). The host writes its invite code to ``OUT/code``; the
friend reads it from there (a person would read it out). Every step after start-up is a
key posted to the window's event queue - Tab to a control, Enter to press it, typed
text, ←/→/Space/Enter at the table - never a call to a screen or the session. At the end
``OUT/ROLE.json`` holds the result and the record's fingerprint, and ``OUT/ROLE-*.png``
what the window showed.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from tacocat.cli import parse_args  # noqa: E402
from tacocat.persistence.settings import load_settings, save_settings  # noqa: E402
from tests.online.keys_player import decide, press  # noqa: E402

#: Seconds the whole game may take (both players, each key a few frames).
DEADLINE = 240.0
NAMES = {"host": "Ana", "join": "Ben"}


def tab_to(app: Any, element: Any, tries: int = 40) -> None:
    """Tab until the focus ring is on ``element`` (as a keyboard player does)."""
    for _ in range(tries):
        slot = app.focus.focused()
        if slot is not None and getattr(slot.target, "element", None) is element:
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {element}")


def activate(app: Any, element: Any) -> None:
    tab_to(app, element)
    press(app, pygame.K_RETURN, frames=4)


def type_text(app: Any, element: Any, text: str) -> None:
    tab_to(app, element)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.step(1 / 60)


def wait_for(app: Any, condition: Any, what: str, seconds: float = 60.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = condition()
        if found:
            return found
        app.step(1 / 60)
        time.sleep(0.01)
    top = app.scenes.top
    app.shot(f"stuck-{what.replace(' ', '-')}")
    raise AssertionError(
        f"waited {seconds:g} s for {what} on {getattr(top, 'name', None)} "
        f"({getattr(top, 'problem', '')!r})"
    )


def top_named(app: Any, name: str) -> Any:
    top = app.scenes.top
    return top if top is not None and top.name == name else None


def start_app(data: Path, url: str | None) -> Any:
    from tacocat.ui.shell.app import App

    settings, _ = load_settings(data)
    save_settings(data, dataclasses.replace(settings, server_url=url or "", animation_speed="fast"))
    app = App(parse_args(["--data-dir", str(data)]), data)
    press(app, pygame.K_SPACE)  # the title's intro
    return app


def host(app: Any, where: str, out: Path) -> None:
    activate(app, top_named(app, "title").buttons["online"])
    activate(app, wait_for(app, lambda: top_named(app, "online_menu"), "the menu").host_button)
    screen = wait_for(app, lambda: top_named(app, "online_host"), "Host a game")
    type_text(app, screen.name_entry, NAMES["host"])
    activate(app, screen.network_button if where == "network" else screen.internet_button)
    activate(app, screen.host_button)
    seat = wait_for(app, lambda: screen.seat, "the invite code")
    app.shot("host-code")
    (out / "game").write_text(seat.game)  # (other tests may announce games meanwhile)
    (out / "code").write_text(seat.invite or "")


def join(app: Any, where: str, out: Path) -> None:
    activate(app, top_named(app, "title").buttons["online"])
    menu = wait_for(app, lambda: top_named(app, "online_menu"), "the menu")
    if where == "network":
        activate(app, menu.lan_button)
        screen = wait_for(app, lambda: top_named(app, "online_lan"), "On this network")
        type_text(app, screen.name_entry, NAMES["join"])
        game = wait_for(
            app, lambda: (out / "game").exists() and (out / "game").read_text(), "the host's game"
        )
        button = wait_for(
            app, lambda: screen.game_buttons.get(game), "the host's game on the network"
        )
        app.shot("join-network")
        activate(app, button)
        return
    activate(app, menu.join_button)
    screen = wait_for(app, lambda: top_named(app, "online_join"), "Join a game")
    code = wait_for(
        app, lambda: (out / "code").exists() and (out / "code").read_text(), "the host's code"
    )
    type_text(app, screen.code_entry, code.replace("-", "").lower())  # as a friend types it
    type_text(app, screen.name_entry, NAMES["join"])
    activate(app, screen.join_button)
    app.shot("joined")


def come_back(app: Any) -> None:
    """After a kill: Play online → Your online games → the game (the only one)."""
    activate(app, top_named(app, "title").buttons["online"])
    menu = wait_for(app, lambda: top_named(app, "online_menu"), "the menu")
    activate(app, menu.games_button)
    games = wait_for(app, lambda: top_named(app, "online_games"), "Your online games")
    app.shot("games")
    activate(app, next(iter(games.game_buttons.values())))


def table_now(table: Any) -> dict[str, Any]:
    """What the table shows, to compare before a kill and after coming back."""
    view, session = table.view, table.online_session
    mine = session.seat
    return {
        "seq": session.seq,
        "hand": [s.value for s in view.hands[mine]],
        "other": len(view.hands[1 - mine]),
        "token": view.track.position,
        "covered": sorted(view.track.covered),
        "wins": list(view.wins),
        "discards": list(view.discard_values),
    }


def table_of(app: Any) -> Any:
    from tacocat.ui.table.online_table import OnlineTableScene

    return wait_for(
        app,
        lambda: next((s for s in app.scenes.stack if isinstance(s, OnlineTableScene)), None),
        "the table",
    )


def play(app: Any, role: str, out: Path, die_at: int | None) -> Any:
    """Play by keys until the game is over (or the kill); the table."""
    table = table_of(app)
    decisions = 0
    shown = False
    end = time.monotonic() + DEADLINE
    while not table._game_over_shown:
        assert time.monotonic() < end, "the game did not end in time"
        top = app.scenes.top
        if top is not None and top.name == "round_result":
            press(app, pygame.K_RETURN, frames=4)
        elif top is table and table.acting_seat() is not None:
            if not shown:  # the first decision: the deal has been shown
                app.shot("table")
                shown = True
            decisions += 1
            (out / f"{role}-moves").write_text(str(decisions))
            if (
                die_at is not None
                and decisions >= die_at
                and not table.online_session.public.secret_choice_open
            ):
                (out / f"{role}-table.json").write_text(json.dumps(table_now(table)))
                os.kill(os.getpid(), signal.SIGKILL)  # mid-round, as a power cut would
            decide(app, table)
        app.step(1 / 60)
        time.sleep(0.002)
    wait_for(app, lambda: table.online_session.ended, "the record")
    app.shot("over")
    return table


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=("host", "join"))
    parser.add_argument("where", choices=("server", "network"))
    parser.add_argument("data", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--url", default=None)
    parser.add_argument("--die-at", type=int, default=None)
    parser.add_argument("--resume", action="store_true")
    args = parser.parse_args(argv)
    role, out = args.role, args.out
    args.data.mkdir(parents=True, exist_ok=True)
    app = start_app(args.data, args.url)
    app.shot = lambda label: pygame.image.save(app.screen, str(out / f"{role}-{label}.png"))
    print("video driver:", pygame.display.get_driver(), flush=True)
    if args.resume:
        come_back(app)
        table = table_of(app)
        wait_for(app, lambda: table.animator.idle, "the table laid out")
        (out / f"{role}-resumed.json").write_text(json.dumps(table_now(table)))
        app.shot("resumed")
    else:
        (host if role == "host" else join)(app, args.where, out)
    table = play(app, role, out, args.die_at)
    ended = table.online_session.ended
    record = json.dumps(ended.record, sort_keys=True).encode()
    (out / f"{role}.json").write_text(
        json.dumps(
            {
                "seat": table.online_session.seat,
                "winner": ended.result.winner,
                "reason": ended.result.reason,
                "record": hashlib.sha256(record).hexdigest(),
                "history": table.kept_id,
                "kept": len(app.online.seats()),
            }
        )
    )
    app._shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
