"""The online screens (issue #43), driven with clicks and keys on a real app, against a real
server on loopback; the friend is another OnlineGames in a folder of its own."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest

from tacocat.online.games import OnlineGames
from tacocat.online.link import Link
from tacocat.persistence.online_seats import NOBODY
from tacocat.persistence.settings import load_settings
from tacocat.ui.scenes.online_common import spoken_invite, typed_invite
from tacocat.ui.scenes.online_host import OnlineHostScene
from tacocat.ui.scenes.online_join import OnlineJoinScene
from tacocat.ui.text.i18n import tr
from tests.online.server_thread import ServerThread, free_port

#: Seconds a screen may wait for the network (loopback answers in milliseconds).
PATIENCE = 20.0


@pytest.fixture
def server(loopback_server: ServerThread) -> ServerThread:
    return loopback_server


def games_in(folder: Path) -> OnlineGames:
    folder.mkdir(exist_ok=True)
    return OnlineGames(folder, Link(timeout=3.0, retry=(0.05, 0.3)))


@pytest.fixture
def friend(tmp_path: Path) -> Iterator[OnlineGames]:
    ben = games_in(tmp_path / "ben")
    yield ben
    ben.close()


@pytest.fixture
def online_app(make_app, tmp_path: Path):
    """``online_app(server_url="")``: an app whose online side answers quickly."""

    def factory(server_url: str = "", *argv: str):
        app = make_app(*argv)
        app._online = games_in(tmp_path)
        app.quit_hooks.append(app._online.close)
        app.update_settings(server_url=server_url, player_names=("Ana", "Player 2"))
        return app

    return factory


def until(app, done: Callable[[], bool], timeout: float = PATIENCE) -> None:
    """Step the app (real time passes: the network works on its own threads) until ``done``."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"waited in vain on {app.scenes.top.name}"
        app.step(1 / 30)
        time.sleep(0.01)


def press(app, element, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))
    for _ in range(frames):
        app.step(1 / 30)


def type_into(app, entry, text: str) -> None:
    """Type ``text`` into a text field, one character at a time, as the keyboard does."""
    entry.focus()
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char, window=None))
        app.step(1 / 30)
    app.step(1 / 30)


def text_of(scene) -> str:
    """Every text on the screen (labels, buttons and text boxes), in one string."""
    texts = []
    for element in scene.app.ui.get_sprite_group().sprites():
        text = getattr(element, "html_text", None) or getattr(element, "text", None)
        if isinstance(text, str) and element.visible:
            texts.append(text)
    return "\n".join(texts)


# --- the invite code ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("7kx4mq2zhd", "7KX4M-Q2ZHD"),
        ("7KX4M-Q2ZHD", "7KX4M-Q2ZHD"),
        ("7kx4", "7KX4"),
        ("7kx4m", "7KX4M"),
        ("7kx4m q", "7KX4M-Q"),
        ("7kx4mq2zhdxx", "7KX4M-Q2ZHD"),
        ("", ""),
    ],
)
def test_the_code_is_shown_upper_case_with_its_dash(typed, shown):
    assert typed_invite(typed) == shown


def test_the_narrator_spells_the_code():
    assert spoken_invite("7KX4M-Q2ZHD") == "7 K X 4 M, Q 2 Z H D"


# --- the title and Play online -------------------------------------------------------------------


def test_the_title_opens_play_online_and_counts_the_games_waiting(
    online_app, server, friend, run_frames
):
    app = online_app(server.url)
    title = app.scenes.top
    assert title.buttons["online"].text == tr("tacocat.title.online")
    hosted = app.online.host(server.url, "Ana", []).result(10)
    friend.join(server.url, hosted.invite, "Ben").result(10)
    app.resume_online()  # what start-up does while idle
    assert app.online_resumed
    until(app, lambda: title.buttons["online"].text == tr("tacocat.title.online_count", count=1))
    press(app, title.buttons["online"])
    menu = app.scenes.top
    assert menu.name == "online_menu"
    until(app, lambda: menu.count_label.text == tr("tacocat.online.menu.your_move", count=1))
    press(app, menu.back_button)
    assert app.scenes.top.name == "title"


