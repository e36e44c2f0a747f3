"""The kernel: the game state (``state.FIELDS`` plus derived bookkeeping) and the interpreter that advances it
until the next decision.

It knows zones, piles, counters, quantities, roles and rounds, and nothing about any particular game. The public
``Game`` wraps one kernel; nothing outside the engine touches a kernel's fields.
"""
from __future__ import annotations

from operator import itemgetter

from ..actions import short
from ..errors import RulesError, UsageError
from ..limits import MAX_NUMBER, MAX_STATE_EVENTS, STEP_BUDGET
from ..model import tracks
from ..model.nodes import Repeat
from ..model.records import GAME
from . import rng
from .frames import FlowStack
from .state import COPIED_FIELDS, COUNT, DECIDE, END, MOVE, PHASE, REFILL, ROUND, PILE, ZONE, FullRecord, Pending, clone_source


_UNSET = object()
MAX_SETUPS = 32             # set-up games kept per model (``Kernel.setup``), one per player count and options


def located_error(exc: Exception, where: str) -> RulesError:
    """A RulesError for an exception that is not one of boardrules' errors, raised while playing content at ``where``. The
    game is put back by its caller (``Game.apply``), so nothing is left half-done."""
    error = RulesError(f"{where}: the content could not be played here ({type(exc).__name__}: {str(exc)[:200]})")
    error.located = True
    return error


