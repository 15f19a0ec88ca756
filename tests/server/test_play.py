"""Whole games through a real server on loopback: the AI levels as players, the record
replayed by the rules, refusals that change nothing, presence and resignation."""

from __future__ import annotations

import asyncio
import random

import msgspec
import pytest

from tacocat.net import messages as m
from tacocat.online.client import Connection, SeatPlayer, ServerRefused, secret_choice
from tacocat.rules import GameRecord
from tests.server.conftest import bot_chooser, local_server, next_message, play_through, start_game


def run(coroutine):
    return asyncio.run(coroutine)


@pytest.mark.parametrize("kinds", [("easy", "medium"), ("random", "heuristic")])
def test_two_bots_play_a_whole_game_and_the_record_replays_to_its_result(tmp_path, kinds):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            players = await play_through(server.url, kinds, seed=3)
            ends = [p.ended for p in players]
            assert ends[0] == ends[1] and ends[0].result.reason == "won"
            final = GameRecord.from_dict(ends[0].record).replay()
            assert final.is_over and final.winner == ends[0].result.winner
            # Both seats saw every step, in order, and decided on their last observation.
            assert [p.seq for p in players] == [ends[0].seq] * 2 == [len(final.actions)] * 2
            row = await server.game_server.storage.load(players[0].game)
            assert row.status == "over" and len(row.actions) == len(final.actions)

    run(body())


def test_a_stale_illegal_or_foreign_action_is_refused_and_changes_nothing(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            host, friend, created, joined = await start_game(server.url)
            state = await next_message(host, m.State, started=True)
            game, seq = created.game, state.seq
            bad = [
                (m.WireDuel(seat=0, card=99), seq, "illegal"),  # not the phase, not held
                (m.WireReplace(seat=1, cards=[]), seq, "not_your_seat"),
                (m.WireReplace(seat=0, cards=[]), seq + 5, "stale"),
            ]
            for action, at, code in bad:
                await host.send(m.Act(game=game, seq=at, action=action, id=code))
                reply = await next_message(host, m.Refused)
                assert reply.code == code and reply.id == code and reply.seq == seq
            row = await server.game_server.storage.load(game)
            assert row.actions == () and row.seq == 0
            await host.close()
            await friend.close()

    run(body())


def test_a_repeated_action_is_refused_as_a_duplicate(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            host, friend, created, _ = await start_game(server.url)
            state = await next_message(host, m.State, started=True)
            from tacocat.net.codec import decode_observation

            observation = decode_observation(state.observation)
            seat = observation.to_act[0]
            mover = host if seat == 0 else friend
            action = observation.legal_actions()[0]
            from tacocat.rules.actions import action_to_dict

            wire = msgspec.convert(action_to_dict(action), m.WireAction)
            await mover.send(m.Act(game=created.game, seq=state.seq, action=wire))
            update = await next_message(mover, m.Update)
            assert update.seq == state.seq + 1
            await mover.send(m.Act(game=created.game, seq=state.seq, action=wire, id="again"))
            assert (await next_message(mover, m.Refused)).code == "duplicate"
            assert (await server.game_server.storage.load(created.game)).seq == state.seq + 1
            await host.close()
            await friend.close()

    run(body())


def test_a_wrong_invite_a_wrong_token_and_an_old_client_get_their_codes(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            host, friend, created, joined = await start_game(server.url)
            eve = await Connection.open(server.url)
            with pytest.raises(ServerRefused, match="no_such_invite"):
                await eve.request(m.Join(invite=created.invite, name="Eve"))  # used already
            with pytest.raises(ServerRefused, match="no_such_game"):
                await eve.request(m.Resume(game=created.game, token="A" * 43))
            with pytest.raises(ServerRefused, match="update_required"):
                await Connection.open(server.url, protocol=0)
            for c in (host, friend, eve):
                await c.close()

    run(body())


def test_presence_is_shown_after_the_grace_period_and_a_resume_restores_the_seat(tmp_path):
    from tacocat.server.config import Settings

    async def body():
        async with local_server(tmp_path / "games.sqlite3", Settings(presence_grace=0.3)) as server:
            host, friend, created, joined = await start_game(server.url)
            joined_shown = await next_message(host, m.Presence)
            assert (joined_shown.seat, joined_shown.connected) == (1, True)
            await friend.close()
            gone = await next_message(host, m.Presence)  # after the grace period
            assert (gone.seat, gone.connected) == (1, False)
            again = await Connection.open(server.url)
            state = await again.request(m.Resume(game=joined.game, token=joined.token))
            assert state.seat == 1 and state.observation is not None
            back = await next_message(host, m.Presence)
            assert (back.seat, back.connected) == (1, True)
            await host.close()
            await again.close()

    run(body())


def test_resigning_ends_the_game_for_both_with_the_other_seat_winning(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            host, friend, created, joined = await start_game(server.url)
            await host.send(m.Resign(game=created.game))
            for connection in (host, friend):
                ended = await next_message(connection, m.Ended)
                assert ended.result == m.Result(winner=1, reason="resigned")
            assert (await server.game_server.storage.load(created.game)).result.reason == "resigned"
            await host.close()
            await friend.close()

    run(body())


def test_a_seat_makes_each_secret_choice_once_and_acts_once_per_state(tmp_path):
    """When the other seat's choice moves ``seq`` on under this seat's, the same choice is
    sent again (docs/protocol.md, "Act"), not chosen anew; no act is sent twice on a state."""
    asked: list[tuple[int, int, tuple]] = []

    def counting(game: int, seat: int):
        choose = bot_chooser("easy")

        def counted(observation, legal, rng):
            key = secret_choice(observation)
            if key is not None:
                asked.append((game, seat, key))
            return choose(observation, legal, rng)

        return counted

    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            refusals = []
            for game in range(4):
                host, friend, created, joined = await start_game(server.url)
                players = (
                    SeatPlayer(host, created.game, 0, counting(game, 0), random.Random(game)),
                    SeatPlayer(friend, joined.game, 1, counting(game, 1), random.Random(game + 9)),
                )
                await asyncio.gather(*(p.play(60) for p in players))
                refusals += [r.code for p in players for r in p.refusals]
                await host.close()
                await friend.close()
            return refusals

    refusals = run(body())
    assert "stale" in refusals  # the race happened, and was answered by sending again
    assert set(refusals) == {"stale"}
    assert asked and len(asked) == len(set(asked))


def test_a_seat_sends_its_act_again_after_a_server_error(tmp_path):
    """The database out of reach for a moment: the act is answered ``server_error`` and the
    seat sends it again (docs/protocol.md, "Errors and limits"); the game plays to its end."""

    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            storage = server.game_server.storage
            append, failures = storage.append, []

            async def failing_twice(step, now):
                if step.seq == 3 and len(failures) < 2:
                    failures.append(step.seq)
                    raise ConnectionError("the database cannot be reached (retrying)")
                await append(step, now)

            storage.append = failing_twice
            players = await play_through(server.url, ("easy", "random"), seed=5, timeout=60)
            assert failures == [3, 3]
            assert players[0].ended == players[1].ended and players[0].ended.result.reason == "won"

    run(body())
