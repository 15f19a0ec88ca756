"""Statistics in the game: loaded at start-up, updated by a finished game, shown on a screen
reachable from the title and from the in-game menu."""

from __future__ import annotations

import json

import pygame
import pytest
from finished_games import before_the_last_action, save_one_action_before_the_end

from tacocat.persistence.saves import AUTOSAVE_FILE, SaveStore
from tacocat.persistence.stats import STATS_FILE, Stats, load_stats, save_stats
from tacocat.ui.scenes.stats import StatsScene
from tacocat.ui.text.i18n import tr
from tests.persistence.test_stats_rebuild import play_games


def _settle(app, run_frames):
    """Skip the title's intro so buttons sit where they are clicked."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    run_frames(app, 2)


def _some_stats() -> Stats:
    stats = Stats()
    for won in (True, True, False, True):
        stats = stats.record_game(
            "vs_ai",
            "easy",
            won,
            rounds_won=4 if won else 2,
            rounds_lost=1 if won else 4,
            tied_rounds=1,
        )
    stats = stats.record_game("vs_ai", "hard", False, rounds_won=0, rounds_lost=4)
    for winner, loser in (("Ana", "Ben"), ("Ana", "Carla"), ("Ben", "Ana"), ("Dora", "Eve")):
        stats = stats.record_game(
            "hotseat", winner_name=winner, loser_name=loser, rounds_won=4, rounds_lost=2
        )
    return stats


# --- loading and recording ------------------------------------------------------------


def test_the_app_loads_the_statistics_at_start_up(tmp_path, make_app):
    save_stats(tmp_path, _some_stats())
    app = make_app()
    assert app.stats == _some_stats()
    assert app.scenes.top.name == "title"  # a good file: no message


@pytest.mark.parametrize(
    "content",
    [
        b"\x00garbage\xff",
        b'{"format": "tacocat-stats", "version": 1, "vs_ai": {"easy": {"wins": 3',
        b'{"format": "tacocat-stats", "version": 42}',
    ],
)
def test_an_unusable_stats_file_is_reported_backed_up_and_started_from_zero(
    tmp_path, make_app, run_frames, content
):
    (tmp_path / STATS_FILE).write_bytes(content)
    app = make_app()
    message = app.scenes.top
    assert message.name == "message" and message.title == tr("tacocat.stats.reset_title")
    [backup] = tmp_path.glob(f"{STATS_FILE}.bad-*")
    assert backup.read_bytes() == content and str(backup) in message.text
    assert app.stats == Stats()
    run_frames(app, 2)
    message.close()
    assert app.running and app.scenes.top.name == "title"


def test_a_hand_edited_stats_file_keeps_the_good_entries(tmp_path, make_app):
    data = {
        "format": "tacocat-stats",
        "version": 1,
        "vs_ai": {"easy": {"wins": 2, "losses": 1}, "hard": {"wins": -5}},
        "current_streak": 1,
        "best_streak": 2,
        "tied_rounds": 3,
    }
    (tmp_path / STATS_FILE).write_text(json.dumps(data), encoding="utf-8")
    app = make_app()
    assert app.scenes.top.name == "message"
    assert app.stats.vs_ai["easy"].wins == 2 and app.stats.vs_ai["hard"].games == 0
    assert app.stats.best_streak == 2 and app.stats.tied_rounds == 3


def _idle(app, jobs: int = 100) -> None:
    """Run the app's idle work, as the loop does when nothing moves."""
    while app._deferred and jobs:
        app._run_deferred()
        jobs -= 1


def test_a_damaged_stats_file_is_rebuilt_from_the_kept_games(tmp_path, make_app):
    played = play_games(tmp_path)  # three counted games and a demo, kept in the History
    (tmp_path / STATS_FILE).write_bytes(b"\x00garbage\xff")
    app = make_app()
    assert app.stats == played
    message = app.scenes.top
    assert message.name == "message" and message.title == tr("tacocat.problem.stats_rebuilt.title")
    [backup] = tmp_path.glob(f"{STATS_FILE}.bad-*")
    assert str(backup) in message.text and " 3 games " in message.text
    assert load_stats(tmp_path) == (played, None)


def test_a_deleted_stats_file_is_rebuilt_before_the_title_shows(tmp_path, make_app):
    played = play_games(tmp_path)
    (tmp_path / STATS_FILE).unlink()
    app = make_app()
    assert app.stats == played and app.scenes.top.name == "message"
    assert app.scenes.top.text == tr("tacocat.problem.stats_rebuilt.missing", count=3)
    again = make_app()
    assert again.stats == played and again.scenes.top.name == "title"


