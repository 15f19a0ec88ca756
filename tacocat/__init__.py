"""Tacocat Spelled Backwards: the two-player card game, for the desktop.

Packages:

* :mod:`tacocat.rules` - the pure rules engine (no pygame).
* :mod:`tacocat.ai` - computer opponents that see only their seat's observation.
* :mod:`tacocat.persistence` - saves, settings, statistics and the data folder.
* :mod:`tacocat.ui` - the pygame-ce / pygame_gui application.
"""

__version__ = "0.1.0"
#: The application id: the Linux menu entry (org.tacocat.Tacocat.desktop), its icon and
#: AppStream metainfo, the window's WM_CLASS / Wayland app id, the macOS bundle identifier.
APP_ID = "org.tacocat.Tacocat"
