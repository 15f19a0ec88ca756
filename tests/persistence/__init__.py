"""Tests of :mod:`tacocat.persistence` (a package, so helper modules import relatively)."""
