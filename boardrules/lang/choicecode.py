"""Generated code for what a decision offers: whether a player can pay, and the options of a choice of cards.

``can pay`` is asked of every candidate card before a player is offered it (can they pay its price?), so it is
written out per payment: each source's cards counted in place (the card being paid for left out), money read off
its counter, and the answer as soon as the sources cover the amount, with no list of sources made on the way.
A choice of cards (``Choose``) gets its ``options`` written out: its source, its condition in place for each card,
cards alike in every way offered once, and a card's action taken from the node's cache without a call.
"""
from __future__ import annotations

from ..model import nodes as N


def write_payments(w, model) -> None:
    """``_cp<index>(g, env, amount, skip)`` for every payment: True when the acting player can pay ``amount``
    from its sources (``skip``, a card that cannot pay for itself, left out; None for none)."""
    for pay in model.payments:
        with w.function(f"_cp{pay.index}(g, env, amount, skip)"):
            _write_can_pay(w, pay)


def _write_can_pay(w, pay) -> None:
    e = w.e
    w.put(2, "if amount <= 0:")
    w.put(3, "return True")
    w.put(2, "total = 0")
    for src in pay.sources:
        if src.money is not None:
            row = w.temp()
            w.put(2, f"{row} = g.counters[{e.const(src.money)}]")
            w.put(2, f"total += {row}[env['you']] if len({row}) > 1 else {row}[0]")
        else:
            cards, limit = w.temp(), w.temp()
            w.put(2, f"{cards} = {e.expr(src.select)}")
            if src.limit is None:
                w.put(2, f"total += len({cards}) - (1 if skip is not None and skip in {cards} else 0)")
            else:
                w.put(2, f"{limit} = {e.expr(src.limit)}")
                if src.counter is not None:
                    w.put(2, f"{limit} -= g.counters[{e.const(src.counter)}][env['you']]")
                w.put(2, f"total += min(len({cards}) - (1 if skip is not None and skip in {cards} else 0), "
                         f"max(0, {limit}))")
        w.put(2, "if total >= amount:")
        w.put(3, "return True")
    w.put(2, "return False")


def choices(blocks_and_nodes):
    """The card choices (``Choose`` with a source, not fixed options) among ``nodes``."""
    return [n for n in blocks_and_nodes if type(n) is N.Choose and n.fixed is None]


def write_options(w, model, nodes) -> list[str]:
    """An ``options(g, env) -> (actions, values)`` for every card choice in ``nodes``; returns their names."""
    e = w.e
    names = []
    kinds = e.const(model.instance_kinds)
    for k, node in enumerate(nodes):
        names.append(f"_o{k}")
        with w.function(f"{names[-1]}(g, env)"):
            _write_options(w, model, node, kinds)
    return names


def _write_options(w, model, node, kinds) -> None:
    e = w.e
    var, me = e.const(node.var), e.const(node)
    w.put(2, f"saved = env.get({var})")
    w.put(2, "seen = set()")
    w.put(2, "actions = []")
    w.put(2, "values = []")
    w.put(2, f"cache = {me}.cache")
    w.put(2, "hosts = g.pile_hosts")
    rows = []       # the counters cards hold: a card's signature is its kind unless something lies on it
    for counter in model.card_counters:
        rows.append(w.temp())
        w.put(2, f"{rows[-1]} = g.counters[{e.const(counter)}]")
    w.put(2, f"for c in {e.expr(node.source)}:")
    plain = "c not in hosts" + "".join(f" and not {row}[c]" for row in rows)
    w.put(3, f"sig = {kinds}[c] if {plain} else g.signature(c)")
    w.put(3, "if sig in seen:")
    w.put(4, "continue")
    w.put(3, "seen.add(sig)")
    if node.where is not None:
        w.put(3, f"env[{var}] = c")
        w.put(3, f"if not {e.expr(node.where)}:")
        w.put(4, "continue")
    if node.mentions:
        w.put(3, f"actions.append({me}.action(g, c, sig, env))")
    else:
        w.put(3, "a = cache.get(sig)")
        w.put(3, f"actions.append(a if a is not None else {me}.action(g, c, sig, env))")
    w.put(3, "values.append(c)")
    w.put(2, f"env[{var}] = saved")
    w.put(2, "return actions, values")
