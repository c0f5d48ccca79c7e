"""The --engine / --workers / --scheduler / --polars-threads / --chunk-mb options of `run`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from hhaudit.engines import ENGINES
from hhaudit.run.chunks import CHUNK_BYTES


def _check_engine(ctx: click.Context, _param: click.Parameter, value: str) -> str:
    if value == "local" and ctx.params.get("scheduler"):
        raise click.BadParameter("--scheduler needs --engine dask")
    return value


def engine_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the engine options (docs/scale.md) to a click command."""
    options = [
        click.option(
            "--workers",
            type=click.IntRange(min=1),
            is_eager=True,
            help="Worker processes: local default the cores (1: all in this process); "
            "--engine dask: a local cluster of N (default 2).",
        ),
        click.option(
            "--scheduler",
            metavar="ADDRESS",
            is_eager=True,
            help="--engine dask: use the cluster at ADDRESS (tcp://host:8786) instead.",
        ),
        click.option(
            "--engine",
            type=click.Choice(ENGINES),
            default="local",
            show_default=True,
            callback=_check_engine,
            help="Where units run: local worker processes, or a Dask cluster.",
        ),
        click.option(
            "--polars-threads",
            type=click.IntRange(min=1),
            help="Polars threads per worker process (default cores/N).",
        ),
        click.option(
            "--chunk-mb",
            type=click.IntRange(min=1),
            default=CHUNK_BYTES >> 20,
            show_default=True,
            help="Files above 1.25x this size are audited in chunks of hands of about this size.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command
