"""Chinese names (issue 44, item 2): every card, role, good, zone, counter, token, tile, track, board, option and
quantity of the packaged games and the example variants has a `zh` name, taken from the seed rulebooks where they
print one; a house rule's own names may leave it out; the glossary of rulebook terms validates and agrees with the
content's role names."""
from pathlib import Path

import pytest

from boardrules.content.glossary import load_glossary
from boardrules.content.paths import data_dir
from boardrules.errors import ContentError
from boardrules.lang.load import load_model
from boardrules.model.records import ZH_SECTIONS

REPO = Path(__file__).resolve().parent.parent
# the seed rulebooks: ../shared/seeds beside the checkout (or beside the folder of worktrees holding it)
SEEDS = next((d for d in (REPO.parent / "shared" / "seeds", REPO.parent.parent / "shared" / "seeds") if d.is_dir()),
             REPO.parent / "shared" / "seeds")
GAMES = {"san_juan": "000", "puerto_rico": "001", "san_juan_1897": "002", "burgundy_cards": "003", "amerigo": "004"}
EXAMPLES = sorted(p.name for p in (REPO / "examples").glob("*.yaml"))


def named_things(model):
    """(kind, id, zh or None) for every named thing of a compiled game."""
    out = [("card", t.id, t.name.get("zh")) for t in model.types]
    out += [("role", r.id, r.name.get("zh")) for r in model.roles]
    content = model.raw["content"]
    for section in ZH_SECTIONS:
        for key in content.get(section) or {}:
            out.append((section, key, model.zh.get(section, {}).get(key)))
    for part in (content.get("scoring") or {}).get("parts", []):
        if "name" in part:
            name = part["name"]
            out.append(("scoring part", part["id"], name.get("zh") if isinstance(name, dict) else None))
    for key, name in (content.get("names") or {}).items():
        out.append(("names", key, name.get("zh") if isinstance(name, dict) else None))
    return out


@pytest.mark.parametrize("source", [*GAMES, *(f"examples/{e}" for e in EXAMPLES)])
def test_every_name_of_a_packaged_game_or_example_variant_has_a_chinese_name(source):
    model = load_model(str(REPO / source) if source.startswith("examples/") else source)
    things = named_things(model)
    assert len(things) > 20
    missing = [(kind, key) for kind, key, zh in things if not zh]
    assert not missing, f"{source}: no zh name for {missing}"


def seed_text(game):
    if not SEEDS.is_dir():
        pytest.skip("the seed rulebooks (../shared/seeds) are not beside this checkout")
    found = sorted(SEEDS.glob(f"{GAMES[game]}_*.txt"))
    if not found:
        pytest.skip(f"seed {GAMES[game]} is not there")
    return found[0].read_text(encoding="utf-8")


# A sample of names per game that the seed prints: the zh name (its first word, before a number) is the seed's word.
FROM_THE_SEED = {
    "san_juan": [("role", "builder"), ("role", "councillor"), ("role", "prospector"), ("card", "library"),
                 ("card", "chapel"), ("card", "indigo_plant"), ("zones", "hand"), ("zones", "discard"),
                 ("quantities", "hand_limit")],
    "san_juan_1897": [("role", "builder"), ("role", "trader"), ("role", "councillor"), ("role", "prospector"),
                      ("card", "library"), ("card", "cathedral"), ("zones", "supply"), ("zones", "hand")],
    "puerto_rico": [("role", "settler"), ("role", "mayor"), ("role", "craftsman"), ("role", "captain"),
                    ("card", "small_market"), ("card", "hacienda"), ("zones", "trading_house"), ("zones", "island"),
                    ("options", "university_factory_swap")],
    "burgundy_cards": [("card", "castle_1"), ("card", "cloister_1"), ("card", "watchtower_4"), ("zones", "draw_deck"),
                       ("zones", "estate"), ("zones", "storage"), ("counters", "worker_cards"),
                       ("counters", "silver"), ("counters", "vp")],
    "amerigo": [("tracks", "gold"), ("tracks", "cannons"), ("tracks", "progress_track"), ("tracks", "special_track"),
                ("zones", "tower"), ("zones", "tray"), ("zones", "neutral"), ("zones", "villages"),
                ("counters", "c1"), ("counters", "c2"), ("quantities", "ap"), ("card", "red_cube"),
                ("card", "time_2"), ("card", "pirate_1"), ("card", "neutral_2"), ("card", "village_3l")],
}


@pytest.mark.parametrize("game", GAMES)
def test_the_chinese_names_are_the_seed_rulebooks_words(game):
    text = seed_text(game)
    names = {(kind, key): zh for kind, key, zh in named_things(load_model(game))}
    wrong = []
    for kind, key in FROM_THE_SEED[game]:
        word = names[(kind, key)].split(" ")[0]
        if word not in text:
            wrong.append((kind, key, word))
    assert not wrong, f"{game}: these zh names are not the seed's words: {wrong}"


