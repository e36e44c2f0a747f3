"""The YAML language: compilers for expressions, conditions, selectors and steps, and the compiler that turns
a merged document into the compiled model, collecting every content problem."""
