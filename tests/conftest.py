"""The test run keeps its content cache to itself (never in the user's own cache), and every hypothesis test runs
under one settings profile.

Profiles (``HYPOTHESIS_PROFILE`` picks one; ``ci`` is the default, also when ``CI=true``):

- ``ci``: derandomized (the same examples on every run and every machine), no example database (a failure found
  once is not kept in ``.hypothesis/`` to fail later, unrelated runs), bounded example counts, no deadline (the
  machine is shared; the fuzz tests bound their own time per example where a hang is the failure they look for);
- ``release``: a long, random search for a release, with the example database on so that a failure it finds is
  replayed first on the next release run. ``FUZZ_EXAMPLES`` sets its example count (default 2,000 per test); a
  test whose examples are slow runs a fixed share of ``settings.default.max_examples``.

``FUZZ_EXAMPLES`` also raises the count of the ``ci`` profile for a longer local run that stays reproducible.
"""
import contextlib
import faulthandler
import os
import signal
import tempfile
import threading

from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

os.environ.setdefault("BOARDRULES_CACHE_DIR", tempfile.mkdtemp(prefix="boardrules-test-cache-"))

_SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
_EXAMPLES = os.environ.get("FUZZ_EXAMPLES") or os.environ.get("BOARDRULES_FUZZ_EXAMPLES")

settings.register_profile(
    "ci", derandomize=True, database=None, deadline=None, print_blob=True, suppress_health_check=_SLOW,
    max_examples=int(_EXAMPLES or 100))
settings.register_profile(
    "release", derandomize=False, database=DirectoryBasedExampleDatabase(".hypothesis/release"), deadline=None,
    print_blob=True, suppress_health_check=_SLOW, max_examples=int(_EXAMPLES or 2000))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))



class _Hang(BaseException):
    """Raised by the alarm inside the code under test; a BaseException so that no ``except Exception`` in the
    library can swallow it."""


WALL = 5        # a time limit's clock allowance, in multiples of its CPU time: room for a loaded machine


@contextlib.contextmanager
def time_limit(seconds: float, what: str = "the call"):
    """Fails (AssertionError, so hypothesis shrinks and reports the example) when the block uses more than
    ``seconds`` of CPU time (the process's own, so a machine loaded by other work does not fail it), or more than
    ``WALL * seconds`` of the clock (a hang that waits rather than computes), instead of letting a hang hang the
    test run. Uses SIGPROF and SIGALRM, so it interrupts Python code in the main thread; a single C call that never
    returns (a huge ``int ** int``) is caught only by the faulthandler watchdog, which ends the whole run with a
    traceback after ``10 * seconds`` of the clock."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(signum, frame):
        raise _Hang()

    previous = signal.signal(signal.SIGPROF, ring), signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, seconds * WALL)
    faulthandler.dump_traceback_later(seconds * 10, exit=True)
    try:
        yield
    except _Hang:
        raise AssertionError(f"{what} took more than {seconds} s (a hang, or work no limit bounds)") from None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGPROF, previous[0])
        signal.signal(signal.SIGALRM, previous[1])


def pytest_terminal_summary(terminalreporter):
    """The recordings an update run rewrote (tests/recording.py), one line each: what a change did is never silent."""
    import recording

    if recording.REWRITTEN:
        terminalreporter.section(f"{len(recording.REWRITTEN)} recording(s) rewritten: read their diff before committing")
        for name in recording.REWRITTEN:
            terminalreporter.write_line(f"rewritten: {name}")
