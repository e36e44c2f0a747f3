"""Generated code for quantities: each quantity one function ``_q<index>(g, env)``.

A quantity is its base, plus what the acting player's working cards change (their modifiers, in content order),
plus what other players' cards add, plus the role's privilege when the acting player chose the role, kept within
its bounds. The kernel's ``quantity`` works that out for any quantity by walking those lists; the function written
here has them written out: the base and each modifier's condition and value in place, a role's privilege a test
of the role being played, and no list to walk where a quantity has nothing of a kind.
"""
from __future__ import annotations

_UNSET = object()     # $self had no value before a per-copy modifier set it


def write(w, model) -> None:
    """Writes ``_q<i>`` for every quantity of ``model`` (``w`` a blockcode writer: its emitter and lines)."""
    for q in model.quantities:
        with w.function(f"_q{q.index}(g, env)"):
            _write_quantity(w, model, q)


def _write_quantity(w, model, q) -> None:
    e = w.e
    w.put(2, f"value = {e.expr(q.base)}")
    privileged = [(r.index, r.privilege[q.index]) for r in model.roles if r.privilege.get(q.index)]
    if q.mods or q.wide or privileged:      # (else nothing changes the base: no player's cards to look at)
        _write_changes(w, model, q, privileged)
    if q.min is not None:
        w.put(2, f"if value < {e.const(q.min)}:")
        w.put(3, f"value = {e.const(q.min)}")
    if q.max is not None:
        w.put(2, f"if value > {e.const(q.max)}:")
        w.put(3, f"value = {e.const(q.max)}")
    w.put(2, "return value")


def _write_changes(w, model, q, privileged) -> None:
    """What the acting player's working cards, other players' cards and the role's privilege change."""
    e = w.e
    w.put(2, "you = env.get('you')")
    w.put(2, "if you is not None:")
    w.put(3, "active = g.active[you]")
    w.put(3, "add = 0")
    for m in q.mods:
        w.put(3, f"working = active.get({e.const(m.type)})")
        w.put(3, "if working:")
        if m.each:      # per working copy, $self the copy (each_copy, written out)
            unset = e.const(_UNSET)
            works = model.types[m.type].works_while if m.type >= 0 else None
            test = " and ".join(e.expr(x) for x in (works, m.cond) if x is not None) or "True"
            w.put(4, f"saved = env.get('self', {unset})")
            w.put(4, "for c in working:")
            w.put(5, "env['self'] = c")
            w.put(5, f"if {test}:")
            w.put(6, f"value = {e.expr(m.value)}" if m.op == "set" else f"add += {e.expr(m.value)}")
            w.put(4, f"if saved is {unset}:")
            w.put(5, "del env['self']")
            w.put(4, "else:")
            w.put(5, "env['self'] = saved")
            continue
        depth = 4
        if m.cond is not None:
            w.put(4, f"if {e.expr(m.cond)}:")
            depth = 5
        w.put(depth, f"value = {e.expr(m.value)}" if m.op == "set" else f"add += {e.expr(m.value)} * len(working)")
    if q.wide:
        w.put(3, f"add += g._wide_modifiers({e.const(q)}, env, you)")
    if privileged:
        w.put(3, "if g.role is not None and you == g.chooser:")
        w.put(4, "role = g.role")
        pm = model.privilege_multiplier
        for k, (role, mods) in enumerate(privileged):
            w.put(4, f"{'if' if k == 0 else 'elif'} role == {e.const(role)}:")
            w.put(5, f"mult = {f'_q{pm}(g, env)' if pm is not None else '1'}")
            for m in mods:
                if m.cond is not None:
                    w.put(5, f"if {e.expr(m.cond)}:")
                    w.put(6, f"add += {e.expr(m.value)} * mult")
                else:
                    w.put(5, f"add += {e.expr(m.value)} * mult")
    w.put(3, "value += add")
    if q.wide_sets:         # another player's card fixes the value: it stands in for every change above
        w.put(3, f"fixed = g._wide_fixed({e.const(q)}, env, you)")
        w.put(3, "if fixed is not None:")
        w.put(4, "value = fixed")
