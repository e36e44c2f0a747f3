"""The YAML language reference, written from the JSON Schemas: an overview, the files and their sections, and a page
per node kind with its forms, fields and an example."""
from __future__ import annotations

from ..lang.grammar import alternatives
from ..limits import MAX_NUMBER
from .page import Page
from .steps import walk
from .text import cap, code, flow, slug, table, yaml_block

NAME_PATTERN = "^[a-z][a-z0-9_]*$"
VAR_PATTERN = "^\\$[a-z_][a-z0-9_]*$"
FIELDS_HEAD = ["Field", "Type", "Required", "Default", "Description"]
BLOCK_KINDS = ("step", "steps", "effect", "card", "role")   # written one key a line in content files


#: Keys every form of a kind takes beside its own (said once on the kind's page, not in each form's table).
BESIDE = ("rule_text",)


class SchemaDoc:
    """The YAML language reference, from the JSON Schemas in ``schemas/``."""

    def __init__(self, schemas: dict, samples=()):
        self.schemas = schemas                          # file name -> schema
        self.defs = schemas.get("defs.schema.json", {}).get("$defs", {})
        self.samples = list(samples)                    # raw content, searched for examples the tables lack
        self._registry = None

    # ------------------------------------------------------------------ reading the schemas
    def alternatives(self, kind: str) -> list[tuple[str, dict]]:
        """(label, schema) for every form of a node kind (the labels the grammar gives them)."""
        return alternatives(self.defs, kind)

    def type_md(self, s) -> str:
        if not isinstance(s, dict) or not s:
            return "any value"
        if "$ref" in s:
            name = s["$ref"].rsplit("/", 1)[-1]
            return f"[{name}]({name}.md)"
        if "const" in s:
            return code(s["const"])
        if "enum" in s:
            return " / ".join(code(v) for v in s["enum"])
        alts = s.get("oneOf") or s.get("anyOf")
        if alts:
            return " or ".join(dict.fromkeys(self.type_md(a) for a in alts))
        t = s.get("type")
        if isinstance(t, list):
            return " or ".join(t)
        if t == "string":
            pattern = s.get("pattern")
            return {NAME_PATTERN: "name", VAR_PATTERN: "$variable", None: "text"}.get(pattern, "text")
        if t == "integer":
            # every integer lies within MAX_NUMBER either way (the files page says so once): only closer bounds show
            lo, hi = s.get("minimum"), s.get("maximum")
            lo, hi = (None if lo == -MAX_NUMBER else lo), (None if hi == MAX_NUMBER else hi)
            return "integer" + (f" ≥ {lo}" if lo is not None else "") + (f" ≤ {hi}" if hi is not None else "")
        if t == "boolean":
            return "`true` / `false`"
        if t == "array":
            items = s.get("items")
            n = "" if s.get("minItems") in (None, 0) else f" (at least {s['minItems']})"
            if s.get("minItems") is not None and s.get("minItems") == s.get("maxItems"):
                n = f" (exactly {s['minItems']})"
            return f"list of {self.type_md(items) if items else 'values'}{n}"
        if t == "object" or "properties" in s:
            props = s.get("properties")
            if props:
                return "`{" + ", ".join(props) + "}`"
            extra = s.get("additionalProperties")
            if isinstance(extra, dict):
                return f"mapping of name → {self.type_md(extra)}"
            return "mapping"
        return "any value"

    def fields(self, kind, label, alt) -> tuple[str | None, dict, list]:
        """(kind key whose value holds the fields or None, properties, required)."""
        props = {k: v for k, v in (alt.get("properties") or {}).items() if k not in BESIDE}
        if len(props) == 1:
            key, inner = next(iter(props.items()))
            if isinstance(inner, dict) and inner.get("properties"):
                return key, inner["properties"], inner.get("required", [])
        return None, props, alt.get("required", [])

    def field_rows(self, kind, label, props, required) -> list[list]:
        rows = []
        for name, prop in props.items():
            default = code(prop["default"]) if isinstance(prop, dict) and "default" in prop else ""
            desc = (prop.get("description") if isinstance(prop, dict) else "") or ""
            rows.append([f"`{name}`", self.type_md(prop), "yes" if name in required else "no",
                         "" if name in required else default, desc])
        return rows

    def entry_table(self, entry: dict) -> list[str]:
        """The fields of a section's entry (``properties`` and ``required``) as a table."""
        return table(FIELDS_HEAD, self.field_rows("", "", entry["properties"], entry.get("required", [])))

    def registry(self):
        if self._registry is None:
            from referencing import Registry, Resource
            self._registry = Registry().with_resources(
                (s.get("$id", name), Resource.from_contents(s)) for name, s in self.schemas.items())
        return self._registry

    def validator(self, schema):
        import jsonschema
        base = self.schemas.get("defs.schema.json", {}).get("$id", "defs.schema.json")
        wrapped = {**schema, "$id": base.rsplit("/", 1)[0] + "/docgen-example.json"}
        return jsonschema.Draft202012Validator(wrapped, registry=self.registry())

    def example_texts(self, kind, label, alt) -> list[str]:
        """Every example of a form the schemas carry (a form with several variants, such as a step's resolvers, has
        one per variant), else the shortest sample of the content that fits it."""
        if isinstance(alt.get("examples"), list) and alt["examples"]:
            return [yaml_block(x) if kind in BLOCK_KINDS else flow(x) for x in alt["examples"]]
        text = self.example(kind, label, alt)
        return [] if text is None else [text]

    def example(self, kind, label, alt) -> str | None:
        if isinstance(alt.get("examples"), list) and alt["examples"]:
            example = alt["examples"][0]
            return yaml_block(example) if kind in BLOCK_KINDS else flow(example)
        check = self.validator(alt)
        best = None
        for doc in self.samples:
            for node in walk(doc):
                first = (alt.get("required") or [None])[0]
                if first is not None and first not in node:
                    continue
                if check.is_valid(node):
                    text = flow(node)
                    if best is None or len(text) < len(best):
                        best = text
        return best

    def examples(self) -> list[tuple[str, str, object, dict]]:
        """(kind, label, parsed example, alternative schema) for every example this reference shows."""
        from ruamel.yaml import YAML
        out = []
        for kind in self.defs:
            for label, alt in self.alternatives(kind):
                for text in self.example_texts(kind, label, alt):
                    out.append((kind, label, YAML(typ="safe").load(text), alt))
        return out

    # ------------------------------------------------------------------ pages
    def pages(self, folder="reference") -> list[Page]:
        pages = [Page(f"{folder}/index.md", "Overview", self.index_page()),
                 Page(f"{folder}/files.md", "Files and sections", self.files_page())]
        for kind in self.defs:
            pages.append(Page(f"{folder}/{kind}.md", kind, self.kind_page(kind)))
        return pages

    def summary(self, kind) -> str:
        spec = self.defs[kind]
        if spec.get("description"):
            return spec["description"]
        if spec.get("type") == "array":
            return f"a list of {self.type_md(spec.get('items'))}"
        return {"card": "a card type", "role": "a role"}.get(kind, kind)

    def index_page(self) -> str:
        lines = ["# YAML language reference", "",
                 "Every file of a game is checked against a JSON Schema before anything else. This reference is "
                 "generated from those schemas: each node kind, every form it can take, its fields and an example. "
                 "The [authoring guide](../authoring.md) explains how the pieces fit together.", "",
                 "## Schemas", "",
                 "Point your editor at the published schemas (the YAML extension of VS Code and other editors "
                 "reads the first line of the file):", ""]
        rows = []
        for name, s in self.schemas.items():
            rows.append([f"[`{name}`](../schemas/{name})", s.get("title", ""), f"`{s.get('$id', '')}`"])
        lines += table(["File", "For", "Id"], rows)
        lines += ["```yaml", "# yaml-language-server: $schema=https://boardrules.dev/schemas/variant.schema.json",
                  "extends: <game id>", "```", "",
                  "In a checkout, a relative path works too: `# yaml-language-server: "
                  "$schema=../../schemas/game.schema.json`.", "",
                  "## Files", "",
                  "[Files and sections](files.md): the sections of a game manifest (`game.yaml`), of the files it "
                  "includes, and of a variant.", "",
                  "## Node kinds", "", "The pieces used inside the sections:", ""]
        rows = []
        for kind in self.defs:
            alts = [lab for lab, _ in self.alternatives(kind) if lab]
            rows.append([f"[{kind}]({kind}.md)", self.summary(kind), ", ".join(f"`{a}`" for a in alts)])
        lines += table(["Kind", "What it is", "Forms"], rows)
        lines += ["## Reading the tables", "",
                  "- A **form** is one shape a node can take, named by its key: `{count: ...}` is the `count` form "
                  "of an [expr](expr.md). A node has exactly one form.",
                  "- **Type**: `name` is an identifier (`a-z`, digits, `_`) declared elsewhere in the game; "
                  "`$variable` is a variable such as `$card`; a link is another node kind.",
                  "- **Default** is what the engine uses when an optional field is left out.", ""]
        return "\n".join(lines)

    def files_page(self) -> str:
        lines = ["# Files and sections", "",
                 "A game is a directory with a manifest, `game.yaml`, that may `include` more files; a variant is "
                 "one file that `extends` a game. Each kind of file has its schema:", "",
                 f"Every integer in content lies between -{MAX_NUMBER:,} and {MAX_NUMBER:,} (closer bounds are given "
                 f"where a field has them); the other limits on what a file may hold are on the "
                 "[security page](../security.md#limits).", ""]
        for name in ("game.schema.json", "part.schema.json", "variant.schema.json"):
            s = self.schemas.get(name)
            if s is None:
                continue
            lines += [f"## {s.get('title', name)} {{#{slug(name.split('.')[0])}}}", "",
                      f"Schema: [`{name}`](../schemas/{name}).", ""]
            props, req = s.get("properties", {}), s.get("required", [])
            prefix = slug(name.split(".")[0])
            rows, subs = [], []
            for k, v in props.items():
                desc = v.get("description", "") if isinstance(v, dict) else ""
                detail = self.section_lines(name, k, v)
                ref = f"`{k}`"
                if detail:
                    ref = f"[`{k}`](#{prefix}-{slug(k)})"
                    subs += [f"### `{k}` {{#{prefix}-{slug(k)}}}", "", cap(desc) + "." if desc else ""] + [""] + detail
                rows.append([ref, self.type_md(v), "yes" if k in req else "no", desc])
            lines += table(["Section", "Type", "Required", "Description"], rows) + subs
        return "\n".join(lines)

    def section_lines(self, file, key, v) -> list[str]:
        """The fields of a structured section; [] for a plain value (the table row says it all)."""
        lines = []
        if not isinstance(v, dict):
            return []
        entry = v.get("additionalProperties") if v.get("type") == "object" and not v.get("properties") else None
        if isinstance(entry, dict) and entry.get("properties"):
            lines += ["A mapping from a name to an entry with these fields:", ""]
            lines += self.entry_table(entry)
        elif v.get("properties"):
            lines += ["A mapping with these fields:", ""]
            lines += self.entry_table(v)
            for name, sub in v["properties"].items():
                if not isinstance(sub, dict):
                    continue
                inner = sub.get("items") if sub.get("type") == "array" else sub.get("additionalProperties")
                if isinstance(inner, dict) and inner.get("properties"):
                    lines += [f"Each entry of `{name}`:", ""]
                    lines += self.entry_table(inner)
        elif v.get("type") == "array" and isinstance(v.get("items"), dict):
            items = v["items"]
            alts = items.get("oneOf") or ([items] if items.get("properties") else [])
            for i, alt in enumerate(alts, 1):
                if alt.get("properties"):
                    say = alt.get("description") or ("a list of entries with these fields" if len(alts) == 1 else
                                                      f"entries of form {i} (each entry has one form)")
                    lines += [cap(say) + ":", ""]
                    lines += self.entry_table(alt)
        return lines

    def kind_page(self, kind) -> str:
        lines = [f"# {kind}", "", cap(self.summary(kind)) + ".", ""]
        alts = self.alternatives(kind)
        if len(alts) > 1 or alts[0][0]:
            rows = [[f"[`{label}`](#{slug(label)})", self.alt_summary(kind, label, alt)] for label, alt in alts]
            lines += table(["Form", "Meaning"], rows)
        for name in BESIDE:      # a key every form takes: said once for the kind
            forms = [alt.get("properties", {}).get(name) for _, alt in alts]
            if forms and all(forms):
                lines += [f"Every form also takes `{name}` beside its own key: {forms[0].get('description', '')}.", ""]
        for label, alt in alts:
            if label:
                lines += [f"## `{label}` {{#{slug(label)}}}", ""]
                lines += [cap(self.alt_summary(kind, label, alt)) + ".", ""]
            lines += self.alt_body(kind, label, alt)
        return "\n".join(lines)

    def alt_summary(self, kind, label, alt) -> str:
        return alt.get("description") or self.type_md(alt)

    def alt_body(self, kind, label, alt) -> list[str]:
        lines = []
        key, props, required = self.fields(kind, label, alt)
        if props:
            if key:
                lines += [f"Written `{key}: {{...}}` with these fields:", ""]
            lines += table(FIELDS_HEAD, self.field_rows(kind, label, props, required))
        elif alt.get("type") not in (None, "object"):
            lines += [f"Type: {self.type_md(alt)}.", ""]
        extra = alt.get("additionalProperties")
        if isinstance(extra, dict) and not props:
            lines += [f"Any other key: {extra.get('description') or self.type_md(extra)}.", ""]
        elif isinstance(extra, dict) and extra.get("description"):
            lines += [f"Any other key: {extra['description']}.", ""]
        if isinstance(alt.get("items"), dict):
            lines += [f"Each item: {self.type_md(alt['items'])}.", ""]
        for example in self.example_texts(kind, label, alt):
            lines += ["```yaml", example, "```", ""]
        return lines
