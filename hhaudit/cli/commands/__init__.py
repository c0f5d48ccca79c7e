"""Registry of sub-commands. Add a module here and list its click command in COMMANDS."""

from __future__ import annotations

import click

from hhaudit.cli.commands.check import check
from hhaudit.cli.commands.convert import convert
from hhaudit.cli.commands.parse import parse
from hhaudit.cli.commands.rake import rake_schedule
from hhaudit.cli.commands.rules import rule, rules
from hhaudit.cli.commands.run import run

COMMANDS: list[click.Command] = []
COMMANDS.append(run)
COMMANDS.append(parse)
COMMANDS.append(check)
COMMANDS.append(rules)
COMMANDS.append(rule)
COMMANDS.append(convert)
COMMANDS.append(rake_schedule)
