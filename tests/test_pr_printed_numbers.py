"""Printed numbers a neighbouring number cannot satisfy (issue 31): each test sets up a position where the printed
value and the nearest wrong one give different scores.

The Guild Hall's rulebook example (seed 001 l.366: small and large sugar mills, a small indigo plant and a coffee
roaster give 6) cannot tell "1 per small, 2 per large" from "2 per small, 1 per large": both make 6. The position
after it can. The Cloister's fourth step (10 for four sets) had no case at all."""
from __future__ import annotations

import pytest

from pr_positions import pr_position

ALL = {"new_buildings": "all"}


def guild_hall_points(production):
    game = pr_position(3, cities={0: [("guild_hall", 1)] + [(b, 0) for b in production]})
    return game.scores()[0]["parts"]["guild_hall"]


def test_the_rulebook_example_of_the_guild_hall():
    # seed 001 l.364-366: "每拥有一个小型生产建筑(无论是否被占据)…多获得1个胜利分数; 每拥有一个大型生产建筑…2个"
    assert guild_hall_points(["large_sugar_mill", "small_sugar_mill", "small_indigo_plant", "coffee_roaster"]) == 6


def test_the_guild_hall_scores_one_per_small_and_two_per_large_production_building():
    # 1 + 2 + 2 + 2 = 7; with the values swapped (2 per small, 1 per large) it would be 5, with 2 per any 8
    assert guild_hall_points(["small_indigo_plant", "large_sugar_mill", "coffee_roaster", "tobacco_storage"]) == 7
    assert guild_hall_points(["small_indigo_plant", "small_sugar_mill"]) == 2          # 2 per small would be 4
    assert guild_hall_points(["coffee_roaster"]) == 2                                  # 1 per large would be 1


def test_an_unoccupied_guild_hall_scores_nothing_for_production_buildings():
    game = pr_position(3, cities={0: [("guild_hall", 0), ("coffee_roaster", 0)]})
    assert game.scores()[0]["parts"].get("guild_hall", 0) == 0


@pytest.mark.parametrize("sets, expected", [(1, 1), (2, 3), (3, 6), (4, 10)])
def test_the_cloister_scores_1_3_6_10_for_one_to_four_sets(sets, expected):
    # each step differs from its neighbours: 8 for four sets, or 5 for three, fails here
    kinds = ["corn_plantation", "sugar_plantation", "quarry", "indigo_plantation"][:sets]
    island = [(kind, 1) for kind in kinds for _ in range(3)]
    game = pr_position(3, islands={0: island}, cities={0: [("cloister", 1)]}, options=ALL)
    assert game.scores()[0]["parts"]["cloister"] == expected
