"""The mDNS record of a game hosted on this network, both ways: what a host advertises
(:func:`service_info`) and what a browser makes of it (:func:`lan_game`).

Pure functions of their arguments (the network is read only by :func:`local_networks`), so
the format is tested without sockets. docs/server.md, "On this network", lists the fields.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ifaddr
from zeroconf import IPVersion, ServiceInfo

from tacocat.net.messages import PROTOCOL

#: The DNS-SD service type every Tacocat host advertises and every browser looks for.
SERVICE_TYPE = "_tacocat._tcp.local."
#: Seconds the records live in other machines' caches. DNS-SD suggests 75 minutes for the
#: pointer record; a game list would then show a host that vanished without a goodbye (its
#: machine asleep, its cable pulled) for that long, so every record lives two minutes and is
#: refreshed by the browsers' queries while the host is there.
RECORD_TTL = 120

IPv4Network = ipaddress.IPv4Network


@dataclass(frozen=True)
class LanGame:
    """A Tacocat host found on this network, as a game screen lists it."""

    #: The host player's name.
    name: str
    #: Where to connect: ``ws://ADDRESS:PORT/``.
    url: str
    #: The open invite code of the game waiting for a friend ("" when none is open).
    invite: str
    #: The public id of the host's game ("" before it made one).
    game: str
    #: The host's lasting id: the same after it restarts on another port or address.
    server_id: str
    #: The protocol the host speaks (``tacocat.net.messages.PROTOCOL``).
    protocol: int


def instance_name(server_id: str) -> str:
    """The service's DNS name: fixed by ``server_id``, so that a renamed player or a new
    invite updates the record instead of making a second one."""
    return f"Tacocat {server_id}.{SERVICE_TYPE}"


def service_info(
    server_id: str, port: int, addresses: Sequence[str], host_name: str, invite: str, game: str
) -> ServiceInfo:
    """The record a host advertises (TXT: ``v``, ``id``, ``host``, ``invite``, ``game``)."""
    properties = {
        "v": str(PROTOCOL),
        "id": server_id,
        "host": host_name,
        "invite": invite,
        "game": game,
    }
    return ServiceInfo(
        SERVICE_TYPE,
        instance_name(server_id),
        addresses=[socket.inet_aton(address) for address in addresses],
        port=port,
        properties=properties,
        server=f"tacocat-{server_id}.local.",
        host_ttl=RECORD_TTL,
        other_ttl=RECORD_TTL,
    )


def _text(properties: dict[bytes, bytes | None], key: str) -> str:
    value = properties.get(key.encode())
    return value.decode("utf-8", "replace") if value is not None else ""


def lan_game(info: ServiceInfo, networks: Sequence[IPv4Network] = ()) -> LanGame | None:
    """What a browser lists for a resolved record, or None for one that is not a Tacocat
    host's (no id, no IPv4 address, no port, a protocol that is not a number)."""
    properties = info.properties
    addresses = info.parsed_addresses(IPVersion.V4Only)
    server_id = _text(properties, "id")
    if not server_id or not addresses or not info.port:
        return None
    try:
        protocol = int(_text(properties, "v"))
    except ValueError:
        return None
    address = pick_address(addresses, networks)
    return LanGame(
        name=_text(properties, "host"),
        url=f"ws://{address}:{info.port}/",
        invite=_text(properties, "invite"),
        game=_text(properties, "game"),
        server_id=server_id,
        protocol=protocol,
    )


def pick_address(addresses: Sequence[str], networks: Sequence[IPv4Network]) -> str:
    """The host's address to connect to: one on a network this machine is on (a host with a
    virtual machine's or a container's bridge advertises that address too, which only the
    host itself can reach), else the first it gave."""
    for address in addresses:
        ip = ipaddress.IPv4Address(address)
        if any(ip in network for network in networks):
            return address
    return addresses[0]


def _ipv4_adapters() -> Iterable[tuple[str, int]]:
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):  # IPv6 addresses are tuples
                yield ip.ip, ip.network_prefix


def local_networks() -> list[IPv4Network]:
    """The IPv4 networks this machine is on (loopback included)."""
    try:
        return [
            ipaddress.IPv4Network(f"{address}/{prefix}", strict=False)
            for address, prefix in _ipv4_adapters()
        ]
    except OSError:
        return []


def advertised_addresses(interfaces: Sequence[str] | None = None) -> list[str]:
    """The addresses a host advertises: the IPv4 ones of ``interfaces`` when the caller
    chose them, else every non-loopback IPv4 address of this machine (a friend on another
    machine cannot reach 127.0.0.1), else loopback (a second game on this machine can)."""
    if interfaces is not None:
        return [address for address in interfaces if _is_ipv4(address)]
    try:
        found = [
            address
            for address, _ in _ipv4_adapters()
            if not ipaddress.IPv4Address(address).is_loopback
        ]
    except OSError:
        found = []
    return list(dict.fromkeys(found)) or ["127.0.0.1"]


def _is_ipv4(address: str) -> bool:
    try:
        ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return True
