"""The YAML language: compilers for expressions, conditions, selectors and steps, and the builder that turns
a merged document into the compiled model, collecting every content problem."""
