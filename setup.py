"""The package list, which pyproject.toml cannot express on its own.

Everything else is in pyproject.toml. ``tacocat.assets`` is the repository's
top-level ``assets/`` folder (mapped there by ``[tool.setuptools.package-dir]``),
which ``find_packages`` cannot discover because it is not inside ``tacocat/``.
bench/, tools/ and tests/ are not listed, so they stay out of the wheel.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["tacocat", "tacocat.*"]), "tacocat.assets"])
