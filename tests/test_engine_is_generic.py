"""The engine knows no game: no word of a packaged game's content appears in boardrules/*.py.

Every identifier, attribute name, string constant (docstrings included) and comment of every module under
``boardrules/`` is split into lower-case words and checked against the vocabulary of every packaged game: its
id and title, card, role, zone, pile, counter, quantity, event, tag, scoring-part and name ids, the string
values of card attributes (a card's ``good``, the keys of its ``prices``), the action kinds of its ``choose`` and
``pick`` steps, and the English names of its cards, roles and named things. A multi-word term (``indigo_plant``,
"Trading Post") matches only as a whole; a single word also matches its plural ("buildings", "cities").
"""
from __future__ import annotations

import ast
import io
import pathlib
import re
import tokenize

import boardrules

ENGINE = pathlib.Path(boardrules.__file__).resolve().parent

# Words of the packaged games that are also ordinary English or programming words the engine must use in their
# generic sense. Keep this short: a game's nouns and verbs ("building", "city", "goods", "build", "sell") are not
# allowed, and a word added here must name a generic concept, not a game's.
ALLOWED = {
    "player": "the engine's seat; 'player' is also the manifest's default names.player",
    "hand": "the generic hidden per-player zone of card games (also ordinary English: 'by hand')",
    "discard": "the engine's discard_down step and the 'discard' action kind it offers",
    "paid": "past tense of the engine's generic 'pay' step and payments",
    "take": "ordinary English verb (the engine takes a single answer automatically)",
    "keep": "ordinary English verb ('keep the cards for which this holds')",
    "factory": "programming word (attrs.field(factory=...)); a card is also named Factory",
    "start player": "the engine's start_player (a game's names.start_player may keep the plain words)",
    "spaces": "Gymnasium's module of observation and action spaces (gymnasium.spaces), which the boardrules.ai "
              "adapters import",
    "box": "the manifest's box_zone key, where copies a game leaves out wait (also SVG's viewBox)",
    "round start": "the manifest's round.start section, which every game has",
    "privilege multiplier": "the engine's round.roles.multiplier concept, which a game's quantity may be named after",
    "white": "a colour of the SVG drawings and the report's CSS (white-space), not a game's",
    "red": "a colour of the terminal table's markup",
    "yellow": "a colour of the terminal table's markup",
    "covered": "ordinary English: a board cell under a laid piece (the boards family's covered layer, its saved key "
               "and the region number 'covered'); a game's pile may share the word",
    "phase start": "an event the engine emits for every player when a role's phase starts (if a game declares it), "
                   "and a moment",
    "phase end": "the event the engine emits when a role's phase ends, and the default moment a card starts working",
    "round end": "the default moments of works.from (a card starts working at round end) and the round's end steps",
    "role chosen": "the event the engine emits when a player chooses a role (if a game declares it)",
}


# ---------------------------------------------------------------------- the games' vocabulary
def _words(text: str) -> tuple[str, ...]:
    """Lower-case words of an identifier or a sentence: snake_case, camelCase and spaces all split."""
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", str(text))
    return tuple(re.findall(r"[a-z0-9]+", text.lower()))


def _english(name) -> str | None:
    return name.get("en") if isinstance(name, dict) else name if isinstance(name, str) else None


def _action_kinds(node):
    """The ``action:`` values of every choose/pick step in a content tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "action" and isinstance(value, str):
                yield value
            else:
                yield from _action_kinds(value)
    elif isinstance(node, list):
        for value in node:
            yield from _action_kinds(value)


def game_terms(rules) -> set[str]:
    """Every id and English name a game's content declares (see the module docstring)."""
    content = rules.content
    terms = {rules.id, rules.title}
    for section in ("zones", "piles", "counters", "quantities", "events", "attributes", "options"):
        terms |= set(content.get(section) or {})
    terms |= {_english(value) or "" for value in (content.get("names") or {}).values()}
    for part in (content.get("scoring") or {}).get("parts", []):
        terms |= {part["id"], _english(part.get("name")) or ""}
    for thing in rules.cards + rules.roles:
        terms |= {thing.id, thing.en}
    for card in rules.cards:
        terms |= set(card.tags)
        for value in card.attrs.values():
            if isinstance(value, str):
                terms.add(value)
            elif isinstance(value, dict):
                terms |= {k for k in value if isinstance(k, str)}
    terms |= set(_action_kinds(content))
    return {t for t in terms if t}


