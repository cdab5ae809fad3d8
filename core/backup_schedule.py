"""Scheduled backups and the restore drill (issue 32; docs/production.md "Backups").

* :func:`scheduled_backup` — celery beat, daily (``BACKUP_HOUR``): a dump of the database
  into ``BACKUP_DIR`` (PostgreSQL custom format; mode 0600, the directory 0700) named by its
  time (``vcf-YYYYMMDD-HHMMSS.dump``), with a manifest beside it (``.json``, 0600): the row
  count of every table and the fingerprint of the published rating lists, read in the dump's
  own snapshot (``pg_export_snapshot``, ``pg_dump --snapshot``), so they describe exactly
  what the dump holds. Then :func:`prune` keeps ``BACKUP_KEEP_DAILY`` daily,
  ``BACKUP_KEEP_WEEKLY`` weekly and ``BACKUP_KEEP_MONTHLY`` monthly dumps (the newest of each
  day, ISO week, month) and deletes the others.
* :func:`restore_drill` — ``manage.py restore_drill``: restores the latest dump into a scratch
  database, compares its row counts and published rating lists with the manifest, drops it.
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.db import connection, connections, transaction
from django.utils import timezone

from core.backup import OWNER_ONLY, BackupError, _create_private, _pg_args, _run
from core.hooks import provider

logger = logging.getLogger(__name__)

NAME = re.compile(r"^vcf-(\d{8}-\d{6})\.dump$")


def backup_dir() -> Path:
    path = Path(settings.BACKUP_DIR)
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


def _is_postgres(alias: str = "default") -> bool:
    return "postgresql" in connections[alias].settings_dict["ENGINE"]


def table_counts(alias: str = "default") -> dict[str, int]:
    """Rows of every table of the database ``alias``."""
    conn = connections[alias]
    with conn.cursor() as cursor:
        counts = {}
        for table in sorted(conn.introspection.table_names(cursor)):
            cursor.execute(f"SELECT count(*) FROM {conn.ops.quote_name(table)}")
            counts[table] = cursor.fetchone()[0]
    return counts


def _fingerprint(alias: str) -> dict[str, Any]:
    return {"tables": table_counts(alias),
            "published_rating_lists": provider("published_rating_lists")(using=alias)}


def fingerprint() -> dict[str, Any]:
    """The row counts and the published lists' fingerprint of this process's database."""
    return _fingerprint("default")


def _database_url(name: str) -> str:
    db = connection.settings_dict
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{name}"


def _fingerprint_of(name: str) -> dict[str, Any]:
    """The fingerprint of database ``name`` on the same server, read by a process of its own
    (``manage.py backup_fingerprint`` with that database), so this one's connections and
    transactions stay as they are."""
    done = subprocess.run(
        [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "backup_fingerprint"],
        env={**os.environ, "DATABASE_URL": _database_url(name)}, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"reading the restored database failed: {done.stderr.strip()[-2000:]}")
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def _write_private(path: Path, text: str) -> None:
    _create_private(path)
    path.write_text(text, encoding="utf-8")
    os.chmod(path, OWNER_ONLY)


def scheduled_backup(now: datetime | None = None) -> Path:
    """Dump the database with its manifest, then prune the old dumps."""
    if not _is_postgres():
        raise BackupError("scheduled backups need PostgreSQL (DATABASE_URL)")
    now = timezone.localtime(now)
    path = backup_dir() / f"vcf-{now:%Y%m%d-%H%M%S}.dump"
    db = connection.settings_dict
    args, env = _pg_args(db)
    _create_private(path)
    with transaction.atomic():
        with connection.cursor() as cursor:  # the first statement: the dump's snapshot
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            cursor.execute("SELECT pg_export_snapshot()")
            snapshot = cursor.fetchone()[0]
        _run(["pg_dump", *args, "--format=custom", "--no-owner", "--no-privileges",
              f"--snapshot={snapshot}", "--file", str(path), db["NAME"]], env)
        manifest = {"dump": path.name, "taken_at": now.isoformat(), **_fingerprint("default")}
    os.chmod(path, OWNER_ONLY)
    _write_private(path.with_suffix(".json"), json.dumps(manifest, indent=1, sort_keys=True))
    removed = prune(path.parent)
    logger.warning("backup %s written (%s bytes); %s old dump(s) removed", path.name,
                   path.stat().st_size, len(removed))
    return path


def dumps(directory: Path) -> list[tuple[datetime, Path]]:
    """The scheduled dumps in ``directory``, newest first."""
    found = []
    for path in directory.iterdir():
        match = NAME.match(path.name)
        if match:
            found.append((datetime.strptime(match.group(1), "%Y%m%d-%H%M%S"), path))
    return sorted(found, reverse=True)


def kept(stamps: list[datetime], daily: int, weekly: int, monthly: int) -> set[datetime]:
    """Which dumps to keep (grandfather-father-son): the newest of each of the last ``daily``
    days, ``weekly`` ISO weeks and ``monthly`` months that have a dump."""
    keep: set[datetime] = set()
    for limit, period in ((daily, lambda t: t.date()),
                          (weekly, lambda t: tuple(t.isocalendar())[:2]),
                          (monthly, lambda t: (t.year, t.month))):
        seen: list[object] = []
        for stamp in sorted(stamps, reverse=True):
            key = period(stamp)
            if key not in seen:
                if len(seen) == limit:
                    break
                seen.append(key)
                keep.add(stamp)
    return keep


def prune(directory: Path) -> list[Path]:
    """Delete the dumps (and their manifests) the retention does not keep."""
    found = dumps(directory)
    keep = kept([stamp for stamp, _path in found], settings.BACKUP_KEEP_DAILY,
                settings.BACKUP_KEEP_WEEKLY, settings.BACKUP_KEEP_MONTHLY)
    removed = []
    for stamp, path in found:
        if stamp not in keep:
            path.unlink()
            path.with_suffix(".json").unlink(missing_ok=True)
            removed.append(path)
    return removed


@dataclass
class DrillReport:
    dump: str
    scratch: str
    tables: int
    differences: list[str]

    @property
    def ok(self) -> bool:
        return not self.differences


def _admin_sql(sql: str) -> None:
    """CREATE/DROP DATABASE: outside any transaction, on the service's own server."""
    db = connection.settings_dict
    args, env = _pg_args(db)
    _run(["psql", *args, "--dbname", db["NAME"], "-v", "ON_ERROR_STOP=1", "-c", sql], env)


