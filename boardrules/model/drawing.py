"""A laid board drawn as one SVG element, from the compiled model alone (no dependency): its cells (land and
water), the tile seams, the marks and items, the ring of border nodes, and, when a state is given, each seat's
markers, covered cells and pieces in that seat's colour. The rules pages draw the board as it is laid before play
(no state); the web table draws it as a seat's view shows it. Every text that reaches the SVG is escaped."""
from __future__ import annotations

import re
from html import escape

from . import boards as B

CELL = 28           # pixels per cell
WATER, LAND, SEAM, GRID, RING = "#bcd9ea", "#e6d5a8", "#333333", "#8a8a8a", "#555555"
_CELL_NAME, _EDGE_NAME = re.compile(r"r(\d+)c(\d+)"), re.compile(r"edge(\d+)")


def labels(bdef) -> dict:
    """What the picture writes in a cell for each mark and item kind of the board's tiles: the shortest start of
    its name that no other mark or item shares ("h" for harbour, "m1" and "m2" for m1 and m2)."""
    names = sorted({x for grid in bdef.tiles.values() for row in grid for cell in row for x in (cell.mark, cell.item)
                    if x})
    out = {}
    for name in names:
        k = 1
        while k < len(name) and any(o != name and o.startswith(name[:k]) for o in names):
            k += 1
        out[name] = name[:k]
    return out


def _seat(value, colours):
    """A seat of the state's lists as an index into ``colours``, or None for an empty place or a bad value."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(colours) else None


def border_places(laid, columns, pad):
    """The middle of each border node's circle, numbered from the top left clockwise (as ``lay`` numbers them)."""
    n, w, h = laid.size, laid.width, laid.height
    rows = h // n
    places = [(pad + (c + 0.5) * n * CELL, pad / 2) for c in range(columns)]
    places += [(pad + w * CELL + pad / 2, pad + (r + 0.5) * n * CELL) for r in range(rows)]
    places += [(pad + (c + 0.5) * n * CELL, pad + h * CELL + pad / 2) for c in reversed(range(columns))]
    places += [(pad / 2, pad + (r + 0.5) * n * CELL) for r in reversed(range(rows))]
    return places


def node_words(name) -> str:
    """A node's name as the picture labels it: "r8c23" -> "row 8, column 23", "edge9" -> "border space 9"."""
    m = _CELL_NAME.fullmatch(str(name))
    if m:
        return f"row {m.group(1)}, column {m.group(2)}"
    m = _EDGE_NAME.fullmatch(str(name))
    return f"border space {m.group(1)}" if m else str(name)


def node_place(name, laid, ring, pad):
    """The middle of the node called ``name`` ("r<row>c<column>" or "edge<k>", as ``Geometry.node_name`` writes
    them), or None for a name that is no node of this board."""
    if not isinstance(name, str):
        return None
    m = _CELL_NAME.fullmatch(name)
    if m:
        r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
        if 0 <= r < laid.height and 0 <= c < laid.width:
            return pad + (c + 0.5) * CELL, pad + (r + 0.5) * CELL
        return None
    m = _EDGE_NAME.fullmatch(name)
    if m and 1 <= int(m.group(1)) <= len(ring):
        return ring[int(m.group(1)) - 1]
    return None


