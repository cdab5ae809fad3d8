"""``manage.py load_demo [--if-empty] [--seed N]``: load the demo data of every app.

Runs, in INSTALLED_APPS order, the ``LOADERS`` of each app's ``demo`` module
(``federation.demo.LOADERS`` first); a later app adds its own module with
``LOADERS = [...]``. Prints one line per loader, then the demo users of each role and
their password (also when ``--if-empty`` finds data already loaded).
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

from core.caching import touch_everything
from federation import demo


def discovered_loaders() -> list[Callable[[demo.DemoContext], str]]:
    loaders: list[Callable[[demo.DemoContext], str]] = []
    for config in apps.get_app_configs():
        try:
            module = importlib.import_module(f"{config.name}.demo")
        except ModuleNotFoundError as exc:
            if exc.name != f"{config.name}.demo":
                raise
            continue
        loaders.extend(getattr(module, "LOADERS", []))
    return loaders


def demo_users_lines() -> list[str]:
    """One line per demo user present in the database: login, password and role."""
    present = set(get_user_model().objects.filter(
        username__in=[u for u, _role in demo.DEMO_USERS]).values_list("username", flat=True))
    return [f"{username:<14} / {demo.DEMO_PASSWORD}   {role}"
            for username, role in demo.DEMO_USERS if username in present]


class Command(BaseCommand):
    help = "Load demo data: bodies, 20 clubs, ~500 members, dues, attendance, demo users."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--if-empty", action="store_true",
                            help="do nothing when clubs or members already exist")
        parser.add_argument("--seed", type=int, default=demo.SEED)

    def handle(self, *args: object, **options: Any) -> None:
        if demo.has_data():
            if options["if_empty"]:
                self.stdout.write("demo data: the database already has data; nothing loaded")
                self._print_users()
                return
            self.stderr.write("warning: the database already has data; loading alongside it")
        started = time.monotonic()
        ctx = demo.new_context(options["seed"])
        for line in demo.run_loaders(ctx, discovered_loaders()):
            self.stdout.write(f"  {line}")
        touch_everything()  # the loaders write rows directly, not through every service
        self.stdout.write(f"demo data loaded in {time.monotonic() - started:.1f}s; "
                          f"admin login: demo / {demo.DEMO_PASSWORD}")
        self._print_users()

    def _print_users(self) -> None:
        lines = demo_users_lines()
        if lines:
            self.stdout.write("demo users (login / password   role):")
            for line in lines:
                self.stdout.write(f"  {line}")
