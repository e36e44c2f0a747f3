"""``Game``: one game in progress, the object bots and servers talk to. It wraps an engine kernel and shows only
the public surface."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action, fresh, short
from ..engine import scoring, view
from ..errors import IllegalAction, RulesError, UsageError
from ..jsontypes import ActionJSON, SeatScore
from ..limits import STEP_BUDGET
from . import arguments as args

if TYPE_CHECKING:
    from .rules import Rules


class Game:
    """A game in progress. Ask :meth:`legal_actions`, :meth:`apply` one, repeat until :attr:`is_over`.

    Create games with :meth:`Rules.new_game`, :meth:`Rules.replay` or :meth:`Rules.game_from_json`.
    """

    __slots__ = ("_k", "_rules", "_origin")

    def __init__(self, rules: "Rules", kernel: Any, origin: Any = None) -> None:
        self._rules, self._k = rules, kernel
        # How to make this game's first state again: (a function making a fresh kernel, the history length there).
        # Used only when content fails in the middle of an action, to put the game back as it was (free until then).
        self._origin = origin

    # ------------------------------------------------------------------ what the game is
    @property
    def rules(self) -> "Rules":
        """The :class:`Rules` this game is played by."""
        return self._rules

    @property
    def players(self) -> int:
        """How many players (seats 0 to players - 1)."""
        return self._k.players

    @property
    def seed(self) -> int:
        """The seed the game was made with (keep it secret while the game goes on: it replays the game)."""
        return self._k.seed

    @property
    def options(self) -> dict[str, Any]:
        """Every option's value in this game (defaults included), as a new dict (nested values new too)."""
        return fresh(self._k.options)

    @property
    def round(self) -> int:
        """The round number (1 for the first round; 0 during setup)."""
        return self._k.round

    # ------------------------------------------------------------------ playing
    @property
    def current_player(self) -> int | None:
        """The seat whose decision is pending; None when the game is over."""
        p = self._k.pending
        return None if p is None else p.player

    @property
    def is_over(self) -> bool:
        """True once the game has ended (then :attr:`end_reason` says why and there is no decision)."""
        return self._k.over

    @property
    def end_reason(self) -> str | None:
        """Why the game ended (the content's sentence for the end rule that fired); None while it goes on."""
        return self._k.end_reason

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the pending decision (never empty while the game is not over)."""
        p = self._k.pending
        return [] if p is None else list(p.actions)

    @property
    def prompt(self) -> str | None:
        """What the pending decision is about, e.g. ``"choose_role"``."""
        p = self._k.pending
        if p is None:
            return None
        return getattr(p.node, "kind", None) or p.actions[0].kind

    def apply(self, action: Action | ActionJSON) -> None:
        """Applies an Action (or its JSON dict). Anything not legal now raises IllegalAction and changes nothing."""
        k = self._k
        p = k.pending
        if p is None:
            raise IllegalAction("the game is over")
        actions = p.actions
        for i, a in enumerate(actions):
            if a is action:
                break
        else:
            try:
                key = Action.key_of(action)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            for i, a in enumerate(actions):
                if a._key == key:
                    break
            else:
                refusal = getattr(p.node, "refusal", None)        # a node that can say why, naming the argument
                why = refusal(k, action) if refusal is not None else None
                if why:
                    raise IllegalAction(f"{_describe(action)} is not legal now: {why}")
                legal = ", ".join(str(a) for a in actions[:12])
                raise IllegalAction(f"{_describe(action)} is not legal now; seat {p.player} may: {legal}")
        try:
            k.choose(i)
        except RulesError:      # content asked for the impossible half-way: the game goes back to before the call
            self._k = self._rebuilt(k.history[:-1])
            raise

    def _rebuilt(self, history: list[Action]) -> Any:
        """The kernel of this game after ``history``, made again from its first state."""
        if self._origin is None:
            raise RulesError("this game cannot be put back: it does not know its first state")
        make, start = self._origin
        k = make()
        for a in history[start:]:
            p = k.pending
            k.choose(next(i for i, b in enumerate(p.actions) if b._key == a._key))
        return k

    # ------------------------------------------------------------------ results
    def scores(self) -> list[SeatScore]:
        """Per seat: ``{"seat", "total", "parts": {name: points}}``, parts in scoring order."""
        return _evaluated(self._k, scoring.scores, self._k)

    def tie_breaks(self, seat: int) -> list[int]:
        """The content's tie-break values for a seat, in order."""
        if seat is None:
            raise UsageError("tie_breaks needs a seat, not None")
        return _evaluated(self._k, scoring.tie_breaks, self._k, args.seat(seat, self._k.players))

    def winners(self) -> list[int]:
        """The winning seats (several only if the tie-break ties too)."""
        return _evaluated(self._k, scoring.winners, self._k)

    # ------------------------------------------------------------------ copies and views
    def clone(self) -> "Game":
        """An exact, independent copy (same random state, same pending decision)."""
        return Game(self._rules, self._k.clone(), self._origin)

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON (content ids; :meth:`Rules.game_from_json` reads it back exactly). Each call
        returns new dicts and lists that share nothing with the game: yours to change or send."""
        from ..engine import serialize      # imported when a state is first written: a lighter import

        return serialize.to_json(self._k)

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (None: a spectator), as JSON; anything but a seat or None is a UsageError."""
        return _evaluated(self._k, view.view, self, self._k, args.seat(player, self._k.players))

    def resample(self, player: int | None, seed: int | None = None) -> "Game":
        """A full game that ``player`` (None: a spectator) cannot tell from this one, for search by
        determinisation: its ``view(player)`` is this game's, and the cards in places hidden from ``player`` (draw
        piles and their order, the other seats' hands, face-down piles on cards) are dealt again among those places,
        each keeping its count; the random generator starts again from ``seed`` (None: the operating system's
        entropy). This game is not changed.

        Cards change places only with cards whose type starts the game in the same zone (one deck's cards never
        enter another deck); the box, cards a step is working with, cards something lies on and cards holding a
        count keep their places. The sample's seed is ``seed`` and its history is empty (the real one tells what
        ``player`` did not see), so it is read back from its JSON with ``check_history=False``. When another seat is
        being asked, a deal that leaves its question no answer is dealt again. The sample is drawn from
        the present view alone: what ``player`` saw earlier and no longer sees (a card it put into a face-down
        pile) is not taken into account."""
        from .resample import resample

        return resample(self, player, seed)

    @property
    def history(self) -> list[ActionJSON]:
        """The applied actions, as JSON, in order."""
        return [a.to_json() for a in self._k.history]

    def events(self, player: int | None = None, since: int = 0, *, full: bool = False) -> list[dict[str, Any]]:
        """What happened, from event number ``since`` on, as ``player`` may know it (None: a spectator, who knows
        what is public), as JSON: rounds and phases begun, decisions (those the engine took itself, where there was
        one answer, marked ``forced``), cards moved, counts changed, the game's end. Each event has its ``index``
        (pass ``event_count`` as ``since`` later to get only what is new), its ``type`` and a ``text``. A card the
        player does not see is not named: its move says only where it went, and moves of such cards between the
        same two places are one event with their ``count``; a decision naming one says ``hidden``.
        ``full=True`` names every card (for the record of a game, never for a player). A game made with
        ``log=False`` records nothing. The events are saved with the game (:meth:`to_json`)."""
        k = self._k
        player = args.seat(player, k.players)
        if type(since) is not int or isinstance(since, bool) or since < 0:
            raise UsageError(f"since is an event number from 0 on, not {short(since)}")
        return _evaluated(k, view.events, k, player, since, bool(full))

    @property
    def event_count(self) -> int:
        """How many events the game has recorded (the ``since`` of the next :meth:`events` call)."""
        return len(self._k.events or ())

    def log_lines(self, player: int | None = None, *, full: bool = False) -> list[str]:
        """The readable log, made from :meth:`events`: a line at each round's start and one per decision, forced ones
        marked "(no other choice)", as ``player`` may know them (None: a spectator; ``full=True``: every card named).
        Saved with the game: a game read back with :meth:`Rules.game_from_json` has the same log."""
        k = self._k
        return view.log_lines(k, args.seat(player, k.players), bool(full))

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.current_player} to act"
        return f"<Game {self._rules.id} {self.players}p seed={self.seed} round {self.round}, {state}>"


def _evaluated(k: Any, fn: Any, *arguments: Any) -> Any:
    """``fn(*arguments)``, a reading of the game that works content out (scores, a view): with the whole work budget
    of a decision, and an exception that is not one of boardrules' errors turned into a RulesError (the game is not changed)."""
    k.work = STEP_BUDGET
    try:
        return fn(*arguments)
    except (RulesError, UsageError):
        raise
    except Exception as exc:        # noqa: BLE001 - content the checks let through: still one of boardrules' errors
        from ..engine.kernel import located_error       # (the kernel is imported with the first game, not here)

        raise located_error(exc, "content") from exc


def _describe(action: object) -> str:
    if isinstance(action, Action):
        return f"'{action}'"
    return short(action)
