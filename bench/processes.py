"""Processes a bench starts (servers, workers, forked helpers), stopped whatever ends the run."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess


class Started:
    """Everything this run starts (server, worker, helper processes), stopped on the way out
    whatever ends the run: the end of the load, an error, Ctrl-C, SIGTERM or SIGHUP."""

    def __init__(self) -> None:
        self.groups: list[subprocess.Popen] = []  # each the leader of a process group
        self.forks: list = []  # multiprocessing children
        self.main_pid = os.getpid()

    def popen(self, command: list[str], **kwargs) -> subprocess.Popen:
        # a session of its own: stopping the group reaches gunicorn's and Celery's children
        process = subprocess.Popen(command, start_new_session=True, **kwargs)
        self.groups.append(process)
        return process

    def fork(self, process) -> None:
        process.start()
        self.forks.append(process)

    def on_signals(self) -> None:
        def stop(signum: int, _frame) -> None:
            if os.getpid() != self.main_pid:  # a forked helper: just leave
                os._exit(128 + signum)
            raise SystemExit(f"stopped by signal {signum}")

        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, stop)

    def stop_all(self) -> None:
        for process in self.forks:
            if process.is_alive():
                process.terminate()
        for process in self.groups:  # the leaders stop their own children (warm shutdown)
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.groups:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)
            with contextlib.suppress(ProcessLookupError):  # anything of its group left
                os.killpg(process.pid, signal.SIGKILL)
        for process in self.forks:
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join(5)
