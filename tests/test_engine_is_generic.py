"""The engine knows no game: no game, role or card name appears in boardrules/*.py."""
import pathlib
import re

import boardrules

ENGINE = pathlib.Path(boardrules.__file__).resolve().parent
# ordinary English or programming words that also happen to be card or role names
COMMON_WORDS = {"well", "builder", "tower", "hero", "statue", "archive", "factory"}


def content_words():
    words = set()
    for game_id in boardrules.available_games():
        rules = boardrules.load(game_id)
        words |= {game_id, rules.title}
        for thing in rules.cards + rules.roles:
            words |= {thing.id, thing.id.replace("_", " "), thing.en}
    return {w.lower() for w in words if w.lower() not in COMMON_WORDS and len(w) > 3}


def test_no_game_words_in_the_engine():
    words = content_words()
    assert "san_juan" in words and "library" in words and "councillor" in words
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")\b", re.I)
    hits = []
    for path in sorted(ENGINE.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = pattern.search(line)
            if m:
                hits.append(f"{path.name}:{n}: {m.group(0)!r} in {line.strip()[:80]}")
    assert not hits, "the engine names content:\n" + "\n".join(hits)
