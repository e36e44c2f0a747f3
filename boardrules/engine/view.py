"""What one player may see, and the readable log."""
from __future__ import annotations

from itertools import compress

from ..model.tracks import turn_order
from .state import boards_out
from .state import COUNT, DECIDE, END, MOVE, PHASE, REFILL, ROUND, ZONE


def _counted(g) -> dict:
    """card -> {counter id: n} for every card holding a count (the counters held by cards), read once per view."""
    out = {}
    for k in g.rules.card_counters:
        cid, row = g.rules.counters[k].id, g.counters[k]
        for c in compress(range(len(row)), row):       # the cards holding some (most hold none)
            out.setdefault(c, {})[cid] = row[c]
    return out


def _cards(g, cards, visible, counted, marked):
    names = g.rules.instance_types
    if not visible:
        return {"count": len(cards)}
    out = []
    hosts = g.pile_hosts        # the cards something lies on; ``marked`` adds those holding a count: any other card
    for c in cards:
        if c not in marked:
            out.append(names[c].id)
            continue
        entry = {"card": names[c].id}
        if c in hosts:
            piles = {}
            for p in g.rules.piles:
                under = g.piles[p.index].get(c)
                if under:
                    piles[p.id] = [names[u].id for u in under] if p.visibility == "public" else len(under)
            if piles:
                entry["piles"] = piles
        if c in counted:        # what the card holds (a row number, workers on it), beside the card it belongs to
            entry["counts"] = dict(counted[c])
        out.append(entry if len(entry) > 1 else entry["card"])
    return out


def _stack(g, cards):
    """A face-up stack as everyone sees it: its size and its top card."""
    return {"count": len(cards), "top": g.rules.instance_types[cards[-1]].id if cards else None}


def _owned(row, player) -> list:
    """A counter its owner alone sees: ``player``'s own value, ``None`` (hidden) for every other seat."""
    return [n if seat == player else None for seat, n in enumerate(row)]


def tracks_out(g) -> dict:
    """Each track's public extra state: ``high``, per holder the highest space its marker reached, and on an order
    track ``stack``, the seats in the order their markers arrived (bottom to top: the last to arrive is on top)."""
    out = {}
    for t in g.rules.tracks:
        high, stack = g.tracks[t.index]
        out[t.id] = {"high": list(high), "stack": list(stack)} if t.order else {"high": list(high)}
    return out


def view(game, g, player=None) -> dict:
    """What ``player`` may see of kernel ``g`` (wrapped by ``game``, which answers the public questions)."""
    d = g.rules
    zones = {}
    counted = _counted(g) if d.card_counters else {}
    marked = g.pile_hosts.keys() | counted.keys() if counted else g.pile_hosts     # is its id alone
    for z in d.zones:
        owners = g.zones[z.index]
        if z.scope == "shared":
            zones[z.id] = _stack(g, owners[0]) if z.visibility == "top" else \
                _cards(g, owners[0], z.visibility == "public", counted, marked)
        elif z.visibility == "top":
            zones[z.id] = [_stack(g, cards) for cards in owners]
        else:
            zones[z.id] = [_cards(g, cards, z.visibility == "public" or (z.visibility == "owner" and seat == player),
                                  counted, marked) for seat, cards in enumerate(owners)]
    out = {
        "game": d.id, "players": g.players, "you": player, "round": g.round, "start_player": g.start_player,
        "role": None if g.role is None else d.roles[g.role].id, "chooser": g.chooser,
        "roles_used": [d.roles[r].id for r in g.roles_used],
        "current_player": game.current_player, "zones": zones,
        "counters": {c.id: list(g.counters[c.index]) if c.visibility == "public" or g.over else
                     _owned(g.counters[c.index], player) for c in d.counters},
        "over": g.over,
    }
    if g.boards:        # a board is public: everyone sees the same
        out["boards"] = boards_out(g, g.boards)
    if d.tracks:        # what a track keeps beside its counter, public too
        out["tracks"] = tracks_out(g)
    if d.play.status:   # what the content marks as a player's state, for a status line
        out["status"] = status_out(game, g, player, out["counters"])
    if player is not None and game.current_player == player:
        out["legal_actions"] = [a.to_json() for a in game.legal_actions()]
        said = getattr(g.pending.node, "text", "") if g.pending is not None else ""
        if said:        # the pending decision as the rules pages say its step
            out["decision"] = str(said)
    if g.over:
        out["scores"] = game.scores()
        out["winners"] = game.winners()
    return out


