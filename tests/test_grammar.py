"""The YAML language is declared once (boardrules/lang/grammar.py): every form of every node kind the schemas allow
has a compiler method, every compiler method has a form in the schemas, and every form is described and shown by
an example in the reference."""
import pytest

from boardrules.lang.compiler import ContentCompiler
from boardrules.lang.expr import COMPARE
from boardrules.lang.grammar import alternatives, content_schemas

DEFS = content_schemas()["defs.schema.json"]["$defs"]
KINDS = {"expr": "num_", "condition": "if_", "step": "st_"}


def object_forms(kind):
    """The keyed forms of a node kind (``{sum: [...]}``), without plain values such as a number or true/false."""
    return {label for label, alt in alternatives(DEFS, kind) if alt.get("type") == "object" or "properties" in alt}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_form_the_schemas_allow_compiles_and_every_compiler_method_has_a_form(kind):
    prefix = KINDS[kind]
    methods = {name[len(prefix):] for name in dir(ContentCompiler) if name.startswith(prefix)}
    if kind == "condition":
        methods |= set(COMPARE)         # eq, ne, lt, le, gt, ge: one compiler method for the six
    forms = object_forms(kind)
    assert forms - methods == set(), f"{kind} forms with no compiler method {prefix}<form>"
    assert methods - forms == set(), f"{kind} compiler methods with no form in lang/grammar.py"


@pytest.mark.parametrize("kind", sorted(KINDS) + ["selector", "effect", "card_ref"])
def test_every_form_has_an_example_and_the_kind_a_description(kind):
    spec = DEFS[kind]
    assert spec.get("description"), kind
    for label, alt in alternatives(DEFS, kind):
        assert alt.get("examples"), f"{kind} {label!r} has no example in lang/grammar.py"
