"""The game's online side, no pygame here (docs/protocol.md):

* :mod:`.client` - one WebSocket connection, and a seat played by any chooser (tests,
  the load bench);
* :mod:`.link` - the network thread: every followed game kept attached through drops,
  its messages in a :class:`~tacocat.online.link.GameFeed` the frame loop reads;
* :mod:`.games` - this player's online games: host, join, keep the seats
  (``online.json``), follow them all again at start-up;
* :mod:`.lan` - games hosted on this network: the server in the host's own process,
  announced and found over mDNS.

The table's side is ``tacocat.ui.table.online_session``; the screens are
``tacocat.ui.scenes.online_*``.
"""
