"""The guided first game on the real table: :class:`TutorialScene` (coach marks,
only the taught move accepted, left and resumed at any step) over a
:class:`TutorialSession` (the engine, the scripted computer). The script itself
is the pure :mod:`tacocat.tutorial`."""
