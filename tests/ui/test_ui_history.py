"""The History in the app: finished games kept, the History screen lists and opens them,
exports, opens files (Open file…, dropped files, --replay), refuses damaged ones."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

# The statistics tests' game one action before its end (tests/ui is on sys.path: no package).
from finished_games import before_the_last_action, save_one_action_before_the_end

from tacocat.persistence.gamefile import GameInfo
from tacocat.persistence.history import HistoryStore
from tacocat.persistence.saves import AUTOSAVE_FILE, SaveStore
from tacocat.persistence.stats import save_stats
from tacocat.persistence.stats_rebuild import counted_by_history
from tacocat.rules import GameRecord
from tacocat.ui.text.i18n import tr

ROOT = Path(__file__).resolve().parents[2]
DT = 1 / 60
ROW_OFFSET = 38 + 10  # a point inside the History list's second row


def _finished(seed: int):
    return before_the_last_action(seed)[2]


def _keep(folder: Path, seeds=(1, 2, 3)) -> list[str]:
    store = HistoryStore(folder)
    config = {"mode": "vs_ai", "level": "hard", "human_seat": 0, "names": ["Ana", "Computer"]}
    ids = [
        store.add(GameRecord.from_state(_finished(s)), GameInfo.of(_finished(s), config)).id
        for s in seeds
    ]
    # Counted too, as playing them did (kept games without statistics are rebuilt, and told).
    save_stats(folder, counted_by_history(e.info for e in reversed(store.entries()))[0])
    return ids


def _key(app, code: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(DT)


def _click_at(app, pos, frames: int = 2) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))
    for _ in range(frames):
        app.step(DT)


@pytest.mark.parametrize("mode, seed", [("vs_ai", 3), ("hotseat", 1)])
def test_a_game_finished_on_the_table_is_kept_in_the_history(
    tmp_path, make_app, monkeypatch, mode, seed
):
    monkeypatch.setenv("TACOCAT_AI_WORKER", "inline")
    last, final, names = save_one_action_before_the_end(tmp_path, mode, seed)
    app = make_app("--continue", "--speed", "inf", saves=SaveStore(tmp_path))
    assert app.scenes.stack[0].session.submit(last) is None
    assert not (tmp_path / AUTOSAVE_FILE).exists()
    entries = HistoryStore(tmp_path).entries()
    assert len(entries) == 1
    info = entries[0].info
    assert (info.mode, info.names, info.wins, info.winner, info.rounds) == (
        mode,
        tuple(names),
        final.wins,
        final.winner,
        final.round_number,
    )
    assert info.level == ("easy" if mode == "vs_ai" else None)
    game, replayed = app.history.open(entries[0].id)
    assert game.record == GameRecord.from_state(final) and replayed.wins == final.wins


def test_a_demo_is_kept_too(tmp_path, make_app):
    app = make_app()
    final = _finished(2)
    app.finish_game(
        {
            "mode": "demo",
            "level": "easy",
            "human_seat": None,
            "names": ["Computer 1", "Computer 2"],
        },
        final,
        None,
    )
    assert [e.info.mode for e in app.history.entries()] == ["demo"]


def test_the_title_reaches_the_history_which_lists_the_kept_games(tmp_path, make_app, click):
    ids = _keep(tmp_path)
    app = make_app()
    _key(app, pygame.K_SPACE)  # skip the title's intro: the buttons sit where they are clicked
    click(app, app.scenes.top.buttons["history"])
    screen = app.scenes.top
    assert screen.name == "history"
    assert [e.id for e in screen.entries] == list(reversed(ids))
    assert len(screen.list.rows) == 3
    date, players, level, score, rounds, rules = screen.list.rows[0]
    assert players == tr("tacocat.history.mode_vs_ai", name="Computer")
    assert level == tr("tacocat.stats.level_hard")
    assert rules == tr("tacocat.history.rules_standard")
    _key(app, pygame.K_ESCAPE)
    assert app.scenes.top.name == "title"


def test_the_statistics_screen_over_the_title_reaches_the_history(make_app, click):
    app = make_app()
    app.update_settings(save=False, animation_speed="instant")
    app.open("stats")
    app.step(DT)
    click(app, app.scenes.top.history_button)
    assert app.scenes.top.name == "history"


def test_keys_choose_a_game_and_enter_opens_it_in_the_replay_viewer(tmp_path, make_app):
    ids = _keep(tmp_path)
    app = make_app()
    app.open("history")
    _key(app, pygame.K_DOWN)
    _key(app, pygame.K_DOWN)
    assert app.scenes.top.chosen.id == ids[0]
    _key(app, pygame.K_RETURN)
    viewer = app.scenes.top
    assert viewer.name == "replay"
    assert viewer.timeline.record == app.history.open(ids[0])[0].record
    _key(app, pygame.K_ESCAPE)  # back to the History, the game still selected
    assert app.scenes.top.name == "history" and app.scenes.top.chosen.id == ids[0]


def test_a_double_click_opens_a_game(tmp_path, make_app):
    _keep(tmp_path, seeds=(4,))
    app = make_app()
    app.open("history")
    app.scenes.top.list.clock = lambda: 1000  # both clicks at once, however slow the frames
    row = app.scenes.top.list.rect
    _click_at(app, (row.x + 40, row.y + 10), frames=1)
    _click_at(app, (row.x + 40, row.y + 10))
    assert app.scenes.top.name == "replay"


def test_a_damaged_kept_game_is_refused_with_a_message_and_leaves_the_list(tmp_path, make_app):
    ids = _keep(tmp_path)
    (tmp_path / "history" / "games" / f"{ids[-1]}.json").write_text("{ not json")
    app = make_app()
    app.open("history")
    _key(app, pygame.K_RETURN)  # the newest game is selected first
    message = app.scenes.top
    assert message.name == "message"
    assert tr("tacocat.history.reason_damaged") in message.text
    assert [e.id for e in app.scenes.stack[0].entries] == list(reversed(ids[:-1]))


def test_export_writes_a_file_and_says_where(tmp_path, make_app):
    _keep(tmp_path, seeds=(5,))
    app = make_app()
    app.open("history")
    _key(app, pygame.K_e)
    exported = list((tmp_path / "exports").glob("*.json"))
    assert len(exported) == 1
    message = app.scenes.top
    assert message.name == "message" and exported[0].name in message.text
    assert str(tmp_path / "exports") in message.text


def test_the_keys_chosen_for_the_history_export_and_say_so(tmp_path, make_app):
    """Settings → Keys chooses Export's key (history_keys): the History answers it, no
    longer the default, and its footer names it."""
    _keep(tmp_path, seeds=(5,))
    app = make_app()
    app.update_settings(save=False, history_keys=(("export", "x"), ("open_file", "o")))
    app.open("history")
    assert app.scenes.top._keys_line() == tr("tacocat.history.keys", export="X", open="O")
    _key(app, pygame.K_e)
    assert not (tmp_path / "exports").exists() or not list((tmp_path / "exports").iterdir())
    _key(app, pygame.K_x)
    assert len(list((tmp_path / "exports").glob("*.json"))) == 1


def test_open_file_lists_the_exports_and_opens_one(tmp_path, make_app):
    _keep(tmp_path, seeds=(5,))
    app = make_app()
    app.open("history")
    path = app.history.export(app.scenes.top.chosen.id)
    _key(app, pygame.K_o)
    picker = app.scenes.top
    assert picker.name == "game_files" and picker.files == [path]
    _key(app, pygame.K_RETURN)
    assert app.scenes.top.name == "replay"


def test_a_dropped_file_opens_or_is_refused(tmp_path, make_app):
    record = GameRecord.from_state(_finished(6))
    good = tmp_path / "good.json"
    good.write_text(record.to_json())
    bad = tmp_path / "bad.json"
    data = record.to_dict()
    data["actions"] = data["actions"][1:]
    bad.write_text(json.dumps(data))
    app = make_app()
    app.open("history")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    app.step(DT)
    assert app.scenes.top.name == "message"
    assert tr("tacocat.history.reason_impossible") in app.scenes.top.text
    app.scenes.pop()
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(good)))
    app.step(DT)
    assert app.scenes.top.name == "replay"
    assert app.scenes.top.timeline.record == record


def test_replay_option_opens_the_viewer(tmp_path, make_app):
    path = tmp_path / "game.json"
    path.write_text(GameRecord.from_state(_finished(7)).to_json())
    app = make_app("--replay", str(path))
    assert app.scenes.top.name == "replay"


@pytest.mark.parametrize(
    "content",
    ["", '{"format": "tacocat-record"', "[1, 2]", '{"format": "tacocat-save", "version": 1}'],
)
def test_replay_option_on_a_bad_file_exits_2_with_one_line(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--replay",
            str(path),
            "--data-dir",
            str(tmp_path / "data"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"tacocat: cannot replay {path}: ")
    assert result.stdout == ""


def test_replay_option_on_a_missing_file_exits_2(tmp_path):
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--replay", str(tmp_path / "nope.json")],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 2 and "does not exist" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_two_clicks_far_apart_only_select(tmp_path, make_app):
    _keep(tmp_path, seeds=(4, 5))
    app = make_app()
    app.open("history")
    screen = app.scenes.top
    ticks = iter((1000, 1000 + 2000))
    screen.list.clock = lambda: next(ticks)
    row = screen.list.rect
    _click_at(app, (row.x + 40, row.y + ROW_OFFSET), frames=1)
    _click_at(app, (row.x + 40, row.y + ROW_OFFSET))
    assert app.scenes.top is screen and screen.chosen.id == screen.entries[1].id


@pytest.mark.parametrize("winner, word", [(1, "tacocat.history.won"), (0, "tacocat.history.lost")])
def test_an_online_game_is_listed_from_the_side_of_the_person_here(winner, word):
    from tacocat.ui.scenes.history import row_cells

    info = GameInfo(
        "2026-12-06T10:00:00+00:00", "online", None, 1, ("Ana", "Ben"), (2, 4), winner, 6, 0, (), 80
    )
    _, players, level, score, _, _ = row_cells(info)
    assert players == tr("tacocat.history.mode_online", name="Ana")
    assert level == tr("tacocat.history.level_online")
    assert score == tr("tacocat.history.score", first=4, second=2) + " · " + tr(word)
