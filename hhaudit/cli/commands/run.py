"""`hhaudit run PATH... --out DIR`: parse, check and report in one go."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from hhaudit.cli.commands.engine_options import engine_options
from hhaudit.cli.console import (
    Console,
    Progress,
    RunNotes,
    file_line,
    later_quarantine_lines,
    summary_lines,
    timing_lines,
)
from hhaudit.cli.exit_policy import (
    EXIT_ERROR,
    EXIT_TABLE,
    effective_fail_on,
    fail_on_options,
    input_lines,
    run_exit_status,
    run_fail_reason,
)
from hhaudit.cli.json_output import output_format_option
from hhaudit.cli.selection import audit_settings, selection_options
from hhaudit.engines import EngineSpec
from hhaudit.run import timing
from hhaudit.run.archives import SpillError
from hhaudit.run.batch import FileEntry
from hhaudit.run.inputs import InputError, expand_inputs
from hhaudit.run.interrupt import FileTally, exit_status_of, failure_lines, stop_on_sigterm
from hhaudit.run.outdir import OutputRefused, work_dir
from hhaudit.run.spill import spill_folder

EPILOG = f"""\b
Examples:
  hhaudit run sample_data --out out/demo
  hhaudit run 'logs/**/*.txt' archive.zip logs.tar.gz --out out/june --config site.toml
  hhaudit run logs/ --out out/june --resume      # skip files already audited
  hhaudit run logs/ --out out/june --fail-on warning
  hhaudit run logs/ --out out/june --select betting --ignore FOLD-NO-BET
  hhaudit run logs/ --out out/june --output-format json | jq -c 'select(.type == "flag")'

