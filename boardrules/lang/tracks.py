"""The tracks family: bounded tracks of spaces, threshold spaces that fire an event once, and an order track.

Declared under ``tracks`` (``{scope, length, text, spaces: {<space>: {<attribute>: <value>}}, event, at_end,
order}``), a track is a counter of the same id whose value is the holder's space, 0 to ``length``. Its markers
move only by the steps below (``add`` and ``set`` on it are content errors):

- ``{advance: {track, by, of, as}}`` moves the marker up, no further than the end; the steps it could not take are
  counted in ``$forfeited`` (or ``as``), and added 1:1 to a counter with ``at_end: {convert: <counter>}``; each
  space of ``spaces`` first reached or passed fires ``event`` (lowest first) with ``$space`` and the space's
  attributes bound; ``{retreat: {track, by, of}}`` moves it back and fires nothing;
- ``{space_attr: <attribute>, track, of}``: the attribute of the marker's space (0 when it has none);
  ``{best_reached: <attribute>, track, of}``: the highest value of it over the spaces reached or passed;
  ``{reached: <track>, of}``: the highest space the marker ever stood on;
  ``{markers_behind: <track>, of}``: how many markers come after yours in track order (a tie-break);
- ``turns: {by_track: <order track>, ...}``: the players take their turns in track order (furthest first, the top
  of a stack first), fixed when the turns start.

The nodes and the state they keep are in ``model/tracks.py``.
"""
from __future__ import annotations

from ..model import records as M
from ..model import tracks as T
from ..model.phrase import ph
from .expr import BUILTIN_VARS


