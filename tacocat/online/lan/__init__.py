"""Games on this network (issue #43): a host advertises its game over mDNS, a friend's game
lists what it hears. docs/server.md, "On this network"."""
