"""A copy of an engine test game (tests/games/...) with one piece of its text replaced, for the tests that check
how a small change to the content plays or is refused."""


def edited(game, tmp_path, old, new, count=None):
    """``game``'s text with ``old`` replaced by ``new``, written to ``tmp_path/game.yaml``: its path. ``old`` must be
    in the text (exactly ``count`` times when given), so a test cannot pass on an edit that changed nothing."""
    text = game.read_text()
    if count is None:
        assert old in text, old
    else:
        assert text.count(old) == count, old
    path = tmp_path / "game.yaml"
    path.write_text(text.replace(old, new))
    return path
