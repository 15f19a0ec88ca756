"""The host's mDNS responder: one python-zeroconf instance on the host's own event loop.

It runs on the loop of :class:`~tacocat.online.lan.host.LanHost`'s server thread, so the
game's thread never waits for multicast (probing and announcing a record takes about two
seconds), and it starts only when the host first advertises: a host that never does opens
no multicast socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

from zeroconf import IPVersion, ServiceInfo
from zeroconf.asyncio import AsyncZeroconf

from tacocat.online.lan.record import advertised_addresses, service_info

log = logging.getLogger(__name__)
#: Seconds to wait for a record to be probed and announced, or withdrawn, before giving up.
PUBLISH_TIMEOUT = 10.0


class LanUnavailable(OSError):
    """mDNS cannot run here (no multicast on this network, or the port taken by a
    responder that does not share it); ``str()`` says why, for the player."""


class Advertiser:
    """Publishes, updates and withdraws one host's record. Used from one event loop only."""

    def __init__(self, server_id: str, interfaces: Sequence[str] | None) -> None:
        self.server_id = server_id
        self.interfaces = list(interfaces) if interfaces is not None else None
        self._zeroconf: AsyncZeroconf | None = None
        self._registered = False
        self._lock = asyncio.Lock()

    def _open(self) -> AsyncZeroconf:
        if self._zeroconf is None:
            try:
                if self.interfaces is None:
                    self._zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)
                else:
                    self._zeroconf = AsyncZeroconf(
                        interfaces=self.interfaces, ip_version=IPVersion.V4Only
                    )
            except Exception as error:  # whatever the sockets say, the player is told why
                raise LanUnavailable(f"cannot advertise on this network: {error}") from None
        return self._zeroconf

    async def publish(self, port: int, host_name: str, invite: str, game: str) -> None:
        """Advertise (the first time) or update the record; returns once it is announced."""
        async with self._lock:
            zeroconf = self._open()
            info = service_info(
                self.server_id, port, advertised_addresses(self.interfaces), host_name, invite, game
            )
            async with asyncio.timeout(PUBLISH_TIMEOUT):
                if self._registered:
                    await (await zeroconf.async_update_service(info))
                else:
                    await self._register(zeroconf, info)

    async def _register(self, zeroconf: AsyncZeroconf, info: ServiceInfo) -> None:
        try:
            await (await zeroconf.async_register_service(info))
        except BaseException:  # half registered (timed out probing...): start afresh next time
            with contextlib.suppress(Exception):
                await zeroconf.async_unregister_all_services()
            raise
        self._registered = True

    async def withdraw(self) -> None:
        """Say goodbye: the record leaves every browser's list at once."""
        async with self._lock:
            if self._zeroconf is None or not self._registered:
                return
            self._registered = False
            async with asyncio.timeout(PUBLISH_TIMEOUT):
                await self._zeroconf.async_unregister_all_services()

    async def close(self) -> None:
        """Withdraw and close the sockets (bounded; a failure is logged, never raised: the
        host is stopping either way)."""
        try:
            await self.withdraw()
            if self._zeroconf is not None:
                async with asyncio.timeout(PUBLISH_TIMEOUT):
                    await self._zeroconf.async_close()
        except (OSError, TimeoutError):
            log.warning("the LAN record could not be withdrawn cleanly", exc_info=True)
        finally:
            self._zeroconf = None
