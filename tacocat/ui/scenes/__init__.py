"""One module per screen: title, new_game, settings, rules, pass_device, message, menu
(and the table, written separately). Each holds one :class:`~tacocat.ui.scene.Scene`."""
