"""The mDNS record's format both ways (tacocat/online/lan/record.py), without sockets."""

from __future__ import annotations

import ipaddress

from zeroconf import ServiceInfo

from tacocat.net.messages import PROTOCOL
from tacocat.online.lan.record import (
    SERVICE_TYPE,
    LanGame,
    advertised_addresses,
    instance_name,
    lan_game,
    pick_address,
    service_info,
)

HOME = [ipaddress.IPv4Network("192.168.1.0/24")]


def test_what_a_host_advertises_is_what_a_browser_lists():
    info = service_info(
        "00112233aabbccdd",
        8765,
        ["172.17.0.1", "192.168.1.20"],
        "Zoë",
        "7KX4M-Q2ZHD",
        "g_5QK3aWm7Rt2Zp9Lx",
    )
    assert info.type == SERVICE_TYPE and info.name == instance_name("00112233aabbccdd")
    assert info.decoded_properties == {
        "v": str(PROTOCOL),
        "id": "00112233aabbccdd",
        "host": "Zoë",
        "invite": "7KX4M-Q2ZHD",
        "game": "g_5QK3aWm7Rt2Zp9Lx",
    }
    # The container bridge's address comes first, but the browser is on the home network.
    assert lan_game(info, HOME) == LanGame(
        name="Zoë",
        url="ws://192.168.1.20:8765/",
        invite="7KX4M-Q2ZHD",
        game="g_5QK3aWm7Rt2Zp9Lx",
        server_id="00112233aabbccdd",
        protocol=PROTOCOL,
    )
    assert lan_game(info).url == "ws://172.17.0.1:8765/"  # no network in common: the first


def test_a_record_that_is_not_a_tacocat_hosts_is_not_listed():
    def record(properties, addresses=(b"\xc0\xa8\x01\x02",), port=8765):
        return ServiceInfo(
            SERVICE_TYPE,
            f"x.{SERVICE_TYPE}",
            port=port,
            addresses=list(addresses),
            properties=properties,
        )

    good = {"v": "1", "id": "ab", "host": "A", "invite": "", "game": ""}
    assert lan_game(record(good)) is not None
    assert lan_game(record({**good, "id": ""})) is None
    assert lan_game(record({**good, "v": "one"})) is None
    assert lan_game(record(good, addresses=())) is None
    assert lan_game(record({"v": "1", "id": "ab"})).invite == ""  # missing fields are empty


def test_the_advertised_addresses_are_the_chosen_or_the_non_loopback_ones():
    assert advertised_addresses(["127.0.0.1", "::1", "10.0.0.2"]) == ["127.0.0.1", "10.0.0.2"]
    found = advertised_addresses()
    assert (
        found
        and all(not ipaddress.IPv4Address(a).is_loopback for a in found)
        or found == ["127.0.0.1"]
    )
    assert pick_address(["10.0.0.2", "192.168.1.3"], HOME) == "192.168.1.3"
