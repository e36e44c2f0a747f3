"""Positions for rule tests: set up a game from a readable description, then check what a player may do.

A house rule is proved the way the project's own rule tests prove the packaged games: set up the position the rule
talks about, look at the legal actions, apply one, look at the result. Nothing here knows a game: every id is read
from the rules' model, and a position is a new game whose JSON state (``Game.to_json()``) is rewritten and read back
with ``Rules.game_from_json(state, check_history=False)``, so it is checked like any saved state.

>>> from boardrules.testing import position, offered, act, decline, zone, counter
>>> game = position(rules, players=3, first=0,                                      # doctest: +SKIP
...                 zones={"stash": {0: ["gizmo", "gizmo", "widget"]}, "display": ["trinket"]},
...                 counters={"sparks": {0: 5}, "pool": 12, "bonus": {"mayhem": 1}},
...                 on={"gizmo": {"charge": 2}}, piles={"loaded": {"widget": ["trinket"]}})
>>> offered(game, "choose_role", "role")                                           # doctest: +SKIP
['mayhem', 'order']
>>> act(game, "choose_role", role="mayhem")                                        # doctest: +SKIP

Where the cards come from
    A card id stands for a copy of that card: the position picks a free one (an instance name such as
    ``"gizmo#3"`` picks that very copy). Free copies are those of the zones and piles the position rewrites, then
    those lying in the game's shared zones (the card's own starting zone first), never those in the box (the copies
    a game leaves out) nor those held in a player's zone the position does not rewrite. So every card stays in
    exactly one place. A card the position takes out of a rewritten zone goes back to the bottom of the shared zone
    its copies start in (or to the box, when that zone is itself rewritten or is a player's).

What the position is
    The game's first decision (usually the first choice of round 1, after the setup and the start of the round),
    with the zones, piles and counters named replaced. Everything not named stays as the setup left it. Cards
    placed in a player's zone work at once.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action
from .content.schemacheck import did_you_mean
from .errors import IllegalAction, StateError, UsageError

if TYPE_CHECKING:
    from .api.game import Game
    from .api.rules import Rules

__all__ = ["position", "offered", "act", "decline", "zone", "counter", "SEED_TRIES"]

#: How many seeds ``position(..., first=seat)`` tries, from ``seed`` on, for a game that starts with that seat.
SEED_TRIES = 200


# ---------------------------------------------------------------------- the model, read by id
def _type_of(name: str) -> str:
    return name.split("#", 1)[0]


def _copy_no(name: str) -> int:
    tail = name.rpartition("#")[2]
    return int(tail) if tail.isdigit() else 0


def _unknown(what: str, word: Any, known: Sequence[str], extra: str = "") -> UsageError:
    hint = did_you_mean(word, known)
    listed = ", ".join(sorted(known)[:20]) + (", ..." if len(known) > 20 else "")
    return UsageError(f"unknown {what} {word!r}{extra}" + (f" ({hint})" if hint else f" ({what}s: {listed or 'none'})"))


def _zone_def(model, zone_id):
    z = model.zone_index.get(zone_id) if isinstance(zone_id, str) else None
    if z is None:
        raise _unknown("zone", zone_id, [x.id for x in model.zones])
    return model.zones[z]


def _counter_def(model, counter_id):
    c = model.counter_index.get(counter_id) if isinstance(counter_id, str) else None
    if c is None:
        raise _unknown("counter", counter_id, [x.id for x in model.counters])
    return model.counters[c]


def _pile_def(model, pile_id):
    p = model.pile_index.get(pile_id) if isinstance(pile_id, str) else None
    if p is None:
        raise _unknown("pile", pile_id, [x.id for x in model.piles])
    return model.piles[p]


def _card_type(model, card: Any, where: str = "") -> str:
    """The card id of ``card`` (a card id or an instance name), or a UsageError naming it (and ``where`` it was)."""
    at = f"{where}: " if where else ""
    if not isinstance(card, str):
        raise UsageError(f"{at}a card is named by its id (a string), got {card!r}")
    if card in model.instance_index:
        return _type_of(card)
    if card in model.type_index:
        return card
    if "#" in card and _type_of(card) in model.type_index:
        t = model.types[model.type_index[_type_of(card)]]
        raise UsageError(f"{at}there is no card {card!r}: {t.id} has copies {t.id}#1 to {t.id}#{t.copies}")
    ids = [t.id for t in model.types]
    by_name = [t.id for t in model.types if t.en.lower() == card.lower()]
    if by_name:
        raise UsageError(f"{at}unknown card {card!r} (did you mean {by_name[0]!r}? cards are named by id, not by their "
                         "printed name)")
    raise _unknown("card", card, ids, f" in {where}" if where else "")


def _seat(seat: Any, players: int, where: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise UsageError(f"{where}: {seat!r} is not a seat of a {players}-player game (seats 0 to {players - 1})")
    return seat


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{where}: a count is a whole number, got {value!r}")
    return value


def _mapping(value: Any, where: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise UsageError(f"{where} is a mapping, got {type(value).__name__} {value!r:.60}")
    return value


def _card_list(value: Any, where: str) -> list:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise UsageError(f"{where} is a list of card ids, got {value!r:.60}")
    return list(value)


# ---------------------------------------------------------------------- where each card is, in a JSON state
class _Table:
    """The cards of a JSON state and where each lies, with the moves a position makes."""

    def __init__(self, model, d: dict):
        self.model, self.d = model, d
        self.players = d["players"]
        self.box = None if model.box is None else model.zones[model.box].id
        self.shared = [z.id for z in model.zones if z.scope == "shared" and z.id != self.box]
        self.free: dict[str, list[tuple[int, str]]] = {}     # card id -> (preference, instance), lowest first
        self.placed: list[str] = []                          # the instances this position put somewhere
        self.rewritten: set[str] = set()                     # the zones the position sets

    def where(self, name: str) -> str:
        """Where an instance lies, in words: "zone <zone> of seat 1", "the box", "pile <pile> on <host>"."""
        for zid, owners in self.d["zones"].items():
            for o, cards in enumerate(owners):
                if name in cards:
                    if zid == self.box:
                        return "the box (not in this game)"
                    return f"zone {zid}" + (f" of seat {o}" if len(owners) > 1 or self._player(zid) else "")
        for pid, hosts in self.d["piles"].items():
            for host, cards in hosts.items():
                if name in cards:
                    return f"pile {pid} on {host}"
        return "nowhere"

    def _player(self, zone_id: str) -> bool:
        return self.model.zones[self.model.zone_index[zone_id]].scope == "player"

    def release(self, names: list[str]) -> None:
        """Cards taken out of rewritten zones: free, to be placed again or sent back where their copies start.
        The piles lying on them come off with them."""
        for name in names:
            self._free(name, 0)
            for hosts in self.d["piles"].values():
                held = hosts.pop(name, None)
                if held:
                    self.release(held)

    def _free(self, name: str, rank: int) -> None:
        self.free.setdefault(_type_of(name), []).append((rank, name))

    def gather(self, rewritten: set[str]) -> None:
        """The copies lying in the shared zones the position keeps are free too, after the released ones: first
        those in the card's starting zone, then the others, lowest copy number first."""
        model = self.model
        self.rewritten = rewritten
        for zid in self.shared:
            if zid in rewritten:
                continue
            for name in self.d["zones"][zid][0]:
                start = model.instance_types[model.instance_index[name]].start
                self._free(name, 1 if model.zones[start].id == zid else 2)
        for choices in self.free.values():
            choices.sort(key=lambda rn: (rn[0], _copy_no(rn[1])))

    def take(self, card: str, where: str) -> str:
        """A free copy of ``card`` (an instance name: that copy), out of where it lay."""
        t = _card_type(self.model, card, where)
        choices = self.free.get(t, [])
        if card != t:
            pick = next((rn for rn in choices if rn[1] == card), None)
            if pick is None:
                raise UsageError(f"{where}: {card} is not free: it is in {self.where(card)}")
        elif not choices:
            copies = [n for n in self.model.instance_names if _type_of(n) == t]
            held = "; ".join(f"{n} in {self.where(n)}".replace(" in nowhere", " placed by this position")
                             for n in copies[:8])
            raise UsageError(f"{where}: no free copy of {t!r} left ({held}); a copy held in a zone this position "
                             "does not name is not free: name that zone too")
        else:
            pick = choices[0]
        choices.remove(pick)
        name = pick[1]
        if pick[0]:     # out of the shared zone it lay in
            for zid in self.shared:
                cards = self.d["zones"][zid][0]
                if name in cards:
                    cards.remove(name)
                    break
        self.placed.append(name)
        return name

    def put_back(self) -> None:
        """The released cards not placed again go to the bottom of their starting zone (or to the box)."""
        model = self.model
        for choices in self.free.values():
            for rank, name in choices:
                if rank:
                    continue
                start = model.zones[model.instance_types[model.instance_index[name]].start]
                if start.scope == "shared" and start.id not in self.rewritten and start.id != self.box:
                    self.d["zones"][start.id][0].insert(0, name)
                elif self.box is not None:
                    self.d["zones"][self.box][0].append(name)
                else:
                    raise UsageError(f"{name} was taken out of zone {start.id} and the game has no box to put it in: "
                                     "place it somewhere")

    def holder(self, card: Any, where: str) -> str:
        """The one copy ``card`` means as a holder (of a counter or a pile): an instance name is that copy; a card
        id is the copy this position placed, else the one a player holds, else the one outside the box."""
        t = _card_type(self.model, card, where)
        if card != t:
            if self.where(card) == "nowhere":
                raise UsageError(f"{where}: {card} is not placed")
            return card
        return _one_copy(self.model, self.d, t, self.placed, where)