def test_without_a_server_address_join_offers_settings(online_app, run_frames):
    app = online_app("")
    app.open("online_menu")
    run_frames(app, 2)
    menu = app.scenes.top
    assert menu.note is not None  # over the internet needs an address: said on the screen
    press(app, menu.join_button)
    choice = app.scenes.top
    assert choice.name == "choice" and choice.title == tr("tacocat.online.no_server_title")
    press(app, choice.buttons[1])  # Open Settings
    assert app.scenes.top.name == "settings"
    app.update_settings(server_url="ws://127.0.0.1:8765/")
    app.scenes.pop()
    run_frames(app, 2)
    assert app.scenes.top is menu and menu.note is None
    press(app, menu.host_button)
    host = app.scenes.top
    assert host.name == "online_host" and not host.network  # the server is there now


# --- Host a game ---------------------------------------------------------------------------------


def test_hosting_shows_the_code_and_the_table_opens_when_the_friend_joins(
    online_app, server, friend, run_frames
):
    app = online_app(server.url)
    app.scenes.switch(OnlineHostScene(app))
    run_frames(app, 2)
    host = app.scenes.top
    assert host.name_entry.get_text() == "Ana" and not host.network
    host.variant_boxes["tie_goes_to_arrow"].set_state(True)  # (posts its event, as a click)
    run_frames(app, 2)
    assert host.variants == {"tie_goes_to_arrow"}
    press(app, host.host_button)
    until(app, lambda: host.stage == "waiting")
    code = host.seat.invite
    assert code and len(code) == 11 and code in text_of(host)
    assert host.copy_button is not None
    friend.join(server.url, code.lower().replace("-", ""), "Ben").result(10)
    until(app, lambda: app.scenes.top.name == "online_table")
    table = app.scenes.top
    assert table.config.names == ("Ana", "Ben") and table.config.ruleset.tie_goes_to_arrow
    (kept,) = app.online.seats()
    assert kept.names == ("Ana", "Ben") and kept.invite is None


def test_cancelling_a_hosted_game_gives_it_up(online_app, server, friend, run_frames):
    app = online_app(server.url)
    app.scenes.switch(OnlineHostScene(app))
    run_frames(app, 2)
    host = app.scenes.top
    press(app, host.host_button)
    until(app, lambda: host.stage == "waiting")
    code = host.seat.invite
    press(app, host.cancel_button)
    assert app.scenes.top.name == "online_menu" and app.online.seats() == []
    with pytest.raises(Exception, match="no_such_invite"):
        friend.join(server.url, code, "Ben").result(10)


def test_hosting_with_no_name_asks_for_one(online_app, run_frames):
    app = online_app("", "--lang", "en")
    app.update_settings(player_names=("Player 1", "Player 2"))
    app.scenes.switch(OnlineHostScene(app))
    run_frames(app, 2)
    host = app.scenes.top
    assert host.name_entry.get_text() == "" and host.network  # no server: on this network
    press(app, host.host_button)
    assert host.stage == "form" and tr("tacocat.online.need_name") in text_of(app.scenes.top)


# --- Join a game ---------------------------------------------------------------------------------


def test_a_typed_code_shows_upper_case_with_the_dash(online_app, run_frames):
    app = online_app("ws://127.0.0.1:1/")
    app.scenes.switch(OnlineJoinScene(app))
    run_frames(app, 2)
    join = app.scenes.top
    type_into(app, join.code_entry, "7kx4mq2zhd")
    assert join.code_entry.get_text() == "7KX4M-Q2ZHD" == join.code


def test_the_code_field_takes_typing_as_soon_as_the_screen_opens(online_app, run_frames):
    """The focus ring starts on the code: a keyboard player types it without a Tab first."""
    app = online_app("ws://127.0.0.1:1/")
    app.scenes.switch(OnlineJoinScene(app))
    run_frames(app, 2)
    join = app.scenes.top
    for char in "7kx4m":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char, window=None))
        run_frames(app, 1)
    run_frames(app, 1)
    assert join.code_entry.get_text() == "7KX4M"


