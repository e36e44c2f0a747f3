"""A board drawn as SVG for the rules pages: its cells (land and water), the tile seams, the marks and items, and
the ring of border nodes, from the compiled model alone. The drawing itself lives in ``model.drawing`` (the web
table draws the same board with the pieces on it)."""
from __future__ import annotations

from ..model.drawing import CELL, GRID, LAND, RING, SEAM, WATER, board_svg, labels
from .text import md

__all__ = ["CELL", "GRID", "LAND", "RING", "SEAM", "WATER", "board_svg", "labels", "legend_line"]


def legend_line(bdef, counter_text) -> str:
    """A sentence that says what each letter of the picture stands for (marks ringed, items in bold), the item's
    counter named when the board's ``items`` gives one ("h (circled): a water space marked harbour; **m1**:
    moonstones"). Empty when the board has no marks and no items. Every name and text in it is escaped (``md``)."""
    said = labels(bdef)
    cells = {x: cell for grid in bdef.tiles.values() for row in grid for cell in row for x in (cell.mark, cell.item)
             if x}
    parts = []
    for name, short in said.items():
        cell = cells[name]
        if name == cell.mark:
            where = "land" if cell.land else "water"
            parts.append(f"{md(short)} (circled): a {where} space marked {md(name.replace('_', ' '))}")
        else:
            counter = bdef.items.get(name)
            what = counter_text(counter) if counter is not None else name.replace("_", " ")
            parts.append(f"**{md(short)}**: {md(what)}")
    return "; ".join(parts) + "." if parts else ""
