"""One focus model for every pygame_gui screen: see :mod:`.manager` (the manager),
:mod:`.order` (the declared order and the movement) and :mod:`.targets` (what a
control does on Enter, Space and ←/→)."""

from tacocat.ui.focus.manager import FocusManager
from tacocat.ui.focus.order import Column, Row

__all__ = ["Column", "FocusManager", "Row"]