def _one_copy(model, d: dict, card_id: str, placed: Sequence[str], where: str) -> str:
    """The copy of ``card_id`` a holder means: the one this position placed, else the one in a player's tableau,
    else the one a player holds, else the one in play (outside the box); several at the first of these that has
    any is a UsageError naming them."""
    box = None if model.box is None else model.zones[model.box].id
    located = {}        # instance -> (where, rank: 0 a tableau, 1 a player's other zone, 2 elsewhere in play)
    for zid, owners in d["zones"].items():
        if zid == box:
            continue
        z = model.zones[model.zone_index[zid]]
        for o, cards in enumerate(owners):
            for n in cards:
                if _type_of(n) == card_id:
                    located[n] = (f"zone {zid} of seat {o}" if z.scope == "player" else f"zone {zid}",
                                  0 if z.tableau else 1 if z.scope == "player" else 2)
    for pid, hosts in d["piles"].items():
        for host, cards in hosts.items():
            for n in cards:
                if _type_of(n) == card_id:
                    located[n] = (f"pile {pid} on {host}", 2)
    tiers = ([n for n in placed if n in located],
             *([n for n, (_, rank) in located.items() if rank <= top] for top in (0, 1, 2)))
    for pick in tiers:
        if len(pick) == 1:
            return pick[0]
        if pick:
            shown = "; ".join(f"{n} in {located[n][0]}" for n in pick[:8])
            raise UsageError(f"{where}: {card_id!r} names several copies ({shown}): name one, e.g. {pick[0]!r}")
    raise UsageError(f"{where}: no copy of {card_id!r} is in play")


