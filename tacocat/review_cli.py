"""``python main.py --review FILE [--seat N]``: a game's review as JSON lines.

One line per rated decision (:meth:`tacocat.ai.review.Moment.to_dict`), then
a summary line (:meth:`tacocat.ai.review.Review.summary`, with ``"summary":
true``), for scripts and tests. A file that is not a playable game file gets
one line on stderr and exit status 2, like any other bad argument.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO

from tacocat.persistence.gamefile import GameFileError, open_game_file
from tacocat.persistence.text import printable


def run_review(path: Path, seat: int | None, out: TextIO, err: TextIO) -> int:
    """Review ``seat`` of the game in ``path`` (default: the human's seat, else 0); print it."""
    from tacocat.ai.review import review_game  # the AI only when a review is asked for

    try:
        game, _ = open_game_file(path)
    except GameFileError as error:
        detail = " ".join(error.detail.split())
        print(f"tacocat: cannot review {printable(path)}: {detail}", file=err)
        return 2
    if seat is None:
        human = game.info.human_seat if game.info is not None else None
        seat = human if human is not None else 0
    review = review_game(game.record, seat)
    for moment in review.moments:
        print(json.dumps(moment.to_dict()), file=out)
    print(json.dumps(review.summary()), file=out)
    return 0
