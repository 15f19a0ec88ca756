"""Narration: the game's text spoken through the desktop's speech engine (issue 19).

:class:`~tacocat.ui.speech.narrator.Narrator` is what the app holds; engines
are in :mod:`~tacocat.ui.speech.engines`.
"""
