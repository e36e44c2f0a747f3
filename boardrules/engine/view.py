"""What one player may see, and the readable log."""
from __future__ import annotations

from itertools import compress


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
        "counters": {c.id: list(g.counters[c.index]) for c in d.counters},
        "over": g.over,
    }
    if player is not None and game.current_player == player:
        out["legal_actions"] = [a.to_json() for a in game.legal_actions()]
    if g.over:
        out["scores"] = game.scores()
        out["winners"] = game.winners()
    return out


def log_lines(g) -> list[str]:
    lines = []
    for rnd, player, action, forced in g.log or ():
        if action is None:
            lines.append(f"-- round {rnd} --")
        else:
            lines.append(f"  seat {player}: {action}" + ("  (no other choice)" if forced else ""))
    return lines
