"""The pieces family's geometry: a piece is a set of squares (a polyomino), written in content as rows of ``#``
(a square) and ``.`` (none), and laid on a grid in one of its orientations.

Pure functions over (row, column) pairs, with no game in sight. A shape is normalised so that its top row and
its leftmost column are 0 and its squares are sorted; two shapes are the same piece in the same orientation when
their normalised squares are equal. Turning a piece a quarter clockwise maps (r, c) to (c, -r); a mirror image maps
(r, c) to (r, -c). A placement is an orientation and the grid cell its first square (the top-left-most) covers;
on a grid ``width`` cells wide, cell (r, c) is number ``r * width + c``, the numbering of a laid board.
"""
from __future__ import annotations

from ..limits import MAX_SHAPE_SIDE as MAX_SIDE
from ..limits import MAX_SHAPE_SQUARES as MAX_SQUARES


def squares(rows) -> tuple:
    """The normalised squares of a shape written as rows of ``#`` and ``.``."""
    return normalised((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


def normalised(cells) -> tuple:
    cells = list(cells)
    if not cells:
        return ()
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def problem(rows) -> str | None:
    """Why ``rows`` is not a piece (a sentence), or None. A piece is a non-empty list of rows of ``#`` and ``.``
    with at least one square, all its squares joined side by side (not only corner to corner), within the size
    bounds."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        return "a shape is a list of rows, each a string of '#' (a square) and '.' (none)"
    if len(rows) > MAX_SIDE or any(len(r) > MAX_SIDE for r in rows):
        return f"a shape is at most {MAX_SIDE} rows of {MAX_SIDE} characters"
    bad = sorted({ch for r in rows for ch in r} - {"#", "."})
    if bad:
        return f"a shape's rows hold only '#' and '.', not {bad[0]!r}"
    cells = squares(rows)
    if not cells:
        return "a shape needs at least one square ('#')"
    if len(cells) > MAX_SQUARES:
        return f"a shape has at most {MAX_SQUARES} squares, this one {len(cells)}"
    apart = len(cells) - len(joined(cells))
    if apart:
        return (f"the squares of a shape must all join side by side; {apart} of its {len(cells)} squares are cut off "
                "from the first")
    return None


def joined(cells) -> set:
    """The squares joined side by side to the first one (all of them, for a piece)."""
    cells = set(cells)
    if not cells:
        return set()
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def orientations(cells, mirror: bool = False) -> list[tuple]:
    """The distinct orientations of a piece: its four quarter turns (and their mirror images with ``mirror``), each
    normalised, in a fixed order (the first as written, then each further quarter turn clockwise), duplicates left
    out, so a square piece has one and a straight one two."""
    out, seen = [], set()
    bases = [tuple(cells)] + ([tuple((r, -c) for r, c in cells)] if mirror else [])
    for base in bases:
        turned = base
        for _ in range(4):
            shape = normalised(turned)
            if shape not in seen:
                seen.add(shape)
                out.append(shape)
            turned = [(c, -r) for r, c in turned]
    return out


def lies_on(shape, anchor: int, width: int, height: int) -> list[int] | None:
    """The cells an orientation covers when its first square lies on cell ``anchor`` of a ``width`` x ``height``
    grid, or None when part of it would lie off the grid."""
    ar, ac = divmod(anchor, width)
    fr, fc = shape[0]
    out = []
    for r, c in shape:
        rr, cc = ar + r - fr, ac + c - fc
        if not (0 <= rr < height and 0 <= cc < width):
            return None
        out.append(rr * width + cc)
    return out


def picture(rows, size: int = 10) -> str:
    """The shape as a small SVG picture (for the rules pages): a square per ``#``."""
    cells = squares(rows)
    h = 1 + max(r for r, _ in cells)
    w = 1 + max(c for _, c in cells)
    rects = "".join(f'<rect x="{c * size}" y="{r * size}" width="{size}" height="{size}"/>' for r, c in cells)
    return (f'<svg class="piece" role="img" width="{w * size}" height="{h * size}" viewBox="0 0 {w * size} '
            f'{h * size}"><title>{len(cells)} squares</title><g fill="currentColor" stroke="white">{rects}</g></svg>')
