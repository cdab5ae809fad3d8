#!/usr/bin/env python
"""The architecture counts of issue 33 ("Done when"), read from the source with ``ast``.

    python scripts/arch_counts.py            # one line per count, with its allowance
    python scripts/arch_counts.py -v         # and every offender (path:line: code)
    python scripts/arch_counts.py --check    # exit 1 when a count exceeds its allowance (CI)

What is counted (app code: the Django apps and ``config``; never migrations or tests):

- ``system branches``: comparisons (``==``, ``!=``, ``in``, ``not in``, ``match``/``case``)
  against a competition system — a ``System.X`` / ``Tournament.System.X`` value, a grouping of
  systems (``*_SYSTEMS``, ``SWISS_DRAWS``) or a ``.system`` attribute — outside the
  competition-system spec (``SPEC_MODULES``);
- ``discipline literals``: the string literals ``"xiangqi"`` and ``"chess"`` outside their home
  (``DISCIPLINE_HOME``) and the demo/reference data (``DATA_MODULES``);
- ``upward imports``: an app importing an app that is not below it in the layers contract of
  ``.importlinter`` (``LAYERS_CONTRACT``: the one statement of the order);
- ``in-function cross-app imports``: an import of another app (or of ``chessrules``) inside a
  function; those kept break a cycle at run time and say why on their line;
- ``writes outside services``: ORM writes (``.save()``, ``.delete()``, ``.create()``,
  ``.update()`` on a queryset or manager, ``bulk_create``/``bulk_update``,
  ``get_or_create``/``update_or_create``, ``obj.__dict__.update``) outside the services
  modules (``services.py`` or a ``services/`` package), the demo data and ``super()`` calls;
- ``ignored mypy modules``: the modules pyproject.toml's ``[[tool.mypy.overrides]]`` mark
  ``ignore_errors``;
- ``modules not under strict typing``: pyproject.toml's ``[tool.mypy]`` turns on, for every
  module, the flags ``mypy --strict`` implies (``STRICT_FLAGS``), so a new module is strict;
  counted are the app (and ``chessrules``) modules an ``[[tool.mypy.overrides]]`` relaxes one
  of them for (the legacy list, which may only shrink; a pattern counts every module it
  matches) and each of those flags ``[tool.mypy]`` does not turn on;
- ``modules > 450 lines``: app modules longer than ``MAX_LINES`` (and, apart, those of the pure
  ``chessrules`` package).

The allowances are :data:`ALLOWANCES` below, each non-zero one with its reason: lower one when
its count falls (the script says so), never raise one without writing why.
"""

from __future__ import annotations

import argparse
import ast
import configparser
import fnmatch
import re
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the pure rules package (counted apart for its length; it imports nothing of the apps)
PURE = "chessrules"


def _root_packages() -> tuple[str, ...]:
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter", encoding="utf-8")
    return tuple(config["importlinter"]["root_packages"].split())


#: "app code": the Django apps and the project package, as .importlinter lists them (a new
#: app is counted once it is there, and reported until the layers contract places it)
APPS = tuple(p for p in _root_packages() if p != PURE)
#: the competition-system spec (issue 33): the modules where branching on a system belongs.
#: Paths relative to the repository; a folder covers everything under it.
SPEC_MODULES = ("tournaments/systems",)
#: where the discipline values are declared
DISCIPLINE_HOME = ("chessrules/values.py",)
#: demo and reference data: literal by nature
DATA_MODULES = ("demo.py", "demo_consents.py", "reference_data.py",
                "management/commands/load_demo.py")
#: the import-linter contract that states the order of the apps
LAYERS_CONTRACT = "importlinter:contract:app-layers"
MAX_LINES = 450

#: count name -> (allowance, reason). A count above its allowance fails ``--check``.
ALLOWANCES: dict[str, tuple[int, str]] = {
    "system branches": (1, "Tournament.is_team_event (tournaments/models/tournament.py): the spec "
                           "package imports the engine, which imports the models; it reads the "
                           "grouping of chessrules.values the specs are checked against"),
    "discipline literals": (0, ""),
    "upward imports": (0, ""),
    "in-function cross-app imports": (2, "games/apps.py: ready() registers the games guard on "
                                         "tournaments' results; apps.py is imported before "
                                         "the models can be. config/celery.py: the worker's "
                                         "log hook; config/__init__ imports the Celery app "
                                         "before Django is set up"),
    "writes outside services": (2, "core/worker_beat.py: a worker process writes and removes its "
                                   "own heartbeat row (infrastructure, not a record of the "
                                   "federation; no service layer sits below core.jobs)"),
    "service writes in clean()": (0, ""),
    "ignored mypy modules": (0, ""),
    "modules not under strict typing": (132, "issue 33 asks strict on core (done, with "
                                            "chessrules) and on every new module (done: the "
                                            "flags are global); the legacy app modules that "
                                            "still fail them (206 when they were turned on, "
                                            "73 typed since) are relaxed by one override, a "
                                            "list that may only shrink"),
    "modules > 450 lines": (0, ""),
    "chessrules modules > 450 lines": (12, "the pure rules package (not in issue 33's count of "
                                           "12, which is the apps'): long algorithms, each "
                                           "module one rule set"),
}

