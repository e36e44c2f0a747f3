"""The 'frozen' rules choice (content/san_juan/game.yaml, rules_choices: frozen): when the draw pile and the
discards are empty and a whole round passes with no building card moving, the game ends after that round."""
import boardrules
from positions import act, position

RULES = boardrules.load("san_juan")


def frozen_position(hands=None):
    """Two players; every building card not in a hand or a small city is tucked under seat 1's Chapel,
    so nothing can ever be drawn again."""
    game = position(RULES, 2, hands=hands or {}, cities={0: ["indigo_plant"], 1: ["indigo_plant", "chapel"]})
    d = game.to_json()
    chapel = next(c for c in d["zones"]["city"][1] if c.startswith("chapel#"))
    d["piles"].setdefault("tucked", {})[chapel] = d["zones"]["supply"][0]
    d["zones"]["supply"] = [[]]
    return RULES.game_from_json(d, check_history=False)


def test_a_round_in_which_nothing_can_move_ends_the_game():
    game = frozen_position()
    act(game, "choose_role", role="councillor")     # draws nothing: both piles are empty
    act(game, "choose_role", role="trader")         # no goods; the tile still cycles, which does not count
    act(game, "choose_role", role="prospector")     # draws nothing
    assert game.is_over
    assert "frozen" in game.end_reason
    assert game.round == 1
    assert game.winners() == [1]          # the Chapel's cards score


def test_a_round_in_which_a_card_moved_does_not_end_the_game():
    game = frozen_position(hands={0: ["smithy"]})      # costs 1, 0 for the Builder
    act(game, "choose_role", role="builder")        # the Governor builds: a card moves
    act(game, "build", card="smithy")
    act(game, "choose_role", role="councillor")
    act(game, "choose_role", role="prospector")
    assert not game.is_over and game.round == 2
    # the next round nobody can do anything any more
    for role in ("councillor", "trader", "prospector"):
        act(game, "choose_role", role=role)
    assert game.is_over and "frozen" in game.end_reason
