"""Every bound boardrules puts on content, saved states and play, in one place.

Content files and saved states may come from strangers: each number below caps the time or memory one of them can
make boardrules spend. The security page of the docs (docs/security.md) lists them with what they mean; a test
checks that it quotes every one.
"""

# ---------------------------------------------------------------------- loading content
MAX_FILE_BYTES = 2_000_000      # one YAML file
MAX_TOTAL_BYTES = 4_000_000     # all the files of one load together (a manifest names each file once)
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
MAX_ANSWERS = 1_000             # answers one decision may offer (a number chosen from a range, a cell to claim, a
#                                 placement of a piece: the packaged games offer at most about 240)
MAX_ROUNDS = 1_000              # rounds a game may last (content may set fewer)
MAX_LOOP = 100_000              # passes of one loop a content file may declare

# ---------------------------------------------------------------------- playing
STEP_BUDGET = 100_000           # units of work between two decisions: a step, a loop's pass, a card looked at or
#                                 drawn, a board cell looked at, a placement of a piece tried, a container's random
#                                 draw (the packaged games use at most about 1,200 steps, and about 7,000
#                                 units for their largest decision to lay a piece; 100,000 take far less than a second)
MAX_FLOW_DEPTH = 256            # frames on the flow stack (an effect that keeps setting itself off)

# ---------------------------------------------------------------------- saved states and API arguments
MAX_STATE_HISTORY = 1_000_000   # actions in a saved state's history
MAX_STATE_EVENTS = 2_000_000    # events a game records and a saved state holds (a game that reaches it records
#                                 no more: the packaged games record a few thousand)
MAX_ARGS_DEPTH = 8              # how deep an action's JSON arguments may nest
MAX_OPTION_TEXT = 200           # characters of an option's text value, where the content lists no values

# ---------------------------------------------------------------------- the web table (boardrules serve)
MAX_TABLES = 200                # tables one server holds; when full, a finished or long-idle table makes room, and
#                                 otherwise a new table is refused (a table in play is never dropped for a new one)
MAX_TABLE_IDLE = 86_400         # seconds nobody touches a table before a full server may let it go for a new one
MAX_SAVE_BYTES = 4_000_000      # bytes of an uploaded saved game
MAX_REQUEST_NESTING = 64        # how deep an uploaded saved game or an answer nests its lists and objects
# ---------------------------------------------------------------------- the board, laying and container families
MAX_TILE_SIDE = 40              # rows (and characters a row) of one tile (the packaged tiles are 6 x 6; one tile
#                                 may be a whole board of MAX_BOARD_CELLS)
MAX_BOARD_CELLS = 1_600         # cells of one laid board, 40 x 40 (the largest packaged board is 24 x 24 = 576);
#                                 laying and checking one takes a few milliseconds, so a layout drawn
#                                 MAX_LAYOUT_DRAWS times stays under half a second
MAX_BOARDS = 8                  # boards one game declares (the packaged games have at most 1); each layout of each
#                                 is laid and checked at load
MAX_LAYOUT_DRAWS = 100          # layouts a board with tiles turned at random draws before the set-up gives up
MAX_SHAPE_SIDE = 12             # rows (and characters a row) of a piece's shape (the largest packaged one is 2 x 3)
MAX_SHAPE_SQUARES = 36          # squares of one piece (the largest packaged one has 6)
MAX_KEPT_PLACEMENTS = 200_000   # placements of pieces a laid board keeps worked out between decisions (a cache:
#                                 past it, it starts again; the packaged games keep about 8,000; each takes a few
#                                 hundred bytes)
MAX_SHELVES = 100               # shelves of a shelf release (the packaged variant has 3)
# ---------------------------------------------------------------------- records files of batch studies
MAX_RECORD_BYTES = 2_000_000            # one game's record (a line of JSON Lines; the packaged games write < 10,000)
MAX_RECORDS_HEADER_BYTES = 64_000_000   # a study's header (it holds the text of every source file)
MAX_RECORD_TEXT = 4_096                 # characters of one text of a record (a source, a card id, an end reason)
MAX_RECORD_ITEMS = 10_000               # entries of one list or mapping of a record (the cards a seat holds)
# ---------------------------------------------------------------------- the AI action space (boardrules.ai)
MAX_SPACE_VALUES = 2_000_000    # answers an action space lays out over all its decisions (the largest packaged one has
#                                 34,770; a hostile 'place' of many pieces on a big board would list hundreds of
#                                 millions)
