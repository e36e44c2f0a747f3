"""Nodes of the containers family: a zone whose cards stay between uses and a step that lets some of them out.

A container is an ordinary zone (its cards are cards, so counting by type, views and saving work as for any
zone). ``Release`` puts the selected cards into it, then a resolver decides which cards of its *pool* stay inside
and which come out into a destination. The pool is the container's previous contents first, in their order, then
the cards just put in, in canonical order (by card type, then copy), so the same state and the same seed always
give the same result.

The ``urn`` resolver makes exactly two calls to the game's seeded random stream, always, in this order:

1. ``random_below(len(keep))`` picks one entry of the ``keep`` list; its value, at least 0 and at most the pool's
   size, is *k*, how many cards stay inside;
2. ``shuffle`` of the pool's positions ``[0, 1, ..., n - 1]``; the first *k* positions after it stay inside (a
   uniform sample without replacement).

The cards kept stay in pool order; the others come out in pool order (the first of them ends at the bottom of the
destination). Given *k*, the cards kept are a uniform sample, so how many of each type come out is hypergeometric.
"""
from __future__ import annotations

from .nodes import Node

#: The resolvers a release may use (the content's ``model``).
RESOLVERS = ("urn",)


class Release(Node):
    """Puts the cards of ``source`` (fn(game, env) -> cards) into the container ``through`` (fn -> (ZONE, zone,
    owner)), then lets cards of its pool out into ``dest`` (fn -> a destination); how many stay is one entry of
    ``keep`` (a list of fn(game, env) -> a number), drawn at random. The number of cards that came out goes into the
    variable ``var``."""

    var = "moved"

    def __init__(self, source, through, dest, keep, model="urn"):
        self.source, self.through, self.dest, self.keep, self.model = source, through, dest, keep, model

    def exec(self, g, f):
        env = f.env
        where = self.through(g, env)
        dest = self.dest(g, env)
        loc, kinds = g.loc, g.rules.instance_kinds
        # the new cards, in canonical order (a card already inside is part of the pool where it lies)
        new = sorted((c for c in self.source(g, env) if loc[c] != where), key=lambda c: (kinds[c], c))
        for c in new:
            g.move(c, where)
        _, zi, owner = where
        pool = list(g.zones[zi][owner])
        moved = 0
        for c in pool_out(g, pool, self.keep, env):
            if g.move(c, dest):
                moved += 1
        env[self.var] = moved
        return False


def pool_out(g, pool, keep, env) -> list:
    """The ``urn`` resolver: the cards of ``pool`` that come out, in pool order (two calls to the game's random
    stream, always: one entry of ``keep``, then a shuffle of the pool's positions)."""
    n = len(pool)
    k = keep[g.random_below(len(keep))](g, env)
    k = max(0, min(k, n))
    order = list(range(n))
    g.shuffle(order)
    kept = set(order[:k])
    return [c for i, c in enumerate(pool) if i not in kept]