Offender = str  # "path:line: code"


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _under(rel: str, prefixes: tuple[str, ...]) -> bool:
    return any(rel == p or rel.startswith(p.rstrip("/") + "/") for p in prefixes)


def _is_data(rel: str) -> bool:
    return any(rel.endswith("/" + name) for name in DATA_MODULES)


def modules(packages: tuple[str, ...] | None = None) -> Iterator[Path]:
    """Every Python module of ``packages`` (the apps by default), migrations left out."""
    for package in APPS if packages is None else packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.relative_to(ROOT).parts:
                yield path


class Source:
    """A module's text, tree and the parent of every node."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rel = _rel(path)
        self.text = path.read_text(encoding="utf-8")
        self.lines = self.text.splitlines()
        self.tree = ast.parse(self.text, filename=self.rel)
        self.parent: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node

    def at(self, node: ast.AST) -> Offender:
        line = getattr(node, "lineno", 0)
        code = self.lines[line - 1].strip() if line else ""
        return f"{self.rel}:{line}: {code}"

    def in_function(self, node: ast.AST) -> bool:
        while node in self.parent:
            node = self.parent[node]
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                return True
        return False


_SOURCES: dict[Path, Source] = {}


def _unique(offenders: list[Offender]) -> list[Offender]:
    """One offender a line, in the order of the file."""
    def line(o: Offender) -> tuple[str, int]:
        path, number = o.split(":")[:2]
        return path, int(number)
    return sorted(dict.fromkeys(offenders), key=line)


def source(path: Path) -> Source:
    if path not in _SOURCES:
        _SOURCES[path] = Source(path)
    return _SOURCES[path]


# --- systems' branches -----------------------------------------------------------------------

_SYSTEM_GROUP = re.compile(r"(^|_)SYSTEMS$|^SWISS_DRAWS$")


def _mentions_system(node: ast.AST) -> bool:
    """``System.X`` (however qualified), a grouping of systems, or ``<obj>.system``."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute):
            if sub.attr == "system":
                return True
            value = sub.value
            if (isinstance(value, ast.Attribute) and value.attr == "System") or (
                    isinstance(value, ast.Name) and value.id == "System"):
                return True
            if _SYSTEM_GROUP.search(sub.attr):
                return True
        elif isinstance(sub, ast.Name) and _SYSTEM_GROUP.search(sub.id):
            return True
    return False


def system_branches() -> list[Offender]:
    found = []
    for path in modules():
        rel = _rel(path)
        if _under(rel, SPEC_MODULES) or _is_data(rel):
            continue
        src = source(path)
        for node in ast.walk(src.tree):
            if isinstance(node, ast.Compare) and any(
                    isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn) for op in node.ops):
                if any(_mentions_system(x) for x in (node.left, *node.comparators)):
                    found.append(src.at(node))
            elif isinstance(node, ast.Match) and _mentions_system(node.subject):
                found.append(src.at(node))
    return _unique(found)


# --- discipline literals ---------------------------------------------------------------------

DISCIPLINES = {"xiangqi", "chess"}


def discipline_literals() -> list[Offender]:
    found = []
    for path in modules():
        rel = _rel(path)
        if _under(rel, DISCIPLINE_HOME) or _is_data(rel):
            continue
        src = source(path)
        for node in ast.walk(src.tree):
            if isinstance(node, ast.Constant) and node.value in DISCIPLINES:
                found.append(src.at(node))
    return _unique(found)  # one offender a line


# --- imports between apps --------------------------------------------------------------------

def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:  # relative: inside the same package
        return []
    return [node.module or ""]


def _cross_app_imports(src: Source) -> Iterator[tuple[ast.AST, str, str]]:
    """(node, importing app, imported app) for every import of another root package."""
    here = src.rel.split("/")[0]
    roots = (*APPS, PURE)
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for name in _imported(node):
                top = name.split(".")[0]
                if top in roots and top != here:
                    yield node, here, top


