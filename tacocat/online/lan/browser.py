"""Games hosted on this network, as a game screen lists them: an mDNS browser.

python-zeroconf browses on threads of its own (its event loop, and the browser's thread that
calls :meth:`LanBrowser._changed`), so the game's frame loop only reads a list under a lock.
Nothing here raises once constructed: on a network without multicast the list stays empty
and :attr:`LanBrowser.error` says why.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence

from zeroconf import (
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

from tacocat.online.lan.record import SERVICE_TYPE, LanGame, lan_game, local_networks

log = logging.getLogger(__name__)
#: Milliseconds the browser's thread waits for a record it has only heard named.
RESOLVE_MS = 2000


class LanBrowser:
    """Looks for Tacocat hosts on this network from construction to :meth:`close`."""

    def __init__(self, interfaces: Sequence[str] | None = None) -> None:
        self._found: dict[str, LanGame] = {}
        self._changes = threading.Condition()
        self._networks = local_networks()
        self._zeroconf: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        #: Why nothing can be found here (no multicast...), or None while browsing works.
        self.error: str | None = None
        try:
            if interfaces is None:
                self._zeroconf = Zeroconf(ip_version=IPVersion.V4Only)
            else:
                self._zeroconf = Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)
            self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._changed])
        except Exception as error:  # no multicast here: an empty list, and why
            self.error = f"cannot look for games on this network: {error}"
            log.info("%s", self.error)
            self.close()

    @property
    def available(self) -> bool:
        """Whether this machine can look for games on the network at all."""
        return self.error is None

    def games(self) -> list[LanGame]:
        """The hosts with an invite open, by their player's name."""
        with self._changes:
            found = [game for game in self._found.values() if game.invite]
        return sorted(found, key=lambda game: (game.name.casefold(), game.server_id))

    def find(self, server_id: str, timeout: float = 5.0) -> str | None:
        """The URL of the host with this id, waiting up to ``timeout`` seconds for it to be
        heard (a friend's game coming back to a host that restarted on another port or
        address); None when it was not."""
        deadline = time.monotonic() + timeout
        with self._changes:
            while True:
                for game in self._found.values():
                    if game.server_id == server_id:
                        return game.url
                left = deadline - time.monotonic()
                if left <= 0 or not self.available:
                    return None
                self._changes.wait(left)

    def close(self) -> None:
        """Stop browsing and close the sockets (idempotent)."""
        browser, zeroconf = self._browser, self._zeroconf
        self._browser = self._zeroconf = None
        try:
            if browser is not None:
                browser.cancel()
            if zeroconf is not None:
                zeroconf.close()
        except (OSError, RuntimeError):
            log.warning("the LAN browser did not close cleanly", exc_info=True)
        with self._changes:
            self._found.clear()
            self._changes.notify_all()

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        """Called on the browser's thread for every record added, changed or said goodbye."""
        if state_change is ServiceStateChange.Removed:
            game = None
        else:
            game = self._resolve(zeroconf, service_type, name)
        with self._changes:
            if game is None:
                self._found.pop(name, None)
            else:
                self._found[name] = game
            self._changes.notify_all()

    def _resolve(self, zeroconf: Zeroconf, service_type: str, name: str) -> LanGame | None:
        info = ServiceInfo(service_type, name)
        try:
            if not info.load_from_cache(zeroconf) and not info.request(zeroconf, RESOLVE_MS):
                return None
        except (OSError, RuntimeError):  # the browser is closing under it
            return None
        return lan_game(info, self._networks)
