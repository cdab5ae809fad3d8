"""Check the squashed migrations against the chains they replace (issue 34).

    python scripts/compare_migrations.py [--postgres URL] [--from-ref REF]
                                         [--prefix APP:MIGRATION ...] [--keep] [--no-sqlite]

On SQLite (always) and PostgreSQL (``--postgres``, a server URL: two scratch databases are
created beside it and dropped), a fresh database migrated with this tree (the squashes) and one
migrated through the original chains (a copy of the tree without the squash files) must have:
- the same schema: SQLite's ``sqlite_master`` (each table's definition with its columns and
  constraints sorted), PostgreSQL's ``pg_dump --schema-only`` (statements sorted, each table's
  columns sorted: a squash creates a table's columns in the model's order, the chain in the
  order they were added);
- the same rows in every table but ``django_migrations`` (seeded data, content types,
  permissions; times replaced by a placeholder), and the chain's migration records among the
  squashes' (which add only the squashes' own names).
``--from-ref REF`` (e.g. ``main``): a fresh database migrated with REF's tree (``git archive``)
must have nothing to apply with this tree (``migrate --plan``, ``showmigrations``), keep its
migration records through a ``migrate``, and have the squashes' schema and rows.
``--prefix APP:MIGRATION``: a database migrated through the original chains only up to that
migration (and what it depends on), as an older tree left it, must migrate forward with this
tree to the squashes' schema and rows.
Exits 1 on any difference, printing it. Writes only to a temporary directory.
"""

from __future__ import annotations

import argparse
import datetime
import decimal
import difflib
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
APPS = ("core", "federation", "tournaments", "games", "ratings", "documents")
REPLACES = re.compile(r"^\s*replaces\s*=", re.MULTILINE)
Schema = list[str]
Rows = dict[str, list[str]]


def copy_tree(target: Path) -> Path:
    """The project's files (tracked and new, not ignored) copied to ``target``."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def without_squashes(tree: Path) -> list[str]:
    removed = []
    for app in APPS:
        for path in sorted((tree / app / "migrations").glob("0*.py")):
            if REPLACES.search(path.read_text(encoding="utf-8")):
                path.unlink()
                removed.append(f"{app}.{path.stem}")
    return removed


def archive(ref: str, target: Path) -> Path:
    target.mkdir(parents=True)
    tar = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=tar.stdout, check=True)
    return target


def manage(tree: Path, url: str, *args: str) -> str:
    env = {k: v for k, v in os.environ.items()
           if k not in {"CELERY_BROKER_URL", "CACHE_URL", "REDIS_URL"}}
    env["DATABASE_URL"] = url
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=tree, env=env,
                          capture_output=True, text=True)  # killed by run() if we stop (SIGTERM)
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} in {tree} failed:\n{done.stderr[-3000:]}")
    return done.stdout


# -- the two backends --------------------------------------------------------------------------

def split_items(body: str) -> list[str]:
    """A table definition's top-level comma-separated items."""
    items, depth, quote, start = [], 0, "", 0
    for i, char in enumerate(body):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(body[start:i].strip())
            start = i + 1
    items.append(body[start:].strip())
    return items


def value_text(value: object) -> str:
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return "<time>"
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d[.\d]*(\+00:00|Z)?",
                                               value):
        return "<time>"
    if isinstance(value, float | decimal.Decimal):
        return format(decimal.Decimal(str(value)).normalize(), "f")
    if isinstance(value, memoryview | bytes):
        return bytes(value).hex()
    return repr(value)


#: rows named by what they hold: their ids depend on the order things were created in
NATURAL = {
    "django_content_type": "SELECT app_label, model FROM django_content_type",
    "auth_permission": "SELECT ct.app_label, ct.model, p.codename, p.name FROM auth_permission p "
                       "JOIN django_content_type ct ON ct.id = p.content_type_id",
}


def table_rows(execute: Callable[[str], Any], table: str) -> list[str]:
    """The table's rows as text, each value named by its column (tables made by a squash and
    by a chain order their columns differently)."""
    if table in NATURAL:
        return sorted("|".join(value_text(v) for v in row) for row in execute(NATURAL[table]))
    cursor = execute(f'SELECT * FROM "{table}"')
    names = [column[0] for column in cursor.description]
    return sorted("|".join(f"{name}={value_text(value)}" for name, value in
                           sorted(zip(names, row, strict=True)))
                  for row in cursor.fetchall())


