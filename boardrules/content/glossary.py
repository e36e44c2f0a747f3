"""A glossary of a second language's rulebook words (``content/glossary.zh.yaml``): the terms the rules pages use,
one word per term and game, in the script each game's rulebook uses. Read like content: safe and bounded YAML,
validated against ``schemas/glossary.schema.json``, every problem a located ``ContentError``."""
from __future__ import annotations

import json
from pathlib import Path

import attrs

from ..errors import ContentError
from .paths import data_dir
from .schemacheck import validate
from .yamlio import load_yaml

__all__ = ["Glossary", "load_glossary"]


@attrs.define(frozen=True)
class Glossary:
    """``games``: game id -> {script, seed}; ``terms``: term id -> {en, hans, hant, games?, seeded?, role?}."""
    games: dict
    terms: dict

    def word(self, term: str, game: str) -> str:
        """The word a game's pages use for a term: the game's own word, else the word in its rulebook's script
        (simplified for a game the glossary does not list, such as a house rule's own game id)."""
        entry = self.terms[term]
        own = entry.get("games", {}).get(game)
        if own:
            return own
        return entry[self.games.get(game, {}).get("script", "hans")]


def load_glossary(path=None) -> Glossary:
    """The glossary at ``path`` (default: the packaged ``content/glossary.zh.yaml``); a ContentError naming the file,
    line and column of each problem if it does not validate or names a game it does not list."""
    file = Path(path) if path is not None else data_dir("content") / "glossary.zh.yaml"
    doc = load_yaml(file)
    schema = json.loads((data_dir("schemas") / "glossary.schema.json").read_text(encoding="utf-8"))
    issues = validate(doc, schema)
    if not issues:
        games = doc.data["games"]
        for tid, entry in doc.data["terms"].items():
            named = [("games", g) for g in entry.get("games", {})] + [("seeded", i) for i in
                                                                       range(len(entry.get("seeded", [])))]
            for key, at in named:
                game = at if key == "games" else entry["seeded"][at]
                if game not in games:
                    issues.append(doc.issue(("terms", tid, key, at), f"the game {game!r} is not listed under 'games'",
                                            hint="list it under 'games' with its script", at_key=key == "games"))
    if issues:
        raise ContentError(issues)
    return Glossary(dict(doc.data["games"]), dict(doc.data["terms"]))
