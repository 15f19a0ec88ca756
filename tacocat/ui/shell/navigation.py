"""Where the app can go: new, resumed and finished games, the title, and the overlays.

:class:`Navigation` is part of :class:`tacocat.ui.shell.app.App`. It is the one way
scenes move between screens (besides ``app.scenes`` itself, for the overlays a
scene owns): each method builds the scene and pushes it or switches to it.
Scene modules are imported where they are first needed (start-up stays short).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from tacocat.persistence.text import printable
from tacocat.seating import GameKind
from tacocat.ui.devices.window import release_memory
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.stage.screen_names import ScreenName
from tacocat.ui.stage.screens import SCREENS, Opens
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.names import default_names, stored_names
from tacocat.ui.text.problems import problem_text, problem_title

if TYPE_CHECKING:
    from argparse import Namespace

    from tacocat.online.games import OnlineGames
    from tacocat.persistence.gamefile import GameFile, GameFileError
    from tacocat.persistence.online_seats import OnlineSeat
    from tacocat.persistence.settings import Settings
    from tacocat.ui.devices.audio import Audio
    from tacocat.ui.stage.scene import Scene, SceneManager
    from tacocat.ui.stage.services import App, Saves

log = logging.getLogger(__name__)


class Navigation:
    """The app's moves between screens (a part of :class:`~tacocat.ui.shell.app.App`)."""

    options: Namespace
    settings: Settings
    saves: Saves
    scenes: SceneManager
    audio: Audio
    data_dir: Path
    quit_hooks: list[Callable[[], None]]
    _demo_resumed: bool
    _online: OnlineGames | None = None
    #: True once the kept online games are followed again (:meth:`resume_online`).
    online_resumed = False

    if TYPE_CHECKING:

        def quit(self, code: int = 0) -> None: ...  # the App's

    @property
    def _app(self) -> App:
        """This part as the whole app, for the scenes it builds: Navigation is only ever
        a base of :class:`tacocat.ui.shell.app.App` (which mypy checks against the protocol)."""
        return cast("App", self)

    def config_from_options(self) -> GameConfig:
        """The game the command line asked for (``--vs-ai``/``--hotseat``/``--demo``)."""
        level = self.options.level or self.settings.ai_level
        names = stored_names(self.settings.player_names)
        if self.options.vs_ai:
            return GameConfig(
                GameKind.VS_AI,
                level,
                0,
                (names[0], tr("tacocat.names.computer")),
                seed=self.options.seed,
            )
        if self.options.hotseat:
            return GameConfig(GameKind.HOTSEAT, level, 0, names, seed=self.options.seed)
        return GameConfig(GameKind.DEMO, level, 0, default_names(), seed=self.options.seed)

    # --- game flow --------------------------------------------------------------------

    def start_game(self, config: GameConfig, **table_options: Any) -> bool:
        """Switch to the table for a new game (or a resumed one, see :meth:`continue_game`).

        :returns: True when the table opened.
        """
        from tacocat.ui.table.scene import TableScene

        self._demo_resumed = False
        self.audio.stop_music()
        self.scenes.switch(TableScene(self._app, config, **table_options))
        release_memory()  # the previous game's table is gone now
        return True

    @property
    def online(self) -> OnlineGames:
        """This player's online games (the network thread starts on first use)."""
        games = self._online
        if games is None:
            from tacocat.online.games import OnlineGames

            games = self._online = OnlineGames(self.data_dir)
            self.quit_hooks.append(games.close)
        return games

    @property
    def online_started(self) -> bool:
        """The online side has been started (a game kept, or Play online opened): until
        then nothing of the network is even imported."""
        return self._online is not None

    def resume_online(self) -> None:
        """At start-up, while idle (or when Play online opens first): follow every kept
        online game again, once (the title then counts the ones that wait for a move). A
        damaged list is set aside and said."""
        from tacocat.persistence.online_seats import OnlineSeats

        if self.online_resumed:
            return
        self.online_resumed = True
        seats, problem = OnlineSeats(self.data_dir).load()
        if problem is not None:
            self.show_message(problem_title(problem), problem_text(problem))
        if seats:
            self.online.resume_all()

    def open_online_game(self, seat: OnlineSeat) -> bool:
        """The table of the online game ``seat``, once it has begun (False: not yet)."""
        from tacocat.ui.table.online_table import OnlineTableScene, online_config

        feed = self.online.feed(seat)
        if feed.latest is None or feed.latest.observation is None:
            return False
        self._demo_resumed = False
        self.audio.stop_music()
        self.scenes.switch(OnlineTableScene(self._app, online_config(seat, feed), seat, feed))
        release_memory()
        return True

    def continue_game(self) -> None:
        """Resume the autosaved game, or tell the player why it cannot be.

        The save store replays and checks the file; the table receives the
        :class:`~tacocat.persistence.saves.LoadResult` as ``saved=``. A file
        that cannot be used has already been moved aside by the store; its
        message (what was wrong, where the backup is) is shown here.

        With ``--demo`` (``--continue --demo``) the saved game, whatever its
        mode, is finished by the computer in both seats: the table gets a
        ``"demo"`` config with the saved names and rules, and the level of
        ``--level``, else the save's, else the settings'.
        """
        result = self.saves.load_autosave()
        if result.state is None or result.app_config is None:  # (set together: LoadResult)
            problem = (
                problem_text(result.problem) if result.problem else tr("tacocat.message.no_save")
            )
            log.info("nothing to continue: %s", problem)
            # --continue --demo with nothing to continue: a new demo, once the message is read.
            play_on = (
                (lambda: self.start_game(self.config_from_options())) if self.options.demo else None
            )
            self.show_message(tr("tacocat.message.continue_title"), problem, on_close=play_on)
            return
        app_config = dict(result.app_config)
        demo = bool(self.options.demo)
        level = (
            (self.options.level if demo else None)
            or app_config.get("level")
            or self.settings.ai_level
        )
        saved_seat = app_config.get("human_seat")
        config = GameConfig(
            mode=GameKind.DEMO if demo else GameKind(app_config["mode"]),
            level=level,
            human_seat=saved_seat if saved_seat in (0, 1) else 0,
            names=tuple(app_config["names"]),
            ruleset=result.state.ruleset,
        )
        log.info(
            "continuing a %s game (saved as %s) after %s actions",
            config.mode,
            app_config["mode"],
            len(result.state.actions),
        )
        if self.start_game(config, saved=result):
            self._demo_resumed = demo

    def start_tutorial(self, step: int | None = None) -> bool:
        """Switch to the guided first game, at ``step`` (None: where it was left)."""
        from tacocat.ui.tutorial.scene import TutorialScene

        self._demo_resumed = False
        self.audio.stop_music()
        self.scenes.switch(TutorialScene(self._app, step))
        release_memory()
        return True

    def finish_demo(self) -> None:
        """The table calls this when a demo game ends: ``--demo`` exits with 0, else the title.

        A game resumed by ``--continue --demo`` has now ended, so its autosave
        is cleared (a demo session does not clear the save it was resumed from).
        """
        if self._demo_resumed:
            self._demo_resumed = False
            try:
                self.saves.clear_autosave()
            except Exception as error:  # a locked file must not keep the demo running
                log.warning("could not clear the autosave: %s", error)
        if self.options.demo:
            self.quit(0)
        else:
            self.open("title")

    # --- the registered screens --------------------------------------------------------

    def open(self, name: ScreenName, **options: Any) -> Scene:
        """Open the registered screen ``name`` (:data:`~tacocat.ui.stage.screens.SCREENS`).

        A screen of its own replaces every screen shown, whose memory is given back; an
        overlay goes over the screen shown, and never over another of its kind (the Esc
        menu pressed twice). ``options``: the screen's own (History's ``select=``, a
        game's id; Host's ``seat=`` or ``network=``; Join's ``code=``).
        """
        screen = SCREENS[name]
        scene_class = screen.scene_class()
        top = self.scenes.top
        if screen.opens is Opens.PUSH and isinstance(top, scene_class):
            return top
        scene = scene_class(self._app, **options)
        if screen.opens is Opens.PUSH:
            self.scenes.push(scene)
        else:
            self.scenes.switch(scene)
            if top is not None:  # (nothing to give back at start-up)
                release_memory()
        return scene

    # --- overlays -----------------------------------------------------------------------

    def show_message(
        self, title: str, text: str, on_close: Callable[[], object] | None = None
    ) -> Scene:
        """Push a modal message with an OK button (errors, refused files)."""
        from tacocat.ui.scenes.message import MessageScene

        # printable(): a path with non-UTF-8 bytes must show, not crash the font.
        scene = MessageScene(self._app, printable(title), printable(text), on_close=on_close)
        self.scenes.push(scene)
        return scene

    # --- history and replays -------------------------------------------------------------

    def open_replay(
        self,
        game: GameFile,
        on_close: Callable[[], object] | None = None,
        game_id: str | None = None,
        start: int = 0,
    ) -> None:
        """Show a checked game file in the replay viewer (Close runs ``on_close``,
        else goes to the title), at step ``start``, with its kept review's marks.
        ``game_id``: the History's id of the game (a review made there is kept)."""
        from tacocat.ui.replay.review import review_notes, review_seat, stored_review
        from tacocat.ui.replay.scene import ReplayScene
        from tacocat.ui.replay.timeline import Timeline

        assert game.info is not None  # open_game_file always describes the game
        review = stored_review(game.extra, review_seat(game.info))
        timeline = Timeline(game.record)
        notes = review_notes(review, timeline.states) if review is not None else None
        self.audio.stop_music()
        self.scenes.switch(
            ReplayScene(
                self._app,
                timeline,
                game.info,
                notes=notes,
                on_close=on_close,
                start=start,
                game=game,
                game_id=game_id,
            )
        )

    def open_review(
        self,
        game: GameFile,
        game_id: str | None = None,
        on_close: Callable[[], object] | None = None,
    ) -> None:
        """The game review overlay (kept review shown, else made with a progress bar)."""
        from tacocat.ui.replay.review import ReviewScene

        self.scenes.push(ReviewScene(self._app, game, game_id, on_close=on_close))

    def open_game_file(self, path: Path, on_close: Callable[[], object] | None = None) -> bool:
        """Open a game file (``--replay``, Open file…, a dropped file) in the replay viewer,
        or tell the player why it cannot be opened. True when the viewer opened."""
        from tacocat.persistence.gamefile import GameFileError, open_game_file

        names = (tr("tacocat.names.player_1"), tr("tacocat.names.player_2"))
        try:
            game, _ = open_game_file(Path(path), default_names=names)
        except GameFileError as error:
            log.info("game file %s refused: %s", path, error.detail)
            self.refuse_game_file(Path(path).name, error)
            return False
        self.open_replay(game, on_close=on_close)
        return True

    def refuse_game_file(self, name: str, error: GameFileError, kept: bool = False) -> None:
        """Say why a game file cannot be opened (``kept``: it was a kept game, set aside)."""
        reason = tr(
            f"tacocat.problem.game_{error.code}"
            if error.code in ("unfinished", "mismatch")
            else f"tacocat.history.reason_{error.code}"
        )
        if reason.startswith("tacocat."):  # a code with no words of its own
            reason = tr("tacocat.history.reason_damaged")
        text = tr("tacocat.history.refused_body", file=name, reason=reason)
        if kept:
            text += " " + tr("tacocat.history.refused_kept")
        self.show_message(tr("tacocat.history.refused_title"), text)

    def pass_device(
        self,
        name: str,
        on_ready: Callable[[], None],
        seat: int | None = None,
        other: str | None = None,
    ) -> Scene:
        """Cover everything until ``name`` confirms they hold the device (hot-seat).

        ``on_ready`` runs after the cover is removed; ``seat`` colours the name;
        ``other`` is asked to look away.
        """
        from tacocat.ui.scenes.pass_device import PassDeviceScene

        scene = PassDeviceScene(self._app, name, on_ready, seat=seat, other=other)
        self.scenes.push(scene)
        return scene
