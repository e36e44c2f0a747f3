"""Final scores, tie-breaks and winners, from the content's scoring parts and card scores."""
from __future__ import annotations


def scores(k) -> list[dict]:
    """Per seat: ``{"seat", "total", "parts": {name: points}}``, parts in scoring order."""
    out = []
    for seat in range(k.players):
        env = {"you": seat, "score_so_far": 0}
        parts = {}
        for rule in k.rules.scoring:
            if rule.type >= 0 and not working_copy(k, seat, rule.type, env):
                continue
            if rule.cond is not None and not rule.cond(k, env):
                continue
            value = rule.value(k, env)
            parts[rule.id] = parts.get(rule.id, 0) + value
            env["score_so_far"] += value
        out.append({"seat": seat, "total": env["score_so_far"], "parts": parts})
    return out


def working_copy(k, seat, t, env) -> bool:
    """A card's end-game score counts if its owner has a copy in a tableau that meets the card's ``works.while``
    (when it starts working does not matter at the end)."""
    if not k.owned[seat].get(t):
        return False
    works = k.rules.types[t].works_while
    if works is None:
        return True
    for z in k.rules.zones:
        if z.tableau:
            for c in k.zones[z.index][seat]:
                if k.rules.instance_types[c].index == t:
                    env["self"] = c
                    if works(k, env):
                        return True
    return False


def tie_breaks(k, seat) -> list:
    env = {"you": seat}
    return [fn(k, env) for fn, _ in k.rules.tie_break]


def winners(k, table=None) -> list[int]:
    """The winning seats (several only if the tie-break ties too)."""
    ranked = [(s["total"], *tie_breaks(k, s["seat"])) for s in (table or scores(k))]
    best = max(ranked)
    return [seat for seat, key in enumerate(ranked) if key == best]
