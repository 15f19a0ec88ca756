"""OnlineGames: a hosted or joined game is kept at once and comes back after a restart;
a game hosted on this network is found and joined without a server."""

from __future__ import annotations

from pathlib import Path

import pytest

from tacocat.online.games import OnlineGames
from tacocat.online.link import Link, failure
from tacocat.persistence.online_seats import NOBODY
from tests.online.server_thread import ServerThread
from tests.online.test_link import wait_for


def games_in(folder: Path) -> OnlineGames:
    folder.mkdir(exist_ok=True)
    return OnlineGames(folder, Link(timeout=3.0, retry=(0.05, 0.3)))


def test_hosted_and_joined_seats_are_kept_and_resumed(
    tmp_path: Path, loopback_server: ServerThread
) -> None:
    ana, ben = games_in(tmp_path / "ana"), games_in(tmp_path / "ben")
    try:
        hosted = ana.host(loopback_server.url, "Ana", []).result(10)
        assert hosted.names == ("Ana", NOBODY) and hosted.invite
        joined = ben.join(
            loopback_server.url, hosted.invite.lower().replace("-", ""), "Ben"
        ).result(10)
        assert joined.seat == 1 and joined.game == hosted.game
        feed = ana.feed(hosted)
        wait_for(lambda: feed.state is not None and feed.state.status == "playing")
        kept = ana.update_seat(hosted, feed.state)
        assert kept.names == ("Ana", "Ben") and kept.invite is None
    finally:
        ana.close()
    again = games_in(tmp_path / "ana")  # the game closed and started again
    try:
        assert [s.game for s in again.seats()] == [hosted.game]
        again.resume_all()
        feed = again.feed(again.seats()[0])
        wait_for(lambda: feed.state is not None and feed.state.observation is not None)
        assert feed.state.seat == 0 and feed.online
    finally:
        again.close()
        ben.close()


def test_a_wrong_code_is_said_and_nothing_is_kept(
    tmp_path: Path, loopback_server: ServerThread
) -> None:
    ben = games_in(tmp_path / "ben")
    try:
        with pytest.raises(Exception) as wrong:
            ben.join(loopback_server.url, "0000000000", "Ben").result(10)
        assert failure(wrong.value) == "no_such_invite" and ben.seats() == []
    finally:
        ben.close()


def test_a_game_on_this_network_is_found_and_joined(tmp_path: Path) -> None:
    ana, ben = games_in(tmp_path / "ana"), games_in(tmp_path / "ben")
    try:
        hosted = ana.host_on_network("Ana", []).result(15)
        assert hosted.hosting and hosted.lan_host
        browser = ben.browser()
        wait_for(lambda: any(g.game == hosted.game for g in browser.games()), timeout=20)
        found = next(g for g in browser.games() if g.game == hosted.game)
        joined = ben.join(found.url, found.invite, "Ben", lan_host=found.server_id).result(10)
        feed = ben.feed(joined)
        wait_for(lambda: feed.state is not None and feed.state.status == "playing")
        assert [p.name for p in feed.state.players] == ["Ana", "Ben"]
    finally:
        ben.close()
        ana.close()
