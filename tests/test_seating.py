"""Who sits where (tacocat/seating.py): every kind of game's seats, and the questions the
table, undo, hints, pass-the-device, names and statistics ask of them."""

from __future__ import annotations

import pytest

from tacocat.seating import GameKind, Seating, SeatKind


@pytest.mark.parametrize("person", [0, 1])
def test_one_person_against_the_computer(person):
    seating = Seating.of(GameKind.VS_AI, person)
    assert seating.people == {person} and seating.person == seating.home == person
    assert seating.is_computer(1 - person) and not seating.is_computer(person)
    assert seating.against_computer and seating.plays_computer and not seating.shares_screen
    assert seating.kind is GameKind.VS_AI and seating.seen_here == {person}


def test_two_people_share_the_screen_whatever_seat_is_named():
    for person in (0, 1):
        seating = Seating.of(GameKind.HOTSEAT, person)
        assert seating.seats == (SeatKind.PERSON, SeatKind.PERSON)
        assert seating.people == {0, 1} and seating.person is None and seating.home == 0
        assert seating.shares_screen and not seating.against_computer and not seating.plays_computer
        assert seating.kind is GameKind.HOTSEAT and seating.seen_here == {0, 1}


def test_a_demo_has_nobody_here():
    seating = Seating.of(GameKind.DEMO)
    assert not seating.people and seating.person is None and seating.home == 0
    assert seating.plays_computer and not seating.against_computer and not seating.shares_screen
    assert seating.kind is GameKind.DEMO and seating.seen_here == {0, 1}


@pytest.mark.parametrize("person", [0, 1])
def test_online_one_person_here_against_a_person_there(person):
    seating = Seating.of(GameKind.ONLINE, person)
    assert seating.people == {person} and seating.person == person and seating.home == person
    assert seating.seats[1 - person] is SeatKind.REMOTE and seating.online
    assert seating.seen_here == {person}, "the other hand is never this screen's"
    assert not (seating.plays_computer or seating.against_computer or seating.shares_screen)
    assert seating.kind is GameKind.ONLINE


def test_kinds_are_the_strings_files_store():
    """Saves, game files and statistics written before the kinds were typed read the same."""
    assert [kind.value for kind in GameKind] == ["vs_ai", "hotseat", "demo", "online"]
    assert Seating.of("vs_ai", 1) == Seating.of(GameKind.VS_AI, 1)
    assert {("vs_ai", "easy"): 1}[(GameKind.VS_AI, "easy")] == 1


@pytest.mark.parametrize("kind, person", [("network", 0), ("VS_AI", 0), (GameKind.VS_AI, 2)])
def test_an_unknown_kind_or_seat_is_refused(kind, person):
    with pytest.raises(ValueError):
        Seating.of(kind, person)
