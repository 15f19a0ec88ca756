"""The Windows build under Wine (``python -m tools.windows.build``), its NSIS installer and
that installer's round trip (``python -m tools.windows.installer``)."""
