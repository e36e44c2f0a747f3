"""A fixed integer action space for a ruleset, a player count and options, and the legal mask of any state.

The space is read off the compiled model, never written per game: every step that asks a question (a choice of a
card, of one of fixed answers or of a number, a pick, a payment, a discard, the choice of a role, a distribution) is
one decision kind with its argument names, and each argument ranges over a domain of the content: the card types
(each with as many places as the game has copies of it), the fixed answers, the roles, the numbers between constant
bounds, or, for ``pass``, the kinds of decision that may be declined.

An action's scalar arguments (text and numbers) pick its place; arguments that are dicts or lists (the pile sizes
and counts that tell two copies of one card type apart) do not: the actions of one state that share their scalar
arguments take that entry's places in the order of those qualifiers. So two legal actions never share an index,
and the index of an action depends only on the state's legal actions, not on the game's history.
"""
from __future__ import annotations

import bisect
import hashlib
import json
import operator
from collections import Counter
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..actions import Action, short
from ..api.game import Game
from ..api.rules import Rules
from ..errors import IllegalAction, RulesError, UsageError
from ..limits import MAX_ANSWERS, MAX_SPACE_VALUES
from ..model import flow as F
from ..model import nodes as N

#: bumped when the way a space is laid out changes (it is part of every space's name)
LAYOUT_VERSION = 1

_SCALARS = (str, int, float, bool, type(None))


class Entry(NamedTuple):
    """One decision kind and the argument names its actions share, with the values those arguments range over.

    - ``kind``: the action kind (``choose_role``, ``pass``, ``pay``, ``discard`` or a kind the content's steps name);
    - ``args``: the names of its scalar arguments, sorted;
    - ``values``: each possible value of those arguments, a tuple in the order of ``args``;
    - ``slots``: per value, how many indexes it has (more than one for a card that several copies with different
      piles or counts can offer at once);
    - ``offset``: the first index of the entry; ``size``: how many indexes it has.
    """
    kind: str
    args: tuple
    values: tuple
    slots: tuple
    offset: int
    size: int

    def to_json(self) -> dict[str, Any]:
        """The entry as JSON (for a user's own records of the layout)."""
        return {"kind": self.kind, "args": list(self.args), "offset": self.offset, "size": self.size,
                "values": [{"args": dict(zip(self.args, v)), "slots": s} for v, s in zip(self.values, self.slots)]}


class _Probe:
    """Just enough of a game to work out a bound that depends on the player count and the options only."""

    def __init__(self, players: int, options: dict) -> None:
        self.players, self.options = players, options