class TrackTerms:
    """Mixed into the step compiler: the tracks section, its steps and its numbers."""

    def declare_tracks(self):
        """Compiles the ``tracks`` section (after counters and events): a counter per track, and its TrackDef."""
        m = self.m
        for doc, path, key, spec in self.entries("tracks"):
            if not isinstance(spec, dict):
                continue
            if key in m.counter_index:
                self.report(path, f"{key!r} is a counter already: a track is a counter of its own id")
                continue
            scope = spec.get("scope", "player")
            length = spec.get("length", 0)
            if type(length) is not int or length < 1:
                self.report(path + ("length",), f"a track needs at least 1 space after its start, not {length!r}")
                length = 1
            spaces = {}
            for raw, attrs in (spec.get("spaces") or {}).items():
                s = int(raw) if isinstance(raw, int) or str(raw).isdigit() else None
                if s is None or not 1 <= s <= length:
                    self.report(path + ("spaces", raw), f"space {raw!r} is not on the track: its spaces are 1 to "
                                                        f"{length}")
                    continue
                spaces[s] = dict(attrs or {})
            if spec.get("order") and scope != "player":
                self.report(path + ("order",), "an order track decides the players' turn order: it is per player",
                            hint="use scope: player")
            event = spec.get("event")
            if event is not None and event not in m.events:
                self.report(path + ("event",), f"unknown event {event!r}", choices=m.events,
                            hint="declare it under 'events'")
                event = None
            at_end = spec.get("at_end", "forfeit")
            convert = None
            if isinstance(at_end, dict):
                convert = self.lookup(m.counter_index, at_end.get("convert"), "counter", path + ("at_end", "convert"))
                if convert is not None and m.counters[convert].scope != scope:
                    self.report(path + ("at_end", "convert"), "the steps past the end go to a counter the same "
                                                              "holder has", hint=f"use a counter with scope: {scope}")
                    convert = None
            ci = m.counter_index[key] = len(m.counters)
            m.counters.append(M.CounterDef(ci, key, scope, "never", spec.get("text", key)))
            names = tuple(sorted({a for attrs in spaces.values() for a in attrs}))
            for a in names:
                if a in BUILTIN_VARS or a == "space" or not a.isidentifier():
                    self.report(path + ("spaces",), f"a space's attribute {a!r} would be bound as ${a} by the "
                                                    "track's event: use another name")
            names = tuple(a for a in names if a not in BUILTIN_VARS and a != "space" and a.isidentifier())
            for a in names:
                m.declare_var(a, "value", path + ("spaces",), self.report)
                if event is not None and any(type(attrs.get(a, 0)) is not int for attrs in spaces.values()):
                    self.word_vars.setdefault(a, f"${a}, which the spaces of the track {key!r} set to words")
            m.track_index[key] = len(m.tracks)
            m.tracks.append(T.TrackDef(len(m.tracks), key, ci, scope, length, spec.get("text", key), spaces,
                                       tuple(sorted(spaces)), event, convert, bool(spec.get("order")), names))
            if event is not None:
                self.bound_vars.update(("space", *names))
                m.declare_var("space", "value", path + ("event",), self.report)

    def track_ref(self, name, path, order=False):
        t = self.lookup(self.m.track_index, name, "track", path)
        if t is None:
            return None
        t = self.m.tracks[t]
        if order and not t.order:
            self.report(path, f"{t.id!r} is not an order track", hint="declare it with order: true")
        return t

    def track_holder(self, t, spec, path):
        if t.scope == "shared":
            return (lambda g, env: 0), "the"
        who, wtext = self.player(spec.get("of"), path)
        return who, ("your" if str(wtext) == "you" else ph(wtext, "'s"))

    # ---------------------------------------------------------------- steps
    def st_advance(self, item, path, back=False):
        key = "retreat" if back else "advance"
        spec, p = item[key], path + (key,)
        t = self.track_ref(spec.get("track"), p + ("track",))
        if t is None:       # (reported: a node that is never played, so the step can still be compiled around)
            return T.Advance(None, lambda g, env: 0, lambda g, env: 0, back), "?"
        who, whose = self.track_holder(t, spec, p + ("of",))
        by, btext = self.amount(spec.get("by", 1), p + ("by",))
        node = T.Advance(t, who, by, back)
        if not back:
            node.var = self.var("$" + spec.get("as", "forfeited"), p + ("as",), bind=True)
            self.nouns[node.var] = ph('the number of steps past the end of ', t.text)
            self.counts_moved.add(node.var)     # "if some steps went past the end" for {ge: [$forfeited, 1]}
            self.moved_said[node.var] = (ph('some steps went past the end of ', t.text),
                                         ph('no step went past the end of ', t.text))
        marker = ph(whose, ' marker on ', t.text)
        if back:
            return node, ph('move ', marker, ' back ', btext, ' spaces (no further back than the start)')
        end = "are lost" if t.convert is None else ph('go to ', self.m.counters[t.convert].text, ' instead')
        said = ph('move ', marker, ' up ', btext, ' spaces, no further than space ', t.length, ' (the steps past '
                  'it ', end, ')')
        if t.event is not None and t.thresholds:
            marks = ", ".join(map(str, t.thresholds))
            said = ph(said, '; for each marked space (', marks, ') it reaches or passes for the first time, ',
                      self.m.events[t.event])
        return node, said

    def st_retreat(self, item, path):
        return self.st_advance(item, path, back=True)

    def track_turns(self, spec, path, body, order):
        t = self.track_ref(spec["by_track"], path + ("by_track",), order=True)
        node = T.TrackTurns(order, t, body, spec.get("limit", 10000))
        return node, ph('each player in the order of ', t.text if t else '?', ' (the furthest first, the top of a '
                        'stack first), fixed as the turns start')

    def counter_is_track(self, c, path):
        """An add or set on a track's counter: a content error (a marker moves with advance or retreat)."""
        if c is not None and self.m.counters[c].id in self.m.track_index:
            self.report(path, f"{self.m.counters[c].id!r} is a track: its markers move with advance and retreat",
                        hint="use {advance: {track: ..., by: ...}}")

    # ---------------------------------------------------------------- numbers
    def _track_num(self, node, path, key, order=False):
        t = self.track_ref(node.get("track") if "track" in node else node[key], path + (
            "track" if "track" in node else key,), order)
        if t is None:
            return None, (lambda g, env: 0), "?"
        who, whose = self.track_holder(t, node, path + ("of",))
        return t, who, whose

    def num_space_attr(self, node, path):
        t, who, whose = self._track_num(node, path, "space_attr")
        if t is None:
            return who, whose
        name, spaces, ci = node["space_attr"], t.spaces, t.counter
        fn = lambda g, env: spaces.get(g.counters[ci][who(g, env)], {}).get(name, 0)      # noqa: E731
        if self.track_words(t, name):
            self.words[fn] = f"the attribute {name!r} of the spaces of {t.id!r}, which holds words"
        return fn, ph('the ', name.replace('_', ' '), ' of the space of ', whose, ' marker on ', t.text)

    def track_words(self, t, name) -> bool:
        """Whether some space of track ``t`` gives its attribute ``name`` a word (not a number)."""
        return any(type(attrs.get(name, 0)) is not int for attrs in t.spaces.values())

    def num_best_reached(self, node, path):
        t, who, whose = self._track_num(node, path, "best_reached")
        if t is None:
            return who, whose
        name, ti = node["best_reached"], t.index
        if self.track_words(t, name):
            self.report(path + ("best_reached",), f"the attribute {name!r} of the spaces of {t.id!r} holds words: "
                                                  "the highest of them needs numbers")
            return (lambda g, env: 0), "?"
        values = [(s, t.spaces[s].get(name, 0)) for s in t.thresholds]

        def fn(g, env):
            high = g.tracks[ti][0][who(g, env)]
            return max((v for s, v in values if s <= high), default=0)
        return fn, ph('the highest ', name.replace('_', ' '), ' of the spaces ', whose, ' marker on ', t.text,
                      ' has reached or passed (0 if none)')

    def num_reached(self, node, path):
        t, who, whose = self._track_num(node, path, "reached")
        if t is None:
            return who, whose
        ti = t.index
        return (lambda g, env: g.tracks[ti][0][who(g, env)]), \
            ph('the furthest space ', whose, ' marker on ', t.text, ' has reached')

    def num_markers_behind(self, node, path):
        t, who, whose = self._track_num(node, path, "markers_behind", order=True)
        if t is None:
            return who, whose

        def fn(g, env):
            order = T.turn_order(g, t)
            return len(order) - 1 - order.index(who(g, env))
        return fn, ph('the number of markers behind ', whose, ' on ', t.text, ' (lower on the track, or under it '
                      'in its stack)')
