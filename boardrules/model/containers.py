"""Nodes of the containers family: a zone whose cards stay between uses and a step that lets some of them out.

A container is an ordinary zone (its cards are cards, so counting by type, views and saving work as for any
zone). ``Release`` puts the selected cards into it, then a resolver decides which cards of its *pool* stay inside
and which come out into a destination. The pool is the container's previous contents first, in their order, then
the cards just put in, in canonical order (by card type, then copy), so the same state and the same seed always
give the same result.

The random draws come from the game's seeded stream, or, when the release names a ``stream``, from a named
sub-stream of the game's seed (``engine/rng.py`` ``Stream``: made from the seed and the name alone, its state kept
in the saved game), so that a step added elsewhere, which draws from the main stream, changes nothing here.

**urn** makes exactly two calls, always, in this order:

1. ``random_below(len(keep))`` picks one entry of the ``keep`` list; its value, at least 0 and at most the pool's
   size, is *k*, how many cards stay inside;
2. ``shuffle`` of the pool's positions ``[0, 1, ..., n - 1]``; the first *k* positions after it stay inside (a
   uniform sample without replacement).

The cards kept stay in pool order; the others come out in pool order (the first of them ends at the bottom of the
destination). Given *k*, the cards kept are a uniform sample, so how many of each type come out is hypergeometric.

**shelf** (``shelves``, ``room``, ``lodge`` and ``knock``: whole numbers, the first at most ``MAX_SHELVES``, the last
two percentages from 0 to 100)
lets the cards fall one at a time through ``shelves`` shelves, top first, each holding at most ``room`` cards. The
cards lodged on the shelves are the container's contents: its cards lie shelf by shelf, top shelf first, and the
game's ``shelves`` field (``engine/state.py``) records how many lie on each. That record fits while the container
holds exactly the cards it counts, on as many shelves as the release has; when it does not (another step put cards
in or took some out, or there is none yet), every card inside falls again, first, as if just put in. The falling
cards are then the cards inside that lie on no shelf (in their order), then the new ones (canonical order); for
each of them in turn, the *falling set* is that card alone, and for each shelf from the top while the set is not
empty:

1. for each card lodged on the shelf, in order, one call ``random_below(100)``: below ``knock``, the card is knocked
   loose;
2. for each card of the falling set, in order, while the shelf has room (fewer than ``room`` cards, not counting
   those just knocked loose): one call ``random_below(100)``: below ``lodge``, the card lodges on the shelf and
   leaves the set;
3. the cards knocked loose join the end of the falling set (they fall to the next shelf).

What is still falling below the last shelf comes out, in the order it fell out. The number of calls depends only on
the cards and the shelves, never on the percentages (a knock of 0 still draws). Each shelf a falling set reaches
counts the cards lying there and the cards falling as work against the budget between two decisions (STEP_BUDGET):
a release that would draw more stops the game with a RulesError.

**oracle** draws nothing: an outside source (a person reading a real container, or a test) says what came out. For
each card type present in the pool, in the order of the content's cards, the player the release names (``ask``,
default the player the steps run for) answers "how many came out?", a number from 0 to that type's count in the
pool; an answer outside that is an illegal action. A type with more copies inside than a decision has answers
(MAX_ANSWERS) stops the game with a RulesError. When all are answered, the cards come out: of each type, the
first ones in pool order, as many as answered; they come out in pool order. The questions are a frame of their own
(``OracleRelease``), whose data is the answers given so far, so a game saved between two answers goes on.
"""
from __future__ import annotations

from ..actions import Action
from ..errors import RulesError
from ..limits import MAX_NUMBER, MAX_SHELVES
from .nodes import Node, charge, check_answers

#: The resolvers a release may use (the content's ``model``).
RESOLVERS = ("urn", "shelf", "oracle")
#: The parameters of each resolver (besides from, through, to, model, as, stream and ask).
PARAMETERS = {"urn": ("keep",), "shelf": ("shelves", "room", "lodge", "knock"), "oracle": ()}


def put_in(g, source, where, env):
    """Puts the cards of ``source`` into the container at ``where``, in canonical order (a card already inside stays
    where it lies); the number put in."""
    loc, kinds = g.loc, g.rules.instance_kinds
    new = sorted((c for c in source(g, env) if loc[c] != where), key=lambda c: (kinds[c], c))
    for c in new:
        g.move(c, where)
    return len(new)