class ActionSpace:
    """The integer action space of a ruleset for a player count and options.

    ``ActionSpace(rules, players, options)`` (or :meth:`of` a game) lays it out from the compiled content:
    :attr:`size` indexes, :attr:`entries` say which index is which, :attr:`name` names it by a hash of the content,
    the player count, the options and the layout (the same in every run; another when the content changes).

    For a game of this ruleset: :meth:`indices` gives the index of each legal action, :meth:`mask` one 0/1 byte per
    index, :meth:`action` the legal action of an index and :meth:`apply` plays it. An index outside the space or not
    legal now raises :class:`~boardrules.IllegalAction` and changes nothing. Content whose decisions cannot be
    enumerated (a number chosen between bounds that depend on the state) is refused with a UsageError naming the
    decision.
    """

    def __init__(self, rules: Rules, players: int, options: Mapping[str, Any] | None = None,
                 preset: str | None = None) -> None:
        if not isinstance(rules, Rules):
            raise UsageError(f"ActionSpace needs the Rules of a game (boardrules.load), got {short(rules)}")
        self.options = rules.check_options(options, players, preset)
        self.players = players
        self.rules = rules
        self._model = rules.model
        domains = _domains(self._model, players, self.options)
        entries, where, offset = [], {}, 0
        for (kind, names) in sorted(domains):
            values = domains[(kind, names)]
            start = offset
            for value, slots in values.items():
                where[(kind, names, value)] = (offset, slots)
                offset += slots
            entries.append(Entry(kind, names, tuple(values), tuple(values.values()), start, offset - start))
        self.entries: list[Entry] = entries
        self.size: int = offset
        self._where = where
        self._starts = [e.offset for e in entries]
        self._split: dict = {}      # Action -> (its entry's place, the qualifiers' text): the same for every state
        self._factored = None
        layout = [e.to_json() for e in entries]
        text = json.dumps({"version": LAYOUT_VERSION, "content": self._model.raw.get("content"),
                           "players": players, "options": self.options, "layout": layout},
                          sort_keys=True, separators=(",", ":"), default=str)
        self.name: str = f"{self._model.id}-{players}p-{hashlib.sha256(text.encode()).hexdigest()[:16]}"

    @classmethod
    def of(cls, game: Game) -> "ActionSpace":
        """The space of ``game``'s ruleset, player count and options."""
        if not isinstance(game, Game):
            raise UsageError(f"ActionSpace.of needs a Game, got {short(game)}")
        return cls(game.rules, game.players, game.options)

    def __repr__(self) -> str:
        return f"<ActionSpace {self.name}: {self.size} actions>"

    def __len__(self) -> int:
        return self.size

    # ------------------------------------------------------------------ a state's legal actions
    def _check(self, game) -> None:
        if not isinstance(game, Game):
            raise UsageError(f"expected a Game, got {short(game)}")
        if game.players != self.players or (game.rules.model is not self._model
                                            and game.rules.digest != self.rules.digest):
            raise UsageError(f"this game ({game.rules.id}, {game.players} players) is not of the action space "
                             f"{self.name}")

    def _place(self, action: Action) -> tuple:
        got = self._split.get(action)
        if got is None:
            args = action.args
            names = tuple(sorted(k for k, v in args.items() if isinstance(v, _SCALARS)))
            key = (action.kind, names, tuple(args[k] for k in names))
            place = self._where.get(key)
            if place is None:
                raise RulesError(f"the action '{action}' ({action.to_json()}) has no index in the action space "
                                 f"{self.name}: the space does not know the step that offers it")
            rest = {k: v for k, v in args.items() if k not in names}
            got = self._split[action] = (place, json.dumps(rest, sort_keys=True) if rest else "")
        return got

    def indices(self, game: Game) -> list[int]:
        """The index of each of ``game.legal_actions()``, in the same order (empty when the game is over)."""
        self._check(game)
        actions = game.legal_actions()
        out = [0] * len(actions)
        groups: dict = {}
        for i, a in enumerate(actions):
            (base, slots), qualifier = self._place(a)
            if slots == 1 and qualifier == "":
                if base in groups:
                    raise RulesError(f"two legal actions share the index {base} of {self.name}: "
                                     f"'{actions[groups[base][0][1]]}' and '{a}'")
                groups[base] = [(qualifier, i)]
                out[i] = base
            else:
                groups.setdefault(base, []).append((qualifier, i))
        for base, members in groups.items():
            if len(members) == 1:
                out[members[0][1]] = base
                continue
            (_, slots), _ = self._place(actions[members[0][1]])
            if len(members) > slots:
                raise RulesError(f"{len(members)} legal actions share an entry of {self.name} that has {slots} "
                                 f"places: {', '.join(repr(str(actions[i])) for _, i in members)}")
            for rank, (_, i) in enumerate(sorted(members)):
                out[i] = base + rank
        return out

    def mask(self, game: Game) -> bytearray:
        """One byte per index of the space: 1 where the index is a legal action of ``game`` now, else 0 (all 0 when
        the game is over). ``list(mask)`` gives a list of ints; ``numpy.frombuffer(mask, dtype=numpy.uint8)`` an
        array without a copy."""
        out = bytearray(self.size)
        for i in self.indices(game):
            out[i] = 1
        return out

    def index(self, game: Game, action: Action | Mapping[str, Any]) -> int:
        """The index of one of ``game``'s legal actions (an Action or its JSON); IllegalAction if it is not legal now."""
        self._check(game)
        try:
            key = Action.key_of(action)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        for a, i in zip(game.legal_actions(), self.indices(game)):
            if a._key == key:
                return i
        raise IllegalAction(f"{short(action)} is not a legal action now")

    def action(self, game: Game, index: int) -> Action:
        """The legal action of ``game`` at ``index``; IllegalAction if the index is outside the space or not legal
        now (the game is not changed)."""
        self._check(game)
        index = _whole(index)
        if not 0 <= index < self.size:
            raise IllegalAction(f"the index {short(index)} is outside the action space {self.name} "
                                f"(0 to {self.size - 1})")
        for a, i in zip(game.legal_actions(), self.indices(game)):
            if i == index:
                return a
        raise IllegalAction(f"the index {index} ({self.describe(index)}) is not legal now")

    def apply(self, game: Game, index: int) -> Action:
        """Plays the legal action at ``index`` in ``game`` and returns it (IllegalAction, game unchanged, if it is
        not legal now)."""
        a = self.action(game, index)
        game.apply(a)
        return a

    def factored(self):
        """The same space as a few heads per action (entry, each argument, slot): see
        :class:`boardrules.ai.factored.Factored`. Made once per space."""
        if self._factored is None:
            from .factored import Factored

            self._factored = Factored(self)
        return self._factored

    # ------------------------------------------------------------------ reading the layout
    def entry(self, index: int) -> tuple[Entry, dict[str, Any], int]:
        """What ``index`` stands for: its entry, its scalar arguments, and its slot among the actions with those
        arguments (0 for the first; more only where copies of a card with different piles or counts are offered
        together, in the order of those piles and counts)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise UsageError(f"an index of {self.name} is a whole number from 0 to {self.size - 1}, got {short(index)}")
        e = self.entries[bisect.bisect_right(self._starts, index) - 1]
        at = e.offset
        for value, slots in zip(e.values, e.slots):
            if index < at + slots:
                return e, dict(zip(e.args, value)), index - at
            at += slots
        raise AssertionError("unreachable: the entries cover the space")

    def describe(self, index: int) -> str:
        """``index`` in words: its kind and arguments (``"choose_role role=<role id>"``), and its slot when not
        the first."""
        e, args, slot = self.entry(index)
        text = " ".join([e.kind] + [f"{k}={v}" for k, v in args.items()])
        return text + (f" (slot {slot + 1})" if slot else "")


def _whole(index) -> int:
    """An index as an int: a whole number (numpy's integers too), never a bool, a float or text."""
    if isinstance(index, bool):
        raise UsageError(f"an action index is a whole number, got {index}")
    try:
        return operator.index(index)
    except TypeError:
        raise UsageError(f"an action index is a whole number, got {short(index)} ({type(index).__name__})") from None


# ---------------------------------------------------------------------- the domains, from the compiled model
def decision_kinds(model) -> list[str]:
    """The kinds of every decision the content's steps can ask (``pass`` among them if one may be declined), sorted:
    what a space's entries are made of, without laying out their values (a number choice's bounds are not needed)."""
    return sorted({kind for kind, _ in _domains(model, None, {})})


def _domains(model, players: int | None, options: dict) -> dict:
    """(kind, argument names) -> {value tuple: slots}, for every decision the content's steps can ask (with
    ``players`` None, number choices get no values: only the entries' kinds and names are wanted)."""
    copies = Counter(model.instance_kinds)
    card_types = [t for t in model.types if copies[t.index]]
    out: dict = {}
    declinable: set = set()
    size = [0]      # values laid out so far, over every entry

    def add(kind, names, values):
        domain = out.setdefault((kind, names), {})
        for value, slots in values:
            if value not in domain:
                size[0] += 1
                if size[0] > MAX_SPACE_VALUES:
                    raise UsageError(f"the action space cannot be enumerated: its decisions have more than "
                                     f"{MAX_SPACE_VALUES:,} answers in all (the decision '{kind}' takes it past)")
            domain[value] = max(domain.get(value, 0), slots)

    def cards(kind, name, each_copy):
        add(kind, (name,), (((t.id,), copies[t.index] if each_copy else 1) for t in card_types))

    paid_piles = sorted({src.pile for p in model.payments for src in p.sources if src.pile is not None})

    def visit(node, path):
        if isinstance(node, F.RoleSelection):
            add("choose_role", ("role",), (((r.id,), 1) for r in model.roles))
        elif isinstance(node, N.Pay):
            cards("pay", "card", False)
            add("pay", ("on", "pile"), (((t.id, model.piles[p].id), 1) for p in paid_piles for t in card_types))
        elif isinstance(node, N.DiscardDown):
            cards("discard", "card", False)
        elif isinstance(node, N.Pick):
            cards(node.kind, "card", True)
            if node.optional:
                declinable.add(node.kind)
        elif isinstance(node, N.Distribute):
            visit(node.asker, path)
        elif isinstance(node, N.ChooseNumber):
            add(node.kind, (node.var,), (((n,), 1) for n in _numbers(node, path, players, options)))
            if node.optional:
                declinable.add(node.kind)
        elif hasattr(node, "answer_domain"):      # a step that says what its answers range over
            names, values = node.answer_domain(model)
            add(node.kind, names, values)
            if getattr(node, "optional", False):
                declinable.add(node.kind)
        elif isinstance(node, N.Choose) or (isinstance(getattr(node, "kind", None), str) and hasattr(node, "resolve")):
            # (a step kind this module does not name: read the way a choice is read, checked again in play)
            fixed = getattr(node, "fixed", None)
            var = getattr(node, "var", None) or "card"
            if fixed is not None:
                add(node.kind, (var,), (((answer,), 1) for answer, _ in fixed))
            elif hasattr(node, "low") and hasattr(node, "high"):
                add(node.kind, (var,), (((n,), 1) for n in _numbers(node, path, players, options)))
            else:
                cards(node.kind, var, True)
            if getattr(node, "optional", False):
                declinable.add(node.kind)
        elif hasattr(node, "resolve"):
            raise UsageError(f"the action space cannot be enumerated: the step at {path} "
                             f"({type(node).__name__}) asks a question whose answers it does not know")

    for path, node in model.nodes.items():
        visit(node, path)
    if declinable:
        add("pass", ("decision",), (((k,), 1) for k in sorted(declinable)))
    return out


def _numbers(node, path, players, options) -> range:
    """The numbers a numeric choice may offer: its bounds must follow from the player count and the options."""
    if players is None:
        return range(0)
    try:
        bound = getattr(node, "most", None) or node.high      # 'most' bounds a 'max' that reads the state
        low, high = node.low(_Probe(players, options), {}), bound(_Probe(players, options), {})
    except Exception:       # noqa: BLE001 - a bound that reads the state: no fixed space has room for it
        raise UsageError(f"the action space cannot be enumerated: the decision '{node.kind}' at {path} chooses a "
                         f"number between bounds that depend on the state of play (give it constant bounds, or "
                         f"bounds that depend only on the options and the player count)") from None
    if high - low + 1 > MAX_ANSWERS:
        raise UsageError(f"the action space cannot be enumerated: the decision '{node.kind}' at {path} chooses a "
                         f"number from {low} to {high}, more than {MAX_ANSWERS:,} answers")
    return range(low, high + 1)
