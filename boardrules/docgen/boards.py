"""A board drawn as SVG for the rules pages: its cells (land and water), the tile seams, the marks and items, and
the ring of border nodes, from the compiled model alone. The drawing itself lives in ``model.drawing`` (the web
table draws the same board with the pieces on it)."""
from __future__ import annotations

from ..model.drawing import CELL, GRID, LAND, RING, SEAM, WATER, board_svg

__all__ = ["CELL", "GRID", "LAND", "RING", "SEAM", "WATER", "board_svg"]
