"""The pygame-ce / pygame_gui application.

Packages in layers, each importing only those below it (``pyproject.toml`` has the
import-linter contract, exhaustive: a new package must take its place in it):

* :mod:`.shell` - :func:`~tacocat.ui.shell.launch.run` and :class:`~tacocat.ui.shell.app.App`:
  the frame loop, navigation between screens, the window's opening, preferences,
  input routing, crash reports and notices. Nothing imports it.
* :mod:`.replay`, :mod:`.tutorial` - the replay viewer and the guided game, both on the table.
* :mod:`.table` - the game table, one job per module (scene, session, controls, prompt,
  view model, animator, painter, narration).
* :mod:`.scenes` - one module per other screen; :mod:`.scenes.overlay` the overlay bases.
* :mod:`.results` - what the table tells the round-result and game-over screens.
* :mod:`.stage` - what every screen plays on: :class:`~tacocat.ui.stage.scene.Scene`, the
  scene stack, the screen registry (:mod:`~tacocat.ui.stage.screens`: ``app.open(name)``),
  the typed :class:`~tacocat.ui.stage.services.App` protocol scenes use,
  :class:`~tacocat.ui.stage.game_config.GameConfig` and tweens (pure Python).
* :mod:`.focus` - keyboard and controller focus; :mod:`.input`, :mod:`.speech` - the key
  map, controllers and prompts; the narrator.
* :mod:`.devices` - the window, sound, images, fonts and theme on disk.
* :mod:`.widgets` - drawing pieces: cards, board, buttons, layout, palette and text.
* :mod:`.text` - translations, names, fonts, text size and fitting, panel layouts, and the
  player's words for the engine's codes (refusals, problems, reasons, cards).

The computer thinks in :mod:`tacocat.ai.worker` (a process of its own); card and
board sizes come from :mod:`tacocat.geometry`.
"""

import os

# A game should not print pygame's banner; set before any module imports pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