class SQLite:
    name = "sqlite"

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    @contextmanager
    def database(self, label: str) -> Iterator[str]:
        path = self.directory / f"{label}.sqlite3"
        path.unlink(missing_ok=True)
        yield f"sqlite:///{path}"

    def schema(self, url: str) -> Schema:
        with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
            rows = db.execute("SELECT type, name, sql FROM sqlite_master "
                              "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").fetchall()
        lines = []
        for kind, name, sql in rows:
            if kind == "table":
                head, _, body = sql.partition("(")
                lines.append(f"{head.strip()} (")
                lines += [f"    {item}" for item in sorted(split_items(body.rstrip()[:-1]))]
                lines.append(")")
            else:
                lines.append(sql or f"{kind} {name}")
        return lines

    def rows(self, url: str) -> Rows:
        with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
            tables = [name for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
            return {table: table_rows(db.execute, table) for table in tables}


class PostgreSQL:
    name = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url

    def _admin(self):  # type: ignore[no-untyped-def]
        import psycopg

        return psycopg.connect(self._url("postgres"), autocommit=True)

    def _url(self, database: str) -> str:
        parts = urlsplit(self.url)
        return urlunsplit(parts._replace(path=f"/{database}"))

    @contextmanager
    def database(self, label: str) -> Iterator[str]:
        base = urlsplit(self.url).path.strip("/") or "vcf"
        name = f"{base}_cmp_{label}"
        with self._admin() as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
            admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield self._url(name)
        finally:
            if not KEEP:
                with self._admin() as admin:
                    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def schema(self, url: str) -> Schema:
        dump = subprocess.run(["pg_dump", "--schema-only", "--no-owner", "--no-privileges",
                               "--no-comments", url], check=True, capture_output=True,
                              text=True).stdout
        text = "\n".join(line for line in dump.splitlines()
                         if line.strip() and not line.startswith(("--", "SET ", "SELECT pg_catalog",
                                                     "\\restrict", "\\unrestrict")))
        lines = []
        for statement in sorted(s.strip() for s in text.split(";\n") if s.strip()):
            if statement.startswith("CREATE TABLE"):
                head, _, body = statement.partition("(\n")
                lines.append(head + "(")
                lines += sorted(line.strip().rstrip(",") for line in body.rsplit(")", 1)[0].splitlines())
                lines.append(")")
            else:
                lines += statement.splitlines()
        return lines

    def rows(self, url: str) -> Rows:
        import psycopg

        with psycopg.connect(url) as db:
            tables = [name for (name,) in db.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
            return {table: table_rows(db.execute, table) for table in tables}


# -- the checks --------------------------------------------------------------------------------

FAILURES: list[str] = []
KEEP = False


def same(what: str, left: list[str], right: list[str], names: tuple[str, str]) -> bool:
    if left == right:
        return True
    diff = "\n".join(list(difflib.unified_diff(left, right, *names, lineterm=""))[:80])
    FAILURES.append(f"{what}:\n{diff}")
    print(f"  DIFFERENT {what}\n{diff}")
    return False


def compare(backend: SQLite | PostgreSQL, label: str, url: str, ref_schema: Schema,
            ref_rows: Rows, stale_names: bool = False) -> None:
    """``stale_names``: the database was migrated in two steps, so a permission made before a
    model's verbose name changed keeps the old name (Django never renames permissions); its
    permissions are compared by model and codename, and the renamed ones counted."""
    schema, rows = backend.schema(url), backend.rows(url)
    if stale_names:
        ref_rows = dict(ref_rows)
        names = [set(rows["auth_permission"]), set(ref_rows["auth_permission"])]
        for table in (rows, ref_rows):
            table["auth_permission"] = sorted(row.rsplit("|", 1)[0]
                                              for row in table["auth_permission"])
        print(f"  {label}: {len(names[0] - names[1])} permissions keep a model's former "
              "verbose name (made before it changed)")
    ok = same(f"{backend.name} schema, squashes vs {label}", ref_schema, schema,
              ("squashes", label))
    migrations = rows.pop("django_migrations", [])
    ref = dict(ref_rows)
    ref.pop("django_migrations", None)
    counts = [f"{t}={len(v)}" for t, v in sorted(ref.items())]
    ok &= same(f"{backend.name} row counts, squashes vs {label}", counts,
               [f"{t}={len(v)}" for t, v in sorted(rows.items())], ("squashes", label))
    for table in sorted(set(ref) & set(rows)):
        if len(ref[table]) == len(rows[table]):
            ok &= same(f"{backend.name} rows of {table}, squashes vs {label}", ref[table],
                       rows[table], ("squashes", label))
    seeded = sum(1 for v in ref.values() if v)
    if ok:
        print(f"  {backend.name}: {label}: schema identical ({len(schema)} lines), rows identical "
              f"({seeded} tables with rows, {sum(len(v) for v in ref.values())} rows; "
              f"{len(migrations)} migration records)")


def records(backend: SQLite | PostgreSQL, url: str) -> set[str]:
    rows = backend.rows(url).get("django_migrations", [])
    return {re.sub(r"\|?(applied|id)=[^|]*", "", row) for row in rows}


def run(backend: SQLite | PostgreSQL, chain: Path, ref_tree: Path | None,
        prefixes: list[str]) -> None:
    print(f"{backend.name}:")
    with backend.database("squash") as squashed:
        manage(ROOT, squashed, "migrate", "--noinput", "-v0")
        ref_schema, ref_rows = backend.schema(squashed), backend.rows(squashed)
        squash_records = records(backend, squashed)
        with backend.database("chain") as url:
            manage(chain, url, "migrate", "--noinput", "-v0")
            compare(backend, "original chains", url, ref_schema, ref_rows)
            chain_records = records(backend, url)
            extra = sorted(squash_records - chain_records)
            if not chain_records <= squash_records or not all("squashed" in r for r in extra):
                FAILURES.append(f"{backend.name} migration records: chain's not among squashes'")
            print(f"  records: the chain's {len(chain_records)} are among the squashes' "
                  f"(which add {', '.join(extra)})")
        if ref_tree is not None:
            with backend.database("ref") as url:
                manage(ref_tree, url, "migrate", "--noinput", "-v0")
                before = records(backend, url)
                plan = manage(ROOT, url, "migrate", "--plan")
                shown = manage(ROOT, url, "showmigrations")
                unapplied = [line.strip() for line in shown.splitlines() if "[ ]" in line]
                if "No planned migration operations." not in plan or unapplied:
                    FAILURES.append(f"{backend.name}: REF database has work: {plan} {unapplied}")
                    print(f"  DIFFERENT: REF database has work:\n{plan}{unapplied}")
                else:
                    print("  ref: nothing to apply (migrate --plan), showmigrations all [X]")
                manage(ROOT, url, "migrate", "--noinput", "-v0")
                gained = records(backend, url) - before
                print(f"  ref: migrate recorded only {sorted(gained) or 'nothing'}")
                if any("squashed" not in name for name in gained):
                    FAILURES.append(f"{backend.name}: REF database ran {gained}")
                compare(backend, "ref then squashes", url, ref_schema, ref_rows)
        for prefix in prefixes:
            app, _, name = prefix.partition(":")
            label = f"prefix {app} {name}"
            with backend.database(re.sub(r"\W", "_", f"p_{app}_{name[:4]}")) as url:
                # Django's own apps first, as any real database has them (auth at 0001 has
                # 50-character permission names, too short for ours)
                manage(chain, url, "migrate", "--noinput", "-v0", "auth")
                manage(chain, url, "migrate", "--noinput", "-v0", app, name)
                plan = manage(ROOT, url, "migrate", "--plan")
                steps = [line.split()[0] for line in plan.splitlines()
                         if not line.startswith(" ") and line.split(".")[0] in APPS]
                manage(ROOT, url, "migrate", "--noinput", "-v0")
                print(f"  {label}: the project's apps migrated forward by {len(steps)} "
                      f"migrations: {', '.join(steps)}")
                compare(backend, label, url, ref_schema, ref_rows, stale_names=True)


def main() -> int:
    global KEEP
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", help="a PostgreSQL URL (its server gets scratch databases)")
    parser.add_argument("--from-ref", help="a git ref whose tree migrates a database first")
    parser.add_argument("--prefix", action="append", default=[], help="APP:MIGRATION")
    parser.add_argument("--keep", action="store_true", help="keep the scratch databases")
    parser.add_argument("--no-sqlite", action="store_true", help="PostgreSQL only")
    args = parser.parse_args()
    KEEP = args.keep
    # stopped by a signal: the scratch databases and directory are removed all the same
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with tempfile.TemporaryDirectory(prefix="vcf-migrations-") as temp:
        work = Path(temp)
        chain = copy_tree(work / "chain")
        print(f"original chains: a copy without {', '.join(without_squashes(chain))}")
        ref_tree = archive(args.from_ref, work / "ref") if args.from_ref else None
        backends: list[SQLite | PostgreSQL] = [] if args.no_sqlite else [SQLite(work)]
        if args.postgres:
            backends.append(PostgreSQL(args.postgres))
        for backend in backends:
            run(backend, chain, ref_tree, args.prefix)
    print("FAILED" if FAILURES else "OK: no difference")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
