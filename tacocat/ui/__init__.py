"""The pygame-ce / pygame_gui application.

Layers (each imports only those below it; ``pyproject.toml`` has the
import-linter contracts): :mod:`.app` > :mod:`.table` > :mod:`.scenes` > :mod:`.widgets`.

* :mod:`.app` - :func:`~tacocat.ui.app.run` and :class:`~tacocat.ui.app.App`: the loop;
  :mod:`.navigation` (screens and overlays), :mod:`.preferences` (settings,
  statistics), :mod:`.window`, :mod:`.screenshots` and :mod:`.crash` are its parts.
* :mod:`.services` - :class:`~tacocat.ui.services.App`, the typed protocol scenes use.
* :mod:`.scene` - :class:`~tacocat.ui.scene.Scene` and the scene stack.
* :mod:`.table` - the game table, one job per module (scene, session, controls,
  prompt, view model, animator, painter).
* :mod:`.scenes` - one module per other screen; :mod:`.scenes.overlay` the two overlay bases.
* :mod:`.widgets` - drawing pieces: cards, board, buttons, layout, palette and text.
* :mod:`.tween` - easing functions and tweens (pure Python).
* :mod:`.assets`, :mod:`.audio`, :mod:`.i18n` - pictures and fonts, sound, text.
* :mod:`.game_config` - :class:`~tacocat.ui.game_config.GameConfig`, the game to start.

The computer thinks in :mod:`tacocat.ai.worker` (a process of its own); card and
board sizes come from :mod:`tacocat.geometry`.
"""

import os

# A game should not print pygame's banner; set before any module imports pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
