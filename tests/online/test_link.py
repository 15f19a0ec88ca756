"""The game's network side (tacocat.online.link) against a real server on loopback:
hosting, joining, following a game through a server restart, and clear failures."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tacocat.net import messages as m
from tacocat.net.codec import decode_observation
from tacocat.online.link import GameFeed, Link, failure
from tests.online.server_thread import ServerThread, free_port


@pytest.fixture
def link() -> Iterator[Link]:
    made = Link(timeout=3.0, retry=(0.05, 0.3))
    yield made
    made.close()


@pytest.fixture
def friends_link() -> Iterator[Link]:
    """The friend's game, on another computer: a link of its own (a connection holds one
    seat of a game)."""
    made = Link(timeout=3.0, retry=(0.05, 0.3))
    yield made
    made.close()


def wait_for(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


class RandomSeat:
    """Plays a feed at random, as the table would: on each new observation it owes."""

    def __init__(self, feed: GameFeed, seed: int) -> None:
        self.feed, self.rng = feed, random.Random(seed)
        self.seq, self.acted_on, self.events, self.sent = -1, -1, 0, 0

    def step(self) -> None:
        for message in self.feed.drain():
            if isinstance(message, m.State | m.Update) and message.observation is not None:
                self.seq = message.seq
                self.events += len(getattr(message, "events", ()))
        latest = self.feed.latest
        if (
            latest is None
            or latest.observation is None
            or self.acted_on == self.seq
            or not self.feed.online
        ):
            return
        seen = decode_observation(latest.observation)
        if seen.seat in seen.to_act and seen.own_commit is None and seen.legal_actions():
            self.acted_on = self.seq
            self.sent += 1
            self.feed.act(self.seq, self.rng.choice(list(seen.legal_actions())))


def host_and_join(link: Link, friends: Link, url: str) -> tuple[GameFeed, GameFeed]:
    created = link.create(url, "Ana", []).result(10)
    assert isinstance(created, m.Created)
    host = link.follow(url, created.game, created.token)
    joined = friends.join(url, created.invite, "Ben").result(10)
    assert isinstance(joined, m.Joined) and joined.seat == 1
    return host, friends.follow(url, joined.game, joined.token)


def play(seats: list[RandomSeat], until: Callable[[], bool], timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < end, [(s.seq, s.feed.latest, s.feed.online) for s in seats]
        for seat in seats:
            seat.step()
        time.sleep(0.002)


def test_a_hosted_game_is_joined_and_played_to_the_end(
    loopback_server: ServerThread, link: Link, friends_link: Link
) -> None:
    host, friend = host_and_join(link, friends_link, loopback_server.url)
    wait_for(lambda: host.state is not None and host.state.status == "playing")
    assert [p.name for p in host.state.players] == ["Ana", "Ben"]
    seats = [RandomSeat(host, 1), RandomSeat(friend, 2)]
    play(seats, lambda: host.ended is not None and friend.ended is not None)
    assert host.ended.record == friend.ended.record and host.ended.result.reason == "won"
    assert all(seat.events > 0 for seat in seats)


def test_a_followed_game_comes_back_after_the_server_restarts(
    tmp_path: Path, link: Link, friends_link: Link
) -> None:
    port = free_port()
    server = ServerThread(tmp_path / "games.db", port).start()
    try:
        host, friend = host_and_join(link, friends_link, server.url)
        seats = [RandomSeat(host, 3), RandomSeat(friend, 4)]
        play(seats, lambda: host.latest is not None and host.latest.seq >= 10)
        server.stop()
        wait_for(lambda: not host.online and not friend.online)
        server = ServerThread(tmp_path / "games.db", port).start()
        wait_for(lambda: host.online and friend.online)
        play(seats, lambda: host.ended is not None and friend.ended is not None)
        assert host.ended.record == friend.ended.record
    finally:
        server.stop()


def test_a_wrong_code_and_an_unreachable_server_are_told_apart(
    loopback_server: ServerThread, link: Link
) -> None:
    with pytest.raises(Exception) as wrong:
        link.join(loopback_server.url, "7KX4M-Q2ZHD", "Ben").result(10)
    assert failure(wrong.value) == "no_such_invite"
    with pytest.raises(Exception) as away:
        link.join(f"ws://127.0.0.1:{free_port()}/", "7KX4M-Q2ZHD", "Ben").result(10)
    assert failure(away.value) == "unreachable"


def test_a_game_the_server_does_not_know_is_gone(loopback_server: ServerThread, link: Link) -> None:
    feed = link.follow(loopback_server.url, "g_" + "A" * 16, "B" * 43)
    wait_for(lambda: feed.gone)
    assert not feed.online


def test_an_act_made_while_the_server_is_away_is_sent_once_it_is_back(
    tmp_path: Path, link: Link, friends_link: Link
) -> None:
    port = free_port()
    server = ServerThread(tmp_path / "games.db", port).start()
    try:
        host, friend = host_and_join(link, friends_link, server.url)
        wait_for(lambda: host.latest is not None and host.latest.observation is not None)
        server.stop()
        wait_for(lambda: not host.online)
        seen = decode_observation(host.latest.observation)
        host.act(host.latest.seq, seen.legal_actions()[0])  # the person clicked meanwhile
        server = ServerThread(tmp_path / "games.db", port).start()
        wait_for(lambda: host.latest is not None and host.latest.seq == 1)
        assert host.unanswered is None
    finally:
        server.stop()


def test_the_feed_keeps_the_other_seats_presence_current(
    loopback_server: ServerThread, link: Link, friends_link: Link
) -> None:
    host, friend = host_and_join(link, friends_link, loopback_server.url)
    wait_for(lambda: host.state is not None and host.state.players[1].connected)
    friends_link.close()  # the friend's game closed (the server's grace here is 0.2 s)
    wait_for(lambda: not host.state.players[1].connected)
