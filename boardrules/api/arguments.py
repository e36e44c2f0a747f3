"""Checking what callers pass to ``Rules``: every wrong type or value becomes a UsageError that says what was
expected, never a TypeError (or worse, a silent success: ``3.0 in range(2, 5)`` and ``1 in [True, False]`` are
both true in Python)."""
from __future__ import annotations

import os
from collections.abc import Mapping

from ..errors import UsageError
from ..actions import short
from ..limits import MAX_NUMBER, MAX_OPTION_TEXT

SEED_BITS = 64      # the generator's whole state is 64 bits: more entropy would be thrown away


def _kind(value) -> str:
    return type(value).__name__


def whole_number(name: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{name} must be a whole number (int), got {short(value)} ({_kind(value)})")
    return value


def player_count(value, allowed: range, title: str) -> int:
    whole_number("players", value)
    if value not in allowed:
        raise UsageError(f"{title} is for {allowed.start}-{allowed.stop - 1} players, not {short(value)}")
    return value


def seat(value, players: int) -> int | None:
    """A seat of this game, or None (a spectator)."""
    if value is None:
        return None
    whole_number("player", value)
    if not 0 <= value < players:
        raise UsageError(f"player must be a seat from 0 to {players - 1} (or None for a spectator), got {short(value)}")
    return value


def seed(value) -> int:
    """The seed to use: ``None`` draws one from the operating system's entropy (a game whose seed can be guessed
    can be predicted, deck order included). A given seed is a whole number from 0 to 2**64 - 1, the seeds a saved
    state may hold: a game started from any other could not be read back from its own ``to_json()``."""
    if value is None:
        return int.from_bytes(os.urandom(SEED_BITS // 8), "big")     # (what secrets.randbits reads, without its import)
    whole_number("seed", value)
    if not 0 <= value < 1 << SEED_BITS:
        raise UsageError(f"seed must be a whole number from 0 to 2**{SEED_BITS} - 1, got {short(value)}")
    return value


def flag(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise UsageError(f"{name} must be True or False, got {short(value)} ({_kind(value)})")
    return value


def option_mapping(value) -> dict:
    """``options`` as a dict of option name -> value (``None`` means none)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise UsageError(f"options must be a mapping of option name to value (e.g. {{'<option>': True}}), "
                         f"got {short(value)} ({_kind(value)})")
    for key in value:
        if not isinstance(key, str):
            raise UsageError(f"option names must be strings, got {short(key)} ({_kind(key)})")
    return dict(value)


def preset_name(value) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise UsageError(f"preset must be a preset name (str), got {short(value)} ({_kind(value)})")
    return value


def option_value(key: str, value, default, values):
    """``value`` if option ``key`` can take it: one of ``values`` if the content lists them, else a value of the
    same kind as the default (true/false, a whole number within ``MAX_NUMBER``, text)."""
    if values is not None:
        if not any(value == v and type(value) is type(v) for v in values):
            shown = ", ".join(map(repr, values))
            raise UsageError(f"option {key!r} takes one of {shown}, got {short(value)}")
        return value
    for kind, word in ((bool, "one of true, false"), (int, "a whole number"), (str, "text")):
        if isinstance(default, kind):
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise UsageError(f"option {key!r} takes {word}, got {short(value)} ({_kind(value)})")
            if kind is int and not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise UsageError(f"option {key!r} takes a whole number from {-MAX_NUMBER:,} to {MAX_NUMBER:,}, "
                                 f"got {short(value)}")
            if kind is str and (len(value) > MAX_OPTION_TEXT or any(ch < " " or ch == "\x7f" for ch in value)):
                # (it is saved with the game, shown in logs and pages: a megabyte or a NUL byte has no place there)
                raise UsageError(f"option {key!r} takes a line of text of at most {MAX_OPTION_TEXT} characters, "
                                 f"got {short(value)}")
            return value
    raise UsageError(f"option {key!r} has a default of no kind an option may take ({_kind(default)})")


BACKENDS = ("compiled", "interpreted")     # (boardrules.compiled.BACKENDS: the api checks them before importing it)


def backend(value) -> str:
    """A back end's name: "compiled" or "interpreted"."""
    if type(value) is not str or value not in BACKENDS:
        raise UsageError(f"backend is 'compiled' or 'interpreted', not {short(value)}")
    return value
