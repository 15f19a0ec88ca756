"""The pygame-ce / pygame_gui application.

* :mod:`.app` - :func:`~tacocat.ui.app.run` and :class:`~tacocat.ui.app.App`: window, loop, services.
* :mod:`.scene` - :class:`~tacocat.ui.scene.Scene`, overlays and the scene stack.
* :mod:`.scenes` - one module per screen (title, new game, settings, rules, ...).
* :mod:`.tween` - easing functions and tweens (pure Python).
* :mod:`.assets`, :mod:`.audio`, :mod:`.i18n` - pictures and fonts, sound, text.
* :mod:`.game_config` - :class:`~tacocat.ui.game_config.GameConfig`, the game to start.
"""

import os

# A game should not print pygame's banner; set before any module imports pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
