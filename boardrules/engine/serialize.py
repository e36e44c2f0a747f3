"""Exact copies of a game: clone in memory, and JSON out and in (checked) through cattrs."""
from __future__ import annotations

from typing import Any

import attrs
import cattrs

from ..errors import StateError
from .kernel import ZONE, Frame

FORMAT = 1


@attrs.define
class FrameDoc:
    node: str
    pc: int = 0
    env: dict[str, Any] = attrs.field(factory=dict)
    data: Any = None
    shared: bool = False


@attrs.define
class PendingDoc:
    node: str
    player: int


@attrs.define
class StateDoc:
    format: int
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    rng: str
    round: int
    start_player: int
    role: str | None
    chooser: int | None
    roles_used: list[str]
    moves_round: int
    over: bool
    end_reason: str | None
    zones: dict[str, list[list[str]]]
    piles: dict[str, dict[str, list[str]]]
    counters: dict[str, list[int]]
    fresh: list[tuple[int, str]]
    flow: list[FrameDoc]
    pending: PendingDoc | None
    history: list[dict[str, Any]]


converter = cattrs.Converter(forbid_extra_keys=True)


# ---------------------------------------------------------------------- clone
def clone(g):
    new = g.__class__.__new__(g.__class__)
    new.__dict__.update(g.__dict__)
    new.zones = [[list(cards) for cards in owners] for owners in g.zones]
    new.piles = [{h: list(cs) for h, cs in p.items()} for p in g.piles]
    new.pile_hosts = dict(g.pile_hosts)
    new.counters = [list(row) for row in g.counters]
    new.loc = list(g.loc)
    new.owned = [dict(o) for o in g.owned]
    new.active = [dict(a) for a in g.active]
    new.fresh = list(g.fresh)
    new.roles_used = list(g.roles_used)
    new.options = dict(g.options)
    new._history = list(g._history)
    new.log = None if g.log is None else list(g.log)
    frames, prev = [], None
    for f in g.stack:
        env = prev if getattr(f.node, "shared", False) and prev is not None else dict(f.env)
        data = list(f.data) if isinstance(f.data, list) else f.data
        frames.append(Frame(f.node, env, data, f.pc))
        prev = env
    new.stack = frames
    if g.pending is not None:
        from .kernel import Pending
        p = g.pending
        new.pending = Pending(p.node, p.player, list(p.actions), list(p.values))
    return new


# ---------------------------------------------------------------------- to JSON
def _env_out(g, env):
    kinds, names = g.rules.var_kinds, g.rules.instance_names
    out = {}
    for k, v in env.items():
        if kinds.get(k) == "card" and isinstance(v, int) and v >= 0:
            out[k] = names[v]
        else:
            out[k] = v
    return out


def game_to_json(g) -> dict:
    d = g.rules
    names = d.instance_names
    flow = []
    for f in g.stack:
        shared = bool(getattr(f.node, "shared", False))
        flow.append(FrameDoc(f.node.path, f.pc, {} if shared else _env_out(g, f.env), f.data, shared))
    pending = None
    if g.pending is not None:
        node = g.pending.node
        pending = PendingDoc(node.path, g.pending.player)
    doc = StateDoc(
        FORMAT, d.id, g.players, g.seed, dict(g.options), str(g.rng), g.round, g.start_player,
        None if g.role is None else d.roles[g.role].id, g.chooser, [d.roles[r].id for r in g.roles_used],
        g.moves_round, g.over, g.end_reason,
        {z.id: [[names[c] for c in cards] for cards in g.zones[z.index]] for z in d.zones},
        {p.id: {names[h]: [names[c] for c in cs] for h, cs in g.piles[p.index].items() if cs} for p in d.piles},
        {c.id: list(g.counters[c.index]) for c in d.counters},
        [(seat, names[c]) for seat, c in g.fresh],
        flow, pending, [a.to_json() for a in g._history])
    return converter.unstructure(doc)