{EXIT_TABLE}
After Ctrl-C or SIGTERM, the same command with --resume finishes the run.
"""


@click.command("run", epilog=EPILOG)
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "-o",
    "--out",
    "out_dir",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Output directory (created if needed).",
)
@click.option(
    "--config",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="TOML options file: [default], [site.<name>] and [rules] tables (docs/options.md).",
)
@selection_options
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
@click.option(
    "-v",
    "--verbose",
    count=True,
    help="-v: a line per file (hands, quarantined hands, flags); -vv: also the time per stage.",
)
@click.option(
    "--progress", is_flag=True, help="Show progress bars even when stderr is no terminal."
)
@fail_on_options
@output_format_option
@click.option("--resume", is_flag=True, help="Reuse files already audited into DIR (by sha256).")
@click.option(
    "--keep-parts", is_flag=True, help="Keep the parts in DIR/.parts after success (--resume)."
)
@click.option(
    "--dataset",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also append the tables to this Hive-partitioned Parquet dataset (docs/tables.md).",
)
@engine_options
def run(
    paths: tuple[str, ...],
    out_dir: Path,
    config: Path | None,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    quiet: bool,
    verbose: int,
    progress: bool,
    fail_on: str,
    exit_zero: bool,
    output_format: str,
    resume: bool,
    keep_parts: bool,
    dataset: Path | None,
    engine: str,
    workers: int | None,
    scheduler: str | None,
    polars_threads: int | None,
    chunk_mb: int,
) -> None:
    """Audit hand histories in PATHS (files, folders, globs; archives and compressed files,
    found by their content: zip, tar, gzip, bzip2, xz, zstd) into --out DIR.

    Writes hands/seats/actions/violations/quarantine .parquet, violations.csv, summary.csv,
    quarantine.csv, report.html and run.json (written last).
    """
    from hhaudit.run.runner import RunConfig, run_all

    fail_on = effective_fail_on(fail_on, exit_zero)
    console = Console(-1 if quiet else verbose)
    settings = audit_settings(config, select, ignore, lambda text: console.say(text))
    _refuse_out_among_inputs(paths, out_dir)
    context = click.get_current_context()
    context.with_resource(stop_on_sigterm())  # SIGTERM stops the run as Ctrl-C does
    spill = _spill(context, out_dir)  # archive members are decompressed there, removed after
    try:
        excluded = [out_dir, work_dir(out_dir), *filter(None, [dataset])]
        found = expand_inputs(paths, exclude=excluded, spill=spill)
    except SpillError as exc:  # a full disk while archives are decompressed
        click.echo(f"hhaudit: I/O error: {exc.strerror}", err=True)
        sys.exit(EXIT_ERROR)
    except (InputError, ValueError, TypeError, OSError) as exc:
        raise click.UsageError(str(exc)) from exc
    sources, refused = found.sources, found.refused
    if not sources and not refused:
        raise click.UsageError("no input file found in " + ", ".join(paths))
    for skipped in found.skipped:
        console.say(f"{skipped.name}: skipped (not a hand-history file type)", level=1)
    show_bars = (progress or sys.stderr.isatty()) and not quiet
    tally = FileTally(len(sources) + len(refused))
    bar = Progress(show_bars, sum(source.size for source in sources), tally.total)
    said: dict[str, int] = {}  # the quarantined hands each -v line named

    def on_file(entry: FileEntry, reused: bool) -> None:
        tally.add(reused)
        bar.file_done(entry, reused)
        said[entry.path] = entry.hands_quarantined
        console.say(file_line(entry, reused), level=1)

    spec = EngineSpec(engine, workers, scheduler, polars_threads)
    run_config = RunConfig(
        out_dir, settings, resume, engine=spec, chunk_bytes=chunk_mb << 20,
        keep_parts=keep_parts, dataset=dataset,
    )  # fmt: skip
    skipped_names = [item.name for item in found.skipped]
    clock, before = time.perf_counter(), timing.totals()
    try:
        record = run_all(
            sources, refused, run_config, on_file, skipped_names, on_part=bar.part_done
        )
    except KeyboardInterrupt as stop:  # Ctrl-C, SIGTERM: finished parts are kept
        bar.close(finished=False)
        for line in tally.interrupted_lines(out_dir, stop):
            click.echo(line, err=True)
        sys.exit(exit_status_of(stop))
    except OutputRefused as exc:  # another run writes DIR, or DIR holds other files
        bar.close(finished=False)
        click.echo(f"hhaudit: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    except Exception as exc:  # I/O or a bug: never exit 1, which means "violations found"
        bar.close(finished=False)
        for line in failure_lines(exc, out_dir):
            click.echo(line, err=True)
        sys.exit(EXIT_ERROR)
    bar.close(finished=True)
    for line in later_quarantine_lines(said, record["files"]):
        console.say(line, level=1)
    notes = RunNotes(len(found.skipped), (tally.reused, tally.audited) if resume else None, dataset)
    for line in summary_lines(record, str(out_dir / "report.html"), notes):
        console.say(line)
    for line in timing_lines(before, timing.totals(), time.perf_counter() - clock):
        console.say(line, level=2)
    for line in input_lines(record["totals"], fail_on):
        console.say(line)
    status = run_exit_status(record["totals"], fail_on)
    for reason in filter(None, [run_fail_reason(record["totals"], fail_on)]):
        console.say(f"hhaudit: {reason}")  # why a nightly job sees 1
    if output_format == "json":
        from hhaudit.cli.json_output import write_run_json

        write_run_json(out_dir, record, fail_on, status)
    sys.exit(status)


def _refuse_out_among_inputs(paths: tuple[str, ...], out_dir: Path) -> None:
    """--out is replaced whole: it may not be an input folder, nor hold one."""
    out = Path(out_dir).resolve()
    for path in paths:  # a loop over the PATH arguments
        named = Path(path)
        if not named.is_dir():
            continue
        if named.resolve() == out:
            raise click.UsageError(
                f"--out {out_dir} is also an input folder ({path}): a run replaces its output "
                "folder whole; give --out a folder of its own"
            )
        if out in named.resolve().parents:
            raise click.UsageError(
                f"{path} is inside --out {out_dir}, which a run replaces whole; give --out a "
                "folder of its own"
            )


def _spill(context: click.Context, out_dir: Path) -> Path:
    """The run's spill folder (hhaudit.run.spill), removed when the command ends."""
    try:
        return context.with_resource(spill_folder(work_dir(out_dir)))
    except OSError as exc:
        click.echo(
            f"hhaudit: I/O error: cannot write the work folder {work_dir(out_dir)} of --out "
            f"{out_dir}: {exc.strerror or exc}",
            err=True,
        )
        sys.exit(EXIT_ERROR)
