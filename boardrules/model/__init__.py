"""The compiled model: plain records resolved to indexes (``records``) and the instruction set the engine
interprets (``nodes``). Compiled by ``lang``, run by ``engine``; no prose is parsed here."""
