"""The online table, in a real App (dummy video), against a friend on another "computer"
(an OnlineGames of its own) through a real server on loopback: a whole game, the other
hand never in this process before the reveal, and coming back after the game or the
server was stopped mid-round."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_helpers import step

from tacocat.online.games import OnlineGames
from tacocat.online.link import Link
from tacocat.seating import SeatKind
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.table.online_session import OnlineSession
from tacocat.ui.table.online_table import OnlineTableScene
from tacocat.ui.text.i18n import tr
from tests.online.server_thread import ServerThread, free_port
from tests.online.test_link import RandomSeat, wait_for


@pytest.fixture
def friend(tmp_path: Path) -> Iterator[OnlineGames]:
    folder = tmp_path / "friend"
    folder.mkdir()
    games = OnlineGames(folder, Link(timeout=3.0, retry=(0.05, 0.3)))
    yield games
    games.close()


def open_game(make_app: Any, url: str, friend: OnlineGames) -> tuple[Any, RandomSeat]:
    """Ana hosts in the App, the friend joins; the App shows the table."""
    app = make_app()
    app.settings = dataclasses.replace(app.settings, animation_speed="instant")
    app.online.link.retry = (0.05, 0.3)
    hosted = app.online.host(url, "Ana", []).result(10)
    joined = friend.join(url, hosted.invite, "Ben").result(10)
    feed = app.online.feed(hosted)
    wait_for(lambda: feed.latest is not None and feed.latest.observation is not None)
    assert app.open_online_game(hosted)
    step(app, 2)
    return app, RandomSeat(friend.feed(joined), seed=7)


def table(app: Any) -> OnlineTableScene:
    scene = next(s for s in app.scenes.stack if isinstance(s, OnlineTableScene))
    assert isinstance(scene.session, OnlineSession)
    return scene


def play_frames(
    app: Any, ben: RandomSeat, seconds: float, rng: random.Random, until: Any = lambda: False
) -> None:
    """Run the App and the friend until ``until()`` (or ``seconds`` pass); Ana plays a
    random legal move whenever she may."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if until():
            return
        time.sleep(0.0005)
        ben.step()
        top = app.scenes.top
        if isinstance(top, RoundResultScene):
            top.next_round()
        scene = table(app)
        seat = scene.acting_seat()
        if seat is not None and top is scene:
            legal = list(scene.session.observation(seat).legal_actions())
            assert scene.session.submit(rng.choice(legal)) is None
        step(app)
        _no_hidden_face(scene)


def settle(app: Any, condition: Any, timeout: float = 20.0) -> None:
    """Run frames (in real time: the network answers) until ``condition`` holds."""
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        step(app)
        time.sleep(0.005)


def ended(app: Any) -> Any:
    return lambda: table(app).online_session.ended is not None


def _no_hidden_face(scene: OnlineTableScene) -> None:
    """The friend's hand is face down and unknown here: no value reached this process."""
    other = 1 - scene.online_session.seat
    assert all(sprite.value is None for sprite in scene.view.hands[other])
    with pytest.raises(ValueError):
        scene.online_session.observation(other)


def test_a_whole_online_game_is_played_and_kept_in_the_history(
    make_app, loopback_server, friend
) -> None:
    app, ben = open_game(make_app, loopback_server.url, friend)
    session = table(app).online_session
    assert [player.kind for player in session.players] == [SeatKind.PERSON, SeatKind.REMOTE]
    seen = session.public
    assert session.players[1].deciding == (1 in seen.to_act)  # the deal: both replace
    rng = random.Random(1)
    play_frames(app, ben, 60, rng, until=lambda: table(app)._game_over_shown)
    settle(app, ended(app))  # the record comes after the last move (the game over is on top)
    scene = table(app)
    assert not scene.buttons["hint"].visible, "no hints against a person"
    assert scene._game_over_shown and scene.online_session.ended is not None
    assert ben.feed.ended is not None and ben.feed.ended.record == scene.online_session.ended.record
    assert scene.kept_id is not None, "the finished game went to the History"
    kept, _ = app.history.open(scene.kept_id)
    assert kept.info.mode == "online" and kept.info.human_seat == 0
    assert app.online.seats() == [], "a finished game leaves the list of online games"


def snapshot(scene: OnlineTableScene) -> tuple:
    """What the table shows: both hands (the other's as a count), the board, the score."""
    view = scene.view
    return (
        tuple(s.value for s in view.hands[0]),
        len(view.hands[1]),
        view.track.position,
        tuple(sorted(view.track.covered)),
        tuple(view.wins),
        tuple(view.discard_values),
        scene.session.public,
    )


def test_the_table_comes_back_exactly_after_the_game_is_closed(
    make_app, loopback_server, friend
) -> None:
    app, ben = open_game(make_app, loopback_server.url, friend)
    rng = random.Random(2)
    # Closed while Ana is to move (Ben cannot move on without her in the meantime).
    play_frames(
        app,
        ben,
        60,
        rng,
        until=lambda: (
            table(app).online_session.seq >= 12
            and table(app).acting_seat() is not None
            and not table(app).online_session.public.secret_choice_open
        ),
    )
    before = snapshot(table(app))
    app._shutdown()  # the window closed mid-round
    again = make_app()
    again.settings = dataclasses.replace(again.settings, animation_speed="instant")
    [seat] = again.online.seats()
    feed = again.online.feed(seat)
    wait_for(lambda: feed.latest is not None and feed.latest.observation is not None)
    assert again.open_online_game(seat)
    step(again, 3)
    assert snapshot(table(again)) == before
    play_frames(again, ben, 60, rng, until=lambda: table(again)._game_over_shown)
    settle(again, ended(again))


