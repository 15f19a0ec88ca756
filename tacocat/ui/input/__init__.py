"""Input besides the mouse: one model of actions for every screen, from the keys (as
the player chose them) and from a game controller.

* :mod:`.actions` - the vocabulary: :class:`~.actions.Action` (what a player asks
  for), :class:`~.actions.Scope` (where a key means it), :class:`~.actions.Pad`.
* :mod:`.bindings` - every action's keys and controller buttons, in one table.
* :mod:`.actionmap` - key and controller events -> actions, with the player's
  chosen keys (Settings → Keys) applied.
* :mod:`.gamepad` - SDL game controllers (hot-plug, dead zone, repeat) turned into
  key events marked with the button they come from.
* :mod:`.prompts` - the word for a key or a controller button in on-screen text.
* :mod:`.state` - the last kind of input (mouse, keys, controller): the focus ring
  and the on-screen prompts follow it.
"""