# ---------------------------------------------------------------------- a position
def position(rules: "Rules", players: int, *, zones: Mapping[str, Any] | None = None,
             piles: Mapping[str, Any] | None = None, top: Mapping[str, Any] | None = None,
             counters: Mapping[str, Any] | None = None, on: Mapping[str, Any] | None = None,
             seed: int = 0, first: int | None = None, options: Mapping[str, Any] | None = None,
             preset: str | None = None) -> "Game":
    """A new game of ``rules`` at its first decision, with the cards and counts you name.

    :param zones: ``{zone id: cards}``. A player's zone takes ``{seat: [card id, ...]}``: the seats listed hold
        exactly those cards, the others none. A shared zone takes ``[card id, ...]``, bottom first: exactly those.
        A zone you do not name keeps what the setup put there.
    :param piles: ``{pile id: {holder: [card id, ...]}}``: cards lying on a card (bottom first); the pile is rewritten
        on every card. ``holder`` is a card id (the copy this position placed, else the one a player holds, else
        the one in play) or an instance name.
    :param top: ``{shared zone id: [card id, ...]}``: these cards go on top of that zone, the first listed on the very
        top (drawn first).
    :param counters: ``{counter id: value}``: a player's counter ``{seat: n}``, a role's ``{role id: n}``, the table's a
        plain number. Numbers are set as given: nothing is taken from another counter.
        A track's marker (a track is a counter) is set the same way: it has then reached its space (no threshold fires),
        and on an order track the markers named go on top of their spaces in the order given.
    :param on: ``{card: {counter id: n}}``: the counts held by a card (a counter of card scope), the card named as
        for ``piles``.
    :param seed: the game's seed (the shuffles of what the position does not set).
    :param first: a seat: the first seed from ``seed`` on (``SEED_TRIES`` of them) whose first decision is that seat's.
    :param options: option values, as :meth:`Rules.new_game` takes them; ``preset`` too.
    :raises UsageError: an unknown zone, pile, counter, card, role or seat (with the closest id as a hint), a card
        with no free copy left, a count of the wrong kind.
    :raises StateError: a position that is not a state of the game (a pile over its capacity, say): the state
        check's message.
    """
    from .api.rules import Rules

    if not isinstance(rules, Rules):
        raise UsageError(f"position() takes the Rules of a game (boardrules.load(...)), got {type(rules).__name__}")
    model = rules.model
    game = rules.new_game(players, seed=seed, options=options, preset=preset)
    if first is not None:
        _seat(first, players, "first")
        tries = 0
        while game.current_player != first:
            tries += 1
            if tries >= SEED_TRIES:
                raise UsageError(f"first={first}: no game of seeds {seed} to {seed + SEED_TRIES - 1} starts with seat "
                                 f"{first}'s decision")
            game = rules.new_game(players, seed=seed + tries, options=options, preset=preset)
    d = copy.deepcopy(game.to_json())
    d.pop("shelves", None)      # the cards of a container a position sets lie on no shelf (model/containers.py)
    table = _Table(model, d)
    zones = dict(_mapping(zones or {}, "zones"))
    piles = dict(_mapping(piles or {}, "piles"))
    top = dict(_mapping(top or {}, "top"))

    # 1. what the named zones and piles held is free again
    rewritten = set()
    released = []
    for zid in zones:
        z = _zone_def(model, zid)
        if z.id == table.box:
            raise UsageError("zones: the box holds the copies a game leaves out; it is not set by a position")
        rewritten.add(z.id)
        for cards in d["zones"][z.id]:
            released += cards
            cards.clear()
    for zid in top:
        z = _zone_def(model, zid)
        if z.scope != "shared" or z.id == table.box:
            raise UsageError(f"top: {z.id} is not a shared zone (a pile to draw from)")
    pile_ids = [_pile_def(model, pid).id for pid in piles]
    for pid in pile_ids:
        for held in d["piles"][pid].values():
            released += held
        d["piles"][pid] = {}
    table.release(released)
    table.gather(rewritten)

    # 2. the cards named, in the order given
    for zid, spec in zones.items():
        if model.zones[model.zone_index[zid]].scope == "player":
            for seat, cards in _mapping(spec, f"zones[{zid!r}] (a player's zone: {{seat: [card id, ...]}})").items():
                seat = _seat(seat, players, f"zones[{zid!r}]")
                d["zones"][zid][seat] = [table.take(c, f"zones[{zid!r}][{seat}]")
                                         for c in _card_list(cards, f"zones[{zid!r}][{seat}]")]
        else:
            if isinstance(spec, Mapping):
                raise UsageError(f"zones[{zid!r}]: {zid} is a shared zone: give a list of card ids, not seats")
            d["zones"][zid][0] = [table.take(c, f"zones[{zid!r}]") for c in _card_list(spec, f"zones[{zid!r}]")]
    for zid, cards in top.items():
        taken = [table.take(c, f"top[{zid!r}]") for c in _card_list(cards, f"top[{zid!r}]")]
        d["zones"][zid][0].extend(reversed(taken))
    pending_piles = []
    for pid, hosts in zip(pile_ids, piles.values()):
        for host, cards in _mapping(hosts, f"piles[{pid!r}]").items():
            pending_piles.append((pid, host, [table.take(c, f"piles[{pid!r}][{host!r}]")
                                              for c in _card_list(cards, f"piles[{pid!r}][{host!r}]")]))
    table.put_back()
    for pid, host, cards in pending_piles:
        name = table.holder(host, f"piles[{pid!r}]")
        if name in cards:
            raise UsageError(f"piles[{pid!r}]: {name} cannot lie on itself")
        d["piles"][pid].setdefault(name, []).extend(cards)
    d["fresh"] = [[seat, c] for seat, c in d["fresh"] if c not in table.placed]
    for c in model.counters:        # a card placed has moved: what it counted only where it lay is gone
        if c.reset == "move":
            for name in table.placed:
                d["counters"][c.id][model.instance_index[name]] = 0

    # 3. the counts
    for cid, value in _mapping(counters or {}, "counters").items():
        c = _counter_def(model, cid)
        row = d["counters"][c.id]
        where = f"counters[{c.id!r}]"
        if c.scope == "shared":
            row[0] = _count(value, where)
        elif c.scope == "player":
            for seat, n in _mapping(value, f"{where} (a player's counter: {{seat: n}})").items():
                row[_seat(seat, players, where)] = _count(n, f"{where}[{seat}]")
        elif c.scope == "role":
            for role, n in _mapping(value, f"{where} (a role's counter: {{role id: n}})").items():
                r = model.role_index.get(role) if isinstance(role, str) else None
                if r is None:
                    raise _unknown("role", role, [x.id for x in model.roles], f" in {where}")
                row[r] = _count(n, f"{where}[{role!r}]")
        else:
            raise UsageError(f"{where}: {c.id} is held by cards: give it with on={{card: {{{c.id!r}: n}}}}")
    for t in model.tracks:      # a marker set on a track has reached its space; on an order track it goes on top
        if t.id in (counters or {}):
            entry = d["tracks"][t.id]
            entry["high"] = [max(h, p) for h, p in zip(entry["high"], d["counters"][t.id])]
            if t.order:
                for seat in counters[t.id]:     # (in the order given: the last named is on top)
                    entry["stack"].remove(_seat(seat, players, f"counters[{t.id!r}]"))
                    entry["stack"].append(_seat(seat, players, f"counters[{t.id!r}]"))
    for card, held in _mapping(on or {}, "on").items():
        counts = []
        for cid, n in _mapping(held, f"on[{card!r}] ({{counter id: n}})").items():
            c = _counter_def(model, cid)
            if c.scope != "card":
                raise UsageError(f"on[{card!r}]: {c.id} is not held by cards (it is a {c.scope} counter: give it "
                                 "with counters=)")
            counts.append((c.id, _count(n, f"on[{card!r}][{c.id!r}]")))
        name = table.holder(card, f"on[{card!r}]")
        for cid, n in counts:
            d["counters"][cid][model.instance_index[name]] = n

    try:
        return rules.game_from_json(d, check_history=False)
    except StateError as exc:
        raise StateError(f"this position is not a state of {rules.id}: {exc}") from None


