"""Input besides the mouse: which device was used last, the table's chosen keys, and a
game controller mapped onto the same key intents (so screens need no controller code).

* :mod:`.state` - the last kind of input (mouse, keys, controller): the focus ring
  and the on-screen prompts follow it.
* :mod:`.keymap` - the table's keys, as the player chose them in Settings.
* :mod:`.gamepad` - SDL game controllers (hot-plug, dead zone, repeat) turned into
  key events marked with the intent they stand for.
* :mod:`.prompts` - the word for a key or a controller button in on-screen text.
"""
