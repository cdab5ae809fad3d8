"""Issue 3 §1: settings from the environment; production refuses the embedded default."""

import os
import subprocess
import sys

from tests.helpers import REPO


def _settings_of(**env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "SECRET_KEY", "DEBUG"}}
    code = ("from django.conf import settings; "
            "print(settings.DATABASES['default']['ENGINE'], settings.CELERY_TASK_ALWAYS_EAGER, "
            "settings.LANGUAGE_CODE, settings.TIME_ZONE)")
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env})


def test_no_configuration_runs_on_the_embedded_default():
    done = _settings_of()
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["django.db.backends.sqlite3", "True", "vi",
                                   "Asia/Ho_Chi_Minh"]


def test_production_without_postgres_broker_cache_and_secret_is_refused():
    done = _settings_of(DEBUG="0")
    assert done.returncode != 0
    for problem in ("DATABASE_URL must point at PostgreSQL", "CELERY_BROKER_URL",
                    "CACHE_URL", "SECRET_KEY"):
        assert problem in done.stderr


def test_production_settings_accepted_when_complete():
    done = _settings_of(DEBUG="0", DATABASE_URL="postgres://vcf@127.0.0.1:5432/vcf",
                        CELERY_BROKER_URL="redis://127.0.0.1:6379/0",
                        CACHE_URL="redis://127.0.0.1:6379/1", SECRET_KEY="x" * 50)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:2] == ["django.db.backends.postgresql", "False"]