# ---------------------------------------------------------------------- reading and playing a game
def offered(game: "Game", kind: str, arg: str) -> list[Any]:
    """The values of argument ``arg`` among the legal actions of kind ``kind``, each once, sorted (values that
    cannot be sorted keep the order of the legal actions). ``offered(game, "take", "card")`` lists the cards a
    ``take`` may name; an empty list when no such action is legal."""
    values: list[Any] = []
    for a in game.legal_actions():
        if a.kind == kind and arg in a.args:
            v = a.args[arg]
            if v not in values:
                values.append(v)
    try:
        return sorted(values)
    except TypeError:
        return values


def _legal(game: "Game") -> str:
    return "; ".join(f"{a.kind} {a.args}" for a in game.legal_actions()[:20]) or "nothing (the game is over)"


def act(game: "Game", kind: str, /, **args: Any) -> Action:
    """Applies the one legal action of kind ``kind`` whose arguments include ``args`` (name only what matters:
    ``act(game, "take", card="gizmo")``), or the action with exactly these arguments. Returns the action applied.

    :raises IllegalAction: no legal action matches; the message lists what is legal.
    :raises UsageError: several match; the message lists them.
    """
    acts = [a for a in game.legal_actions() if a.kind == kind]
    matches = [a for a in acts if all(k in a.args and a.args[k] == v for k, v in args.items())]
    exact = [a for a in matches if a.args == args]
    if exact or len(matches) == 1:
        chosen = (exact or matches)[0]
        game.apply(chosen)
        return chosen
    who = f"seat {game.current_player}"
    if not matches:
        asked = f"{kind} {args}" if args else kind
        raise IllegalAction(f"{asked} is not legal now; {who} may: {_legal(game)}")
    raise UsageError(f"{len(matches)} legal actions of {kind} match {args}: "
                     + "; ".join(str(a.args) for a in matches[:12]) + ": name more arguments")


