"""How the table tells the round-result and game-over screens what happened: the score book, typed summaries, and how an outcome should feel."""
