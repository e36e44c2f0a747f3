"""A search bot: information-set Monte Carlo tree search with determinisation (``--bots mcts``).

At each of its decisions the bot knows only what its seat sees. It draws ``determinisations`` full games that its
seat cannot tell from the real one (:meth:`boardrules.Game.resample`), and runs ``iterations`` iterations over
them in turn; each iteration plays one copy of a sample down a single tree of decisions shared by all samples
(single-observer ISMCTS, Cowling, Powley and Whitehouse 2012):

- **selection**: at a decision every child already tried that is legal in this sample is scored by UCT,
  ``mean reward of the seat that chose it + exploration * sqrt(ln(times it was available) / its visits)``, and the
  best is played; a legal action not tried yet is played first (expansion), the first found in the order of
  the legal actions that the bot's own generator shuffles;
- **rollout**: from there a rollout policy (``random``, or the ``greedy`` bot) plays on for ``rollout_depth``
  decisions (None: to the end);
- **reward**: at the end of the game each winner gets ``1 / the number of winners``, the others 0; cut off
  earlier, each seat gets its rank by the scores so far (1 for the best, 0 for the worst, ties shared);
- **backpropagation**: each node on the path adds the reward of the seat that chose its action.

The budget is ``iterations`` iterations per decision, or ``seconds`` of the clock per decision, or both (whichever
runs out first; with ``seconds`` alone the count is not bounded). It plays the most visited of its legal actions. Decisions with one legal action are taken without a search, in the
tree too. Everything is drawn from its own seeded generator, and the samples are dealt from the seat's view alone:
before drawing them the bot puts the cards hidden from it in a fixed order (sorted by name, each deck among its own
places) and takes each number hidden from it (another seat's counter seen by its owner alone) to be its own value
of that counter, so two games its seat cannot tell apart get the same samples and the same choice. A time budget gives that
up: how many iterations fit depends on the machine and its load, so a seed no longer fixes the game. Nothing here
names a game: the tree reads legal actions, winners and scores.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from ..api.resample import hidden_places, kept_in_place
from ..errors import StateError
from .greedy import GreedyBot

__all__ = ["MCTSBot"]


class _Node:
    __slots__ = ("seat", "children", "visits", "available", "total")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat            # the seat whose action leads here (None at the root)
        self.children: dict = {}    # Action -> _Node
        self.visits = 0
        self.available = 0          # iterations in which this node's action was legal at its parent
        self.total = 0.0


class MCTSBot:
    """Information-set Monte Carlo tree search with determinisation (see the module's notes).

    ``MCTSBot(seed, rules, iterations=None, determinisations=20, rollout="random", rollout_depth=30,
    exploration=0.7, seconds=None, clock=time.perf_counter)``. The budget per decision:

    - ``iterations`` alone (200 when neither budget is given): a fixed count and no clock, so its choices depend only on the seed and
      on what its seat sees;
    - ``seconds`` (with ``iterations=None``, or left out: then the count is not bounded): iterations until
      ``clock()`` has moved on by ``seconds`` since the decision began (at least one). **Not reproducible**: how
      many iterations fit depends on the machine and its load, so the same seed may play another game;
    - both: whichever runs out first.

    ``clock`` is a function returning seconds (a fake one makes a time budget testable). ``choose(game)`` returns
    one of ``game.legal_actions()`` for the seat to act. ``stats`` counts the searches, iterations and decisions
    played in the tree and in rollouts since the bot was made, and ``last_search`` lists, for the last search, each
    legal action with its visits and the mean reward it brought.
    """

    ROLLOUTS = ("random", "greedy")
    #: the settings a bot name may carry (``mcts:iterations=50:rollout_depth=10``), each with how its text is read
    SETTINGS = {"iterations": "count", "determinisations": "count", "rollout": "word", "rollout_depth": "count or none",
                "exploration": "number", "seconds": "number"}

    def __init__(self, seed: Any, rules: Any = None, iterations: int | None = None, determinisations: int = 20,
                 rollout: str = "random", rollout_depth: int | None = 30, exploration: float = 0.7,
                 seconds: float | None = None, clock: Callable[[], float] = time.perf_counter) -> None:
        if iterations is None and seconds is None:
            iterations = 200
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not seconds > 0 or math.isinf(seconds)):
            raise ValueError(f"seconds must be a number above 0, got {seconds!r}")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, got {iterations!r}")
        if not isinstance(determinisations, int) or determinisations < 1:
            raise ValueError(f"determinisations must be a whole number of at least 1, got {determinisations!r}")
        if rollout not in self.ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(self.ROLLOUTS)}, got {rollout!r}")
        if rollout_depth is not None and (not isinstance(rollout_depth, int) or rollout_depth < 0):
            raise ValueError(f"rollout_depth must be None or a whole number, got {rollout_depth!r}")
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) or not exploration >= 0:
            raise ValueError(f"exploration must be a number of at least 0, got {exploration!r}")
        self.seed = seed
        self.rules = rules
        self.iterations = iterations
        self.seconds = seconds
        self.clock = clock
        self.determinisations = determinisations
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.exploration = float(exploration)
        self.rng = random.Random(seed)
        self._greedy = None
        self.stats = {"searches": 0, "iterations": 0, "steps": 0}
        #: the last search's root: (action, visits, mean reward of the seat) per legal action, in their order
        self.last_search: list = []

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" + ("" if self.seconds is None else f", seconds={self.seconds}")
        return (f"MCTSBot({self.seed!r}, {budget}, determinisations={self.determinisations}, "
                f"rollout={self.rollout!r}, rollout_depth={self.rollout_depth})")

    # ------------------------------------------------------------------ the decision
    def choose(self, game):
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        limit, seconds = self.iterations, self.seconds
        deadline = None if seconds is None else self.clock() + seconds      # (the samples' drawing counts too)
        me = game.current_player
        base = _canonical(game, me)
        count = self.determinisations if limit is None else min(self.determinisations, limit)
        samples = [base.resample(me, self.rng.getrandbits(63)) for _ in range(count)]
        root = _Node(None)
        done = 0
        while (limit is None or done < limit) and (deadline is None or done == 0 or self.clock() < deadline):
            self._iterate(samples[done % count].clone(), root)
            done += 1
        self.stats["searches"] += 1
        self.stats["iterations"] += done
        best, best_key = actions[0], None
        self.last_search = [(a, c.visits, c.total / c.visits) if (c := root.children.get(a)) else (a, 0, 0.0)
                            for a in actions]
        for a in actions:
            child = root.children.get(a)
            key = (child.visits, child.total) if child is not None else (-1, 0.0)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _iterate(self, g, root: _Node) -> None:
        node, path, rng, steps = root, [root], self.rng, 0
        expanded = False
        while not g.is_over:
            actions = g.legal_actions()
            if len(actions) == 1:
                g.apply(actions[0])
                steps += 1
                continue
            seat = g.current_player
            untried = []
            best, best_score = None, -math.inf
            for a in actions:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.available += 1
                if not untried:
                    score = child.total / child.visits + self.exploration * math.sqrt(
                        math.log(child.available) / child.visits)
                    if score > best_score:
                        best, best_score = a, score
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = node.children[a] = _Node(seat)
                child.available = 1
                g.apply(a)
                steps += 1
                path.append(child)
                expanded = True
                break
            g.apply(best)
            steps += 1
            node = node.children[best]
            path.append(node)
        if expanded:
            steps += self._roll(g)
        self.stats["steps"] += steps
        reward = _reward(g)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += reward[n.seat]

    def _roll(self, g) -> int:
        steps = 0
        limit = self.rollout_depth
        if self.rollout == "greedy" and self._greedy is None:
            self._greedy = GreedyBot(self.rng.getrandbits(63), g.rules, trials=0)   # (roll-outs: quick)
        rng = self.rng
        while not g.is_over and (limit is None or steps < limit):
            if self._greedy is not None:
                g.apply(self._greedy.choose(g))
            else:
                actions = g.legal_actions()
                g.apply(actions[rng.randrange(len(actions))])
            steps += 1
        return steps


def _reward(g) -> list[float]:
    """Per seat: at the end, 1 / the number of winners for each winner; before it, the seat's rank by the scores so
    far, from 0 (the lowest) to 1 (the highest), ties sharing the ranks they span."""
    n = g.players
    if g.is_over:
        winners = g.winners()
        out = [0.0] * n
        for w in winners:
            out[w] = 1.0 / len(winners)
        return out
    totals = [s["total"] for s in g.scores()]
    if n == 1:
        return [1.0]
    out = []
    for t in totals:
        below = sum(1 for u in totals if u < t)
        level = sum(1 for u in totals if u == t) - 1
        out.append((below + level / 2) / (n - 1))
    return out


def _canonical(game, seat: int):
    """``game`` with the cards hidden from ``seat`` in a fixed order: each deck's cards (by the zone their type
    starts in) sorted by name over its hidden places, the places and their sizes kept. Cards the flow is working
    with, cards something lies on and cards holding a count stay, as in a sample. A number the other seats keep
    hidden (a counter seen by its owner alone) is taken to be the seat's own value of it: the one estimate that
    reads nothing the seat cannot see. Two games the seat cannot tell apart give the same game, so the samples drawn
    from it depend only on what the seat sees."""
    rules = game.rules
    model = rules.model
    data = game.to_json()
    fixed = kept_in_place(model, data)
    start = {name: model.instance_types[i].start for name, i in model.instance_index.items()}
    slots: dict = {}
    for _, _, cards in hidden_places(model, data, seat):
        for i, name in enumerate(cards):
            if name not in fixed:
                slots.setdefault(start[name], []).append((cards, i))
    for family in slots.values():
        for (cards, i), name in zip(family, sorted(cards[i] for cards, i in family)):
            cards[i] = name
    for c in model.counters:
        if c.visibility == "owner" and not data["over"]:
            row = data["counters"][c.id]     # the others' values hidden: taken to be the seat's own
            row[:] = [row[seat]] * len(row)
    data["history"] = []
    try:
        return rules.game_from_json(data, check_history=False)
    except StateError:      # (not expected: the seat's own question is asked of cards it sees)
        return game
