"""Make the site's own CJK font: a subset of Noto Sans CJK TC holding only the CJK characters the built site shows.

The rules pages give every card and role its Chinese name (``<span lang="zh">``); on a machine with no CJK font those
names would show as boxes, so the site ships ``stylesheets/fonts/cjk-subset.woff2`` (SIL Open Font License, see
``OFL.txt`` beside it) and ``stylesheets/extra.css`` declares it for the CJK range. When content adds a character
the font lacks, ``tests/test_built_site.py`` fails and names it; run this script again (from the checkout)::

    apt-get install -y fonts-noto-cjk          # Debian/Ubuntu: the source font, NotoSansCJK-Regular.ttc
    pip install '.[docs]'                      # mkdocs, fonttools and brotli
    python docs/cjk_font.py                    # builds the site, then writes the subset

``--font`` names another copy of NotoSansCJK-Regular.ttc (or any OpenType font of the SIL OFL);
``--site`` reads a site already built instead of building one. The characters looked for are those of ``CJK``,
the same ranges as the ``unicode-range`` of the ``@font-face`` in ``extra.css``.
"""
from __future__ import annotations

import argparse
import html
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
FONT = DOCS / "stylesheets" / "fonts" / "cjk-subset.woff2"
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FAMILY = "Noto Sans CJK TC"       # the seeds' names are in traditional characters
#: the Unicode ranges the font serves (kept equal to the unicode-range in stylesheets/extra.css)
CJK = ((0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3100, 0x312F), (0x3130, 0x318F),
       (0x3190, 0x31FF), (0x3200, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xAC00, 0xD7AF), (0xF900, 0xFAFF),
       (0xFE10, 0xFE1F), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x2FFFF))


def is_cjk(char: str) -> bool:
    return any(lo <= ord(char) <= hi for lo, hi in CJK)


def site_characters(site: Path) -> set[str]:
    """The CJK characters of every page of a built site and of its search index (search results show them too)."""
    found: set[str] = set()
    for page in site.rglob("*.html"):
        found.update(c for c in html.unescape(page.read_text(encoding="utf-8")) if is_cjk(c))
    index = site / "search" / "search_index.json"
    if index.exists():
        for doc in json.loads(index.read_text(encoding="utf-8"))["docs"]:
            found.update(c for c in doc.get("title", "") + doc.get("text", "") if is_cjk(c))
    return found


def build_site(out: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
           "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(out)], cwd=ROOT, env=env,
                   check=True)


def subset(source: Path, characters: set[str], out: Path) -> None:
    from fontTools import subset as ftsubset
    from fontTools.ttLib import TTCollection, TTFont

    number = 0
    if source.suffix.lower() == ".ttc":
        names = [f["name"].getDebugName(1) for f in TTCollection(str(source)).fonts]
        if FAMILY not in names:
            raise SystemExit(f"{source} holds no {FAMILY!r} (it holds {names})")
        number = names.index(FAMILY)
    font = TTFont(str(source), fontNumber=number, recalcTimestamp=False)   # the same input, the same bytes out
    options = ftsubset.Options()
    options.flavor = "woff2"
    options.desubroutinize = True        # woff2 compresses plain charstrings better
    options.hinting = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]      # copyright, names, trademark, license text and URL
    options.name_languages = [0x409]
    options.notdef_outline = True
    sub = ftsubset.Subsetter(options)
    sub.populate(unicodes=sorted(ord(c) for c in characters))
    sub.subset(font)
    missing = sorted(c for c in characters if ord(c) not in font.getBestCmap())
    if missing:
        raise SystemExit(f"{source} has no glyph for {''.join(missing)}")
    out.parent.mkdir(parents=True, exist_ok=True)
    ftsubset.save_font(font, str(out), options)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--font", type=Path, default=SOURCE, help=f"the source font (default {SOURCE})")
    parser.add_argument("--site", type=Path, help="a built site to read (default: build one)")
    parser.add_argument("--out", type=Path, default=FONT, help=f"where to write (default {FONT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    if not args.font.exists():
        raise SystemExit(f"no {args.font}: install the fonts-noto-cjk package or pass --font")
    if args.site:
        characters = site_characters(args.site)
    else:
        with tempfile.TemporaryDirectory(prefix="boardrules-site-") as tmp:
            build_site(Path(tmp))
            characters = site_characters(Path(tmp))
    subset(args.font, characters, args.out)
    print(f"{args.out}: {len(characters)} characters, {args.out.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