# ---------------------------------------------------------------------- from JSON
def game_from_json(rules, data):
    try:
        doc = converter.structure(data, StateDoc)
    except Exception as exc:  # cattrs groups every field error; flatten them into one message
        raise StateError("not a boardrules game state: " + "; ".join(_cattrs_messages(exc))) from None
    problems = []
    d = rules.model
    if doc.game != d.id:
        raise StateError(f"this state is for game {doc.game!r}, not {d.id!r}")
    if doc.format != FORMAT:
        raise StateError(f"unsupported state format {doc.format} (this version reads {FORMAT})")
    if doc.players not in rules.players:
        raise StateError(f"{doc.players} players is not allowed for {d.id}")
    from ..api.game import Game
    g = Game(rules, doc.players, doc.seed, rules.check_options(doc.options, doc.players), True, _start=False)
    idx = d.instance_index
    seen = {}

    def card(name, where):
        c = idx.get(name)
        if c is None:
            problems.append(f"{where}: unknown card {name!r}")
            return None
        if c in seen:
            problems.append(f"card {name!r} appears twice ({seen[c]} and {where})")
            return None
        seen[c] = where
        return c

    g.zones = [[[] for _ in range(doc.players if z.scope == "player" else 1)] for z in d.zones]
    for zid, owners in doc.zones.items():
        zi = d.zone_index.get(zid)
        if zi is None:
            problems.append(f"unknown zone {zid!r}")
            continue
        if len(owners) != len(g.zones[zi]):
            problems.append(f"zone {zid!r} needs {len(g.zones[zi])} lists, got {len(owners)}")
            continue
        for o, cards in enumerate(owners):
            for name in cards:
                c = card(name, f"zone {zid}")
                if c is not None:
                    g.zones[zi][o].append(c)
                    g.loc[c] = (ZONE, zi, o)
    g.piles = [{} for _ in d.piles]
    for pid, hosts in doc.piles.items():
        pi = d.pile_index.get(pid)
        if pi is None:
            problems.append(f"unknown pile {pid!r}")
            continue
        for host, cards in hosts.items():
            h = idx.get(host)
            if h is None:
                problems.append(f"pile {pid}: unknown host card {host!r}")
                continue
            cap = d.piles[pi].capacity
            if cap is not None and len(cards) > cap:
                problems.append(f"pile {pid} on {host} holds {len(cards)} cards, more than its capacity {cap}")
            lst = g.piles[pi][h] = []
            for name in cards:
                c = card(name, f"pile {pid} on {host}")
                if c is not None:
                    lst.append(c)
                    g.loc[c] = (1, pi, h)
                    g.pile_hosts[h] = g.pile_hosts.get(h, 0) + 1
    missing = [d.instance_names[c] for c in range(len(d.instance_types)) if c not in seen]
    if missing:
        problems.append(f"{len(missing)} card(s) are nowhere: {', '.join(missing[:8])}")
    for cid, row in doc.counters.items():
        ci = d.counter_index.get(cid)
        if ci is None:
            problems.append(f"unknown counter {cid!r}")
        elif len(row) != len(g.counters[ci]) or any(v < 0 for v in row):
            problems.append(f"counter {cid!r} needs {len(g.counters[ci])} values that are not negative")
        else:
            g.counters[ci] = list(row)
    if not 0 <= doc.start_player < doc.players:
        problems.append(f"start_player {doc.start_player} is not a seat")
    try:
        g.rng = int(doc.rng)
    except ValueError:
        problems.append(f"rng must be an integer string, got {doc.rng!r}")
    g.round, g.start_player, g.moves_round = doc.round, doc.start_player, doc.moves_round
    g.over, g.end_reason, g.chooser = doc.over, doc.end_reason, doc.chooser
    g.role = _role(d, doc.role, problems)
    g.roles_used = [r for r in (_role(d, x, problems) for x in doc.roles_used) if r is not None]
    # ownership is derived from the tableau zones; fresh cards are those not yet active
    g.fresh = []
    for seat, name in doc.fresh:
        c = idx.get(name)
        if c is None or not 0 <= seat < doc.players:
            problems.append(f"fresh: bad entry {[seat, name]}")
        else:
            g.fresh.append((seat, c))
    for z in d.zones:
        if z.tableau:
            for seat, cards in enumerate(g.zones[z.index]):
                for c in cards:
                    t = d.instance_types[c].index
                    g.owned[seat][t] = g.owned[seat].get(t, 0) + 1
                    if (seat, c) not in g.fresh:
                        g.active[seat][t] = g.active[seat].get(t, 0) + 1
    g.stack = []
    prev = None
    for i, fd in enumerate(doc.flow):
        node = d.nodes.get(fd.node)
        if node is None or not node.framed:
            problems.append(f"flow[{i}]: unknown flow node {fd.node!r}")
            continue
        env = prev if fd.shared and prev is not None else _env_in(d, fd.env, problems)
        g.stack.append(Frame(node, env, fd.data, fd.pc))
        prev = env
    if problems:
        raise StateError("inconsistent game state: " + "; ".join(problems))
    if doc.history:
        from ..actions import Action
        g._history = [Action(h["kind"], h.get("args", {})) for h in doc.history]
    g.log = []
    if doc.pending is not None and not g.over:
        node = d.nodes.get(doc.pending.node)
        if node is None or not g.stack:
            raise StateError(f"pending decision at unknown node {doc.pending.node!r}")
        top = g.stack[-1]
        if node.framed:
            node.step(g, top)
        else:
            node.exec(g, top)
        if g.pending is None:
            g.run()
    elif not g.over and g.stack:
        g.run()
    return g


def _role(d, rid, problems):
    if rid is None:
        return None
    r = d.role_index.get(rid)
    if r is None:
        problems.append(f"unknown role {rid!r}")
    return r


def _env_in(d, env, problems):
    out = {}
    for k, v in env.items():
        if d.var_kinds.get(k) == "card" and isinstance(v, str):
            c = d.instance_index.get(v)
            if c is None:
                problems.append(f"unknown card {v!r} in a flow variable")
            out[k] = c
        else:
            out[k] = v
    return out


def _cattrs_messages(exc):
    if hasattr(exc, "exceptions"):
        notes = getattr(exc, "__notes__", None)
        out = []
        for sub in exc.exceptions:
            out.extend(_cattrs_messages(sub))
        return out or [str(notes or exc)]
    note = "; ".join(getattr(exc, "__notes__", []))
    return [f"{note}: {exc}" if note else str(exc)]