def layers() -> list[set[str]]:
    """The layers contract of .importlinter, top first (``a | b``: independent siblings)."""
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter", encoding="utf-8")
    if LAYERS_CONTRACT not in config:
        return []
    lines = config[LAYERS_CONTRACT]["layers"].strip().splitlines()
    return [{part.strip() for part in line.split("|")} for line in lines if line.strip()]


def upward_imports() -> list[Offender]:
    order = layers()
    level = {app: i for i, layer in enumerate(order) for app in layer}
    found = []
    for path in modules():
        src = source(path)
        for node, here, there in _cross_app_imports(src):
            if not order:  # no contract yet: nothing states an order, every import is unchecked
                continue
            if here not in level or there not in level or level[there] <= level[here]:
                found.append(src.at(node) + f"  [{here} → {there}]")
    if not order:
        found.append(f".importlinter: no [{LAYERS_CONTRACT}] states the order of the apps")
    return found


def in_function_imports() -> list[Offender]:
    found = []
    for path in modules():
        src = source(path)
        for node, _here, _there in _cross_app_imports(src):
            if src.in_function(node):
                found.append(src.at(node))
    return found


# --- writes outside services -----------------------------------------------------------------

#: modules that are services by role though not by name (their writes are the service)
SERVICE_MODULES = (
    "core/jobs.py",  # start_job / run_job: the job state machine (docs/architecture.md, Jobs)
    "core/job_heartbeat.py",  # the same state machine: a running job's heartbeat and progress
    "core/job_sweep.py",  # the same state machine: lost jobs re-run or failed, messages re-sent
    "games/pgn_import.py",  # the PGN import job's work: a service (.importlinter: above services)
    "core/notifications.py",  # the outbox: notify / deliver / sweep (issue 32), below every app
    "core/accounts.py",  # a user's own account: mail choices, two-factor devices (issue 32)
    "games/services_phase.py",  # games' services (Điều 10.1.2) kept apart while services.py splits
)
_ALWAYS_WRITES = {"bulk_create", "bulk_update", "get_or_create", "update_or_create"}
_QUERYSET = re.compile(r"\.objects\b|\bobjects\.|\.(filter|exclude|all|select_for_update)\(|_set$")
_READ_ONLY_SERVICE = re.compile(r"^_?(check|validate|can|is|may)_")


def _is_service_module(rel: str) -> bool:
    parts = rel.split("/")
    return (parts[-1] == "services.py" or "services" in parts[:-1]
            or rel in SERVICE_MODULES)


def _is_super_call(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "super")


def _write(node: ast.Call) -> bool:
    func = node.func
    if not isinstance(func, ast.Attribute) or _is_super_call(func.value):
        return False
    receiver = ast.unparse(func.value)
    if func.attr in _ALWAYS_WRITES:
        return True
    if func.attr == "update":  # a queryset's (a dict's update is not a write)
        return receiver.endswith("__dict__") or bool(_QUERYSET.search(receiver))
    if func.attr == "create":  # a manager's; a serializer's create is called by its save
        return "serializer" not in receiver.lower()
    if func.attr in ("save", "delete"):
        # a model, a model form or a queryset: no positional argument (a font's save(path),
        # cache.delete(key) and storage.delete(name) are not the database's)
        return not node.args and "serializer" not in receiver.lower()
    return False


def writes_outside_services() -> list[Offender]:
    found = []
    for path in modules():
        rel = _rel(path)
        if _is_service_module(rel) or _is_data(rel):
            continue
        src = source(path)
        for node in ast.walk(src.tree):
            if isinstance(node, ast.Call) and _write(node):
                found.append(src.at(node))
    return _unique(found)


def _service_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """(aliases of services modules, functions imported from services modules)."""
    modules_, functions = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            from_services = node.module.split(".")[-1] == "services" or ".services." in (
                node.module + ".")
            for alias in node.names:
                if alias.name == "services":
                    modules_.add(alias.asname or alias.name)
                elif from_services:
                    functions.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[-1] == "services" and alias.asname:
                    modules_.add(alias.asname)
    return modules_, functions


