"""Every bound boardrules puts on content, saved states and play, in one place.

Content files and saved states may come from strangers: each number below caps the time or memory one of them can
make boardrules spend. The security page of the docs (docs/security.md) lists them with what they mean; a test
checks that it quotes every one.
"""

# ---------------------------------------------------------------------- loading content
MAX_FILE_BYTES = 2_000_000      # one YAML file
MAX_TOTAL_BYTES = 4_000_000     # all the files of one load together (a file included twice counts twice)
MAX_FILE_VALUES = 5_000         # values written in one file (the largest packaged file has about 1,500)
MAX_TOTAL_VALUES = 25_000       # values in one load, all told (the largest packaged game has about 4,700)
MAX_NESTING = 64                # how deep a file's mappings and lists nest
MAX_ALIASES = 100               # YAML alias uses in one file
MAX_EXPANDED_VALUES = 100_000   # values in one file once its aliases are expanded
MAX_INCLUDES = 64               # files one manifest includes
MAX_TOTAL_FILES = 100           # files in one load, all told
MAX_CHAIN = 8                   # variants extending variants
MAX_INT_DIGITS = 16             # digits of an integer written in content (see MAX_NUMBER)

# ---------------------------------------------------------------------- what content may ask for
MAX_PLAYERS = 16                # the most players a game may declare
MAX_CARDS = 10_000              # card copies in one game, every player count and option included
MAX_NUMBER = 10 ** 15           # the magnitude of any number: in content, in a saved state, and worked out in play
#                                 (below 2**53, so every number stays exact in JSON readers that use doubles)
MAX_ANSWERS = 1_000             # answers one decision may offer (a number chosen from a range, say)
MAX_ROUNDS = 1_000              # rounds a game may last (content may set fewer)
MAX_LOOP = 100_000              # passes of one loop a content file may declare

# ---------------------------------------------------------------------- playing
STEP_BUDGET = 100_000           # units of work between two decisions: a step, a loop's pass, a card looked at or
#                                 drawn (the packaged games use at most about 1,200; 100,000 take far less than a second)
MAX_FLOW_DEPTH = 256            # frames on the flow stack (an effect that keeps setting itself off)

# ---------------------------------------------------------------------- saved states and API arguments
MAX_STATE_HISTORY = 1_000_000   # actions in a saved state's history
MAX_STATE_EVENTS = 2_000_000    # events a game records and a saved state holds (a game that reaches it records
#                                 no more: the packaged games record a few thousand)
MAX_ARGS_DEPTH = 8              # how deep an action's JSON arguments may nest
MAX_OPTION_TEXT = 200           # characters of an option's text value, where the content lists no values

# ---------------------------------------------------------------------- records files of batch studies
MAX_RECORD_BYTES = 2_000_000            # one game's record (a line of JSON Lines; the packaged games write < 10,000)
MAX_RECORDS_HEADER_BYTES = 64_000_000   # a study's header (it holds the text of every source file)
MAX_RECORD_TEXT = 4_096                 # characters of one text of a record (a source, a card id, an end reason)
MAX_RECORD_ITEMS = 10_000               # entries of one list or mapping of a record (the cards a seat holds)
