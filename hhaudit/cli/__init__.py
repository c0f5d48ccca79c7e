"""The `hhaudit` command line; each sub-command is one module of hhaudit/cli/commands/."""

from __future__ import annotations

import click

from hhaudit import __version__
from hhaudit.cli.commands import COMMANDS


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="hhaudit")
def main() -> None:
    """Audit poker hand histories for betting-rule violations (see `hhaudit COMMAND --help`)."""


for command in COMMANDS:
    main.add_command(command)