def test_statistics_behind_the_history_are_completed_while_idle(tmp_path, make_app):
    play_games(tmp_path, count=2)
    raw = (tmp_path / STATS_FILE).read_bytes()
    played = play_games(tmp_path, count=1, first_seed=7)  # its statistics were never written
    (tmp_path / STATS_FILE).write_bytes(raw)
    app = make_app()
    assert app.scenes.top.name == "title"  # the start reads no History
    _idle(app)
    assert app.stats == played and load_stats(tmp_path) == (played, None)
    assert app.scenes.top.title == tr("tacocat.problem.stats_rebuilt.title")


def test_statistics_that_agree_with_the_history_are_left_alone(tmp_path, make_app):
    played = play_games(tmp_path)
    before = (tmp_path / STATS_FILE).stat().st_mtime_ns
    app = make_app()
    _idle(app)
    assert app.stats == played and app.scenes.top.name == "title"
    assert (tmp_path / STATS_FILE).stat().st_mtime_ns == before


VS_AI = {"mode": "vs_ai", "level": "easy", "human_seat": 0, "names": ["Ana", "Computer"]}


def test_a_finished_game_updates_the_app_and_the_file(tmp_path, make_app):
    app = make_app()
    final = before_the_last_action(3)[2]
    app.finish_game(VS_AI, final, None)
    figures = app.stats.vs_ai["easy"]
    assert (figures.wins, figures.losses) == ((1, 0) if final.winner == 0 else (0, 1))
    assert load_stats(tmp_path) == (app.stats, None)
    app.finish_game(
        {"mode": "hotseat", "level": None, "human_seat": None, "names": ["Ana", "Ben"]},
        before_the_last_action(1)[2],
        None,
    )
    assert load_stats(tmp_path)[0].hotseat.keys() == {"Ana", "Ben"}


def test_a_demo_is_not_counted_and_writes_no_statistics(tmp_path, make_app):
    app = make_app()
    app.finish_game(
        {
            "mode": "demo",
            "level": "easy",
            "human_seat": None,
            "names": ["Computer 1", "Computer 2"],
        },
        before_the_last_action(2)[2],
        None,
    )
    assert app.stats == Stats() and not (tmp_path / STATS_FILE).exists()


def test_statistics_that_cannot_be_written_are_reported_and_kept_in_memory(tmp_path, make_app):
    app = make_app()
    (tmp_path / STATS_FILE).mkdir()  # a folder where the file should go: the write fails
    app.finish_game(VS_AI, before_the_last_action(3)[2], None)
    assert app.scenes.top.name == "message"
    assert app.scenes.top.title == tr("tacocat.stats.not_saved_title")
    assert app.stats.vs_ai["easy"].games == 1


@pytest.mark.parametrize("mode, seed", [("vs_ai", 3), ("vs_ai", 4), ("hotseat", 1)])
def test_a_game_finished_on_the_table_counts_and_clears_its_autosave(
    tmp_path, make_app, monkeypatch, mode, seed
):
    monkeypatch.setenv("TACOCAT_AI_WORKER", "inline")
    last, final, names = save_one_action_before_the_end(tmp_path, mode, seed)
    app = make_app("--continue", "--speed", "inf", saves=SaveStore(tmp_path))
    table = app.scenes.stack[0]
    assert table.name == "table"
    assert table.session.submit(last) is None  # the human's winning or losing move
    assert not (tmp_path / AUTOSAVE_FILE).exists()
    on_disk, problem = load_stats(tmp_path)
    assert problem is None and on_disk == app.stats
    if mode == "vs_ai":
        human_won = final.winner == last.seat
        tally = app.stats.vs_ai["easy"]
        assert (tally.wins, tally.losses) == ((1, 0) if human_won else (0, 1))
        assert tally.rounds_won == final.wins[last.seat]
        assert app.stats.current_streak == int(human_won)
    else:
        winner, loser = names[final.winner], names[1 - final.winner]
        assert app.stats.hotseat[winner].wins == 1 and app.stats.hotseat[loser].losses == 1
    assert app.stats.tied_rounds == final.tied_rounds and app.stats.games_played == 1


# --- the screen --------------------------------------------------------------------------


