"""Every section a variant may change (its schema) is one the overlay applies: none is accepted and then
silently ignored."""
import json

from boardrules.content import merge
from boardrules.content.paths import data_dir


def test_every_variant_section_is_applied_by_the_overlay():
    schema = json.loads((data_dir("schemas") / "variant.schema.json").read_text(encoding="utf-8"))
    handled = {"extends", "rules_choices", *merge.SCALARS, *merge.LIST_SECTIONS, *merge.MAP_SECTIONS,
               *merge.OBJECT_SECTIONS, *merge.STEP_SECTIONS}
    assert set(schema["properties"]) <= handled, set(schema["properties"]) - handled
