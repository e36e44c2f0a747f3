"""The greedy bot: a simple heuristic player steered by the game's ``play`` hints (registered as ``greedy`` in
:mod:`boardrules.play.bots`; the search bot of :mod:`boardrules.play.search` plays its roll-outs with it)."""
from __future__ import annotations

import math
import random


class GreedyBot:
    """A simple heuristic player, steered by the game's ``play`` hints (:class:`boardrules.model.records.PlayHints`):

    - Acquire (``play.acquire``): the card with the most value per card it will pay (the real amount, found by
      trying the payment on a copy of the game: discounts, privileges and refunds included); bigger value on ties.
      A card worth 0 that scores at the end (it has a ``score`` effect) counts as ``BONUS_VALUE``.
    - Pay and discard: the least valuable card first (lowest value, then lowest price); anything that is not a card
      before cards.
    - Keep (``play.keep``): the most valuable card.
    - Roles: one that lets it acquire, else one for each ``play.benefit`` kind in order, else one that lets it keep
      or discard cards (found by choosing each role on a copy of the game and reading only the kind of its own
      first decision, never hidden cards), else a random one.
    - Benefits: whenever it may. The ``play.decline`` kinds are declined.
    - Any other choice among several actions (which benefit, where to place or move a piece, which of the content's
      fixed answers, kinds the hints do not name): each of at most ``trials`` of them (default ``TRIALS``; 0: a
      random choice, the bot's old and much cheaper way) is tried on a sample of the
      game its seat cannot tell from the real one (:meth:`boardrules.Game.resample`: it never reads hidden cards),
      and the rest of its own turn is played on by a quick policy (a benefit or acquisition whenever it may, else an
      action after which one is legal, else at random), at most ``HORIZON`` decisions. It prefers the action that
      raises its own score most against the best other seat, counting ``WORTH`` of a point for each benefit and
      acquisition taken on the way; on a tie, for fixed answers the one leading soonest to a decision worth having
      (as for roles), else at random with its own seeded generator.

    It reads roles from the actions, card values from ``rules.cards`` and everything else from the hints, so it
    plays any game written as content; in a game without hints it is a random bot that pays with cheap cards.
    """

    PAY_KINDS = ("pay",)            # the engine's own kinds: paying, discarding down, passing, choosing a role
    DISCARD_KINDS = ("discard",)
    ROLE_KIND = "choose_role"
    BONUS_VALUE = 4
    TRIALS = 24         # actions tried at one decision (a random subset beyond it), unless ``trials`` says
    HORIZON = 8         # decisions of its own turn played on after each trial
    WORTH = 0.5         # points a benefit or an acquisition taken in a trial counts for
    SETTINGS = {"trials": "count"}      # ``greedy:trials=0``: no trials, a random choice (several times faster)

    def __init__(self, seed, rules, trials: int | None = None):
        if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int) or trials < 0):
            raise ValueError(f"trials must be a whole number, 0 or more, got {trials!r}")
        self.seed = seed
        self.rules = rules
        self.rng = random.Random(seed)
        self.trials = self.TRIALS if trials is None else trials
        if rules is None:       # (a check of the settings alone: see bots.parse_bot)
            return
        hints = rules.model.play
        self.acquire, self.keep, self.benefit, self.decline = hints.acquire, hints.keep, hints.benefit, hints.decline
        # why take a role, best first: each entry is a set of action kinds its first decision may offer
        self.role_targets = (self.acquire, *((kind,) for kind in self.benefit), self.keep + self.DISCARD_KINDS)
        self.values = {}
        for card in rules.cards:
            value, price = _number(card.attrs.get(hints.value)), _number(card.attrs.get(hints.price))
            if value == 0 and any(isinstance(e, dict) and "score" in e for e in card.effects):
                value = self.BONUS_VALUE
            self.values[card.id] = (value, price)

    def __repr__(self):
        return f"GreedyBot({self.seed!r})"

    # ------------------------------------------------------------------ choosing
    def choose(self, game):
        actions = game.legal_actions()
        try:
            choice = self._choose(game, actions)
        except Exception:       # a game shape the heuristics do not understand: never crash, play at random
            choice = None
        return choice if choice is not None else self.rng.choice(actions)

    def _choose(self, game, actions):
        kinds = {a.kind for a in actions}
        real = [a for a in actions if a.kind != "pass"]
        passes = [a for a in actions if a.kind == "pass"]
        if not real:
            return None
        if kinds & set(self.acquire):
            return self._best_acquisition(game, [a for a in actions if a.kind in self.acquire])
        if self.ROLE_KIND in kinds:
            return self._best_role(game, [a for a in actions if a.kind == self.ROLE_KIND])
        if all(a.kind in self.PAY_KINDS + self.DISCARD_KINDS for a in real):
            return min(real, key=self._value)
        if all(a.kind in self.keep for a in real):
            return max(real, key=self._value)
        if all(a.kind in self.decline for a in real) and passes:
            return passes[0]
        if all(a.kind in self.benefit for a in real):
            return self._best_trial(game, real)     # a benefit whenever it may: the best of them
        return self._best_trial(game, actions)     # (passing is one of the answers tried)

    # ------------------------------------------------------------------ trying each action on a sample
    def _best_trial(self, game, actions):
        """The action whose trial (see the class notes) ends best for this bot."""
        if len(actions) == 1:
            return actions[0]
        if not self.trials:
            return self.rng.choice(actions)
        me = game.current_player
        tried = list(actions)
        if len(tried) > self.trials:
            tried = self.rng.sample(tried, self.trials)
        try:
            base = game.resample(me, self.rng.getrandbits(63))
        except Exception:       # (a game that cannot be sampled is tried as it is: its hidden cards never read)
            base = game
        start = _standing(base, me)
        answers = all(_is_answer(a) for a in tried)
        scored = []
        for a in tried:
            g = base.clone()
            try:
                value = self._trial(g, a, me) + _standing(g, me) - start
            except Exception:   # (an action the sample refuses: tried last)
                value = -math.inf
            rank = 0
            if answers:
                r = self._role_rank(base, a)
                rank = -(len(self.role_targets) if r is None else r)
            scored.append(((value, rank, self.rng.random()), a))
        return max(scored, key=lambda sa: sa[0])[1]

    def _trial(self, g, action, me) -> float:
        """Plays ``action`` on ``g`` and the rest of this bot's turn by the quick policy; the worth of the benefits
        and acquisitions taken."""
        worth = self.WORTH if action.kind in self.benefit or action.kind in self.acquire else 0.0
        g.apply(action)
        wanted = set(self.benefit) | set(self.acquire)
        for _ in range(self.HORIZON):
            if g.is_over or g.current_player != me:
                break
            acts = g.legal_actions()
            useful = [a for a in acts if a.kind in wanted]
            if useful:
                a = max(useful, key=self._value)
                worth += self.WORTH
            elif len(acts) > 1 and not any(a.kind in self.decline for a in acts):
                a = self._leads_to(g, acts, wanted)
            else:
                a = next((a for a in acts if a.kind == "pass"), acts[0])
            g.apply(a)
        return worth

    def _leads_to(self, g, acts, wanted):
        """One of ``acts`` after which an action of ``wanted`` kinds is legal, else one at random."""
        pool = acts if len(acts) <= self.TRIALS else self.rng.sample(acts, self.TRIALS)
        me = g.current_player
        for a in pool:
            if a.kind == "pass":
                continue
            c = g.clone()
            c.apply(a)
            if not c.is_over and c.current_player == me and any(b.kind in wanted for b in c.legal_actions()):
                return a
        return self.rng.choice(acts)

    def _value(self, action):
        """(value, price) of the card an action names; below every card for anything else."""
        card = action.args.get("card")
        if isinstance(card, str) and card in self.values:
            return self.values[card]
        return (-1, -1)

    def _best_acquisition(self, game, offers):
        best, best_key = None, None
        for a in offers:
            value, _ = self._value(a)
            spent = self._spent(game, a)
            per_card = value / spent if spent > 0 else value * 2.0
            key = (per_card, value)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _best_role(self, game, roles):
        ranked = []
        for a in roles:
            rank = self._role_rank(game, a)
            if rank is not None:
                ranked.append((rank, a))
        if ranked:
            return min(ranked, key=lambda ra: ra[0])[1]
        return self.rng.choice(roles)

    # ------------------------------------------------------------------ trying moves on a copy
    def _role_rank(self, game, action):
        """The index in ``role_targets`` of the first useful decision the role gives this bot, or None."""
        me = game.current_player
        g = game.clone()
        g.apply(action)
        for _ in range(12):
            if g.is_over or g.current_player != me:
                return None
            acts = g.legal_actions()
            kinds = {a.kind for a in acts}
            for rank, target in enumerate(self.role_targets):
                if kinds & set(target):
                    return rank
            if kinds & set(self.PAY_KINDS):
                return None
            g.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
        return None

    def _spent(self, game, action):
        """What acquiring by ``action`` takes from this bot: cards leaving its hidden zones plus counters (money)."""
        me = game.current_player
        before_cards, before_counters, held = _holdings(game, me)
        tableau_before = _tableau_size(game, me)
        g = game.clone()
        g.apply(action)
        for _ in range(40):
            if g.is_over or g.current_player != me or _tableau_size(g, me) > tableau_before:
                break
            acts = g.legal_actions()
            if all(a.kind in self.PAY_KINDS for a in acts):
                g.apply(min(acts, key=self._value))
            else:
                g.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
        after_cards, after_counters, _ = _holdings(g, me)
        spent = before_cards - after_cards - (1 if action.args.get("card") in held else 0)
        spent += sum(max(0, b - a) for b, a in zip(before_counters, after_counters))
        return max(spent, 0)


