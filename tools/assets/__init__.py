"""The asset generator: every image and sound in ``assets/`` (the game's own art: no downloads).

Run ``python -m tools.make_assets`` to (re)write ``assets/``; ``--out DIR`` writes elsewhere.
The output is deterministic: the same bytes on every run with the same pygame-ce build.

One module per job:

* :mod:`.palette` - the named colours ("taco night") and the card tints; writes
  ``palette.json``; :mod:`.theme` writes ``theme.json``'s colours from it.
* :mod:`.draw` - surface, colour-blending and type helpers every drawing uses;
  :mod:`.motifs` - the seat symbols and the cat head, shared by cards, board and icons.
* :mod:`.cards` - ``images/cards/card_01.png`` .. ``card_12.png`` (100x140): faces. Big centred
  value, small values in two opposite corners, and a "clock" ring of 12 pip slots of which the
  first ``value`` are filled (shape, not colour, carries the value). 6 and 9 are underlined.
  Also ``card_back.png`` (100x140), ``card_shadow.png`` (116x156, see CARD_SHADOW_PAD),
  ``card_highlight.png`` (playable glow) and ``card_focus.png`` (keyboard focus).
* :mod:`.board` - ``images/board/board_frame.png`` (1100x230, the opened box; floor rect in
  BOARD_FLOOR_RECT), ``space.png`` and ``space_centre.png`` (110x110), ``tile.png`` (110x110,
  covers a left space), ``goal_1.png`` / ``goal_2.png`` (130x150), ``arrow_1.png`` (44x44,
  points LEFT at seat 1) and ``arrow_2.png`` (44x44, points RIGHT at seat 2).
* :mod:`.token` - ``images/token/tacocat.png`` (120x100, faces right) and
  ``tacocat_shadow.png`` (112x30).
* :mod:`.ui` - ``images/ui/background.png`` (1280x720, opaque), ``title_logo.png``
  (760x200), ``panel.png`` (64x64, 9-slice with 16 px corners), ``confetti.png`` (72x32 sheet:
  6 colour columns x 4 spin-frame rows of 12x8 pieces).
* :mod:`.icons` - ``images/icon.png`` (256x256), ``icon.ico`` (16, 32, 48, 256) and
  ``icon.icns`` (16-512, for the macOS app); all entries PNG-compressed. :mod:`.hicolor`:
  ``icons/hicolor/<N>x<N>/apps/`` (16-512) for the Linux menu.
* :mod:`.synth` - the sample helpers (noise, filters, tones, 16-bit WAV); :mod:`.sounds` -
  ``sounds/*.wav`` (22050 Hz, mono, 16-bit): deal, flip, play, slide, hop, tile, win, round,
  click, error, lose, tie; :mod:`.music` - ``music.ogg`` (Ogg Vorbis, 22050 Hz mono: a 24 s
  loop whose melody is a musical palindrome), encoded by :mod:`.ogg_vorbis` (needs the
  ``soundfile`` package).
* ``LICENSE-ASSETS.md`` beside these modules is copied as it is; :mod:`.build` runs them all.

Sizes are in logical pixels of the 1280x720 window; card and board geometry come from
``tacocat/geometry.py`` (one source for the art and the widgets).
Seat symbols (never colour alone): seat 1 = avocado green + SUN, seat 2 = salsa red + MOON.
"""

from __future__ import annotations

import os
from pathlib import Path

# Drawing needs no window and synthesis no sound card: headless before pygame is imported.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: The repository, whose ``assets/`` the generator writes by default.
ROOT = Path(__file__).resolve().parents[2]
