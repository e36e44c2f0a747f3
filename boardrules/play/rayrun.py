"""Ray as the backend of the batch runner (``--backend ray``; ``pip install 'boardrules[ray]'``).

A local Ray instance by default (with ``workers`` CPUs, or all of this process's), or a running cluster at
``address`` (``RAY_ADDRESS`` when no address is given). The study, with the text of every content file, goes to the
cluster once (``ray.put``); each chunk of games is one task, retried by Ray if its worker is lost, and a chunk's
records are taken once, when its task finishes, so a retried chunk is never counted twice.
"""
from __future__ import annotations

import os
import socket
from typing import Iterator

from ..errors import UsageError
from .chunks import play_games

__all__ = ["RayBackend"]

CONNECT_TIMEOUT_S = 15      # seconds to wait for a cluster that does not answer


def _ray():
    try:
        import ray
    except ImportError:
        raise UsageError("--backend ray needs Ray: pip install 'boardrules[ray]'") from None
    return ray


def _probe(address: str) -> None:
    """UsageError unless something answers at a Ray address (``HOST:PORT`` or ``ray://HOST:PORT``) within
    ``CONNECT_TIMEOUT_S``: Ray itself would wait for minutes. ``auto`` and ``local`` are Ray's own words."""
    text = address.split("://", 1)[-1]
    if text in ("auto", "local"):
        return
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise UsageError(f"a Ray address is HOST:PORT (or ray://HOST:PORT), got {address!r}")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        raise UsageError(f"the Ray cluster at {address} does not answer ({exc.strerror or exc})") from None


def _play_chunk(study, k, seeds):
    return play_games(study, k, seeds)


class RayBackend:
    """A connection to Ray for one run: made before anything is played or written (UsageError if Ray is missing
    or the cluster does not answer), closed by :meth:`close` (a local instance it started is shut down)."""

    def __init__(self, address: str | None = None, workers: int | None = None):
        ray = self.ray = _ray()
        self.started = False
        address = address or os.environ.get("RAY_ADDRESS") or None
        if address is not None:
            _probe(address)
        if not ray.is_initialized():     # (a program that called ray.init itself keeps its instance)
            kwargs = {"include_dashboard": False, "log_to_driver": False, "logging_level": "error"}
            if address is None:
                if workers is not None:
                    kwargs["num_cpus"] = workers
            else:
                kwargs["address"] = address
            try:
                ray.init(**kwargs)
            except Exception as exc:       # Ray raises ConnectionError, RuntimeError, ValueError, its own ...
                where = f"at {address}" if address else "on this machine"
                first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                raise UsageError(f"cannot start or reach Ray {where}: {first}") from None
            self.started = True
        self.remote = ray.remote(max_retries=5, retry_exceptions=False)(_play_chunk)

    def cpus(self) -> int:
        try:
            return max(1, int(self.ray.cluster_resources().get("CPU", 1)))
        except Exception:
            return 1

    def play(self, study, tasks) -> Iterator[list[dict]]:
        ray = self.ray
        ref = ray.put(study)
        pending = [self.remote.remote(ref, k, seeds) for k, seeds in tasks]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for task in done:
                    try:
                        yield ray.get(task)
                    except ray.exceptions.RayTaskError as exc:      # an error of the game itself: raise it
                        raise exc.as_instanceof_cause() from None
        finally:
            for task in pending:
                ray.cancel(task, force=True)

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()
            self.started = False
