"""The test run keeps its content cache to itself (never in the user's own cache)."""
import os
import tempfile

os.environ.setdefault("BOARDRULES_CACHE_DIR", tempfile.mkdtemp(prefix="boardrules-test-cache-"))
