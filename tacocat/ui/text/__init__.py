"""Words and their fitting: translations, names, fonts, text size, fitting text in its room, panel layouts, and the player's words for the engine's codes."""
