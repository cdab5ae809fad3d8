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


# --- issue 31 §9: HTTPS settings from the environment, a strict CSP, check --deploy clean -------

PRODUCTION = {"DEBUG": "0", "DATABASE_URL": "postgres://vcf@127.0.0.1:5432/vcf",
              "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
              "CACHE_URL": "redis://127.0.0.1:6379/1",
              "SECRET_KEY": "k9-Vq3tL0xRw8ZpYb2NcF7sHmJ4uGdE6aQ1iO5yT-vXzC_nWoBrKjPgSfMhUlAeIqD",
              "ALLOWED_HOSTS": "records.example.vn"}


def _check_deploy(**env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "SECRET_KEY", "DEBUG",
                          "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "ALLOWED_HOSTS"}}
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy",
                           "--fail-level", "WARNING"], cwd=REPO, capture_output=True, text=True,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings",
                               **PRODUCTION, **env})


def test_check_deploy_is_clean_with_production_settings():
    done = _check_deploy()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_hsts_and_the_https_redirect_are_set_from_the_environment():
    done = _check_deploy(SECURE_SSL_REDIRECT="0", SECURE_HSTS_SECONDS="0")
    assert done.returncode != 0
    assert "security.W004" in done.stderr and "security.W008" in done.stderr
    code = ("from django.conf import settings; print(settings.SECURE_SSL_REDIRECT, "
            "settings.SECURE_HSTS_SECONDS, settings.SECURE_PROXY_SSL_HEADER)")
    shown = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                           env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
                                **PRODUCTION, "SECURE_HSTS_SECONDS": "600",
                                "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO"})
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split() == ["True", "600", "('HTTP_X_FORWARDED_PROTO',", "'https')"]


# --- issue 32: two-factor sign-in required for staff in production, optional elsewhere ---------

def _two_factor_of(**env) -> list[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in {*PRODUCTION, "TWO_FACTOR_REQUIRED_FOR_STAFF"}}
    code = "from django.conf import settings; print(settings.TWO_FACTOR_REQUIRED_FOR_STAFF)"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env})
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_two_factor_is_required_for_staff_in_production_and_optional_on_the_embedded_default():
    assert _two_factor_of() == ["False"]  # the embedded default: optional for everyone
    assert _two_factor_of(**PRODUCTION) == ["True"]  # DEBUG=0: staff must use a code
    assert _two_factor_of(**PRODUCTION, TWO_FACTOR_REQUIRED_FOR_STAFF="0") == ["False"]
