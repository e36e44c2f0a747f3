"""Observations per seat, made from ``game.view(seat)`` and nothing else: a string (the view as canonical JSON, an
information-state key) and a flat numeric vector whose layout is derived from the content.

The vector's slices, in order (seats are counted from the observer: ``seat+0`` is the observer, ``seat+1`` the
next seat in seat order, and so on; a spectator counts from seat 0):

- ``round``, ``over`` (0 or 1), ``start_player``, ``current_player``, ``chooser`` (one-hot per seat, all 0 for
  none), ``role`` (one-hot per role, all 0 for none), ``roles_used`` (1 per role used this round);
- per zone, per holder (the table, or each seat for a zone of each player): ``.../count``, the cards in it, and
  ``.../cards``, how many of each card type, where the observer may see them (all 0 where the zone is hidden from
  the observer); then per pile: ``.../pile/<pile>/count``, the cards lying on the zone's cards, and, for a pile
  that is public, ``.../pile/<pile>/cards`` per card type;
- per counter: one value for the table, one per seat, per role or per card copy (``<card id>#<copy>``); a value
  the view hides (another seat's counter that its owner alone sees) is ``-1`` (``HIDDEN``: counts are never
  below 0);
- per track: ``track/<track>/high``, the highest space each holder's marker reached (the marker's space itself is
  the counter of the same id); on an order track ``track/<track>/rank``, each seat's place in its turn order (0
  plays first: the furthest marker, the top of a stack first);
- per board laid at this player count (the layout fixes its size): ``board/<board>/rotation``, each tile slot's
  rotation (0 to 3 quarter turns); ``board/<board>/marker/<seat>`` and ``board/<board>/covered/<seat>``, 1 per
  cell (row by row, labelled ``r<row>c<column>``) holding that seat's marker or covered by its laid piece; and
  ``board/<board>/pieces/<seat>``, how many of that seat's pieces stand on each node (the cells, then the border
  nodes ``edge<k>``);
- ``you_act`` (1 when the observer has the pending decision) and ``pending`` (1 per decision kind among the
  observer's legal actions);
- at the end: ``score`` per seat and ``winner`` (1 per winning seat).

Hidden things enter only as the view gives them: a hidden zone by its count, a hidden pile by its size, a hidden
counter's value as ``HIDDEN`` (-1, the low bound of such a counter's slice).

**Bounds.** Every number has a least and a greatest value, read off the content (``low`` and ``high``, per number
and per slice of the layout): 0 and 1 for the one-hot and on/off slices; the copies of a card type for its slot in a
``cards`` slice; every card copy of the content for a ``count``; for ``round`` the most rounds content may declare
(``MAX_LOOP``: a game ends at its ``rounds`` limit); for a counter (never below 0) its capacity where the content
fixes one (a number, or a card attribute read per copy; at least 1), else the largest number the engine holds
(``MAX_NUMBER``); scores between minus and plus that number; a track's highest space its length, a rank the
player count less one, a rotation 3, a node's pieces the pieces a seat has.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..actions import short
from ..limits import MAX_LOOP, MAX_NUMBER
from ..api.game import Game
from ..api.rules import Rules
from ..errors import UsageError
from .space import decision_kinds


#: a counter's value the view hides, in the vector (a count is never below 0)
HIDDEN = -1.0


class Observer:
    """Observations of the games of one ruleset, player count and options (``Observer.of(game)`` for a game's).

    - :meth:`string` ``(game, seat)``: the view as canonical JSON (the same view, the same string);
    - :meth:`vector` ``(game, seat)``: a list of :attr:`size` floats, laid out as :attr:`layout` says;
    - :meth:`from_view` ``(view)``: the vector of a view you already hold (``vector`` is ``from_view(game.view(seat))``).

    :attr:`layout` lists the slices as dicts: ``name``, ``start``, ``stop``, ``labels`` (what each number of
    the slice is: a seat, a card or role id, a card copy, a decision kind; ``None`` for a single number), and
    ``low`` and ``high``, the bounds of its numbers (one number, or a list for a slice with labels). :attr:`low` and
    :attr:`high` are the same bounds as two lists of :attr:`size` floats (a Gymnasium ``Box``'s).
    """

    def __init__(self, rules: Rules, players: int, options: Mapping[str, Any] | None = None,
                 preset: str | None = None) -> None:
        if not isinstance(rules, Rules):
            raise UsageError(f"Observer needs the Rules of a game (boardrules.load), got {short(rules)}")
        self.options = rules.check_options(options, players, preset)
        self.rules, self.players = rules, players
        m = rules.model
        self.name = f"{m.id}-{players}p"
        self._model = m
        self._types = [t.id for t in m.types]
        self._type_at = {t: i for i, t in enumerate(self._types)}
        self._roles = [r.id for r in m.roles]
        self._role_at = {r: i for i, r in enumerate(self._roles)}
        self._kinds = decision_kinds(m)
        self._kind_at = {k: i for i, k in enumerate(self._kinds)}
        seats = [f"seat+{k}" for k in range(players)]
        layout: list[dict] = []
        self.layout = layout
        #: the least and greatest value of each number (see the module's notes)
        self.low: list[float] = []
        self.high: list[float] = []
        at = 0

        def part(name, labels=None, high=1, low=0):
            """A slice; ``high`` and ``low``: one bound for all its numbers, or a list of one per label."""
            nonlocal at
            n = 1 if labels is None else len(labels)
            if n == 0:          # nothing to say (the roles of a game without roles): no slice
                return at
            highs = list(high) if isinstance(high, list) else [high] * n
            lows = list(low) if isinstance(low, list) else [low] * n
            layout.append({"name": name, "start": at, "stop": at + n, "labels": labels,
                           "low": lows[0] if labels is None else lows, "high": highs[0] if labels is None else highs})
            self.low += [float(x) for x in lows]
            self.high += [float(x) for x in highs]
            at += n
            return at - n

        copies = Counter(t.id for t in m.instance_types)
        per_type = [copies[t] for t in self._types]        # a cards slice: at most every copy of the type
        every = len(m.instance_types)                       # a count: at most every card copy of the content
        self._top = {name: part(name, labels, high) for name, labels, high in (
            ("round", None, MAX_LOOP), ("over", None, 1), ("start_player", seats, 1), ("current_player", seats, 1),
            ("chooser", seats, 1), ("role", self._roles, 1), ("roles_used", self._roles, 1))}
        self._zones = []      # (zone id, shared, [(count at, cards at, {pile id: (count at, cards at or None)})])
        for z in m.zones:
            holders = [z.id] if z.scope == "shared" else [f"{z.id}/{s}" for s in seats]
            places = []
            for h in holders:
                count = part(f"zone/{h}/count", None, every)
                cards = part(f"zone/{h}/cards", list(self._types), per_type)
                piles = {}
                for p in m.piles:
                    piles[p.id] = (part(f"zone/{h}/pile/{p.id}/count", None, every),
                                   part(f"zone/{h}/pile/{p.id}/cards", list(self._types), per_type)
                                   if p.visibility == "public" else None)
                places.append((count, cards, piles))
            self._zones.append((z.id, z.scope == "shared", places))
        self._counters = []
        for c in m.counters:
            labels = {"shared": None, "player": seats, "role": list(self._roles),
                      "card": list(m.instance_names)}[c.scope]
            hidden = getattr(c, "visibility", "public") != "public"     # another seat's value reads HIDDEN
            self._counters.append((c.id, c.scope, part(f"counter/{c.id}", labels, _counter_high(c, labels),
                                                      HIDDEN if hidden else 0)))
        self._tracks = []     # (track id, per seat, high at, rank at or None)
        for t in m.tracks:
            per_seat = t.scope == "player"
            high = part(f"track/{t.id}/high", seats if per_seat else None, max(1, t.length))
            rank = part(f"track/{t.id}/rank", seats, max(1, players - 1)) if t.order else None
            self._tracks.append((t.id, per_seat, high, rank))
        self._boards = []     # (board id, rotations at, node at {name: index}, cells, [markers at], [covered at],
        #                        [pieces at] (per seat counted from the observer; [] when no pieces))
        for bid, b in m.boards.items():
            laid = b.layout(players)
            if laid is None or not b.tiles:      # no layout for this player count: the board is never laid
                continue
            slots, columns = laid
            n = len(next(iter(b.tiles.values())))
            rows = len(slots) // columns
            width, height = columns * n, rows * n
            cells = [f"r{r + 1}c{c + 1}" for r in range(height) for c in range(width)]
            nodes = cells + ([f"edge{k + 1}" for k in range(2 * (rows + columns))] if b.border else [])
            rotations = part(f"board/{bid}/rotation", [f"slot{k + 1}" for k in range(len(slots))], 3)
            markers = [part(f"board/{bid}/marker/{s}", list(cells)) for s in seats]
            covered = [part(f"board/{bid}/covered/{s}", list(cells)) for s in seats]
            most = b.pieces[0] if b.pieces else 0
            pieces = [part(f"board/{bid}/pieces/{s}", list(nodes), max(1, most)) for s in seats] if most else []
            self._boards.append((bid, rotations, {name: i for i, name in enumerate(nodes)}, len(cells), markers,
                                 covered, pieces))
        self._you_act = part("you_act")
        self._pending = part("pending", list(self._kinds))
        self._score = part("score", seats, MAX_NUMBER, -MAX_NUMBER)
        self._winner = part("winner", seats)
        self.size: int = at

    @classmethod
    def of(cls, game: Game) -> "Observer":
        """The observer of ``game``'s ruleset, player count and options."""
        if not isinstance(game, Game):
            raise UsageError(f"Observer.of needs a Game, got {short(game)}")
        return cls(game.rules, game.players, game.options)

    def __repr__(self) -> str:
        return f"<Observer {self.name}: {self.size} numbers>"

    def _view(self, game: Game, seat: int | None) -> dict:
        if not isinstance(game, Game):
            raise UsageError(f"expected a Game, got {short(game)}")
        if game.players != self.players or (game.rules.model is not self._model
                                            and game.rules.digest != self.rules.digest):
            raise UsageError(f"this game ({game.rules.id}, {game.players} players) is not of the observer "
                             f"{self.name}")
        return game.view(seat)

    def string(self, game: Game, seat: int | None) -> str:
        """What ``seat`` sees, as canonical JSON (keys sorted, compact separators)."""
        return json.dumps(self._view(game, seat), sort_keys=True, separators=(",", ":"))

    def vector(self, game: Game, seat: int | None) -> list[float]:
        """What ``seat`` sees, as :attr:`size` numbers laid out as :attr:`layout` says."""
        return self.from_view(self._view(game, seat))

    def slices(self, vector: list[float]) -> dict[str, Any]:
        """A vector cut into its named slices (name -> a number, or a dict of label -> number), for reading."""
        out = {}
        for s in self.layout:
            part = vector[s["start"]:s["stop"]]
            out[s["name"]] = part[0] if s["labels"] is None else dict(zip(s["labels"], part))
        return out

    def from_view(self, view: Mapping[str, Any]) -> list[float]:
        """The vector of a view (``game.view(seat)``) of this ruleset's games."""
        try:
            return self._encode(view)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise UsageError(f"not a view of a {self.players}-player game of {self.rules.id}: "
                             f"{type(exc).__name__} {short(exc)}") from None

    def _encode(self, view) -> list[float]:
        v = [0.0] * self.size
        n = self.players
        you = view["you"] or 0

        def rel(seat):
            return (seat - you) % n

        top = self._top
        v[top["round"]] = float(view["round"])
        v[top["over"]] = 1.0 if view["over"] else 0.0
        for name in ("start_player", "current_player", "chooser"):
            if view[name] is not None:
                v[top[name] + rel(view[name])] = 1.0
        if view["role"] is not None:
            v[top["role"] + self._role_at[view["role"]]] = 1.0
        for r in view["roles_used"]:
            v[top["roles_used"] + self._role_at[r]] = 1.0
        type_at = self._type_at
        zones = view["zones"]
        for zid, shared, places in self._zones:
            held = [zones[zid]] if shared else [zones[zid][(you + k) % n] for k in range(n)]
            for cards, (count_at, cards_at, piles) in zip(held, places):
                if isinstance(cards, Mapping):          # hidden: its count alone (a face-up stack: and its top card)
                    v[count_at] = float(cards["count"])
                    if cards.get("top") is not None:
                        v[cards_at + type_at[cards["top"]]] += 1.0
                    continue
                v[count_at] = float(len(cards))
                for c in cards:
                    if isinstance(c, str):
                        v[cards_at + type_at[c]] += 1.0
                        continue
                    v[cards_at + type_at[c["card"]]] += 1.0
                    for pid, under in c.get("piles", {}).items():
                        pcount, pcards = piles[pid]
                        if isinstance(under, list):
                            v[pcount] += len(under)
                            for u in under:
                                v[pcards + type_at[u]] += 1.0
                        else:
                            v[pcount] += float(under)
        counters = view["counters"]
        for cid, scope, at in self._counters:
            values = counters[cid]
            if scope == "player":
                values = [values[(you + k) % n] for k in range(n)]
            for i, x in enumerate(values):
                v[at + i] = HIDDEN if x is None else float(x)
        for tid, per_seat, high_at, rank_at in self._tracks:
            entry = view["tracks"][tid]
            high = entry["high"]
            if per_seat:
                high = [high[(you + k) % n] for k in range(n)]
            for i, x in enumerate(high):
                v[high_at + i] = float(x)
            if rank_at is not None:         # turn order: the furthest first, the top of a stack first
                space = counters[tid]
                arrival = {seat: i for i, seat in enumerate(entry["stack"])}
                order = sorted(range(n), key=lambda s: (-(space[s] or 0), -arrival[s]))
                for r, seat in enumerate(order):
                    v[rank_at + rel(seat)] = float(r)
        for bid, rot_at, node_at, cells, markers_at, covered_at, pieces_at in self._boards:
            board = view["boards"].get(bid)
            if board is None:               # not laid yet
                continue
            for k, (_, degrees) in enumerate(board["slots"]):
                v[rot_at + k] = float(degrees // 90)
            for i, o in enumerate(board["markers"]):
                if o is not None:
                    v[markers_at[rel(o)] + i] = 1.0
            for i, o in enumerate(board["covered"]):
                if o is not None:
                    v[covered_at[rel(o)] + i] = 1.0
            if pieces_at:
                for seat, mine in enumerate(board["pieces"]):
                    at = pieces_at[rel(seat)]
                    for name in mine:
                        v[at + node_at[name]] += 1.0
        if view["you"] is not None and view["current_player"] == view["you"]:
            v[self._you_act] = 1.0
            for a in view.get("legal_actions", ()):
                v[self._pending + self._kind_at[a["kind"]]] = 1.0
        for s in view.get("scores", ()):
            v[self._score + rel(s["seat"])] = float(s["total"])
        for w in view.get("winners", ()):
            v[self._winner + rel(w)] = 1.0
        return v


def _counter_high(c, labels) -> Any:
    """The greatest value of a counter: its capacity where the content fixes one (a card attribute, per copy; or a
    whole number), at least 1 (a bound equal to the least one is a degenerate box), else the largest number a game
    holds."""
    if c.capacity_table is not None and labels is not None and len(c.capacity_table) == len(labels):
        return [max(1, min(int(x), MAX_NUMBER)) for x in c.capacity_table]
    text = str(c.capacity_text or "").strip()
    if c.capacity is not None and text.isdigit():
        return max(1, min(int(text), MAX_NUMBER))
    return MAX_NUMBER
