"""Games on this network (issue #43): a host's game runs the server itself and advertises it
over mDNS; a friend's game lists what it hears and connects. No server to set up, no address
to type. docs/server.md, "On this network".

* :class:`LanHost` - the real server, in the host's game process, on a thread of its own;
  its games in the folder the game gives it. :meth:`LanHost.advertise` puts the waiting
  game's invite on the network.
* :class:`LanBrowser` - the hosts heard on the network (:class:`LanGame`), and
  :meth:`LanBrowser.find` to come back to one after it moved.
"""

from tacocat.online.lan.advertiser import LanUnavailable
from tacocat.online.lan.browser import LanBrowser
from tacocat.online.lan.host import DEFAULT_PORT, LanHost, LanHostError
from tacocat.online.lan.record import SERVICE_TYPE, LanGame

__all__ = [
    "DEFAULT_PORT",
    "SERVICE_TYPE",
    "LanBrowser",
    "LanGame",
    "LanHost",
    "LanHostError",
    "LanUnavailable",
]
