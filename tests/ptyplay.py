"""A person at the terminal game, through a pseudo-terminal: ``boardrules play GAME --human SEAT`` runs as its own
process on a pty (so rich draws as it does for a person), every prompt answered from a script, and the whole screen
kept for the test to read."""
from __future__ import annotations

import os
import pty
import re
import select
import struct
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROMPT = re.compile(r"your choice \(1-(\d+)")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


def play(args: list[str], answer=lambda n, screen: "1", timeout: float = 240.0, columns: int = 120) -> tuple[int, str]:
    """Runs ``boardrules`` with ``args`` on a pseudo-terminal ``columns`` wide, answering each prompt with
    ``answer(number of choices, screen since the last answer)``; returns (exit code, the whole screen as text)."""
    import fcntl
    import termios

    main, sub = pty.openpty()
    fcntl.ioctl(sub, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "COLUMNS": str(columns)}
    proc = subprocess.Popen([sys.executable, "-m", "boardrules.cli", *args], stdin=sub, stdout=sub, stderr=sub,
                            cwd=ROOT, env=env, close_fds=True)
    os.close(sub)
    screen, pending = [], ""
    end = time.monotonic() + timeout
    try:
        while True:
            if time.monotonic() > end:
                raise TimeoutError("the terminal game did not end in time:\n" + "".join(screen)[-3000:])
            ready, _, _ = select.select([main], [], [], 0.5)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(main, 65536).decode("utf-8", "replace")
            except OSError:         # the process closed its end
                break
            chunk = ANSI.sub("", chunk)
            screen.append(chunk)
            pending += chunk
            asked = PROMPT.search(pending)
            if asked and pending.rstrip().endswith(":"):
                os.write(main, (answer(int(asked.group(1)), pending) + "\n").encode())
                pending = ""
        return proc.wait(30), "".join(screen)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