class Release(Node):
    """Puts the cards of ``source`` (fn(game, env) -> cards) into the container ``through`` (fn -> (ZONE, zone,
    owner)), then lets cards of its pool out into ``dest`` (fn -> a destination), as ``resolver`` (an ``Urn`` or a
    ``Shelf``) decides, drawing from the sub-stream ``stream`` (None: the game's own). The number of cards that came
    out goes into the variable ``var``."""

    var = "moved"

    def __init__(self, source, through, dest, resolver, stream=None):
        self.source, self.through, self.dest, self.resolver, self.stream = source, through, dest, resolver, stream

    def exec(self, g, f):
        env = f.env
        where = self.through(g, env)
        dest = self.dest(g, env)
        n = put_in(g, self.source, where, env)
        draws = g if self.stream is None else g.stream(self.stream)
        moved = 0
        for c in self.resolver.out(g, draws, where, n, env):
            if g.move(c, dest):
                moved += 1
        env[self.var] = moved
        return False


class Urn:
    """``keep``: a list of fn(game, env) -> a number; one is drawn, and that many cards of the pool stay."""

    def __init__(self, keep):
        self.keep = keep

    def out(self, g, draws, where, new, env) -> list:
        return pool_out(g, list(g.zones[where[1]][where[2]]), self.keep, env, draws)


def pool_out(g, pool, keep, env, draws=None) -> list:
    """The ``urn`` resolver: the cards of ``pool`` that come out, in pool order (two calls to the random stream
    ``draws``, the game's by default, always: one entry of ``keep``, then a shuffle of the pool's positions)."""
    draws = g if draws is None else draws
    n = len(pool)
    k = keep[draws.random_below(len(keep))](g, env)
    k = max(0, min(k, n))
    order = list(range(n))
    draws.shuffle(order)
    kept = set(order[:k])
    return [c for i, c in enumerate(pool) if i not in kept]


class Shelf:
    """``shelves``, ``room``, ``lodge`` and ``knock``: fn(game, env) -> a whole number each (the last two percents)."""

    def __init__(self, shelves, room, lodge, knock):
        self.shelves, self.room, self.lodge, self.knock = shelves, room, lodge, knock

    def numbers(self, g, env):
        s, room, lodge, knock = (fn(g, env) for fn in (self.shelves, self.room, self.lodge, self.knock))
        for name, v, top in (("shelves", s, MAX_SHELVES), ("room", room, MAX_NUMBER), ("lodge", lodge, 100),
                             ("knock", knock, 100)):
            if not 0 <= v <= top:
                raise RulesError(f"a container's {name} is {v}: it must be from 0 to {top}")
        return s, room, lodge, knock

    def out(self, g, draws, where, new, env) -> list:
        n_shelves, room, lodge, knock = self.numbers(g, env)
        _, zi, owner = where
        inside = list(g.zones[zi][owner])
        old, new_cards = inside[:len(inside) - new], inside[len(inside) - new:]
        key = (zi, owner)
        record = g.shelves.get(key)
        shelves = []
        if record is not None and len(record) == n_shelves and sum(record) == len(old):
            i = 0
            for n in record:
                shelves.append(old[i:i + n])
                i += n
            falling_in = new_cards
        else:
            shelves = [[] for _ in range(n_shelves)]
            falling_in = old + new_cards
        below = draws.random_below
        out = []
        for c in falling_in:
            falling = [c]
            for s in range(n_shelves):
                shelf = shelves[s]
                charge(g, len(shelf) + len(falling), "cards falling through the shelves of a container")
                knocked = [x for x in shelf if below(100) < knock]
                if knocked:
                    shelf = shelves[s] = [x for x in shelf if x not in knocked]
                still = []
                for x in falling:
                    if len(shelf) < room and below(100) < lodge:
                        shelf.append(x)
                    else:
                        still.append(x)
                falling = still + knocked
                if not falling:
                    break
            out.extend(falling)
        lodged = [x for shelf in shelves for x in shelf]
        if lodged:
            g.shelves[key] = tuple(len(shelf) for shelf in shelves)
        else:
            g.shelves.pop(key, None)
        cards = g.zone_list(zi, owner)
        cards[:] = lodged + out         # shelf by shelf, top first; the cards that come out leave next
        return out


