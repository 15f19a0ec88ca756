"""online.json: the way back to every online game survives restarts and damage."""

from __future__ import annotations

import json
from pathlib import Path

from tacocat.persistence.online_seats import NOBODY, OnlineSeat, OnlineSeats

TOKEN = "g2VqP4vH8ZtV6mQy0cR3xN1sLw7Tj9bKd5Fe2Ua8YpM"


def seat(game: str = "g_5QK3aWm7Rt2Zp9Lx", **changes) -> OnlineSeat:
    fields = dict(
        url="ws://127.0.0.1:8765/",
        game=game,
        seat=0,
        token=TOKEN,
        names=("Ana", NOBODY),
        invite="7KX4M-Q2ZHD",
    )
    return OnlineSeat(**{**fields, **changes})


def test_seats_are_kept_replaced_and_dropped(tmp_path: Path) -> None:
    store = OnlineSeats(tmp_path)
    assert store.load() == ([], None)
    store.put(seat())
    store.put(seat("g_BBBBBBBBBBBBBBBB", seat=1, names=("Cy", "Ana"), invite=None))
    store.put(seat(names=("Ana", "Ben"), invite=None))  # the friend joined
    kept = OnlineSeats(tmp_path).seats()
    assert [(s.game, s.opponent) for s in kept] == [
        ("g_BBBBBBBBBBBBBBBB", "Cy"),
        ("g_5QK3aWm7Rt2Zp9Lx", "Ben"),
    ]
    store.drop("g_BBBBBBBBBBBBBBBB")
    assert [s.game for s in store.seats()] == ["g_5QK3aWm7Rt2Zp9Lx"]


def test_the_token_stays_out_of_logs() -> None:
    assert TOKEN not in repr(seat()) and TOKEN not in str(seat())


def test_a_bad_entry_is_dropped_and_the_rest_kept(tmp_path: Path) -> None:
    good = seat().to_json()
    (tmp_path / "online.json").write_text(
        json.dumps(
            {
                "format": "tacocat-online",
                "version": 1,
                "seats": [good, {**good, "url": "http://evil/"}, {**good, "seat": 2}, "x"],
            }
        )
    )
    seats, problem = OnlineSeats(tmp_path).load()
    assert seats == [seat()]
    assert problem is not None and problem.code == "online_partial"
    assert OnlineSeats(tmp_path).load() == ([seat()], None)  # written back, repaired


def test_a_damaged_file_is_set_aside_with_a_message(tmp_path: Path) -> None:
    (tmp_path / "online.json").write_text("{not json")
    seats, problem = OnlineSeats(tmp_path).load()
    assert seats == [] and problem is not None and problem.code == "online_whole"
    assert not (tmp_path / "online.json").exists()
    assert list(tmp_path.glob("online*.json*")), "the damaged file is kept aside"


def test_peeking_reads_without_repairing(tmp_path: Path) -> None:
    store = OnlineSeats(tmp_path)
    store.put(seat())
    assert store.peek() == [seat()]
    (tmp_path / "online.json").write_text("{not json")
    assert store.peek() == [] and (tmp_path / "online.json").exists(), "left for load() to word"
