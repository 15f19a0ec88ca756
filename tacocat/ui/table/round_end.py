"""How a round ends: the showdown, the winner, Tacocat's hops, a tile dropping, the game won."""

from __future__ import annotations

import math
from dataclasses import replace

from tacocat.rules import events as ev
from tacocat.ui.results.feeling import banner_tone, celebrates, outcome, player_of
from tacocat.ui.results.summaries import RoundSummary
from tacocat.ui.stage import tween as tw
from tacocat.ui.table import confetti, resting
from tacocat.ui.table.motion import FLIP, FLY, Motion
from tacocat.ui.table.view import FallingTile
from tacocat.ui.text.i18n import tr

TOKEN_STEP = 0.42
TILE_DROP = 0.6
WIN_PAUSE = 1.1


class EndMoves(Motion):
    """The showdown, round won or tied, the token's move, tiles and the game won."""

    # --- end of round -------------------------------------------------------------------

    def _show_showdown_revealed(self, event: ev.ShowdownRevealed) -> None:
        view = self.view
        view.attacker = None
        sprites = []
        for seat in (0, 1):
            (sprite,) = self._take_from_hand(seat, (event.cards[seat],))
            sprite.zone = "showdown"
            view.showdown[seat] = sprite
            self._fly(sprite, resting.duel(seat), self._d(FLY))
            if sprite.face_up:
                # Laid face down first, then both turn together.
                self._flip(sprite, False, FLIP * 0.6)
            sprites.append(sprite)
        self.sound("play")
        turn_at = self._d(FLY) + 0.15

        def turn() -> None:
            for sprite in sprites:
                sprite.face_up = False
                self._flip(sprite, True, FLIP * 1.3)
            self.sound("flip")

        def shown() -> None:
            self.narrate(event)

        self.tweener.after(turn_at, turn)
        self.tweener.after(turn_at + self._d(FLIP * 1.3), shown)
        self.tweener.after(turn_at + self._d(FLIP * 1.3) + 0.35, lambda: None)
        view.last_round = RoundSummary(
            round=view.book.number,
            replay=view.book.replay,
            wins=tuple(view.wins),
            showdown=tuple(event.cards),
        )

    def _show_round_won(self, event: ev.RoundWon) -> None:
        view = self.view
        sprite = view.showdown[event.seat]
        if sprite is not None:
            sprite.glow = 1.0
            sprite.mark = "winner"
        view.last_round = replace(
            view.round_summary(),
            winner=event.seat,
            by_tie_rule=event.by_tie_rule,
            wins=tuple(view.wins),
        )
        player = player_of(self.visible_seats)
        result = outcome(player, event.seat)
        key = {
            "won": "tacocat.trust.banner.you_win_round",
            "lost": "tacocat.trust.banner.lost_round",
        }.get(result, "tacocat.table.banner.round_won")
        self._banner(
            tr(key, name=view.names[event.seat]), banner_tone(player, event.seat), hold=1.4
        )
        self.sound("lose" if result == "lost" else "round")
        self.tweener.after(self._d(0.6), lambda: None)

    def _show_round_tied(self, event: ev.RoundTied) -> None:
        view = self.view
        view.last_round = replace(
            view.round_summary(),
            tie=True,
            winner=None,
            wins=tuple(view.wins),
            token_from=event.space,
            token_to=event.space,
        )
        shown = self._banner(tr("tacocat.table.banner.round_tied"), "info", hold=1.4)
        self.sound("tie")
        # The next deal's cards wait until the tie's banner has gone.
        self.tweener.after(shown + 0.05, lambda: None)

    def _show_token_moved(self, event: ev.TokenMoved) -> None:
        view = self.view
        view.last_round = replace(
            view.round_summary(),
            token_from=event.start,
            token_to=event.end,
            skipped=tuple(event.skipped),
        )
        steps = abs(event.end - event.start)
        track = view.track
        track.heading_left = event.end < event.start
        track.resting_on = None
        track.hop_over = () if self.reduced_motion() else tuple(event.skipped)
        self._hop_marks = sorted(float(s) for s in event.skipped)
        if event.end < event.start:
            self._hop_marks.reverse()
        self._last_token = float(event.start)
        duration = self._d(TOKEN_STEP) * max(1, steps) + 0.1
        track.position = float(event.start)
        self.tweener.to(
            track,
            "position",
            float(event.end),
            duration,
            tw.ease_in_out_quad,
            on_done=lambda: track.rest_at(event.end),
        )
        self.sound("hop" if event.skipped else "slide")

    def _after_token_step(self) -> None:
        """Hop height follows the token's position; a hop sound as it leaves each tile."""
        track = self.view.track
        if not track.hop_over:
            track.hop_height = 0.0
            self._hop_marks = []
            return
        x = track.position
        height = 0.0
        for space in track.hop_over:
            distance = abs(x - space)
            if distance < 0.75:
                height = max(height, math.cos(math.pi * distance / 1.5) * 34)
        track.hop_height = height
        while self._hop_marks:
            mark = self._hop_marks[0]
            crossed = (
                (self._last_token > mark + 0.7 >= x)
                if track.heading_left
                else (self._last_token < mark - 0.7 <= x)
            )
            if not crossed:
                break
            self._hop_marks.pop(0)
            self.sound("hop")
        self._last_token = x

    def _show_tile_placed(self, event: ev.TilePlaced) -> None:
        track = self.view.track
        track.tiles_left = event.tiles_left
        reduced = self.reduced_motion()
        tile = FallingTile(event.space, -120.0, 0.0 if reduced else 1.0)
        track.falling_tile = tile
        duration = self._d(TILE_DROP)

        def landed() -> None:
            track.covered = track.covered | {event.space}
            track.falling_tile = None

        easing = tw.ease_out_quad if reduced else tw.ease_out_bounce
        self.tweener.to(tile, "offset", 0.0, duration, easing, on_done=landed)
        if reduced:
            self.tweener.to(tile, "alpha", 1.0, duration, tw.ease_out_quad)
        impact = duration * (0.36 if not reduced else 1.0)
        self.tweener.after(impact, lambda: self.sound("tile"))
        self.tweener.after(duration + self._d(0.25), lambda: None)

    def _show_game_won(self, event: ev.GameWon) -> None:
        view = self.view
        view.game_winner = event.seat
        player = player_of(self.visible_seats)
        cheer = celebrates(player, event.seat)
        self.sound("win" if cheer else "lose")
        # A lost game is said plainly, as a lost round is: no "!" on the sombre banner.
        key = "tacocat.table.banner.game_won" if cheer else "tacocat.trust.banner.lost_game"
        self._banner(
            tr(key, name=view.names[event.seat]), banner_tone(player, event.seat), hold=2.0
        )
        if cheer and not self.reduced_motion():
            view.particles.extend(confetti.burst(self._rng, event.seat))
        self.tweener.after(self._d(WIN_PAUSE), lambda: None)