def _variable(g, name):
    """The value of the flow's variable ``name`` where the innermost frame binding it has it, or None."""
    for f in reversed(g.stack):
        env = f.env
        if name in env:
            return env[name]
    return None


def status_out(game, g, player, counters) -> list:
    """The entries of the content's status line (its ``play`` section's ``status``), as ``player`` may know them:
    each ``{"text", "shows", "value"}`` (one value: a number, a card id, a seat, a list of seats) or ``{"text",
    "shows", "values"}`` (one per seat, None where hidden)."""
    d = g.rules
    out = []
    for entry in d.play.status:
        if "counter" in entry:
            c = d.counters[d.counter_index[entry["counter"]]]
            row = counters[c.id]
            item = {"text": entry.get("text", c.text), "shows": "number"}
            if c.scope == "shared":
                item["shows"] = entry.get("shows", "number")
                item["value"] = row[0]
            else:
                item["values"] = list(row)
        elif "variable" in entry:
            value = _variable(g, entry["variable"])
            shows = entry.get("shows", "number")
            if shows == "card":
                ok = type(value) is int and 0 <= value < len(d.instance_types)
                value = d.instance_types[value].id if ok else None
            elif type(value) is not int or (shows == "seat" and not 0 <= value < g.players):
                value = None
            item = {"text": entry["text"], "shows": shows, "value": value}
        elif "score" in entry:
            totals = [s["total"] for s in game.scores()]
            if entry["score"] == "own" and not g.over:
                totals = [t if seat == player else None for seat, t in enumerate(totals)]
            item = {"text": entry.get("text", "score so far"), "shows": "number", "values": totals}
        elif "start_player" in entry:
            item = {"text": entry.get("text", d.start_player_name), "shows": "seat", "value": g.start_player}
        else:
            t = d.tracks[d.track_index[entry["order"]]]
            item = {"text": entry.get("text", "turn order"), "shows": "order", "value": turn_order(g, t)}
        out.append(item)
    return out


def _place(g, where):
    """A place as JSON ({"zone", "seat"} or {"pile", "on"}) and as words."""
    kind, i, owner = where
    d = g.rules
    if kind == ZONE:
        z = d.zones[i]
        if z.scope == "shared":
            return {"zone": z.id}, z.text
        text = z.text[5:] if z.text.startswith("your ") else z.text
        return {"zone": z.id, "seat": owner}, f"seat {owner}'s {text}" if text != z.text else f"{z.text} of seat {owner}"
    p, host = d.piles[i], d.instance_types[owner]
    return {"pile": p.id, "on": host.id}, p.text.replace("{card}", host.en) if "{card}" in p.text else \
        f"{p.text} on {host.en}"


def _sees(player, everyone, bits):
    """Whether ``player`` (None: a spectator, who sees what every seat sees) sees a card seen by ``bits``."""
    return bits == everyone if player is None else bool(bits >> player & 1)


def _decision(g, e, player, everyone, full, record=(), at=0):
    """A decision event as JSON and its sentence, as ``player`` may know it: a card it names is named to a seat
    that saw it where it was when decided, or that sees it move before the phase (or round) ends (a card put into
    a tableau after it was paid for, say)."""
    _, seat, action, forced, cards, places = e
    seers = g.seers
    hidden = [c for c, where in zip(cards, places)
              if not (full or seat == player or _sees(player, everyone, seers(where)))]
    if hidden:
        hidden = [c for c in hidden if not _shown_later(g, record, at, c, player, everyone)]
    out = {"type": "decision", "seat": seat, "forced": forced}
    text = str(action)
    if action.__class__ is not str:
        out["action"] = action.to_json() if not hidden else {"kind": action.kind}
    if hidden:
        types = g.rules.instance_types
        if action.__class__ is str:         # a sentence naming the cards: the hidden ones by their number only
            shown = [types[c].en for c in cards if c not in hidden]
            n = len(hidden)
            masked = ", ".join(shown + [f"{n} hidden card" + "s" * (n > 1)])
            named = ", ".join(types[c].en for c in cards)
            text = text.replace(named, masked, 1) if named in text else f"{text.split(' ')[0]} {masked}"
        else:
            name = types[hidden[0]].en
            text = text.replace(name, "a hidden card") if name in text else f"{action.kind} (a hidden card)"
        out["hidden"] = len(hidden)
    out["text"] = f"seat {seat}: {text}" + ("  (no other choice)" if forced else "")
    return out