class Kernel(FlowStack):
    """Mutable game state and its interpreter (the flow stack's frames: ``frames.FlowStack``)."""

    work = STEP_BUDGET  # loop passes and cards looked at left before the next decision (``spend``)

    def __init__(self, model, players, seed, options, log=True):
        d = self.rules = model
        self.players, self.seed, self.options = players, seed, options
        self.rng = rng.seed_state(seed)
        self.zones = [[[] for _ in range(players if z.scope == "player" else 1)] for z in d.zones]
        self.piles = [{} for _ in d.piles]
        self.counters = [[0] * c.holders(players, len(d.roles), len(d.instance_types)) for c in d.counters]
        self.tracks = tracks.initial(d, players)
        for cond, message in d.checks:
            if not cond(self, {}):
                raise UsageError(message)
        counts = d.copies_for(self)
        for c, ctype in enumerate(d.instance_types):
            zone = ctype.start if d.instance_copy[c] <= counts[ctype.index] else d.box
            self.zones[zone][0].append(c)
            if d.zone_only[zone] is not None and not self.may_lie(c, zone):
                raise RulesError(f"set-up: {d.instance_names[c]} starts in {d.zones[zone].id}, where a card lies "
                                 f"only if {d.zones[zone].only_text}")
        self.fresh = []
        self.boards = {}        # board id -> model.boards.BoardState, once laid
        self.start_player = 0
        self.round = 0
        self.role = self.chooser = None
        self.roles_used = []
        self.role_pool = [r.index for r in d.roles if r.available is None or r.available(self, {})]
        self.moves_round = 0
        self.over, self.end_reason = False, None
        self.ending = None      # (moment, reason): the game ends at the end of this phase or of this round
        self.ticks = 0          # every card move and count change: a turn that changes nothing is a pass
        self.stack, self.pending = [], None
        self.streams = {}       # name -> state of a named random sub-stream (``stream``)
        self.shelves = {}       # (zone, owner) -> cards on each shelf of a container (model/containers.py)
        self.history, self.events = [], ([] if log else None)
        self.rebuild()

    @property
    def log(self):
        """The events recorded (``state.FIELDS`` "events"), or None when the game records none."""
        return self.events

    @classmethod
    def setup(cls, model, players, seed, options, log=True):
        """A kernel for a new game, as ``Kernel(model, players, seed, options, log)`` makes it. The set-up of a
        player count and options (cards placed, counters sized, the checks passed, the derived tables) does not
        depend on the seed, so a model makes it once and each new game is a clone of it with its own seed."""
        try:
            key = (players, tuple(sorted(options.items(), key=itemgetter(0))))
            base = model.setups.get(key)
        except TypeError:       # an option value that cannot be a key: set up on its own
            return cls(model, players, seed, options, log)
        if base is None:
            base = cls(model, players, 0, options, log=False)
            setups = model.setups
            while len(setups) >= MAX_SETUPS:
                setups.pop(next(iter(setups)), None)
            setups[key] = base
        k = base.clone()        # the set-up itself never plays: its lists stay shared until a game writes them
        k.seed, k.rng, k.options = seed, rng.seed_state(seed), options
        k.events = [] if log else None
        return k

    def start(self):
        self.push(self.rules.flow, {})
        self.run()
        return self

    def rebuild(self):
        """Derives the bookkeeping from the fields: where each card is, how many cards lie on each card, and
        which card types each seat owns and has working."""
        d = self.rules
        box = () if d.box is None else set(self.zones[d.box][0])
        types = d.instance_types
        self.live_mods, self.live_triggers, self.live_wide = d.live_tables(
            frozenset(types[c].index for c in range(len(types)) if c not in box))
        self.mine = {id(cards) for owners in self.zones for cards in owners} | \
            {id(cards) for pile in self.piles for cards in pile.values()}
        self.loc = [None] * len(d.instance_types)
        for z in d.zones:
            for owner, cards in enumerate(self.zones[z.index]):
                for c in cards:
                    self.loc[c] = (ZONE, z.index, owner)
        self.pile_hosts = {}
        for p in d.piles:
            for host, cards in self.piles[p.index].items():
                for c in cards:
                    self.loc[c] = (PILE, p.index, host)
                if cards:
                    self.pile_hosts[host] = self.pile_hosts.get(host, 0) + len(cards)
        self.owned = [{} for _ in range(self.players)]
        self.active = [{} for _ in range(self.players)]
        self.seats_own = True
        fresh = set(self.fresh)
        for z in d.zones:
            if z.tableau:
                for seat, cards in enumerate(self.zones[z.index]):
                    for c in cards:
                        t = d.instance_types[c].index
                        self.owned[seat][t] = self.owned[seat].get(t, 0) + 1
                        if (seat, c) not in fresh:
                            self.active[seat][t] = self.active[seat].get(t, ()) + (c,)

    def clone(self):
        """An exact, independent copy: every field copied or shared until written, the pending decision shared."""
        new = _new(self.__class__)
        d = new.__dict__
        d.update(self.__dict__)          # immutable values shared, the rest copied below
        _copy_fields(self, d)
        # every list of cards in a zone or a pile is now shared, until one game changes it (``zone_list``); so are
        # the seats' owned and working cards, until one game's tableau changes (``_own_seats``)
        self.mine, new.mine = set(), set()
        self.seats_own = new.seats_own = False
        new.pile_hosts = self.pile_hosts.copy()
        new.loc = self.loc[:]           # (the options never change once a game starts: shared)
        new.history = self.history[:]
        new.stack = self.stack[:]      # the frames too, until one game steps them (``own_top``)
        self.shared_below = new.shared_below = len(self.stack)
        # the pending decision is never changed once asked (a new one replaces it), so both games share it
        return new

    # ------------------------------------------------------------------ the interpreter
    def spend(self, n):
        """Counts ``n`` units of work (loop passes, cards a loop looks at) against the budget between two
        decisions. Loops written in place subtract from ``work`` themselves and call this to raise."""
        self.work -= n
        if self.work < 0:
            self.work = 0
            raise RulesError(f"more than {STEP_BUDGET:,} loop passes, cards looked at and cards drawn without a "
                             "decision (a loop, a draw or a count with no end?)")

    def run(self):
        stack = self.stack
        budget = STEP_BUDGET
        self.work = STEP_BUDGET
        try:
            while stack and self.pending is None:
                f = stack[-1] if len(stack) > self.shared_below else self.own_top()     # top_frame, inlined
                f.node.step(self, f)
                budget -= 1
                if not budget:
                    raise RulesError(f"{STEP_BUDGET} steps without a decision (a loop that never asks or ends?)")
        except RulesError as exc:
            if not getattr(exc, "located", False):
                exc.args = (f"content {f.node.path}/{f.pc - 1}: {exc}",)
                exc.located = True
            raise
        except Exception as exc:    # noqa: BLE001 - content the checks let through (a bug of ours): still a RulesError
            raise located_error(exc, f"content {f.node.path}/{f.pc - 1}") from exc
        if not stack and not self.over:
            self.finish(self.ending[1] if self.ending else "the flow ran out")
        events = self.events
        if events is not None and len(events) >= MAX_STATE_EVENTS and events.__class__ is list:
            self.events = FullRecord(events[:MAX_STATE_EVENTS])     # the record stops growing here

    def ask(self, node, player, actions, values):
        self.pending = Pending(node, player, actions, values)

    def choose(self, index):
        """Takes answer ``index`` of the pending decision: recorded in the history and log, then played on."""
        p = self.pending
        a = p.actions[index]
        self.history.append(a)
        events = self.events
        if events is not None:
            args = a._args
            if "card" in args or "on" in args:
                self.decided(p.player, a, False, p.values[index])
            else:       # names no card: seen by all as it is
                events.append((DECIDE, p.player, a, False, (), ()))
        self.answer(index)

    def answer(self, index):
        p = self.pending
        self.pending = None
        try:
            p.node.resolve(self, self.top_frame(), p.values[index])
        except RulesError:
            raise
        except Exception as exc:    # noqa: BLE001 - as in ``run``
            raise located_error(exc, f"content {p.node.path}") from exc
        self.run()

    def decline(self, f):
        """A declined (or impossible) choice ends its block, and the loop around it."""
        stack = self.stack
        while stack and stack.pop() is not f:
            pass
        if stack and isinstance(stack[-1].node, Repeat):
            self.top_frame().data = 0

    def end_after(self, moment, reason):
        """The game ends at the end of this phase ("after_phase") or round ("after_round"); the earliest wins."""
        if self.ending is None or (moment == "after_phase" and self.ending[0] == "after_round"):
            self.ending = (moment, reason)

    def finish(self, reason):
        self.over, self.end_reason = True, reason
        if self.events is not None:
            self.events.append((END, reason))
        self.stack.clear()
        self.pending = None
        self.activate_fresh()

    def note_forced(self, player, action, value=None, cards=None):
        """Records a decision the engine took itself (there was one answer): an Action with the ``value`` it
        stands for, or a sentence naming ``cards`` (card indexes, their names joined by ", " in the sentence)."""
        if self.events is not None:
            self.decided(player, action, True, value, cards)

    # ------------------------------------------------------------------ the record of events
    # An event is a tuple whose first item says what it is (state.EVENT_KINDS): a round begun, a phase begun, a
    # decision (taken by a seat or by the engine), a card moved, a count changed, cards put back to refill a pile,
    # the game's end. Moves are recorded with the places they go between, and a decision with the cards it names
    # and where each was: the places' visibility (``seers``) says, when the events are read, who saw which card.
    def decided(self, player, action, forced, value=None, cards=None):
        if cards is None:
            cards = ()
            if value is not None and action.__class__ is not str:
                args = action._args
                name = args.get("card") or args.get("on")
                if name is not None:
                    c = value if value.__class__ is int else value[1] if value.__class__ is tuple and \
                        len(value) == 2 and value[1].__class__ is int else None
                    if c is not None and 0 <= c < len(self.loc):
                        if "on" in args and "card" not in args:
                            c = self.host_of(c)
                        if self.rules.instance_types[c].id == name:
                            cards = (c,)
        else:
            cards = tuple(cards)
        loc = self.loc
        self.events.append((DECIDE, player, action, forced, cards, tuple([loc[c] for c in cards])))

    def seers(self, where):
        """The seats that see a card at ``where`` ((ZONE, zone, owner) or (PILE, pile, host)), as bits: seat s is
        ``1 << s``."""
        kind, i, owner = where
        if kind == ZONE:
            z = self.rules.zones[i]
            if z.visibility == "public" or z.visibility == "top":
                # a face-up stack: every card was seen as it landed on top, so everyone may know its moves
                return (1 << self.players) - 1
            return 1 << owner if z.visibility == "owner" and z.scope == "player" else 0
        return (1 << self.players) - 1 if self.rules.piles[i].visibility == "public" else 0

    # ------------------------------------------------------------------ randomness
    def random_below(self, n):
        self.rng, x = rng.below(self.rng, n)
        return x

    def shuffle(self, cards):
        self.rng = rng.shuffle(self.rng, cards)

    def stream(self, name):
        """The named random sub-stream ``name``: made from the seed and the name alone, kept in ``streams``."""
        return rng.Stream(self.streams, name, self.seed)

    # ------------------------------------------------------------------ cards
    def signature(self, c):
        """What makes two cards interchangeable as an option: their type, the sizes of their piles and the counts
        they hold. A plain int when nothing lies on the card, else (type, pile sizes, counts)."""
        d = self.rules
        t = d.instance_kinds[c]
        counts = ()
        counters = self.counters
        for k in d.card_counters:
            if counters[k][c]:      # something is counted on it: all its counts tell it apart
                counts = tuple([counters[k][c] for k in d.card_counters])
                break
        if c not in self.pile_hosts:
            return (t, (), counts) if counts else t
        return (t, tuple(len(p[c]) if c in p else 0 for p in self.piles), counts)

    def host_of(self, c):
        kind, _, host = self.loc[c]
        return host if kind == PILE else c

    def deep(self, cards):
        out = []
        stack = list(reversed(cards))
        piles = self.piles
        while stack:
            c = stack.pop()
            out.append(c)
            for p in piles:
                under = p.get(c)
                if under:
                    stack.extend(reversed(under))
        return out

    def zone_list(self, i, owner):
        """The list of cards of zone ``i`` of ``owner``, to change: a list a clone still shares is copied first."""
        cards = self.zones[i][owner]
        if id(cards) not in self.mine:
            cards = self.zones[i][owner] = cards[:]
            self.mine.add(id(cards))
        return cards

    def pile_list(self, i, host):
        """The list of cards of pile ``i`` on ``host``, to change (copied first while a clone shares it)."""
        cards = self.piles[i].get(host)
        if cards is None or id(cards) not in self.mine:
            cards = self.piles[i][host] = [] if cards is None else cards[:]
            self.mine.add(id(cards))
        return cards

    def shuffle_zone(self, cards):
        """Shuffles the cards of a zone (given as the list a selector read), in the list this game may change."""
        if cards:
            _, i, owner = self.loc[cards[0]]
            cards = self.zone_list(i, owner)
        self.shuffle(cards)

    def move(self, c, dest, bottom=False) -> bool:
        """Moves card ``c`` to ``dest`` ((ZONE, zone, owner) or (PILE, pile, host)), on top or at the bottom;
        False (and nothing moves) when there is no destination."""
        if dest is None or dest[2] is None:
            return False
        kind, i, owner = dest
        d = self.rules
        if kind == PILE and d.piles[i].capacity is not None and self.pile_room(i, owner) <= 0:
            names = d.instance_names
            raise RulesError(f"{names[c]} cannot go into {d.piles[i].id} on {names[owner]}: it is full")
        if kind == ZONE and d.zone_only[i] is not None and not self.may_lie(c, i):
            z = d.zones[i]
            raise RulesError(f"{d.instance_names[c]} cannot go into {z.id}: a card lies there only if {z.only_text}")
        loc, mine, tableau = self.loc, self.mine, d.tableau_zones
        source = loc[c]
        skind, si, sowner = source
        self.ticks += 1
        if self.events is not None:
            self.events.append((MOVE, c, source, dest))
        if skind == ZONE:           # out of where it is (the list this game may change: zone_list, pile_list)
            cards = self.zones[si][sowner]
            if id(cards) not in mine:
                cards = self.zone_list(si, sowner)
            cards.remove(c)
            if tableau[si]:
                self._leave_tableau(sowner, c)
        else:
            self.pile_list(si, sowner).remove(c)
            hosts = self.pile_hosts
            hosts[sowner] -= 1
            if not hosts[sowner]:
                del hosts[sowner]
        if kind == ZONE:            # into its destination
            target = self.zones[i][owner]
            if id(target) not in mine:
                target = self.zone_list(i, owner)
            if tableau[i]:
                self._enter_tableau(owner, c)
        else:
            target = self.pile_list(i, owner)
            self.pile_hosts[owner] = self.pile_hosts.get(owner, 0) + 1
        if bottom:
            target.insert(0, c)
        else:
            target.append(c)
        loc[c] = dest
        cleared = d.reset_counters.get("move")
        if cleared:                 # counts a card holds only where it lies (a row number)
            for k in cleared:
                row = self.counters[k]
                if row[c]:
                    row[c] = 0
                    self.ticks += 1
        quiet = d.quiet_zones
        if not ((skind == ZONE and si in quiet) or (kind == ZONE and i in quiet)):
            self.moves_round += 1
        return True

    def may_lie(self, c, zi):
        """Whether card ``c`` may lie in zone ``zi`` (the zone's ``only``; True for a zone that declares none)."""
        z = self.rules.zones[zi]
        return z.only is None or bool(z.only(self, {"self": c, "key": z.key}))

    # ------------------------------------------------------------------ holders and their capacity
    def pile_room(self, pile, host):
        """How many more cards the pile on ``host`` takes (a large number when it has no capacity)."""
        pdef = self.rules.piles[pile]
        table = pdef.capacity_table
        if table is not None:
            return table[host] - len(self.piles[pile].get(host, ()))
        if pdef.capacity is None:
            return 1 << 30
        return pdef.capacity(self, {"self": host}) - len(self.piles[pile].get(host, ()))

    def counter_room(self, counter, holder):
        cdef = self.rules.counters[counter]
        if cdef.capacity_table is not None:
            return cdef.capacity_table[holder] - self.counters[counter][holder]
        if cdef.capacity is None:
            return 1 << 30
        return cdef.capacity(self, {"self": holder}) - self.counters[counter][holder]

    def counter_rooms(self, counter, holders):
        """``counter_room`` for each of ``holders``: read off the capacity table in one pass where there is one."""
        table = self.rules.counters[counter].capacity_table
        if table is not None:
            held = self.counters[counter]
            return [table[h] - held[h] for h in holders]
        return [self.counter_room(counter, h) for h in holders]

    def set_counter(self, counter, holder, value):
        """Sets one holder's value of a counter; never below 0, and past its capacity is an error."""
        cdef = self.rules.counters[counter]
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise RulesError(f"{cdef.id} would be {short(value)}, past the largest number a game holds ({MAX_NUMBER:,})")
        if cdef.capacity is not None:
            cap = cdef.capacity_table[holder] if cdef.capacity_table is not None else cdef.capacity(self, {"self": holder})
            if value > cap:
                raise RulesError(f"{cdef.id} cannot hold {value} (capacity {cap})")
        value = max(0, value)
        row = self.counters[counter]
        if row[holder] != value:
            if self.events is not None:
                self.events.append((COUNT, counter, holder, row[holder], value))
            row[holder] = value
            self.ticks += 1

    def draw(self, source, n, dest, refill, bottom):
        """Moves up to n cards off the top of ``source``; an empty source is refilled (and shuffled)
        from its refill zone, and a draw from two empty piles gives nothing."""
        moved = 0
        at = None       # the source's (zone, owner), once known: a move may give the zone a new list (zone_list)
        for _ in range(n):
            self.work -= 1      # (Kernel.spend, written in place: a draw refilled from its own destination loops)
            if self.work < 0:
                self.spend(0)
            if at is not None:
                source = self.zones[at[0]][at[1]]
            if not source:
                if refill is None:
                    break
                zone, back_zone, shuffle = refill
                if not self.zones[back_zone][0]:
                    break
                self.spend(len(self.zones[back_zone][0]))     # (a draw into its own refill would go round forever)
                back, source, at = self.zone_list(back_zone, 0), self.zone_list(zone, 0), (zone, 0)
                where = (ZONE, zone, 0)
                for c in back:
                    self.loc[c] = where
                source.extend(back)
                if self.events is not None:
                    self.events.append((REFILL, zone, back_zone, len(back)))
                back.clear()
                if shuffle:
                    self.shuffle(source)
            if at is None:
                _, zi, owner = self.loc[source[-1]]
                at = (zi, owner)
            if not self.move(source[-1], dest, bottom):
                break
            moved += 1
        return moved

    # ------------------------------------------------------------------ which cards work
    # ``owned[seat][type]`` counts a seat's copies in tableaus; ``active[seat][type]`` lists the copies that work,
    # in the order they started working. A copy entering a tableau waits in ``fresh`` until the moment its type
    # declares (``works_from``); one leaving a tableau stops working at once.
    def _own_seats(self):
        """This game's own copy of the seats' owned and working cards, before it changes them (after a clone they
        are shared)."""
        if not self.seats_own:
            self.owned = [o.copy() for o in self.owned]
            self.active = [a.copy() for a in self.active]       # its lists of working cards are tuples
            self.seats_own = True

    def _enter_tableau(self, seat, c):
        self._own_seats()
        ctype = self.rules.instance_types[c]
        t = ctype.index
        self.owned[seat][t] = self.owned[seat].get(t, 0) + 1
        if ctype.works_from == "at_once":
            self.active[seat][t] = self.active[seat].get(t, ()) + (c,)
        else:
            self.fresh.append((seat, c))

    def _leave_tableau(self, seat, c):
        self._own_seats()
        t = self.rules.instance_types[c].index
        self.owned[seat][t] -= 1
        if (seat, c) in self.fresh:
            self.fresh.remove((seat, c))
        else:
            working = tuple(x for x in self.active[seat][t] if x != c)
            if working:
                self.active[seat][t] = working
            else:
                del self.active[seat][t]

    def activate_fresh(self, moment=None):
        """Cards waiting to work start now: those waiting for ``moment`` ("phase_end"), or all of them."""
        types = self.rules.instance_types
        waiting = []
        if self.fresh:
            self._own_seats()
        for seat, c in self.fresh:
            if moment is None or types[c].works_from == moment:
                t = types[c].index
                self.active[seat][t] = self.active[seat].get(t, ()) + (c,)
            else:
                waiting.append((seat, c))
        self.fresh = waiting

    # ------------------------------------------------------------------ rounds and phases
    def begin_round(self):
        self.round += 1
        self.moves_round = 0
        self.roles_used = []
        self.activate_fresh()
        self._reset("round")
        if self.events is not None:
            self.events.append((ROUND, self.round))

    def begin_phase(self, role, chooser, free=None):
        """A role's phase begins; ``free``: a phase played by a step, which nobody chose (no privilege)."""
        if free:
            chooser = None
        self.role, self.chooser = role, chooser
        self._reset("phase")
        if self.events is not None:
            self.events.append((PHASE, role, chooser))

    def end_phase(self):
        self.activate_fresh("phase_end")
        if self.ending is not None and self.ending[0] == "after_phase":
            self.finish(self.ending[1])
            return
        self.role = self.chooser = None

    def _reset(self, scope):
        counters = self.counters
        for c in self.rules.reset_counters.get(scope, ()):
            row = counters[c]
            row[:] = [0] * len(row)

    def role_pickers(self):
        d, n, sp = self.rules, self.players, self.start_player
        order = d.role_order_by_players.get(n)
        if order is None:
            order = range(n)
        return [(sp + k) % n for k in order]

    # ------------------------------------------------------------------ rules queries
    def quantity(self, qi, env):
        q = self.rules.quantities[qi]
        value = q.base(self, env)
        you = env.get("you")
        if you is not None:
            active = self.active[you]
            add = 0
            for m in self.live_mods[qi]:
                working = active.get(m.type)
                if not working:
                    continue
                if m.each:          # per copy: it may name itself, or work only while a condition holds
                    saved = env.get("self", _UNSET)
                    types = self.rules.instance_types
                    for c in working:
                        env["self"] = c
                        w = types[c].works_while
                        if (w is None or w(self, env)) and (m.cond is None or m.cond(self, env)):
                            if m.op == "set":
                                value = m.value(self, env)
                            else:
                                add += m.value(self, env)
                    if saved is _UNSET:
                        del env["self"]
                    else:
                        env["self"] = saved
                elif m.cond is None or m.cond(self, env):
                    if m.op == "set":
                        value = m.value(self, env)
                    else:
                        add += m.value(self, env) * len(working)
            if q.wide:
                add += self._wide_modifiers(q, env, you)

            if self.role is not None and you == self.chooser:
                privs = self.rules.roles[self.role].privilege.get(qi)
                if privs:
                    mult = self.quantity(self.rules.privilege_multiplier, env) \
                        if self.rules.privilege_multiplier is not None else 1
                    for m in privs:
                        if m.cond is None or m.cond(self, env):
                            add += m.value(self, env) * mult
            value += add
            if q.wide and q.wide_sets:
                fixed = self._wide_fixed(q, env, you)
                if fixed is not None:
                    value = fixed
        if q.min is not None and value < q.min:
            value = q.min
        if q.max is not None and value > q.max:
            value = q.max
        return value

    def _wide_values(self, q, env, you, op):
        """The values of the modifiers with ``op`` ('add' or 'set') that other players' cards (scope others or all)
        give ``you``'s quantity, each copy that works in seat order from seat 0, with $self the copy."""
        saved = env.get("self", _UNSET)
        try:
            for m in q.wide:
                if m.op != op:
                    continue
                for seat in range(self.players):
                    if seat == you and m.scope == "others":
                        continue
                    for c in self.active[seat].get(m.type, ()):
                        env["self"] = c
                        w = self.rules.instance_types[c].works_while
                        if (w is None or w(self, env)) and (m.cond is None or m.cond(self, env)):
                            yield m.value(self, env)
        finally:
            if saved is _UNSET:
                env.pop("self", None)
            else:
                env["self"] = saved

    def _wide_modifiers(self, q, env, you):
        """What other players' cards add to ``you``'s quantity (their 'add' modifiers)."""
        return sum(self._wide_values(q, env, you, "add"))

    def _wide_fixed(self, q, env, you):
        """The value another player's card fixes ``you``'s quantity at ('set' with scope others or all: "the other
        players' limit is 6"), or None. It stands in for everything else that changes the quantity (the
        quantity's bounds still hold); when several cards fix it, the last in seat order from seat 0 wins."""
        fixed = None
        for fixed in self._wide_values(q, env, you, "set"):
            pass
        return fixed

    def payment_sources(self, payment, env):
        """[(source, cards, how many may be paid from it)]; a money source has no cards."""
        out = []
        for src in payment.sources:
            if src.money is not None:
                row = self.counters[src.money]
                out.append((src, None, row[env["you"]] if len(row) > 1 else row[0]))
                continue
            cards = src.select(self, env)
            limit = len(cards)
            if src.limit is not None:
                limit = src.limit(self, env)
                if src.counter is not None:
                    limit -= self.counters[src.counter][env["you"]]
            out.append((src, cards, max(0, limit)))
        return out

    def can_pay(self, payment, amount, env, skip=None):
        if amount <= 0:
            return True
        total = 0
        for src, cards, limit in self.payment_sources(payment, env):
            if cards is None:
                total += limit
            else:
                total += min(len(cards) - (1 if skip is not None and skip in cards else 0), limit)
            if total >= amount:
                return True
        return False

    def pay_money(self, src, amount, seat):
        row = self.counters[src.money]
        i = seat if len(row) > 1 else 0
        self.set_counter(src.money, i, row[i] - amount)
        if src.to is not None:
            receiver = self.counters[src.to]
            j = seat if len(receiver) > 1 else 0
            self.set_counter(src.to, j, receiver[j] + amount)

    def pay_card(self, src, c):
        self.move(c, (ZONE, src.to, 0), False)
        if src.counter is not None:
            seat = self.stack[-1].env["you"]
            self.set_counter(src.counter, seat, self.counters[src.counter][seat] + 1)

    def emit(self, event, env):
        wide = self.live_wide.get(event)
        pushed = self._emit_wide(wide, env) if wide else False
        triggers = self.live_triggers.get(event)
        if not triggers:
            return pushed
        you = env.get("you")
        active = self.active[you]
        for trig in reversed(triggers):
            if trig.reach:      # every copy, or the game's own: not only the working copies
                pushed = self._emit_beyond(trig, env, you) or pushed
                continue
            working = active.get(trig.type)
            if working:
                for c in reversed(working):
                    local = dict(env)
                    local["self"] = c
                    w = self.rules.instance_types[c].works_while
                    if w is None or w(self, local):
                        self.push(trig.body, local)
                        pushed = True
        return pushed

    def _emit_beyond(self, trig, env, you):
        """A reaction that fires for every copy of its card in ``you``'s tableaus, working or not; or the game's own
        reaction (no card), once for ``you``."""
        if trig.reach == GAME:
            self.push(trig.body, dict(env))
            return True
        t = trig.type
        types = self.rules.instance_types
        cards = self.active[you].get(t, ()) + tuple(c for seat, c in self.fresh if seat == you and types[c].index == t)
        for c in reversed(cards):
            local = dict(env)
            local["self"] = c
            self.push(trig.body, local)
        return bool(cards)

    def _emit_wide(self, triggers, env):
        """Cards of other players (scope others or all) that react to ``you``'s event: each runs for its owner
        (``you`` in its steps), with the player who caused the event as ``actor``. They run after the player's
        own reactions, in seat order from the next player."""
        actor = env.get("you")
        pushed = False
        n = self.players
        for k in range(n - 1, -1, -1):          # pushed in reverse so that they run in seat order
            seat = (actor + 1 + k) % n
            for trig in reversed(triggers):
                if seat == actor and trig.scope == "others":
                    continue
                for c in reversed(self.active[seat].get(trig.type, ())):
                    local = dict(env)
                    local["you"], local["actor"], local["self"] = seat, actor, c
                    w = self.rules.instance_types[c].works_while
                    if w is None or w(self, local):
                        self.push(trig.body, local)
                        pushed = True
        return pushed


def _field_copier():
    """``_copy_fields(kernel, new_dict)``: the state's copied fields, written out from ``FIELDS`` once (engine
    source only: no content reaches this text)."""
    scope = {"COPY": dict(COPIED_FIELDS)}
    exec("def _copy_fields(self, d):\n" + (clone_source() or "    pass"), scope)     # noqa: S102
    return scope["_copy_fields"]


_copy_fields = _field_copier()
_new = object.__new__

