"""A tiny deterministic random generator whose whole state is one integer.

The state lives in the game, so a clone or a JSON round-trip continues the exact same sequence
(Python's Mersenne Twister would need 625 words per copy).
"""

MASK = (1 << 64) - 1


def next_state(state: int) -> tuple[int, int]:
    """One splitmix64 step: (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) and the new state (rejection sampling keeps it unbiased)."""
    limit = MASK - (MASK % n)
    while True:
        state, x = next_state(state)
        if x < limit:
            return state, x % n


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle in place; returns the new state. The same draws as ``below`` and ``next_state``,
    written out in the loop (a deck of a hundred cards would otherwise take two calls per card)."""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = MASK - (MASK % n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            x = z ^ (z >> 31)
            if x < limit:
                break
        j = x % n
        items[i], items[j] = items[j], items[i]
    return state


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


def name_hash(name: str) -> int:
    """A stable 64-bit hash of a name (FNV-1a over its UTF-8 bytes): the same on every run and machine, unlike
    Python's ``hash``, which is salted per process."""
    h = 0xCBF29CE484222325
    for b in name.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & MASK
    return h


def stream_state(seed: int, name: str) -> int:
    """The first state of the named sub-stream of a game's seed: one splitmix64 step from the seed's own first state
    mixed with the name's hash. It depends on the seed and the name only, never on what the main stream drew."""
    return next_state(seed_state(seed) ^ name_hash(name))[1]


class Stream:
    """A named random sub-stream of a game, with the two draws a step uses (``random_below`` and ``shuffle``, as the
    kernel has them); its state lives in ``streams`` (the game's field: name -> state), written back at each draw,
    so a clone or a JSON round trip goes on with the same sequence."""

    __slots__ = ("streams", "name")

    def __init__(self, streams: dict, name: str, seed: int):
        self.streams, self.name = streams, name
        if name not in streams:
            streams[name] = stream_state(seed, name)

    def random_below(self, n: int) -> int:
        self.streams[self.name], x = below(self.streams[self.name], n)
        return x

    def shuffle(self, items: list) -> None:
        self.streams[self.name] = shuffle(self.streams[self.name], items)
