"""Nodes of the tracks family: a bounded track of spaces that each holder's marker climbs.

A track is a counter (its value is the marker's space, 0 to ``length``), so every number, view, observation and
saved state reads it as one; the track adds what a counter does not keep, in the state field ``tracks`` (one entry
per track, in declaration order):

- ``high``: per holder, the highest space its marker ever stood on (reached or passed). A threshold space fires the
  track's event when a marker first reaches or passes it, so each space fires at most once per holder: moving back
  and forward again fires nothing new;
- ``stack``: on an order track, the seats in the order their markers last arrived where they stand (the last on
  top). Turn order on it is furthest first, the top of a stack first.

``Advance`` moves a marker up, never past the end: the steps it could not take are forfeited (``at_end: forfeit``)
or added 1:1 to another counter (``convert``), and counted in a variable either way. A negative distance, or
``Retreat``, moves it back (not below 0) and fires nothing.
"""
from __future__ import annotations

import attrs

from .flow import Turns
from .nodes import Node, _ints


@attrs.define(eq=False)
class TrackDef:
    index: int
    id: str
    counter: int            # the counter that holds each marker's space
    scope: str              # "player" | "shared"
    length: int             # the last space (the marker starts on 0)
    text: str
    spaces: dict            # space -> {attribute: value}
    thresholds: tuple       # the spaces that fire the event, ascending
    event: str | None       # the event a threshold space fires
    convert: int | None     # at the end: the counter the steps past it go to (None: forfeited)
    order: bool             # an order track: its stack decides turn order
    attrs: tuple = ()       # every attribute some space declares (bound, 0 where a space has none, by the event)

    def attr(self, space, name):
        return self.spaces.get(space, {}).get(name, 0)


def initial(model, players) -> list:
    """The ``tracks`` field of a new game: nobody has passed a space; the stacks hold seat 0 on top."""
    return [[[0] * (players if t.scope == "player" else 1), list(range(players - 1, -1, -1)) if t.order else []]
            for t in model.tracks]


def copy(value):
    return [[h[:], s[:]] for h, s in value]


copy.inline = "[[h[:], s[:]] for h, s in {}]"


def state_out(k, value) -> dict:
    return {t.id: {"high": value[t.index][0][:], "stack": value[t.index][1][:]} for t in k.rules.tracks}


def state_in(k, doc, problems) -> list:
    """The ``tracks`` field from JSON: every track written, each marker on its track (not past its end), no high
    mark below its marker or past the end, and an order track's stack the seats, each once."""
    out = initial(k.rules, k.players)
    doc = doc or {}         # (a game without tracks writes none)
    for tid in doc:
        if tid not in k.rules.track_index:
            problems.append(f"tracks: unknown track {tid!r}")
    for t in k.rules.tracks:
        entry = doc.get(t.id)
        where = f"tracks.{t.id}"
        if entry is None:
            problems.append(f"tracks: missing {t.id}")
            continue
        if set(entry) != {"high", "stack"}:
            problems.append(f"{where}: holds 'high' and 'stack', got {sorted(entry)}")
            continue
        pos = k.counters[t.counter]
        high, stack = entry["high"], entry["stack"]
        for h, p in enumerate(pos):
            if p > t.length:
                problems.append(f"counters.{t.id}[{h}]: the marker is on space {p}, past the end of the track "
                                f"({t.length})")
        if not _ints(high, len(pos)) or any(x > t.length or x < p for x, p in zip(high, pos)):
            problems.append(f"{where}.high: needs {len(pos)} spaces from each marker's space to {t.length}, got "
                            f"{high!r:.60}")
        else:
            out[t.index][0] = list(high)
        want = list(range(k.players)) if t.order else []
        if type(stack) is not list or sorted(x for x in stack if type(x) is int) != want or len(stack) != len(want):
            problems.append(f"{where}.stack: " + (f"the order the markers arrived is the seats 0 to {k.players - 1}, "
                            f"each once, got {stack!r:.60}" if t.order else "only an order track has a stack"))
        else:
            out[t.index][1] = list(stack)
    return out


def turn_order(g, t) -> list:
    """The seats in track order: the furthest marker first, the top of a stack (the last to arrive) first."""
    pos = g.counters[t.counter]
    arrival = {seat: i for i, seat in enumerate(g.tracks[t.index][1])}
    return sorted(range(g.players), key=lambda s: (-pos[s], -arrival[s]))


def move_marker(g, t, holder, by) -> int:
    """Moves ``holder``'s marker ``by`` spaces (back when negative), firing no event; returns the steps past the
    end (lost, or added to the track's other counter). The mover goes on top of its new space's stack."""
    pos = g.counters[t.counter][holder]
    new = max(0, min(t.length, pos + by))
    over = max(0, pos + by - t.length)
    g.set_counter(t.counter, holder, new)
    if over and t.convert is not None:
        g.set_counter(t.convert, holder, g.counters[t.convert][holder] + over)
    if t.order and new != pos:
        stack = g.tracks[t.index][1]
        stack.remove(holder)
        stack.append(holder)
    return over


class Advance(Node):
    """Moves the marker of ``who`` (fn -> a seat) on track ``track`` (a TrackDef) ``by`` (fn -> a number) spaces
    up, no further than the end; the steps past the end go into the variable ``var``; each threshold space first
    reached or passed fires the track's event, in order, with ``$space`` and the space's attributes bound."""

    var = "forfeited"

    def __init__(self, track, who, by, back=False):
        self.track, self.who, self.by, self.back = track, who, by, back

    def exec(self, g, f):
        t, env = self.track, f.env
        holder = self.who(g, env) if t.scope == "player" else 0
        by = self.by(g, env)
        if self.back:
            by = -by if by > 0 else 0
        over = move_marker(g, t, holder, by)
        if self.back:       # (a retreat binds nothing and fires nothing)
            return False
        env[self.var] = over
        high = g.tracks[t.index][0]
        new = g.counters[t.counter][holder]
        if new <= high[holder]:
            return False
        old, high[holder] = high[holder], new
        if t.event is None:
            return False
        crossed = [s for s in t.thresholds if old < s <= new]
        pushed = False
        for s in reversed(crossed):         # pushed last first: they run in order, lowest space first
            local = dict(env)
            local["space"] = s
            for name in t.attrs:
                local[name] = t.attr(s, name)
            pushed = g.emit(t.event, local) or pushed
        return pushed


class TrackTurns(Turns):
    """Turns in the order of an order track, fixed when the loop starts: its frame holds [0, turns taken, passes,
    ticks, then the seats in that order]."""

    def __init__(self, order, track, body, limit):
        super().__init__(order, None, body, limit)
        self.track = track

    def exec(self, g, f):
        g.push(self, f.env, [0, 0, 0, g.ticks, *turn_order(g, self.track)])
        return True

    def frame_problem(self, pc, data, g=None, env=None):
        if not (pc == 0 and _ints(data)) or len(data) < 5 or data[0] != 0:
            return "a track's turns frame holds [0, turns, passes, ticks, the seats in track order]"
        if g is None:
            return None
        if sorted(data[4:]) != list(range(g.players)):
            return f"the seats in track order {data[4:]} are not the {g.players} seats, each once"
        return super().frame_problem(pc, data[:4], g, env)

    def seat_at(self, data, index, players=None):
        """Whose turn number ``index`` (from 0) of this frame is: the seats in track order, taken in turn."""
        seats = data[4:]
        return seats[index % len(seats)] if seats else None

