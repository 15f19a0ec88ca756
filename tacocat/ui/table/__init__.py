"""The game table, one job per module.

* :mod:`.scene` - :class:`~tacocat.ui.table.scene.TableScene`: wiring and the flow
  of a game; its parts :mod:`.hand_over` (who looks at the screen, the pass screen)
  and :mod:`.game_end` (round result, game over, rematch, statistics).
* :mod:`.session` - :class:`~tacocat.ui.table.session.TableSession`, what the table
  asks of the game behind it, and :class:`~tacocat.ui.table.session.GameSession`, a local
  game: the state, whose turn, autosave. No drawing. :mod:`.players` - who fills each
  seat: a person here, or the computer (thinking in :mod:`tacocat.ai.worker`), behind
  one interface.
* :mod:`.online_session` - an online game: only this seat's observation and the events
  the server sent it; :mod:`.online_table` - the table on it (presence, the reconnecting
  banner, Resign, an ending with no last move).
* :mod:`.controls` - buttons, keys and clicks become actions; its parts are
  :mod:`.selection` (the picked cards), :mod:`.focus_ring` (keyboard focus) and
  :mod:`.pointer` (the mouse's hit tests).
* :mod:`.prompt` - the line under the table, from the view's :mod:`.turn` (no pygame).
* :mod:`.view` - the view model: what has been shown so far; :mod:`.resume` lays
  out a saved game on it.
* :mod:`.animator` - events become motion (:mod:`.motion` is its machinery;
  :mod:`.deal`, :mod:`.play`, :mod:`.round_end` what each event looks like);
  :mod:`.confetti` its pieces; the log's words are :mod:`tacocat.ui.text.narration`.
* :mod:`.painter` - draws the table from the view model only: :mod:`.tabletop` what
  lies on it (board, piles, cards), :mod:`.panels` what is written over it (plates,
  log, prompt, banners).
"""
