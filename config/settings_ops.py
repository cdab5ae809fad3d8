"""Settings of running the service in production (issue 32; docs/production.md): email and
the notifications' outbox, two-factor sign-in, scheduled backups. Read from the environment;
with none of it the embedded default prints mail on the console and needs nothing else."""

import os

from celery.schedules import crontab

from config.env import env_bool, env_int

# --- email and notifications (issue 32, core.notifications; docs/production.md) -------------
# With EMAIL_HOST set mail goes to that SMTP server; without it (the embedded default) it is
# printed on the console. Notifications wait in the outbox (core.Notification) until sent.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Liên đoàn Cờ Việt Nam <no-reply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
#: first retry after this many seconds, doubling each time (at most 6 h); then given up
NOTIFY_BACKOFF_SECONDS = env_int("NOTIFY_BACKOFF_SECONDS", 60)
NOTIFY_MAX_ATTEMPTS = env_int("NOTIFY_MAX_ATTEMPTS", 10)
#: a notification claimed by a sender for this long without an outcome is sent again
NOTIFY_CLAIM_SECONDS = env_int("NOTIFY_CLAIM_SECONDS", 300)
#: the site's address in links of the mail (password reset, the signed-in area)
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# --- password reset and two-factor sign-in (core.accounts, workspace/views_account.py) -------
#: staff must sign in with a code from an authenticator app (TOTP); on by default in production
TWO_FACTOR_REQUIRED_FOR_STAFF = env_bool("TWO_FACTOR_REQUIRED_FOR_STAFF",
                                         not env_bool("DEBUG", True))
OTP_TOTP_ISSUER = os.environ.get("OTP_TOTP_ISSUER", "Liên đoàn Cờ Việt Nam")
#: password-reset requests allowed per client address and per address typed, in the window
PASSWORD_RESETS_PER_ADDRESS = env_int("PASSWORD_RESETS_PER_ADDRESS", 5)
PASSWORD_RESET_WINDOW_SECONDS = env_int("PASSWORD_RESET_WINDOW_SECONDS", 60 * 60)
#: a reset link works for this long (Django's setting), once
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 3 * 24 * 60 * 60)

# --- scheduled backups (core.backup_schedule; docs/production.md "Backups") -------------------
#: where the daily dumps and their manifests go (0700; each file 0600); a volume of its own
BACKUP_DIR = os.environ.get("BACKUP_DIR", "/var/backups/vcf")
BACKUP_KEEP_DAILY = env_int("BACKUP_KEEP_DAILY", 7)
BACKUP_KEEP_WEEKLY = env_int("BACKUP_KEEP_WEEKLY", 4)
BACKUP_KEEP_MONTHLY = env_int("BACKUP_KEEP_MONTHLY", 12)

def ops_beat_schedule(background_queue: str) -> dict[str, dict[str, object]]:
    """Celery beat's entries of the above (added to CELERY_BEAT_SCHEDULE by config/settings.py),
    on the background queue: the outbox's sweep waits on the mail server and the dump runs
    pg_dump for minutes, never in front of a pairing on the interactive queue (issue 31 §7)."""
    on_background = {"queue": background_queue}
    return {
        "core-sweep-notifications": {  # send the outbox's due mail (broker or SMTP was down)
            "task": "core.tasks.sweep_notifications_task",
            "schedule": env_int("NOTIFY_SWEEP_SECONDS", 60),
            "options": on_background,
        },
        "core-daily-backup": {  # dump + manifest into BACKUP_DIR, then the retention
            "task": "core.tasks.backup_task",
            "schedule": crontab(minute=30, hour=env_int("BACKUP_HOUR", 1)),
            "options": on_background,
        },
    }
