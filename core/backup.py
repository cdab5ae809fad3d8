"""Dump and restore the service's data (PostgreSQL: pg_dump/pg_restore; SQLite: file copy).

PostgreSQL dumps use the custom format (``pg_dump -Fc``) without owners or
privileges, so they restore into any database the target user owns. A restore runs
in one transaction (``--single-transaction``): it applies completely or not at all.
Rendered PDFs are not included; they are regenerated from the data on request.

A backup holds password hashes, tokens and ID numbers: the file is created readable and
writable by its owner only (0600) before anything is written to it. A restore makes every
cached public response stale, so it touches :data:`core.caching.EVERYTHING`.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from django.db import connections

from core.caching import touch_everything

OWNER_ONLY = 0o600


class BackupError(Exception):
    pass


def _pg_args(db: dict[str, Any]) -> tuple[list[str], dict[str, str]]:
    args = ["--host", db.get("HOST") or "127.0.0.1", "--port", str(db.get("PORT") or 5432)]
    if db.get("USER"):
        args += ["--username", db["USER"]]
    env = dict(os.environ)
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = db["PASSWORD"]
    return args, env


def _run(command: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{command[0]} failed ({done.returncode}): {done.stderr.strip()[:2000]}")


def backup(path: Path, alias: str = "default") -> Path:
    db = connections[alias].settings_dict
    path = Path(path)
    _create_private(path)
    if "postgresql" in db["ENGINE"]:
        args, env = _pg_args(db)
        _run(["pg_dump", *args, "--format=custom", "--no-owner", "--no-privileges",
              "--file", str(path), db["NAME"]], env)
    elif "sqlite3" in db["ENGINE"]:
        source = sqlite3.connect(db["NAME"])
        target = sqlite3.connect(path)
        with target:
            source.backup(target)
        source.close()
        target.close()
    else:
        raise BackupError(f"unsupported database engine {db['ENGINE']}")
    os.chmod(path, OWNER_ONLY)
    return path


def _create_private(path: Path) -> None:
    """An empty file only its owner may read (pg_dump and SQLite then write into it, keeping
    its mode); an existing file is emptied and made private first."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, OWNER_ONLY)
    try:
        os.fchmod(fd, OWNER_ONLY)
    finally:
        os.close(fd)


def restore(path: Path, alias: str = "default") -> None:
    path = Path(path)
    if not path.is_file():
        raise BackupError(f"no backup file at {path}")
    db = connections[alias].settings_dict
    connections[alias].close()  # our own open transaction must not block the restore
    if "postgresql" in db["ENGINE"]:
        args, env = _pg_args(db)
        _run(["pg_restore", *args, "--clean", "--if-exists", "--no-owner", "--no-privileges",
              "--single-transaction", "--exit-on-error", "--dbname", db["NAME"], str(path)], env)
    elif "sqlite3" in db["ENGINE"]:
        source = sqlite3.connect(path)
        target = sqlite3.connect(db["NAME"])
        with target:
            source.backup(target)
        source.close()
        target.close()
    else:
        raise BackupError(f"unsupported database engine {db['ENGINE']}")
    touch_everything()  # every cached public response may show data the restore replaced
