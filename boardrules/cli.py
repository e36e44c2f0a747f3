"""The ``boardrules`` command: the play commands (``play/cli.py``) and ``docs``, which writes rules pages
(``docgen``). It sits above both, so that neither needs to know the other."""
from __future__ import annotations

import click

from .play.cli import cli, load_rules

__all__ = ["cli", "main"]


@cli.command(short_help="Write the rules pages of a game or a house-rule file as Markdown.")
@click.argument("source")
@click.option("--out", "-o", "out_dir", required=True, type=click.Path(file_okay=False),
              help="The folder to write the pages into (created if needed).")
def docs(source, out_dir):
    """Write the rules pages of SOURCE (a packaged id or a path to a game or variant file) into a folder, as
    Markdown: overview, set-up, roles, cards, what fires when, game end and scoring, and for a variant every
    change from the game it extends. The same pages as the documentation site, generated from the content."""
    from pathlib import Path

    from .docgen.site import write_game_pages
    from .errors import UsageError

    load_rules(source)              # a clear error for content that does not load
    try:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        written = write_game_pages(source, out_dir)
    except OSError as exc:          # a file where a folder should be, no permission, a full disk, ...
        where = f" ({exc.filename})" if exc.filename and str(exc.filename) != str(out_dir) else ""
        raise UsageError(f"cannot write the pages into {out_dir}{where}: {exc.strerror or exc}") from None
    click.echo(f"wrote {len(written)} pages to {out_dir}: " + ", ".join(p.name for p in written))


@cli.command(short_help="Write the JSON Schemas of the YAML language and of the API's JSON (or check them).")
@click.option("--out", "-o", "out_dir", type=click.Path(file_okay=False), default=None,
              help="The folder to write them into (default: the schemas folder boardrules reads).")
@click.option("--check", is_flag=True, help="Write nothing; fail if a file in the folder differs from what the "
                                            "grammar says (a CI check that schemas/ is up to date).")
def schemas(out_dir, check):
    """Write the JSON Schemas: the content's (defs, part, game, variant, from the grammar that declares every node
    kind once; glossary, the words of a second language's rules pages) and the API's (action, view, state). With --check, compare instead and fail on any difference."""
    import json
    from pathlib import Path

    from .api.json_forms import api_schemas
    from .content.paths import data_dir
    from .lang.grammar import content_schemas

    folder = Path(out_dir) if out_dir else data_dir("schemas")
    stale = []
    for name, schema in {**content_schemas(), **api_schemas()}.items():
        text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
        path = folder / name
        if check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if check and stale:
        raise click.ClickException(f"out of date in {folder}: {', '.join(stale)} (run: boardrules schemas)")
    click.echo(f"{'checked' if check else 'wrote'} {len(content_schemas()) + len(api_schemas())} schemas in {folder}")


@cli.command(short_help="List the example house rules and scripts that come with boardrules, or copy them.")
@click.option("--copy", "copy_to", type=click.Path(file_okay=False), default=None,
              help="Copy them into this folder (created if needed; files already there are left alone).")
def examples(copy_to):
    """The example files that come with boardrules: house-rule variants to play, validate, compare and read, and
    scripts that use the API. Without --copy, list them with where they are installed."""
    import shutil
    from pathlib import Path

    from .content.paths import data_dir

    found = sorted(p for p in data_dir("examples").glob("*") if p.suffix in (".yaml", ".py"))
    if copy_to is None:
        for path in found:
            click.echo(str(path))
        return
    folder = Path(copy_to)
    folder.mkdir(parents=True, exist_ok=True)
    copied = []
    for path in found:
        if not (folder / path.name).exists():
            shutil.copyfile(path, folder / path.name)
            copied.append(path.name)
    click.echo(f"copied {len(copied)} of {len(found)} example files to {folder}" +
               (f": {', '.join(copied)}" if copied else " (the others were there already)"))


@cli.command(short_help="Play in a browser against bots: a local web table (needs the serve extra: pip install '.[serve]').")
@click.argument("sources", nargs=-1, metavar="[VARIANT_FILE...]")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (the default, this machine only; another address lets others reach "
                   "the table).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="The port to listen on.")
@click.option("--key-file", default=None, type=click.Path(dir_okay=False),
              help="The file keeping the key that seals saved games (made if missing; default: "
                   "~/.local/share/boardrules/web-save.key).")
@click.option("--seed", type=int, default=None,
              help="Every new game gets this seed (for tests and bug reports: a known seed makes a game predictable).")
def serve(sources, host, port, key_file, seed):
    """Start a web table: open the address it prints, choose a game (every packaged game, and each VARIANT_FILE
    given here), and play a seat against bots. Each browser sees only its own seat; games can be saved to a file
    and resumed from it."""
    from .serve import serve as run
    from .serve.tables import need_web

    need_web()
    for source in sources:
        load_rules(source)          # a clear error for content that does not load, before the server starts
    run(list(sources), host=host, port=port, key_file=key_file, seed=seed)


def main(argv=None):
    """The console-script entry point."""
    cli.main(args=argv, prog_name="boardrules")


if __name__ == "__main__":
    main()
