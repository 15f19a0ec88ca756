"""The tones the table shows text in, as closed vocabularies the type checker holds.

The painter colours each (:mod:`tacocat.ui.table.panels`); a tone it does not know
would fall through to a default colour unseen, so they are ``Literal`` types rather
than bare strings.
"""

from __future__ import annotations

from typing import Literal

#: The line under the table: a refusal (``error``), a hint, what to do now (``do``), news.
PromptTone = Literal["error", "hint", "do", "info"]
#: A banner over the play area: the player's win (``good``) or loss (``bad``), a seat's
#: win on a shared screen (``seat0``/``seat1``, in its colour), news (``info``).
BannerTone = Literal["good", "bad", "seat0", "seat1", "info"]
