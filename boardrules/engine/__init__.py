"""The engine: game state, the interpreter that advances it to the next decision, exact copies and JSON,
and per-player views. It knows zones, piles, counters and flow, and no particular game."""