def _is_answer(action) -> bool:
    """An action that answers with one of the content's fixed words (not a card, not a number)."""
    return len(action.args) == 1 and isinstance(next(iter(action.args.values())), str) and "card" not in action.args


def _number(value) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _standing(game, seat) -> float:
    """The seat's score total less the best total of the other seats (its own total alone with one player)."""
    totals = [s["total"] for s in game.scores()]
    others = [t for i, t in enumerate(totals) if i != seat]
    return totals[seat] - (max(others) if others else 0)


def _card_id(entry):
    return entry if isinstance(entry, str) else entry["card"]


def _holdings(game, seat):
    """(cards in the seat's owner-only zones, the seat's counters, the ids of those cards), as the seat sees them."""
    d = game.rules.model
    seen = game.view(seat)
    cards = 0
    held = set()
    for z in d.zones:
        if z.scope == "player" and z.visibility == "owner":
            mine = seen["zones"][z.id][seat]
            cards += len(mine)
            held.update(_card_id(e) for e in mine)
    counters = [seen["counters"][c.id][seat] for c in d.counters if c.scope == "player"]
    return cards, counters, held


def _tableau_size(game, seat):
    seen = game.view(seat)["zones"]
    return sum(len(seen[z.id][seat]) for z in game.rules.model.zones if z.tableau and z.scope == "player")
