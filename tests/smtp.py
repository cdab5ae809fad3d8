"""A real SMTP server process for the notification tests (issue 32): aiosmtpd's command
line with its Maildir handler, so a test reads what arrived as a mail client would."""

from __future__ import annotations

import mailbox
import socket
import subprocess
import sys
import time
from email.message import Message
from pathlib import Path

from aiosmtpd.handlers import Mailbox

REPO = Path(__file__).resolve().parent.parent

#: recipients at this domain are refused (550), as a mail server refuses an unknown mailbox
REFUSED_DOMAIN = "refused.example"


class RefusingMailbox(Mailbox):
    """aiosmtpd's Maildir handler that refuses every recipient at :data:`REFUSED_DOMAIN`."""

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower().endswith("@" + REFUSED_DOMAIN):
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SmtpServer:
    def __init__(self, directory: Path, port: int | None = None):
        """A server delivering into the Maildir ``directory`` (recipients at
        :data:`REFUSED_DOMAIN` refused)."""
        self.directory = directory
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 20) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{self.port}",
             "-c", "tests.smtp.RefusingMailbox", str(self.directory)],
            cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    if s.recv(100).startswith(b"220"):
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the SMTP server did not start")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def messages(self) -> list[Message]:
        if not self.directory.exists():
            return []
        return list(mailbox.Maildir(self.directory))

    def wait_for(self, count: int, timeout: float = 30) -> list[Message]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.messages()
            if len(found) >= count:
                return found
            time.sleep(0.1)
        raise AssertionError(f"{len(self.messages())} message(s) arrived, {count} expected")

    def settings(self) -> dict:
        return {"EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": self.port, "EMAIL_TIMEOUT": 5}


def parts(message: Message) -> dict[str, str]:
    """A received message's text and HTML parts, decoded."""
    found = {}
    for part in message.walk():
        if part.get_content_type() in ("text/plain", "text/html"):
            payload = part.get_payload(decode=True)
            found[part.get_content_type()] = payload.decode(part.get_content_charset() or "utf-8")
    return found


def subject(message: Message) -> str:
    from email.header import decode_header, make_header

    return str(make_header(decode_header(message["Subject"])))