def test_a_house_rules_own_names_need_no_chinese_name():
    """The zh name is optional: a house rule naming a new card and a new zone in English only loads, and keeps
    the Chinese names of the game it extends."""
    model = load_model(str(REPO / "examples" / "house_rules" / "watchtower.yaml"))
    card = model.types[model.type_index["watchtower"]]
    assert card.name == {"en": "Watchtower"}
    assert model.zh["zones"]["hand"] == "手牌"


def test_a_zone_or_counter_without_zh_loads_and_a_zh_that_is_not_text_is_refused(tmp_path):
    base = (REPO / "examples" / "new_role.yaml").read_text(encoding="utf-8")
    (tmp_path / "plain.yaml").write_text(base.replace(", zh: 探子查看數", "").replace("extends: san_juan",
                                         "extends: san_juan\ncounters:\n  add:\n    tips: {text: tips}"),
                                         encoding="utf-8")
    model = load_model(str(tmp_path / "plain.yaml"))
    assert "scout_look" not in model.zh.get("quantities", {}) and "tips" not in model.zh.get("counters", {})
    assert model.zh["quantities"]["hand_limit"] == "手牌上限"
    (tmp_path / "bad.yaml").write_text(base.replace("zh: 探子查看數", "zh: [探子]"), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_model(str(tmp_path / "bad.yaml"))
    assert "bad.yaml:" in str(err.value) and "scout_look" in str(err.value)


# ---------------------------------------------------------------------------------------------- the glossary
RULEBOOK_TERMS = ["round", "turn", "phase", "role", "privilege", "victory_points", "player", "start_player",
                  "governor", "settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector",
                  "councillor", "producer", "building", "good", "action", "cost", "hand", "discard_pile",
                  "end_of_game", "tie", "setup", "scoring", "variant", "house_rule", "option"]


def test_the_glossary_validates_and_gives_every_rulebook_term_a_word_in_every_game():
    glossary = load_glossary()
    assert set(glossary.games) == set(GAMES)
    for term in RULEBOOK_TERMS:
        assert term in glossary.terms, term
        for game in GAMES:
            assert glossary.word(term, game)
    # the seeds' words, in each game's script
    assert [glossary.word(t, "puerto_rico") for t in ("governor", "mayor", "builder", "trader", "captain",
                                                      "prospector", "privilege", "round", "phase")] == \
        ["总督", "市长", "建筑师", "商人", "船长", "淘金者", "特权", "轮", "阶段"]
    assert glossary.word("privilege", "san_juan") == "特權" and glossary.word("governor", "san_juan_1897") == "總督"
    assert glossary.word("round", "burgundy_cards") == "轮" and glossary.word("turn", "burgundy_cards") == "回合"


def test_the_glossary_words_marked_seeded_are_printed_by_the_seed():
    glossary = load_glossary()
    wrong = []
    for game in GAMES:
        text = seed_text(game)
        for term, entry in glossary.terms.items():
            if game in entry.get("seeded", ()) and glossary.word(term, game) not in text:
                wrong.append((game, term, glossary.word(term, game)))
    assert not wrong


def test_the_glossary_role_words_are_the_contents_role_names():
    glossary = load_glossary()
    checked = 0
    for game in GAMES:
        model = load_model(game)
        for term, entry in glossary.terms.items():
            if entry.get("role") in model.role_index:
                role = model.roles[model.role_index[entry["role"]]]
                assert role.name["zh"].split(" ")[0] == glossary.word(term, game), (game, term)
                checked += 1
    assert checked >= 15


def test_the_governor_is_called_as_each_seed_calls_him():
    """The role games' start player is the Governor: 長官 in seed 000, 總督 in seed 002, 总督 in seed 001."""
    glossary = load_glossary()
    for game in ("san_juan", "san_juan_1897", "puerto_rico"):
        names = load_model(game).raw["content"]["names"]
        said = names.get("start_player")
        assert isinstance(said, dict) and said["zh"] == glossary.word("governor", game), game


def test_a_broken_glossary_is_refused_with_its_place(tmp_path):
    text = (data_dir("content") / "glossary.zh.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "glossary.zh.yaml"
    bad.write_text(text.replace("games: {puerto_rico: 轮, burgundy_cards: 轮}", "games: {puerto_rico: 轮, burgundy: 轮}"),
                   encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_glossary(bad)
    assert "'burgundy' is not listed" in str(err.value) and "terms.round.games.burgundy" in str(err.value)
    bad.write_text(text.replace("    hant: 回合\n", "", 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_glossary(bad)
    assert "hant" in str(err.value) and "glossary.zh.yaml:" in str(err.value)
