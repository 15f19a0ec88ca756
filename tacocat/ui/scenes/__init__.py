"""One module per screen except the table (:mod:`tacocat.ui.table`): title, new_game,
settings, rules, stats, menu, message, pass_device, round_result, game_over,
discard_viewer. Each holds one :class:`~tacocat.ui.stage.scene.Scene`; :mod:`.overlay` has
the two overlay bases (pygame_gui panels, and layers drawn over the table)."""