def service_writes_in_clean() -> list[Offender]:
    """A form's ``clean``/``clean_<field>`` that calls a service writing (directly or through
    ``self.<method>()`` of the module's classes): the write commits even when the page then
    shows an error. Services named ``check_*``/``validate_*``/``can_*``/``is_*`` only read."""
    found = []
    for path in modules():
        rel = _rel(path)
        if _is_service_module(rel) or _is_data(rel):
            continue
        src = source(path)
        aliases, functions = _service_names(src.tree)
        if not aliases and not functions:
            continue
        methods: dict[str, list[ast.FunctionDef]] = {}
        cleans = []
        for cls in (n for n in ast.walk(src.tree) if isinstance(n, ast.ClassDef)):
            for item in cls.body:
                if isinstance(item, ast.FunctionDef):
                    methods.setdefault(item.name, []).append(item)
                    if item.name == "clean" or item.name.startswith("clean_"):
                        cleans.append((cls, item))
        for cls, clean in cleans:
            calls, seen, todo = [], {clean.name}, [clean]
            while todo:
                for node in ast.walk(todo.pop()):
                    if not isinstance(node, ast.Call):
                        continue
                    func = node.func
                    name = None
                    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                        if func.value.id in aliases:
                            name = func.attr
                        elif func.value.id == "self" and func.attr not in seen:
                            seen.add(func.attr)
                            todo += methods.get(func.attr, [])
                    elif isinstance(func, ast.Name) and func.id in functions:
                        name = func.id
                    if name and not _READ_ONLY_SERVICE.match(name):
                        calls.append(name)
            if calls:
                found.append(f"{src.rel}:{clean.lineno}: {cls.name}.{clean.name} → "
                             + ", ".join(sorted(set(calls))))
    return found


# --- typing and size -------------------------------------------------------------------------

def ignored_mypy_modules() -> list[Offender]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found = []
    for override in config.get("tool", {}).get("mypy", {}).get("overrides", []):
        if override.get("ignore_errors"):
            names = override.get("module", [])
            found += [f"pyproject.toml: {name}" for name in
                      ([names] if isinstance(names, str) else names)]
    return found


#: the per-module flags ``mypy --strict`` implies, with the value that turns each on
#: (``warn_redundant_casts`` is global only: it cannot be relaxed per module, not listed)
STRICT_FLAGS: dict[str, bool] = {
    "check_untyped_defs": True,
    "disallow_untyped_defs": True,
    "disallow_incomplete_defs": True,
    "disallow_untyped_calls": True,
    "disallow_untyped_decorators": True,
    "disallow_any_generics": True,
    "disallow_subclassing_any": True,
    "warn_return_any": True,
    "warn_unused_ignores": True,
    "implicit_reexport": False,
    "strict_equality": True,
    "extra_checks": True,
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def lax_typed_modules() -> list[Offender]:
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8")).get(
        "tool", {}).get("mypy", {})
    found = [f"pyproject.toml [tool.mypy]: {flag} is not {str(on).lower()}"
             for flag, on in STRICT_FLAGS.items() if mypy.get(flag) is not on]
    names = [_module_name(path) for path in modules((*APPS, PURE))]
    lax: set[str] = set()
    for override in mypy.get("overrides", []):
        if any(flag in override and override[flag] is not on
               for flag, on in STRICT_FLAGS.items()):
            patterns = override.get("module", [])
            for pattern in [patterns] if isinstance(patterns, str) else patterns:
                lax.update(n for n in names if n == pattern or fnmatch.fnmatchcase(n, pattern)
                           or (pattern.endswith(".*") and n == pattern[:-2]))
    return found + [f"pyproject.toml: {name}" for name in names if name in lax]


def _long_modules(packages: tuple[str, ...]) -> list[Offender]:
    found = []
    for path in modules(packages):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            found.append(f"{_rel(path)}: {lines} lines")
    return found


def long_modules() -> list[Offender]:
    return _long_modules(APPS)


def long_pure_modules() -> list[Offender]:
    return _long_modules((PURE,))


COUNTS: dict[str, Callable[[], list[Offender]]] = {
    "system branches": system_branches,
    "discipline literals": discipline_literals,
    "upward imports": upward_imports,
    "in-function cross-app imports": in_function_imports,
    "writes outside services": writes_outside_services,
    "service writes in clean()": service_writes_in_clean,
    "ignored mypy modules": ignored_mypy_modules,
    "modules not under strict typing": lax_typed_modules,
    "modules > 450 lines": long_modules,
    "chessrules modules > 450 lines": long_pure_modules,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list every offender")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a count exceeds its allowance")
    args = parser.parse_args(argv)
    over = []
    for name, count in COUNTS.items():
        offenders = count()
        allowance, reason = ALLOWANCES[name]
        mark = ""
        if len(offenders) > allowance:
            mark = "  OVER its allowance"
            over.append(name)
        elif len(offenders) < allowance:
            mark = "  (below its allowance: lower it in scripts/arch_counts.py)"
        print(f"{name}: {len(offenders)} (allowed {allowance}){mark}")
        if args.verbose or (args.check and mark.startswith("  OVER")):
            if allowance:
                print(f"    allowed because: {reason}")
            for offender in offenders:
                print(f"    {offender}")
    if args.check and over:
        print(f"arch_counts: over the allowance: {', '.join(over)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