def test_the_game_goes_on_after_the_server_restarts(make_app, tmp_path, friend) -> None:
    port = free_port()
    server = ServerThread(tmp_path / "server.db", port).start()
    try:
        app, ben = open_game(make_app, server.url, friend)
        rng = random.Random(3)
        play_frames(app, ben, 60, rng, until=lambda: table(app).online_session.seq >= 8)
        server.stop()
        play_frames(app, ben, 10, rng, until=lambda: not table(app).online_session.online)
        assert not table(app).online_session.online
        step(app)
        assert table(app).notice == tr("tacocat.online.reconnecting")  # the table says so
        server = ServerThread(tmp_path / "server.db", port).start()
        play_frames(app, ben, 60, rng, until=lambda: table(app)._game_over_shown)
        settle(app, ended(app))
        assert table(app).notice == ""
    finally:
        server.stop()


def test_the_finished_online_game_is_counted_against_its_opponent(
    make_app, loopback_server, friend
) -> None:
    app, ben = open_game(make_app, loopback_server.url, friend)
    play_frames(app, ben, 60, random.Random(4), until=lambda: table(app)._game_over_shown)
    settle(app, ended(app))
    settle(app, lambda: app.stats.online_games == 1)
    tally = app.stats.online["Ben"]
    won = table(app).online_session.ended.result.winner == 0
    assert (tally.wins, tally.losses) == ((1, 0) if won else (0, 1))
    assert app.stats.vs_ai_games == 0 and app.stats.hotseat_games == 0


def test_resigning_ends_the_game_for_both_and_the_history_keeps_it(
    make_app, loopback_server, friend
) -> None:
    app, ben = open_game(make_app, loopback_server.url, friend)
    play_frames(app, ben, 60, random.Random(5), until=lambda: table(app).online_session.seq >= 6)
    table(app).resign()
    settle(app, ended(app))
    settle(app, lambda: table(app)._game_over_shown)
    result = table(app).online_session.ended.result
    assert (result.winner, result.reason) == (1, "resigned")
    wait_for(lambda: ben.feed.ended is not None)
    assert ben.feed.ended.result == result
    kept, _ = app.history.open(table(app).kept_id)  # a record that stops early opens
    assert kept.info.winner == 1 and kept.info.mode == "online"
    assert app.stats.online["Ben"].losses == 1


def test_a_whole_online_game_is_played_with_the_keyboard(make_app, loopback_server, friend) -> None:
    from tests.online.keys_player import decide

    app, ben = open_game(make_app, loopback_server.url, friend)
    end = time.monotonic() + 90
    while not table(app)._game_over_shown:
        assert time.monotonic() < end, "the game did not end"
        ben.step()
        top, scene = app.scenes.top, table(app)
        if isinstance(top, RoundResultScene):
            top.next_round()
        elif top is scene and scene.acting_seat() is not None:
            decide(app, scene)
        step(app)
        time.sleep(0.0005)
    settle(app, ended(app))


def test_a_finished_online_game_replays_from_the_history_with_the_player_at_the_bottom(
    make_app, loopback_server, friend
) -> None:
    from tacocat.ui.replay.scene import ReplayScene

    app, ben = open_game(make_app, loopback_server.url, friend)
    play_frames(app, ben, 60, random.Random(6), until=lambda: table(app)._game_over_shown)
    settle(app, ended(app))
    assert table(app).replay_kept()  # the game-over screen's Replay
    step(app, 3)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.bottom == 0
    assert replay.timeline.states[-1].is_over


def test_a_secret_choice_made_before_the_game_closed_is_not_asked_again(
    make_app, loopback_server, friend
) -> None:
    app, ben = open_game(make_app, loopback_server.url, friend)
    settle(app, lambda: table(app).acting_seat() is not None)  # the deal: both replace in secret
    session = table(app).online_session
    assert session.public.secret_choice_open
    keep = next(a for a in session.observation(0).legal_actions() if not a.cards)
    assert session.submit(keep) is None  # Ana keeps her hand; Ben has not chosen yet
    settle(app, lambda: table(app).online_session.public.own_commit is not None)
    app._shutdown()  # closed before Ben chose
    again = make_app()
    [seat] = again.online.seats()
    feed = again.online.feed(seat)
    wait_for(lambda: feed.latest is not None and feed.latest.observation is not None)
    assert again.open_online_game(seat)
    step(again, 3)
    back = table(again)
    assert back.online_session.public.own_commit == ()  # her choice, kept by the server
    assert back.acting_seat() is None and back.online_session.actor() == (1, False)
    play_frames(again, ben, 60, random.Random(7), until=lambda: table(again)._game_over_shown)
    settle(again, ended(again))
