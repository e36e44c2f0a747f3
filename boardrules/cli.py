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
    from .docgen.site import write_game_pages

    load_rules(source)              # a clear error for content that does not load
    written = write_game_pages(source, out_dir)
    click.echo(f"wrote {len(written)} pages to {out_dir}: " + ", ".join(p.name for p in written))



def main(argv=None):
    """The console-script entry point."""
    cli.main(args=argv, prog_name="boardrules")


if __name__ == "__main__":
    main()