def test_a_wrong_code_is_said_and_the_screen_stays(online_app, server, run_frames):
    app = online_app(server.url)
    app.scenes.switch(OnlineJoinScene(app, code="00000-00000"))
    run_frames(app, 2)
    join = app.scenes.top
    press(app, join.join_button, frames=0)
    app.step(0)
    assert join.stage in ("joining", "form")  # (loopback may answer within the frame)
    until(app, lambda: join.stage == "form")
    assert app.scenes.top is join
    assert join.status == tr("tacocat.online.fail.no_such_invite")
    assert tr("tacocat.online.fail.no_such_invite") in text_of(join)
    assert join.code_entry.get_text() == "00000-00000" and app.online.seats() == []


def test_an_unreachable_server_is_named(online_app, run_frames):
    url = f"ws://127.0.0.1:{free_port()}/"
    app = online_app(url)
    app.scenes.switch(OnlineJoinScene(app, code="7KX4MQ2ZHD"))
    run_frames(app, 2)
    join = app.scenes.top
    press(app, join.join_button)
    until(app, lambda: join.stage == "form")
    assert join.status == tr("tacocat.online.fail.unreachable", address=url) and url in join.status


def test_a_short_code_is_caught_before_asking(online_app, run_frames):
    app = online_app("ws://127.0.0.1:1/")
    app.scenes.switch(OnlineJoinScene(app, code="7KX4"))
    run_frames(app, 2)
    join = app.scenes.top
    press(app, join.join_button)
    assert join.stage == "form" and join.status == tr("tacocat.online.join.short_code", n=10)


def test_joining_with_the_code_opens_the_table(online_app, server, friend, run_frames):
    hosted = friend.host(server.url, "Ben", []).result(10)
    app = online_app(server.url)
    app.scenes.switch(OnlineJoinScene(app, code=hosted.invite.lower()))
    run_frames(app, 2)
    press(app, app.scenes.top.join_button)
    until(app, lambda: app.scenes.top.name == "online_table")
    assert app.scenes.top.config.names == ("Ben", "Ana")


# --- Your online games, and Resign ---------------------------------------------------------------


def test_your_online_games_lists_each_game_and_opens_it(online_app, server, friend, run_frames):
    app = online_app(server.url)
    waiting = app.online.host(server.url, "Ana", []).result(10)
    theirs = friend.host(server.url, "Ben", []).result(10)
    app.online.join(server.url, theirs.invite, "Ana").result(10)
    app.open("online_menu")
    run_frames(app, 2)
    press(app, app.scenes.top.games_button)
    games = app.scenes.top
    assert games.name == "online_games" and len(games.game_buttons) == 2
    until(
        app,
        lambda: games.turn_labels[theirs.game].text.startswith(
            tr("tacocat.online.games.your_move") + " · "
        ),
    )  # then the round's last move
    assert games.game_buttons[theirs.game].text == tr("tacocat.online.games.against", name="Ben")
    assert games.game_buttons[waiting.game].text == tr("tacocat.online.games.waiting_friend")
    assert games.turn_labels[waiting.game].text == tr(
        "tacocat.online.games.code", code=waiting.invite
    )
    until(app, lambda: "Ben" in games.fact_labels[theirs.game].text)
    press(app, games.game_buttons[waiting.game])  # not begun: its code, waiting
    assert app.scenes.top.name == "online_host" and app.scenes.top.stage == "waiting"
    assert waiting.opponent == NOBODY
    app.open("online_menu")
    run_frames(app, 2)
    press(app, app.scenes.top.games_button)
    press(app, app.scenes.top.game_buttons[theirs.game])
    assert app.scenes.top.name == "online_table"