def vocabulary() -> dict[tuple[str, ...], str]:
    """Word sequence -> the term in snake_case ("Trading Post" -> "trading_post"), for every packaged game, without
    the allowed words."""
    vocab = {}
    for game_id in boardrules.available_games():
        for term in game_terms(boardrules.load(game_id)):
            words = _words(term)
            if words and " ".join(words) not in ALLOWED and not all(w.isdigit() for w in words):
                vocab[words] = "_".join(words)
    return vocab


# ---------------------------------------------------------------------- the engine's words
def _texts(source: str):
    """(line, text) for every identifier, attribute name, argument, keyword, string constant and comment."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", None)
        if isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.Attribute):
            yield node.end_lineno, node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield line, node.name
        elif isinstance(node, ast.arg):
            yield line, node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield line, node.arg
        elif isinstance(node, ast.alias):
            yield line, node.name
            if node.asname:
                yield line, node.asname
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield line, node.module
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            for k, text in enumerate(node.value.splitlines() or [""]):
                yield line + k, text
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string


def _singular(word: str) -> tuple[str, ...]:
    """The word itself, then what it may be the plural of ("cities" -> "city", "goods" -> "good"), in that order."""
    forms = [word]
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    return tuple(forms)


def _matches(words: tuple[str, ...], vocab, longest: int):
    """The terms found in a word sequence, longest first at each position (a plural last word counts)."""
    for i in range(len(words)):
        for n in range(min(longest, len(words) - i), 0, -1):
            head = words[i:i + n - 1]
            hit = next((vocab[head + (f,)] for f in _singular(words[i + n - 1]) if head + (f,) in vocab), None)
            if hit is not None:
                yield hit
                break


def engine_hits(vocab=None) -> list[tuple[str, int, str, str]]:
    """(file relative to boardrules/, line, game term, the text it was found in) for every hit."""
    vocab = vocabulary() if vocab is None else vocab
    longest = max(map(len, vocab))
    hits = []
    for path in sorted(ENGINE.rglob("*.py")):
        rel = path.relative_to(ENGINE).as_posix()
        if rel.startswith("_data/"):        # the content and examples an installed wheel carries: games, not engine
            continue
        seen = set()
        for line, text in _texts(path.read_text(encoding="utf-8")):
            for term in _matches(_words(text), vocab, longest):
                if (line, term) not in seen:
                    seen.add((line, term))
                    hits.append((rel, line, term, text.strip()[:80]))
    return sorted(hits)


# ---------------------------------------------------------------------- the tests
# Game words still in the engine's own packages, as (file, word). They are being removed in the engine restructure
# (another branch owns lang/, model/, engine/ and api/); this set may only shrink: a new hit fails, and so does a
# pending one that is gone (then delete it here).
ENGINE_PACKAGES = ("lang/", "model/", "engine/", "api/")
PENDING_ENGINE_HITS: set[tuple[str, str]] = set()   # the engine restructure removed the last ones


def _show(hits) -> str:
    return "\n".join(f"boardrules/{f}:{n}: {term!r} in {text!r}" for f, n, term, text in hits)


def test_the_vocabulary_knows_the_games():
    vocab = vocabulary()
    for term in ("san_juan", "library", "councillor", "building", "city", "goods", "sell", "build", "produce",
                 "build_over", "violet", "production", "indigo", "Trading Post", "Governor"):
        assert _words(term) in vocab, term
    assert all(" ".join(_words(word)) == word for word in ALLOWED), "write allowed words lower-case, spaced"


def test_no_game_words_outside_the_pending_engine_hits():
    hits = engine_hits()
    new = [h for h in hits if not h[0].startswith(ENGINE_PACKAGES) or (h[0], h[2]) not in PENDING_ENGINE_HITS]
    assert not new, f"boardrules/ names a packaged game's content ({len(new)} hits):\n" + _show(new)


def test_pending_engine_hits_only_shrink():
    found = {(f, term) for f, _, term, _ in engine_hits()}
    gone = sorted(PENDING_ENGINE_HITS - found)
    assert not gone, f"remove these from PENDING_ENGINE_HITS, they are gone: {gone}"
