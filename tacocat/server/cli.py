"""``tacocat-server`` / ``python -m tacocat.server``: the command line (docs/server.md).

With no options it listens on 127.0.0.1:8765 and keeps its games in a SQLite file in the
user data folder; ``--db postgresql://...`` shares the games between several processes.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import ssl
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from tacocat import __version__
from tacocat.net.messages import PROTOCOL, BadMessage, Hello, Welcome, encode, parse_server
from tacocat.server.app import Listen, run_until_stopped
from tacocat.server.config import BadLimits, Settings, read_limits
from tacocat.server.storage.presence import NODE_TIMEOUT
from tacocat.server.storage.schema import SchemaTooNew
from tacocat.server.storage.sqlite import SYNC_MODES, SqliteStorage

if TYPE_CHECKING:
    from tacocat.server.storage.postgres import PostgresStorage


def default_db() -> Path:
    return Path(platformdirs.user_data_dir("tacocat-server", appauthor=False)) / "server.sqlite3"


def parser() -> argparse.ArgumentParser:
    """The command line; ``--help`` lists the options in the order added here."""
    p = argparse.ArgumentParser(prog="tacocat-server", description=__doc__.splitlines()[0])
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    _add_place_options(p)
    _add_connection_options(p)
    _add_timing_options(p)
    p.add_argument(
        "--log-level", default="INFO", type=str.upper, choices=("DEBUG", "INFO", "WARNING", "ERROR")
    )
    p.add_argument(
        "--check",
        metavar="URL",
        default=None,
        help="only say hello to the server at URL and exit 0 if it answers "
        "(a health check; wss:// is not verified)",
    )
    return p


def _add_place_options(p: argparse.ArgumentParser) -> None:
    """Where the server listens and where it keeps its games."""
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)",
    )
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument(
        "--db",
        default=None,
        metavar="PATH_OR_URL",
        help=f"a SQLite file (default {default_db()}) or postgresql://...",
    )
    p.add_argument(
        "--sqlite-sync",
        choices=SYNC_MODES,
        default="full",
        help="full: a move survives a power cut (default); normal: only a crash",
    )


def _add_connection_options(p: argparse.ArgumentParser) -> None:
    """TLS, and whom to believe about a client's address behind a TLS terminator."""
    p.add_argument(
        "--tls-cert", type=Path, default=None, help="certificate chain (PEM): serve wss://"
    )
    p.add_argument("--tls-key", type=Path, default=None, help="its private key (PEM)")
    p.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a TLS terminator's address: its X-Forwarded-For names the client "
        "(for the per-address limits; repeatable)",
    )


def _add_timing_options(p: argparse.ArgumentParser) -> None:
    """How long games, absent players and other server processes are waited for; the limits."""
    p.add_argument(
        "--expire-days",
        type=float,
        default=30.0,
        help="end a game nobody acted in for this many days (default 30)",
    )
    grace = Settings().presence_grace
    p.add_argument(
        "--presence-grace",
        type=_seconds,
        default=grace,
        metavar="SECONDS",
        help="show a player gone only after their last connection has been away "
        f"this long (default {grace:g})",
    )
    p.add_argument(
        "--node-timeout",
        type=_seconds,
        default=NODE_TIMEOUT,
        metavar="SECONDS",
        help="PostgreSQL: take another server process for dead when it has not beaten "
        f"its heartbeat for this long (default {NODE_TIMEOUT:g}; beats every third)",
    )
    p.add_argument(
        "--limits",
        type=Path,
        default=None,
        metavar="FILE",
        help="a TOML file whose [limits] table changes the limits (docs/server.md)",
    )


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text}: not a positive number of seconds")
    return value


async def check(url: str, timeout: float = 5.0) -> bool:
    """Whether the server at ``url`` answers a hello with a welcome (containers' HEALTHCHECK)."""
    context = None
    if url.startswith("wss://"):  # liveness only: a certificate for a public name, checked locally
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    try:
        async with asyncio.timeout(timeout), connect(url, ssl=context) as socket:
            await socket.send(
                encode(Hello(protocol=PROTOCOL, client="tacocat-server --check")), text=True
            )
            return isinstance(parse_server(await socket.recv()), Welcome)
    except (OSError, TimeoutError, WebSocketException, BadMessage):
        return False


def storage_for(
    db: str | None, sqlite_sync: str, node_timeout: float = NODE_TIMEOUT
) -> SqliteStorage | PostgresStorage:
    if db is not None and db.startswith(("postgresql://", "postgres://")):
        from tacocat.server.storage.postgres import PostgresStorage  # needs the postgres extra

        return PostgresStorage(db, node_timeout)
    return SqliteStorage(Path(db) if db else default_db(), sqlite_sync)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.check is not None:
        return 0 if asyncio.run(check(args.check)) else 1
    if (args.tls_cert is None) != (args.tls_key is None):
        parser().error("--tls-cert and --tls-key go together")
    logging.basicConfig(
        level=args.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # The WebSocket library's DEBUG lines show the frames, seat tokens and invites among them:
    # never below INFO, whatever --log-level says (docs/server.md, "Logs").
    logging.getLogger("websockets").setLevel(max(logging.INFO, logging.getLogger().level))
    try:
        storage = storage_for(args.db, args.sqlite_sync, args.node_timeout)
    except ImportError:
        print(
            "tacocat-server: PostgreSQL needs psycopg: pip install 'tacocat[postgres]'",
            file=sys.stderr,
        )
        return 2
    try:
        tuned = read_limits(args.limits) if args.limits else {}
    except BadLimits as error:
        print(f"tacocat-server: {error}", file=sys.stderr)
        return 2
    settings = Settings(
        **{
            "expire_after": args.expire_days * 24 * 3600,
            "presence_grace": args.presence_grace,
            **tuned,
            "trusted_proxies": frozenset(args.trust_proxy),
        }
    )
    listen = Listen(args.host, args.port, args.tls_cert, args.tls_key)
    bus = getattr(storage, "bus", None)
    try:
        asyncio.run(run_until_stopped(storage, listen, settings, bus))
    except OSError as error:
        print(f"tacocat-server: {error}", file=sys.stderr)
        return 1
    except SchemaTooNew as error:  # an older server on a newer database: the upgrade's backup
        print(f'tacocat-server: {error} (docs/server.md, "Upgrading")', file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0
