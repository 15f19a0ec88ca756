"""Why a file could not be read or written, in the player's language, for every errno a
player's data folder can meet; the system's own (English) words only as a last resort,
and then said to be the system's (reviews lv M12, lo 6: "…: Input/output error")."""

from __future__ import annotations

import errno
import os

import pytest

from tacocat.languages import LANGUAGES
from tacocat.persistence.documents import BadDocument, read_document
from tacocat.persistence.errors import REASON_CODES, REASON_OTHER, PersistenceError, reason_code
from tacocat.ui.text import i18n
from tacocat.ui.text.problems import io_reason, problem_text

#: A full or read-only disk, a pulled USB stick or network home, an antivirus holding the
#: file, a folder where the file should be, a path too long, no memory or handles left.
PLAYER_ERRNOS = (
    errno.ENOSPC,
    errno.EDQUOT,
    errno.EROFS,
    errno.EACCES,
    errno.EPERM,
    errno.EIO,
    errno.ENOENT,
    errno.ENOTDIR,
    errno.EISDIR,
    errno.ENAMETOOLONG,
    errno.EBUSY,
    errno.ETXTBSY,
    errno.EMFILE,
    errno.ENFILE,
    errno.EFBIG,
    errno.ENODEV,
    errno.ENXIO,
    errno.ESTALE,
    errno.ENOTCONN,
    errno.ETIMEDOUT,
    errno.EHOSTDOWN,
    errno.ENOMEM,
)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _error(number: int) -> PersistenceError:
    return PersistenceError("x", cause=OSError(number, os.strerror(number)))


def test_every_errno_a_player_meets_has_a_reason_of_its_own():
    assert [n for n in PLAYER_ERRNOS if reason_code(OSError(n, "")) == REASON_OTHER] == []
    assert reason_code(OSError(errno.ELOOP, "")) == REASON_OTHER  # rare: the system's words


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_reason_is_worded_without_the_systems_words(code):
    i18n.set_language(code)
    for number in PLAYER_ERRNOS:
        text = io_reason(_error(number))
        assert os.strerror(number) not in text and "tacocat." not in text, (number, text)
    assert {i18n.has(f"tacocat.io_reason.{reason}") for reason in REASON_CODES} == {True}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_systems_words_are_marked_as_such(code):
    i18n.set_language(code)
    detail = os.strerror(errno.ELOOP)
    text = io_reason(_error(errno.ELOOP))
    assert detail in text and text != detail and len(text) > len(detail) + 8


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_file_that_cannot_be_read_says_why_in_the_language(tmp_path, code):
    i18n.set_language(code)
    (tmp_path / "stats.json").mkdir()  # a folder where the file should be
    with pytest.raises(BadDocument) as caught:
        read_document(tmp_path / "stats.json", fmt="x", version=1, max_bytes=1000)
    text = problem_text(caught.value.problem)
    assert os.strerror(errno.EISDIR) not in text
    assert i18n.tr("tacocat.io_reason.folder_in_way") in text