def restore_drill(dump: Path | None = None, *, keep: bool = False) -> DrillReport:
    """Restore ``dump`` (default: the latest in ``BACKUP_DIR``) into a scratch database on the
    same server, compare it with the dump's manifest, and drop the scratch database."""
    if not _is_postgres():
        raise BackupError("the restore drill needs PostgreSQL (DATABASE_URL)")
    if dump is None:
        found = dumps(Path(settings.BACKUP_DIR)) if Path(settings.BACKUP_DIR).is_dir() else []
        if not found:
            raise BackupError(f"no dump in {settings.BACKUP_DIR}")
        dump = found[0][1]
    manifest_path = Path(dump).with_suffix(".json")
    if not manifest_path.is_file():
        raise BackupError(f"no manifest {manifest_path.name} beside the dump")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    db = connection.settings_dict
    scratch = f"{db['NAME']}_restore_drill"
    args, env = _pg_args(db)
    _admin_sql(f'DROP DATABASE IF EXISTS "{scratch}"')
    _admin_sql(f'CREATE DATABASE "{scratch}"')
    try:
        _run(["pg_restore", *args, "--no-owner", "--no-privileges", "--single-transaction",
              "--exit-on-error", "--dbname", scratch, str(dump)], env)
        restored = _fingerprint_of(scratch)
    finally:
        if not keep:
            _admin_sql(f'DROP DATABASE IF EXISTS "{scratch}"')
    return DrillReport(Path(dump).name, scratch, len(restored["tables"]),
                       _compare(manifest, restored))


def _compare(manifest: dict[str, Any], restored: dict[str, Any]) -> list[str]:
    differences = []
    expected, found = manifest["tables"], restored["tables"]
    for table in sorted(set(expected) | set(found)):
        if expected.get(table) != found.get(table):
            differences.append(f"table {table}: {expected.get(table)} rows in the manifest, "
                               f"{found.get(table)} restored")
    if manifest["published_rating_lists"] != restored["published_rating_lists"]:
        differences.append(f"published rating lists: {manifest['published_rating_lists']} in "
                           f"the manifest, {restored['published_rating_lists']} restored")
    return differences