def test_the_title_statistics_button_opens_the_screen_with_the_figures(
    tmp_path, make_app, run_frames, click
):
    save_stats(tmp_path, _some_stats())
    app = make_app()
    _settle(app, run_frames)
    click(app, app.scenes.top.buttons["stats"])
    screen = app.scenes.top
    assert isinstance(screen, StatsScene)
    assert screen.rows[("vs_ai", "easy")] == {
        "games": "4",
        "won": "3",
        "lost": "1",
        "rate": "75%",
        "rounds": "14 – 7",
    }
    assert screen.rows[("vs_ai", "hard")]["rate"] == "0%"
    assert screen.rows[("vs_ai", "medium")]["rate"] == tr("tacocat.stats.no_rate")
    assert screen.rows[("vs_ai", "all")]["games"] == "5"
    assert screen.lines["summary"] == tr("tacocat.stats.games_played", count=9)
    assert screen.lines["current_streak"].endswith(": 0")
    assert screen.lines["best_streak"].endswith(": 2")
    click(app, screen.done_button)
    assert app.scenes.top.name == "title"


def test_the_menu_statistics_button_opens_the_screen_and_esc_returns(make_app, run_frames, click):
    app = make_app()
    app.update_settings(save=False, animation_speed="instant")
    app.open("menu")
    run_frames(app, 2)
    menu = app.scenes.top
    click(app, menu.stats_button)
    assert app.scenes.top.name == "stats"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    run_frames(app, 2)
    assert app.scenes.top is menu


def test_the_screen_before_any_game_says_so(make_app):
    app = make_app()
    app.open("stats")
    screen = app.scenes.top
    assert screen.lines["summary"] == tr("tacocat.stats.empty")
    assert "no_hotseat" in screen.lines
    assert all(row["rate"] == tr("tacocat.stats.no_rate") for row in screen.rows.values())


def test_hot_seat_players_are_listed_most_games_first_with_the_rest_counted(make_app):
    app = make_app()
    app.stats = _some_stats()
    app.open("stats")
    screen = app.scenes.top
    listed = [key[1] for key in screen.rows if key[0] == "hotseat"]
    assert listed == ["Ana", "Ben", "Carla"]  # 3, 2 and 1 games; Dora and Eve left out
    assert screen.rows[("hotseat", "Ana")]["won"] == "2"
    assert screen.lines["more_players"] == tr("tacocat.stats.more_players", count=2)


def test_a_long_hot_seat_name_is_cut_to_its_column(make_app):
    import warnings

    app = make_app()
    long_name = "W" * 24  # the longest name a player can type, in the widest letter
    app.stats = Stats().record_game(
        "hotseat", winner_name=long_name, loser_name="Ana", rounds_won=4, rounds_lost=0
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pygame_gui warns when a label's text does not fit
        app.open("stats")
    screen = app.scenes.top
    assert screen.rows[("hotseat", long_name)]["won"] == "1"
    texts = [element.text for element in screen.panel.elements if hasattr(element, "text")]
    assert any(text.startswith("WWW") and text.endswith("…") for text in texts)


def test_online_opponents_are_shown_in_place_of_the_hot_seat_players(make_app, click):
    app = make_app()
    stats = Stats().record_game("hotseat", winner_name="Ana", loser_name="Bo", rounds_won=4)
    for won in (True, False, True):
        stats = stats.record_game(
            "online",
            human_won=won,
            opponent="Cy",
            rounds_won=4 if won else 1,
            rounds_lost=2 if won else 4,
        )
    app.stats = stats
    app.open("stats")
    screen = app.scenes.top
    assert ("hotseat", "Ana") in screen.rows and ("online", "Cy") not in screen.rows
    click(app, screen.people_button)
    screen = app.scenes.top
    assert (
        screen.rows[("online", "Cy")]["won"] == "2" and screen.rows[("online", "Cy")]["lost"] == "1"
    )
    assert ("hotseat", "Ana") not in screen.rows
    assert screen.lines["summary"] == tr("tacocat.stats.games_played", count=4)
    click(app, screen.people_button)
    assert ("hotseat", "Ana") in app.scenes.top.rows


def test_without_online_games_there_is_nothing_to_switch(make_app):
    app = make_app()
    app.stats = Stats().record_game("hotseat", winner_name="Ana", loser_name="Bo", rounds_won=4)
    app.open("stats")
    assert app.scenes.top.people_button is None
