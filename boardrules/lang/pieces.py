"""The pieces family: pieces made of squares (polyominoes), carried by cards as a ``shape`` attribute.

A card type's ``shape`` is written as rows of ``#`` (a square) and ``.`` (none): ``shape: ["##", "#."]`` is an L of
three squares. The loader refuses a shape whose squares do not all join side by side, or that is empty or too big,
at the card's line. ``{squares: <card>}`` is the number of squares of a card's piece (0 for a card without one). The
geometry (orientations, the cells a placement covers) is in ``model/pieces.py``.
"""
from __future__ import annotations

from ..model import pieces as P
from ..model.phrase import ph


def shape_attributes(m) -> list[str]:
    """The attributes declared with ``type: shape`` (a game has at most one that ``squares`` reads)."""
    return [a for a, spec in m.attributes.items() if (spec or {}).get("type") == "shape"]


class PieceTerms:
    """Mixed into the expression compiler: the checks of a shape and the number of squares of a piece."""

    def shape_problem(self, rows, path) -> bool:
        """Reports a card's shape that is not a piece; True if it was reported."""
        why = P.problem(rows)
        if why is not None:
            self.report(path, why)
        return why is not None

    def num_squares(self, node, path):
        card, ctext = self.card(node["squares"], path + ("squares",))
        shaped = shape_attributes(self.m)
        if not shaped:
            self.report(path, "no attribute is declared with 'type: shape': a card has no piece to count squares of")
            return (lambda g, env: 0), "?"
        if len(shaped) > 1:
            self.report(path, f"several attributes are shapes ({', '.join(shaped)}): which one is ambiguous")
        sizes = self.m.piece_sizes       # filled once every card instance exists

        def fn(g, env):
            c = card(g, env)
            return 0 if c is None else sizes[c]
        return fn, ph('the number of squares of ', ctext)
