"""Drawing pieces of the table: palette and text, cards, buttons, the board, panels.

Everything here caches what it draws (per size, per text) so the frame loop
only blits: nothing is loaded or scaled twice.
"""