def _shown_later(g, record, at, c, player, everyone):
    """Whether card ``c`` moves where ``player`` sees it after event ``at`` and before the next phase or round."""
    seers = g.seers
    for j in range(at + 1, len(record)):
        e = record[j]
        kind = e[0]
        if kind == MOVE and e[1] == c:
            if _sees(player, everyone, seers(e[2]) | seers(e[3])):
                return True
        elif kind == PHASE or kind == ROUND or kind == END:
            return False
    return False


def events(g, player=None, since=0, full=False) -> list[dict]:
    """The events of kernel ``g`` from index ``since`` as ``player`` may know them (None: a spectator, who sees what
    is public; ``full``: every card named). A card ``player`` does not see is left out of its move, and moves of
    cards it does not see between the same two places are one event with their ``count``. A count of a counter its
    owner alone sees tells the other seats its ``change``, not the values before and after."""
    d = g.rules
    everyone = (1 << g.players) - 1
    types = d.instance_types
    out = []
    merging = None      # the last event, while it is a move of hidden cards
    seers = g.seers
    record = g.events or ()
    for i in range(max(0, since), len(record)):
        e = record[i]
        kind = e[0]
        if kind == MOVE:
            _, c, a, b = e
            if full or _sees(player, everyone, seers(a) | seers(b)):
                pa, ta = _place(g, a)
                pb, tb = _place(g, b)
                out.append({"index": i, "type": "move", "card": types[c].id, "from": pa, "to": pb,
                            "text": f"{types[c].en}: from {ta} to {tb}"})
                merging = None
                continue
            if merging is not None and merging[1] == (a, b):
                ev = merging[0]
                ev["count"] += 1
                ev["text"] = f"{ev['count']} cards: from {merging[2]} to {merging[3]}"
                continue
            pa, ta = _place(g, a)
            pb, tb = _place(g, b)
            ev = {"index": i, "type": "move", "card": None, "count": 1, "from": pa, "to": pb,
                  "text": f"a card: from {ta} to {tb}"}
            out.append(ev)
            merging = (ev, (a, b), ta, tb)
            continue
        merging = None
        if kind == DECIDE:
            ev = _decision(g, e, player, everyone, full, record, i)
        elif kind == COUNT:
            _, ci, holder, before, after = e
            c = d.counters[ci]
            who = types[holder].id if c.scope == "card" else d.roles[holder].id if c.scope == "role" else \
                holder if c.scope == "player" else None
            words = types[holder].en if c.scope == "card" else d.roles[holder].name.get("en", who) \
                if c.scope == "role" else f"seat {holder}" if c.scope == "player" else "the table"
            if c.visibility == "public" or full or holder == player:
                ev = {"type": "count", "counter": c.id, "holder": who, "before": before, "after": after,
                      "text": f"{c.text} ({words}): {before} -> {after}"}
            else:       # the others see the change (chips taken or given back), not what the holder has
                ev = {"type": "count", "counter": c.id, "holder": who, "before": None, "after": None,
                      "change": after - before, "text": f"{c.text} ({words}): {after - before:+d} (the total is hidden)"}
        elif kind == ROUND:
            ev = {"type": "round", "round": e[1], "text": f"round {e[1]} begins"}
        elif kind == PHASE:
            role = None if e[1] is None else d.roles[e[1]]
            name = "" if role is None else role.name.get("en", role.id)
            ev = {"type": "phase", "role": None if role is None else role.id, "chooser": e[2],
                  "text": f"the {name} phase begins" + ("" if e[2] is None else f" (seat {e[2]} chose it)")}
        elif kind == REFILL:
            ev = {"type": "refill", "zone": d.zones[e[1]].id, "from": d.zones[e[2]].id, "count": e[3],
                  "text": f"{e[3]} cards from {d.zones[e[2]].text} make {d.zones[e[1]].text} again"}
        else:
            ev = {"type": "end", "reason": e[1], "text": f"the game ends: {e[1]}"}
        ev["index"] = i
        out.append(ev)
    return out


def log_lines(g, player=None, full=False) -> list[str]:
    """One line per decision (forced ones marked) and a line at each round's start, as ``player`` may know them."""
    lines = []
    everyone = (1 << g.players) - 1
    record = g.events or ()
    for i, e in enumerate(record):
        kind = e[0]
        if kind == DECIDE:
            lines.append("  " + _decision(g, e, player, everyone, full, record, i)["text"])
        elif kind == ROUND:
            lines.append(f"-- round {e[1]} --")
    return lines
