"""A board drawn as SVG for the rules pages: its cells (land and water), the tile seams, the marks and items, and
the ring of border nodes, from the compiled model alone (no dependency)."""
from __future__ import annotations

from html import escape

from ..model import boards as B

CELL = 28           # pixels per cell
WATER, LAND, SEAM, GRID, RING = "#bcd9ea", "#e6d5a8", "#333333", "#8a8a8a", "#555555"


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


def legend_line(bdef, counter_text) -> str:
    """A sentence that says what each letter of the picture stands for (marks ringed, items in bold), the item's
    counter named when the board's ``items`` gives one ("h (circled): a water space marked harbour; **m1**:
    moonstones"). Empty when the board has no marks and no items."""
    said = labels(bdef)
    cells = {x: cell for grid in bdef.tiles.values() for row in grid for cell in row for x in (cell.mark, cell.item)
             if x}
    parts = []
    for name, short in said.items():
        cell = cells[name]
        if name == cell.mark:
            where = "land" if cell.land else "water"
            parts.append(f"{short} (circled): a {where} space marked {name.replace('_', ' ')}")
        else:
            counter = bdef.items.get(name)
            what = counter_text(counter) if counter is not None else name.replace("_", " ")
            parts.append(f"**{short}**: {what}")
    return "; ".join(parts) + "." if parts else ""


def board_svg(bdef, slots, columns) -> str:
    """The board of ``bdef`` laid with ``slots`` ((tile id, rotation) each, ``columns`` to a row) as one ``<svg>``
    element: a square per cell (land or water), thick lines on the tile seams, a cell's mark
    in a circle and its item kind in bold (each as short as ``labels`` makes it), and one small circle per border node (numbered from 1,
    clockwise from the top left) beside the middle of its tile edge."""
    laid = B.lay(bdef.tiles, list(slots), columns, bdef.border)
    said = labels(bdef)
    pad = CELL if bdef.border else 4
    w, h, n = laid.width, laid.height, laid.size
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * CELL + 2 * pad}" height="{h * CELL + 2 * pad}" '
           f'viewBox="0 0 {w * CELL + 2 * pad} {h * CELL + 2 * pad}" role="img" '
           f'aria-label="{escape(str(bdef.text))}: {w} by {h} cells">']
    for i, cell in enumerate(laid.cells):
        r, c = divmod(i, w)
        x, y = pad + c * CELL, pad + r * CELL
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{LAND if cell.land else WATER}" '
                   f'stroke="{GRID}" stroke-width="0.5"/>')
        if cell.mark:
            out.append(f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 3}" fill="none" stroke="{SEAM}"/>')
            out.append(f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" font-size="11" text-anchor="middle">'
                       f'{escape(said[cell.mark])}</text>')
        elif cell.item:
            out.append(f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" font-size="12" text-anchor="middle" '
                       f'font-weight="bold">{escape(said[cell.item])}</text>')
    for k in range(0, w + 1, n):        # the tile seams and the board's edge
        out.append(f'<line x1="{pad + k * CELL}" y1="{pad}" x2="{pad + k * CELL}" y2="{pad + h * CELL}" '
                   f'stroke="{SEAM}" stroke-width="2"/>')
    for k in range(0, h + 1, n):
        out.append(f'<line x1="{pad}" y1="{pad + k * CELL}" x2="{pad + w * CELL}" y2="{pad + k * CELL}" '
                   f'stroke="{SEAM}" stroke-width="2"/>')
    if bdef.border:
        rows = h // n
        places = [(pad + (c + 0.5) * n * CELL, pad / 2) for c in range(columns)]
        places += [(pad + w * CELL + pad / 2, pad + (r + 0.5) * n * CELL) for r in range(rows)]
        places += [(pad + (c + 0.5) * n * CELL, pad + h * CELL + pad / 2) for c in reversed(range(columns))]
        places += [(pad / 2, pad + (r + 0.5) * n * CELL) for r in reversed(range(rows))]
        for k, (x, y) in enumerate(places):
            out.append(f'<circle cx="{x}" cy="{y}" r="{pad / 3}" fill="#ffffff" stroke="{RING}"/>')
            out.append(f'<text x="{x}" y="{y + 4}" font-size="10" text-anchor="middle">{k + 1}</text>')
    out.append("</svg>")
    return "".join(out)