def decline(game: "Game") -> Action:
    """Declines the pending decision (applies its ``pass`` action). Returns the action applied.

    :raises IllegalAction: the decision cannot be declined; the message lists what is legal."""
    passes = [a for a in game.legal_actions() if a.kind == "pass"]
    if not passes:
        raise IllegalAction(f"seat {game.current_player} cannot decline this decision; legal: {_legal(game)}")
    game.apply(passes[0])
    return passes[0]


def zone(game: "Game", zone_id: str, seat: int | None = None) -> list[str]:
    """The card ids in a zone, in the zone's order (the bottom first, the top last: sort them to compare as a set).
    A player's zone needs the ``seat``; a shared zone takes none."""
    model = game.rules.model
    z = _zone_def(model, zone_id)
    if z.scope == "player":
        if seat is None:
            raise UsageError(f"zone {z.id} is a player's zone: give the seat")
        i = _seat(seat, game.players, f"zone {z.id}")
    else:
        if seat is not None:
            raise UsageError(f"zone {z.id} is a shared zone: give no seat")
        i = 0
    return [_type_of(c) for c in game.to_json()["zones"][z.id][i]]


def counter(game: "Game", counter_id: str, holder: Any = None) -> int:
    """A counter's value: a player's by seat, a role's by role id, a card's by card (a card id: the copy a player
    holds, else the one in play; or an instance name), the table's with no holder."""
    model = game.rules.model
    c = _counter_def(model, counter_id)
    d = game.to_json()
    row = d["counters"][c.id]
    if c.scope == "shared":
        if holder is not None:
            raise UsageError(f"{c.id} is the table's counter: give no holder")
        return row[0]
    if c.scope == "player":
        return row[_seat(holder, game.players, c.id)]
    if c.scope == "role":
        r = model.role_index.get(holder) if isinstance(holder, str) else None
        if r is None:
            raise _unknown("role", holder, [x.id for x in model.roles], f" for {c.id}")
        return row[r]
    t = _card_type(model, holder)
    name = holder if holder != t else _one_copy(model, d, t, (), c.id)
    return row[model.instance_index[name]]