class OracleRelease(Node):
    """A release whose outcome an outside source gives: puts the cards in, then asks ``who`` (fn -> a seat), for
    each card type present in the pool, how many came out (from 0 to its count), with actions of kind ``kind``;
    then lets them out into ``dest``. The frame's data is the list of answers so far."""

    framed = True
    shared = True       # works in the variables of the steps around it ($moved, or the 'as' variable)
    var = "moved"

    def __init__(self, source, through, dest, who, kind, container_text):
        self.source, self.through, self.dest, self.who, self.kind = source, through, dest, who, kind
        self.container_text, self.cache = container_text, {}

    def exec(self, g, f):
        put_in(g, self.source, self.through(g, f.env), f.env)
        g.push(self, f.env, [])
        return True

    def present(self, g, env):
        """The card types in the pool, in content order, with how many of each: [(type index, count)]."""
        where = self.through(g, env)
        kinds = g.rules.instance_kinds
        counts = {}
        for c in g.zones[where[1]][where[2]]:
            counts[kinds[c]] = counts.get(kinds[c], 0) + 1
        return sorted(counts.items())

    def frame_problem(self, pc, data, g=None, env=None):
        if pc != 0 or type(data) is not list or not all(type(x) is int and 0 <= x <= MAX_NUMBER for x in data):
            return "an oracle release's frame holds the numbers answered so far"
        if env is not None:
            present = self.present(g, env)
            if len(data) >= len(present) and present:
                return f"{len(data)} answers, but the container holds {len(present)} card type(s)"
            for (t, n), x in zip(present, data):
                if x > n:
                    return f"{x} {g.rules.types[t].id} came out, but the container holds {n}"
        return None

    def action(self, g, t, n):
        a = self.cache.get((t, n))
        if a is None:
            ctype = g.rules.types[t]
            a = self.cache[(t, n)] = Action(self.kind, {"type": ctype.id, "count": n},
                                            f"{n} {ctype.en} came out of {self.container_text}")
        return a

    def step(self, g, f):
        env = f.env
        present = self.present(g, env)
        answers = f.data
        if len(answers) < len(present):
            t, n = present[len(answers)]
            check_answers(n + 1, f"how many {g.rules.types[t].id} came out of {self.container_text}")
            g.ask(self, self.who(g, env), [self.action(g, t, i) for i in range(n + 1)], list(range(n + 1)))
            return
        where = self.through(g, env)
        kinds = g.rules.instance_kinds
        left = {t: x for (t, _), x in zip(present, answers)}
        out = []
        for c in g.zones[where[1]][where[2]]:
            if left.get(kinds[c], 0) > 0:
                left[kinds[c]] -= 1
                out.append(c)
        dest = self.dest(g, env)
        moved = 0
        for c in out:
            if g.move(c, dest):
                moved += 1
        env[self.var] = moved
        g.stack.pop()

    def resolve(self, g, f, value):
        f.data = [*f.data, value]

    def answer_domain(self, model):
        """The names of the answers' arguments, sorted, and every answer a game could offer with its number of
        places (for a fixed action space): a count from 0 to the number of copies of each card type."""
        copies = {}
        for t in model.instance_kinds:
            copies[t] = copies.get(t, 0) + 1
        return ("count", "type"), (((n, model.types[t].id), 1) for t in sorted(copies) for n in range(copies[t] + 1))

    def refusal(self, g, action) -> str | None:
        """Why an answer the pending question does not list is impossible, naming the argument (None: no answer of
        this kind)."""
        kind, args = (action.kind, action.args) if isinstance(action, Action) else \
            (action.get("kind"), action.get("args")) if isinstance(action, dict) else (None, None)
        if kind != self.kind or not isinstance(args, dict):
            return None
        f = g.stack[-1]
        present = self.present(g, f.env)
        if len(f.data) >= len(present):
            return None
        t, n = present[len(f.data)]
        ctype = g.rules.types[t]
        if args.get("type") != ctype.id:
            return f"type: the question is how many {ctype.id} came out of {self.container_text}, not " \
                   f"{str(args.get('type'))[:40]!r}"
        count = args.get("count")
        if type(count) is not int or not 0 <= count <= n:
            return f"count: {str(count)[:20]} {ctype.en} cannot have come out of {self.container_text}: it held {n}, " \
                   f"so from 0 to {n} could"
        return None