def board_svg(bdef, slots, columns, state=None, colours=(), label=None, targets=(), coordinates=False) -> str:
    """The board of ``bdef`` laid with ``slots`` ((tile id, rotation) each, ``columns`` to a row) as one ``<svg>``
    element: a square per cell (land or water), thick lines on the tile seams, a cell's mark in a circle and its
    item kind in bold (each as short as ``labels`` makes it), and one small circle per border node (numbered from 1,
    clockwise from the top left) beside the middle of its tile edge.

    ``state``, when given, is a board as a game's view shows it ({"markers": a seat or None per cell, "covered":
    the same, "pieces": per seat a list of node names}): each marker is a square of its seat's colour (``colours``
    [seat]) inside its cell, each covered cell is filled with its seat's colour, an item on a filled cell is no
    longer shown, and each piece is a circle of its seat's colour on its node (several on one node side by side).
    Values that do not fit the board are left out.

    ``targets`` (node names) are drawn as places to click (class ``target``, with their ``data-node``), and every
    cell gets a clear square on top with its ``data-node`` (for a page's preview); ``coordinates`` numbers the rows
    and columns from 1 in a margin on the top and the left (the numbers answers name them by)."""
    laid = B.lay(bdef.tiles, list(slots), columns, bdef.border)
    said = labels(bdef)
    pad = CELL if bdef.border else 4
    w, h, n = laid.width, laid.height, laid.size
    size = len(laid.cells)
    markers: list = []
    covered: list = []
    if state is not None:
        markers = [_seat(v, colours) for v in list(state.get("markers") or [])[:size]]
        covered = [_seat(v, colours) for v in list(state.get("covered") or [])[:size]]
    markers += [None] * (size - len(markers))
    covered += [None] * (size - len(covered))
    name = escape(str(bdef.text)) if label is None else escape(str(label))
    margin = 16 if coordinates else 0
    full_w, full_h = w * CELL + 2 * pad + margin, h * CELL + 2 * pad + margin
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{full_w}" height="{full_h}" '
           f'viewBox="0 0 {full_w} {full_h}" role="img" aria-label="{name}: {w} by {h} cells">']
    if coordinates:
        out += [f'<text class="coord" x="{margin + pad + (c + 0.5) * CELL}" y="11" font-size="9" '
                f'text-anchor="middle">{c + 1}</text>' for c in range(w)]
        out += [f'<text class="coord" x="{margin - 3}" y="{margin + pad + (r + 0.5) * CELL + 3}" font-size="9" '
                f'text-anchor="end">{r + 1}</text>' for r in range(h)]
        out.append(f'<g transform="translate({margin},{margin})">')
    for i, cell in enumerate(laid.cells):
        r, c = divmod(i, w)
        x, y = pad + c * CELL, pad + r * CELL
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{LAND if cell.land else WATER}" '
                   f'stroke="{GRID}" stroke-width="0.5"/>')
        if covered[i] is not None:
            out.append(f'<rect class="covered" data-seat="{covered[i]}" data-node="r{r + 1}c{c + 1}" x="{x + 1}" '
                       f'y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" fill="{escape(colours[covered[i]])}" '
                       f'fill-opacity="0.55"/>')
        if cell.mark:
            out.append(f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 3}" fill="none" stroke="{SEAM}"/>')
            out.append(f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" font-size="11" text-anchor="middle">'
                       f'{escape(said[cell.mark])}</text>')
        elif cell.item and markers[i] is None and covered[i] is None:
            out.append(f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" font-size="12" text-anchor="middle" '
                       f'font-weight="bold">{escape(said[cell.item])}</text>')
        if markers[i] is not None:
            out.append(f'<rect class="marker" data-seat="{markers[i]}" data-node="r{r + 1}c{c + 1}" '
                       f'x="{x + CELL / 4}" y="{y + CELL / 4}" width="{CELL / 2}" height="{CELL / 2}" '
                       f'fill="{escape(colours[markers[i]])}" stroke="{SEAM}"/>')
    for k in range(0, w + 1, n):        # the tile seams and the board's edge
        out.append(f'<line x1="{pad + k * CELL}" y1="{pad}" x2="{pad + k * CELL}" y2="{pad + h * CELL}" '
                   f'stroke="{SEAM}" stroke-width="2"/>')
    for k in range(0, h + 1, n):
        out.append(f'<line x1="{pad}" y1="{pad + k * CELL}" x2="{pad + w * CELL}" y2="{pad + k * CELL}" '
                   f'stroke="{SEAM}" stroke-width="2"/>')
    ring = border_places(laid, columns, pad) if bdef.border else []
    for k, (x, y) in enumerate(ring):
        out.append(f'<circle cx="{x}" cy="{y}" r="{pad / 3}" fill="#ffffff" stroke="{RING}"/>')
        out.append(f'<text x="{x}" y="{y + 4}" font-size="10" text-anchor="middle">{k + 1}</text>')
    if state is not None:
        out.extend(_pieces(state.get("pieces") or [], laid, ring, pad, colours))
    if targets:
        wanted = set(targets)
        for i in range(size):
            r, c = divmod(i, w)
            node = f"r{r + 1}c{c + 1}"
            kind = "cell target" if node in wanted else "cell"
            out.append(f'<rect class="{kind}" data-node="{node}" x="{pad + c * CELL}" y="{pad + r * CELL}" '
                       f'width="{CELL}" height="{CELL}"><title>row {r + 1}, column {c + 1}</title></rect>')
        for k, (x, y) in enumerate(ring):
            node = f"edge{k + 1}"
            if node in wanted:
                out.append(f'<circle class="cell target" data-node="{node}" cx="{x}" cy="{y}" r="{pad / 2.5}">'
                           f'<title>border space {k + 1}</title></circle>')
    if coordinates:
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _pieces(pieces, laid, ring, pad, colours):
    """A circle per piece on its node; pieces sharing a node stand side by side around its middle."""
    at = {}
    for seat, mine in enumerate(list(pieces)[:len(colours)]):
        for node in mine if isinstance(mine, list) else ():
            place = node_place(node, laid, ring, pad)
            if place is not None:
                at.setdefault(place, []).append((seat, node))
    out = []
    for (x, y), here in at.items():
        k = len(here)
        for j, (seat, node) in enumerate(here):
            dx = (j - (k - 1) / 2) * 7 if k > 1 else 0
            out.append(f'<circle class="piece" data-seat="{seat}" data-node="{escape(node)}" cx="{x + dx}" '
                       f'cy="{y}" r="6" fill="{escape(colours[seat])}" stroke="#ffffff" stroke-width="1.5">'
                       f'<title>seat {seat}: {escape(node_words(node))}</title></circle>')
    return out