def test_resign_from_the_menu_asks_then_ends_the_game_for_both(
    online_app, server, friend, run_frames
):
    app = online_app(server.url)
    hosted = app.online.host(server.url, "Ana", []).result(10)
    joined = friend.join(server.url, hosted.invite, "Ben").result(10)
    feed = app.online.feed(hosted)
    until(app, lambda: feed.state is not None and feed.state.status == "playing")
    assert app.open_online_game(app.online.update_seat(hosted, feed.state))
    run_frames(app, 4)
    app.open("menu")
    run_frames(app, 2)
    menu = app.scenes.top
    assert menu.resign_button is not None
    assert tr("tacocat.menu.online_hint") in text_of(menu)
    press(app, menu.resign_button)
    choice = app.scenes.top
    assert choice.title == tr("tacocat.menu.resign_title") and "Ben" in choice.text
    press(app, choice.buttons[0])  # Keep playing: nothing happens
    assert app.scenes.top is menu and feed.ended is None
    press(app, menu.resign_button)
    press(app, app.scenes.top.buttons[1])
    theirs = friend.feed(joined)
    until(app, lambda: theirs.ended is not None and feed.ended is not None)
    assert theirs.ended.result.reason == "resigned" and theirs.ended.result.winner == 1
    until(app, lambda: app.scenes.top.name in ("game_over", "message"))


def test_the_menu_over_a_local_game_has_no_resign(make_app, run_frames):
    from tacocat.ui.stage.game_config import GameConfig

    app = make_app()
    app.start_game(GameConfig("vs_ai", "easy", 0, seed=3))
    run_frames(app, 2)
    app.open("menu")
    run_frames(app, 2)
    assert app.scenes.top.resign_button is None


# --- Settings: the server address ------------------------------------------------------------


def test_settings_keep_a_good_server_address_and_say_why_a_bad_one_is_not(
    online_app, run_frames, tmp_path
):
    app = online_app("")
    app.open("settings")
    run_frames(app, 2)
    settings = app.scenes.top
    type_into(app, settings.server_entry, "http://x")
    assert settings.server_error.visible
    assert settings.server_error.text == tr("tacocat.settings.server_bad.scheme")
    assert app.settings.server_url == ""
    settings.server_entry.set_text("")
    type_into(app, settings.server_entry, "wss://tacocat.example:8765")
    assert not settings.server_error.visible and settings.server_hint.visible
    assert app.settings.server_url == "wss://tacocat.example:8765"
    app.scenes.pop()  # closing Settings saves at once
    assert load_settings(tmp_path)[0].server_url == "wss://tacocat.example:8765"


# --- On this network -------------------------------------------------------------------------


def test_on_this_network_lists_a_friends_game_and_joins_it(online_app, friend, run_frames):
    app = online_app("")
    hosted = friend.host_on_network("Ben", []).result(20)
    app.open("online_menu")
    run_frames(app, 2)
    press(app, app.scenes.top.lan_button)
    lan = app.scenes.top
    assert lan.name == "online_lan"
    until(app, lambda: hosted.game in app.scenes.top.game_buttons, timeout=30)
    lan = app.scenes.top
    assert lan.game_buttons[hosted.game].text == tr("tacocat.online.lan.game", name="Ben")
    press(app, lan.game_buttons[hosted.game])
    until(app, lambda: app.scenes.top.name == "online_table")
    assert app.scenes.top.config.names == ("Ben", "Ana")
    (kept,) = app.online.seats()
    assert kept.lan_host == friend.lan_host().server_id


def test_on_this_network_says_when_nothing_can_be_found(online_app, run_frames):
    from tacocat.online.lan import LanBrowser

    app = online_app("")
    # A browser that really cannot multicast (an address not on this machine): it finds
    # nothing, whatever other tests announce on this network meanwhile.
    app.online._browser = browser = LanBrowser(interfaces=["203.0.113.7"])
    app.quit_hooks.append(browser.close)
    assert not browser.available
    app.open("online_menu")
    run_frames(app, 2)
    press(app, app.scenes.top.lan_button)
    assert tr("tacocat.online.lan.unavailable") in text_of(app.scenes.top)
    press(app, app.scenes.top.host_button)  # the shortcut: Host a game, on this network
    assert app.scenes.top.name == "online_host" and app.scenes.top.network


# --- every language, at 100 % and 150 % text -------------------------------------------------


