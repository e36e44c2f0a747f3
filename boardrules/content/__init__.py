"""Reading content: finding a game's files, safe YAML with positions, schema checks, includes and variant
overlays. The result is one merged document that remembers where every value came from."""
