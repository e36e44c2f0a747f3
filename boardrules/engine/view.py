"""What one player may see, and the readable log."""
from __future__ import annotations


def _cards(g, cards, visible):
    names = g.rules.instance_types
    if not visible:
        return {"count": len(cards)}
    out = []
    hosts = g.pile_hosts        # the cards something lies on: any other card is its id alone
    held = [(k, g.rules.counters[k].id, g.counters[k]) for k in g.rules.card_counters]
    for c in cards:
        counts = {cid: row[c] for _, cid, row in held if row[c]}
        if c not in hosts and not counts:
            out.append(names[c].id)
            continue
        entry = {"card": names[c].id}
        piles = {}
        for p in g.rules.piles:
            under = g.piles[p.index].get(c) if c in hosts else None
            if under:
                piles[p.id] = [names[u].id for u in under] if p.visibility == "public" else len(under)
        if piles:
            entry["piles"] = piles
        if counts:              # what the card holds (a row number, workers on it), beside the card it belongs to
            entry["counts"] = counts
        out.append(entry if len(entry) > 1 else entry["card"])
    return out


def _seen(g, cards, visibility, mine):
    """A zone's cards as a player sees them: all of them, their number, or their number and the top card."""
    if visibility == "top":         # a face-up stack: only its top card shows
        return {"count": len(cards), "top": g.rules.instance_types[cards[-1]].id if cards else None}
    return _cards(g, cards, visibility == "public" or (visibility == "owner" and mine))


def view(game, g, player=None) -> dict:
    """What ``player`` may see of kernel ``g`` (wrapped by ``game``, which answers the public questions)."""
    d = g.rules
    zones = {}
    for z in d.zones:
        owners = g.zones[z.index]
        if z.scope == "shared":
            zones[z.id] = _seen(g, owners[0], z.visibility, False)
        else:
            zones[z.id] = [_seen(g, cards, z.visibility, seat == player) for seat, cards in enumerate(owners)]
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