def _online_walk(app, server_url: str, frames) -> None:
    """Each online screen with its longest words: the no-server note, a failure, a code."""
    from tacocat.online.lan import LanGame
    from tacocat.ui.scenes.online_games import OnlineGamesScene
    from tacocat.ui.scenes.online_lan import OnlineLanScene

    app.open("title")
    frames.check("title")
    app.update_settings(server_url="")
    app.open("online_menu")
    frames.check("online menu, no server")
    app.update_settings(server_url=server_url)
    app.open("online_menu")
    frames.check("online menu")
    host = OnlineHostScene(app)
    host.problem = tr("tacocat.online.fail.unreachable", address=server_url)
    app.scenes.switch(host)
    frames.check("host a game, a failure")
    host.stage = "connecting"
    host.relabel()
    frames.check("host a game, connecting")
    seat = app.online.host(server_url, "Anamaria", []).result(10)
    app.scenes.switch(OnlineHostScene(app, seat=seat))
    frames.check("host a game, waiting")
    join = OnlineJoinScene(app, code="7KX4MQ2ZHD")
    join.status = tr("tacocat.online.fail.no_such_invite")
    app.scenes.switch(join)
    frames.check("join a game, a wrong code")
    lan = OnlineLanScene(app)
    lan.games = [
        LanGame(f"Anamaria {n}", server_url, "7KX4MQ2ZHD", f"g_{n}", f"{n:016x}", 1)
        for n in range(4)
    ]
    lan._list_in = 1e9  # (this list, not the network's)
    lan.status = tr("tacocat.online.fail.unreachable_lan")
    app.scenes.switch(lan)
    frames.check("on this network")
    app.scenes.switch(OnlineGamesScene(app))
    frames.check("your online games")


@pytest.mark.parametrize("text_size", [100, 150], ids=lambda t: f"text_{t}")
@pytest.mark.parametrize("code", ["en", "fil", "lv", "lo", "sq"], ids=lambda c: f"lang_{c}")
def test_every_online_screen_holds_its_text(online_app, server, code, text_size):
    from tacocat.ui.text import i18n, text_scale
    from tests.ui.test_text_fits import Frames

    app = online_app("", "--lang", code)
    try:
        app.update_settings(text_size=text_size)
        found: list[str] = []
        _online_walk(app, server.url, Frames(app, found))
        assert not found, "\n".join(found)
    finally:
        i18n.set_language("en")
        text_scale.set_percent(100)


def test_a_damaged_list_of_online_games_is_said_at_start_up(online_app, run_frames, tmp_path):
    from tacocat.persistence.online_seats import ONLINE_FILE

    (tmp_path / ONLINE_FILE).write_text("{")
    app = online_app("")
    app.resume_online()  # (what start-up runs while idle)
    run_frames(app, 2)
    assert app.scenes.top.name == "message"
    assert app.scenes.top.title == tr("tacocat.problem.title.online")
    app.resume_online()  # once only
    assert app.scenes.stack.count(app.scenes.top) == 1


def test_continue_brings_back_the_online_games_when_no_game_is_saved_here(
    online_app, server, friend, run_frames
):
    app = online_app(server.url)
    hosted = app.online.host(server.url, "Ana", []).result(10)
    friend.join(server.url, hosted.invite, "Ben").result(10)
    app.open("title")
    run_frames(app, 2)
    title = app.scenes.top
    assert "continue" in title.buttons
    press(app, title.buttons["continue"])
    assert app.scenes.top.name == "online_games"
    assert list(app.scenes.top.game_buttons) == [hosted.game]


def test_a_row_says_the_rounds_last_move_in_the_logs_words():
    from tacocat.rules import new_game
    from tacocat.ui.scenes.online_games import last_move
    from tacocat.ui.text.narration import describe

    state, events = new_game(5)
    names = ("Ana", "Ben")
    seen = state.observation(0)
    expected = next(line for line in (describe(e, names) for e in reversed(seen.history)) if line)
    assert last_move(seen.history, names) == expected
    assert last_move((), names) == ""
