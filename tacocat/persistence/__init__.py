"""Everything the game keeps on disk: the data folder, settings, statistics,
the autosave, the History, logs and crash logs.

Standard library only (no pygame), JSON only (never pickle or eval), and every
write atomic. Each file is read defensively: a bad one is moved aside as a
dated backup and the player gets a plain message, never a crash.

Modules, one job each:

* :mod:`.paths` - :func:`data_dir`, the per-user data folder (``platformdirs``);
* :mod:`.lock` - :func:`~.lock.claim_data_folder`: one copy of the game per
  data folder, a lock file that cannot be used repaired; a second copy (or one
  whose folder cannot be locked) plays in a scratch copy, unsaved;
* :mod:`.atomic` - :func:`atomic_write_text`, :func:`atomic_write_json`,
  :func:`backup_bad_file`, removing temporary files a killed write left;
* :mod:`.regular` - reading only regular files (a FIFO must never block us);
* :mod:`.finished` - marks for a finished game's save that cannot be deleted;
* :mod:`.text` - :func:`~.text.printable`: paths that can always be shown;
* :mod:`.documents` - reading and checking the JSON envelope shared by all files;
* :mod:`.fields` - checks of single values (names, counts, volumes);
* :mod:`.settings` - :class:`Settings`, :func:`load_settings`, :func:`save_settings`;
* :mod:`.stats` - :class:`Stats`, :func:`load_stats`, :func:`save_stats`;
* :mod:`.saves` - :class:`SaveStore` and :class:`LoadResult`, the autosave;
* :mod:`.history` - :class:`~.history.HistoryStore`, the last 500 finished games;
* :mod:`.gamefile` - a game file (record + description), read and checked;
* :mod:`.logs` - :func:`setup_logging`, :func:`install_excepthook`,
  :func:`write_crash_log`;
* :mod:`.ending` - a finished game recorded as one transaction (History,
  statistics, then the autosave), finished at the next start if cut short;
* :mod:`.tutorial` - where the guided game was left;
* :mod:`.problems` - :class:`~.problems.Problem`: what went wrong with a file,
  an English sentence that carries a code and parameters the UI words;
* :mod:`.native_crash` - :func:`~.native_crash.enable_native_crash_log`: faulthandler's
  trace of a fatal signal, adopted as a crash log at the next start;
* :mod:`.errors` - :class:`PersistenceError`, with a reason code for the UI.

Typical start-up::

    with claim_data_folder(data_dir(options.data_dir)) as claim:
        folder = claim.folder                   # a scratch copy if claim.shared
        setup_logging(folder, options.log_level)
        install_excepthook(folder)
        settings, message = load_settings(folder)   # show message if not None
        store = SaveStore(folder)
        if options.resume and store.has_autosave():
            result = store.load_autosave()          # result.ok, or result.problem
"""

from tacocat.persistence.atomic import atomic_write_json, atomic_write_text, backup_bad_file
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.logs import install_excepthook, setup_logging, write_crash_log
from tacocat.persistence.paths import data_dir, default_data_dir
from tacocat.persistence.saves import LoadResult, SaveStore, check_app_config
from tacocat.persistence.settings import Settings, load_settings, save_settings
from tacocat.persistence.stats import Stats, Tally, load_stats, save_stats

__all__ = [
    "PersistenceError",
    "data_dir",
    "default_data_dir",
    "atomic_write_text",
    "atomic_write_json",
    "backup_bad_file",
    "Settings",
    "load_settings",
    "save_settings",
    "Stats",
    "Tally",
    "load_stats",
    "save_stats",
    "SaveStore",
    "LoadResult",
    "check_app_config",
    "setup_logging",
    "install_excepthook",
    "write_crash_log",
]
