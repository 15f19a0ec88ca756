"""tacocat-server --limits FILE: the limits a deployment (or the load bench) tunes."""

from __future__ import annotations

import re

import pytest

from tacocat.server.cli import main
from tacocat.server.config import BadLimits, Settings, read_limits


def test_a_limits_file_sets_the_numbers_it_names(tmp_path):
    path = tmp_path / "limits.toml"
    path.write_text(
        "[limits]\nconnections_per_address = 4000\nmessage_rate = 1e6\n", encoding="utf-8"
    )
    tuned = read_limits(path)
    assert (
        Settings(**tuned).connections_per_address == 4000 and Settings(**tuned).message_rate == 1e6
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[limits]\nno_such_limit = 3\n", "unknown limits ['no_such_limit']"),
        ("[limits]\nmessage_rate = -1\n", "must be a positive number"),
        ("[limits]\nmessage_rate = true\n", "must be a positive number"),
        ("[limits\n", "Expected"),
    ],
)
def test_a_bad_limits_file_is_refused_saying_why(tmp_path, text, says):
    path = tmp_path / "limits.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadLimits, match=re.escape(says)):
        read_limits(path)


def test_the_server_does_not_start_on_a_bad_limits_file(tmp_path, capsys):
    path = tmp_path / "limits.toml"
    path.write_text("[limits]\nstrikes = 0\n", encoding="utf-8")
    assert main(["--limits", str(path), "--db", str(tmp_path / "x.sqlite3")]) == 2
    assert "strikes must be a positive number" in capsys.readouterr().err
