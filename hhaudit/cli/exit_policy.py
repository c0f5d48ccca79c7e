"""The exit status of `run` and `check`: `--fail-on LEVEL` (and `--exit-zero`, its `never`).

The levels form a ladder, strictest last: `violation` (the default) fails on a violation,
`warning` on a warning or a violation, `info` on any flag, `quarantine` on any flag or on a hand
that could not be read, `never` never. Flags are counted as root causes (caused_by null,
audit/causes.py): a consequence alone never fails a run. A hand "could not be read" when its
quarantine reason_code (parsers/core/quarantine_reasons.py) is one of UNREADABLE_CODES: every code
except the hands that are not readable hands by nature (a duplicate, a cancelled hand, an
unsupported game or format: NOT_READABLE_CODES) and files that hold no hand history at all.

`hhaudit run` also fails when it audited nothing: no hand audited (every input refused, or
every hand quarantined) exits 1 at every level but `never`, so a nightly job that read nothing
is never green. A refused input (run.json `files[].refused`: an archive we cannot open, one
over a bound, a file unreadable or without a hand history) is a warning: it is said on stderr,
and it fails `--fail-on warning` and the levels above it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import click

from parsers.core.quarantine_reasons import NOT_READABLE_CODES, REASON_CODES

EXIT_CLEAN = 0
EXIT_FAILED = 1  # the --fail-on policy was met
EXIT_ERROR = 2  # usage, configuration or I/O error
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)

FAIL_ON: tuple[str, ...] = ("violation", "warning", "info", "quarantine", "never")
#: Flag severities each level fails on (a ladder: each level adds to the one before).
FAILING_SEVERITIES: dict[str, tuple[str, ...]] = {
    "violation": ("violation",),
    "warning": ("violation", "warning"),
    "info": ("violation", "warning", "info"),
    "quarantine": ("violation", "warning", "info"),
    "never": (),
}
#: Quarantine reason codes of hands that could not be read (they fail `--fail-on quarantine`).
UNREADABLE_CODES: tuple[str, ...] = tuple(
    code for code in REASON_CODES if code not in (*NOT_READABLE_CODES, "not_a_hand_history")
)

#: --fail-on levels at which a refused input fails `hhaudit run` (it is a warning).
REFUSALS_FAIL: tuple[str, ...] = ("warning", "info", "quarantine")

EXIT_TABLE = f"""\b
Exit status (--fail-on LEVEL, default violation; flags count as root causes):
  0    the command completed and nothing met LEVEL
  1    LEVEL met.  violation: a violation was found; warning: a warning or a
       violation, or (run) an input file refused; info: any flag, or a refused
       file; quarantine: the same, or a hand that could not be read
       ({", ".join(UNREADABLE_CODES)});
       and (run, every LEVEL but never) no hand was audited at all: every input
       refused, or every hand quarantined
  2    usage, configuration or I/O error
  130  interrupted (Ctrl-C); 143 stopped by SIGTERM (run: --resume finishes)
Duplicates, cancelled hands and unsupported games or formats never fail a run;
--exit-zero is the same as --fail-on never."""


def failed(
    severity_counts: Mapping[str, int], quarantine_by_code: Mapping[str, int], fail_on: str
) -> bool:
    """Whether root-cause flags per severity and quarantined hands per reason meet `fail_on`."""
    if any(severity_counts.get(name, 0) for name in FAILING_SEVERITIES[fail_on]):
        return True
    return fail_on == "quarantine" and any(quarantine_by_code.get(c, 0) for c in UNREADABLE_CODES)


def _severity_counts(totals: Mapping[str, Any]) -> dict[str, int]:
    return {
        "violation": totals.get("violations", 0),
        "warning": totals.get("warnings", 0),
        "info": totals.get("infos", 0),
    }


def run_exit_status(totals: Mapping[str, Any], fail_on: str) -> int:
    """The exit status of a completed `hhaudit run` from run.json's totals."""
    if fail_on == "never":
        return EXIT_CLEAN
    if not totals.get("hands_audited", 0):
        return EXIT_FAILED  # nothing audited: never a green run
    if fail_on in REFUSALS_FAIL and totals.get("files_refused", 0):
        return EXIT_FAILED
    quarantined = totals.get("quarantine_by_code", {})
    return EXIT_FAILED if failed(_severity_counts(totals), quarantined, fail_on) else EXIT_CLEAN


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}" if n == 1 or word == "info" else f"{n:,} {word}s"


def fail_reason(
    severity_counts: Mapping[str, int], quarantine_by_code: Mapping[str, int], fail_on: str
) -> str | None:
    """Why the status is 1, in one line (None when `fail_on` is not met): the level, and the
    root causes and unreadable hands that met it, e.g. "exit status 1 (--fail-on violation):
    3 violations among the root causes"."""
    if not failed(severity_counts, quarantine_by_code, fail_on):
        return None
    met = [(severity_counts.get(name, 0), name) for name in FAILING_SEVERITIES[fail_on]]
    parts = []
    if any(n for n, _ in met):
        said = ", ".join(_count(n, name) for n, name in met if n)
        total = sum(n for n, _ in met)
        if fail_on == "violation":
            parts.append(f"{said} among the root causes")
        elif fail_on == "warning":
            parts.append(f"{_count(total, 'root cause')} at or above warning ({said})")
        else:
            parts.append(f"{_count(total, 'root-cause flag')} ({said})")
    unreadable = {code: n for code, n in quarantine_by_code.items() if code in UNREADABLE_CODES}
    if fail_on == "quarantine" and any(unreadable.values()):
        listed = ", ".join(f"{n:,} {code}" for code, n in unreadable.items() if n)
        n = sum(unreadable.values())
        parts.append(f"{n:,} quarantine {'entry' if n == 1 else 'entries'} not readable ({listed})")
    return f"exit status 1 (--fail-on {fail_on}): " + "; ".join(parts)


def run_fail_reason(totals: Mapping[str, Any], fail_on: str) -> str | None:
    """fail_reason for `hhaudit run`, from run.json's totals; a run that audited no hand, and
    refused inputs where they count (REFUSALS_FAIL), are reasons too."""
    if fail_on == "never":
        return None
    refused = totals.get("files_refused", 0)
    if not totals.get("hands_audited", 0):
        return (
            f"exit status 1 (--fail-on {fail_on}): no hand was audited ({refused:,} of "
            f"{totals.get('files', 0):,} input files refused, "
            f"{totals.get('hands_quarantined', 0):,} hands quarantined)"
        )
    reason = fail_reason(_severity_counts(totals), totals.get("quarantine_by_code", {}), fail_on)
    if fail_on in REFUSALS_FAIL and refused:
        said = f"{_count(refused, 'input file')} refused"
        return f"{reason}; {said}" if reason else f"exit status 1 (--fail-on {fail_on}): {said}"
    return reason


def input_lines(totals: Mapping[str, Any], fail_on: str) -> list[str]:
    """What stderr says about the inputs of a run that refused some (a warning)."""
    refused = totals.get("files_refused", 0)
    files = totals.get("files", 0)
    lines = []
    if refused:
        codes = ", ".join(f"{n:,} {code}" for code, n in totals.get("refused_by_code", {}).items())
        fails = " (fails --fail-on " + fail_on + ")" if fail_on in REFUSALS_FAIL else ""
        lines.append(f"hhaudit: warning: {refused:,} of {files:,} input files refused ({codes})"
                     f"{fails}; run.json lists each with its reason")  # fmt: skip
    return lines  # a run that audited no hand: run_fail_reason says so


def effective_fail_on(fail_on: str, exit_zero: bool) -> str:
    """--exit-zero is --fail-on never; with another --fail-on given too, a usage error."""
    if not exit_zero:
        return fail_on
    source = click.get_current_context().get_parameter_source("fail_on")
    if fail_on != "never" and source is click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError(
            f"--exit-zero is the same as --fail-on never; it contradicts --fail-on {fail_on}"
        )
    return "never"


def fail_on_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add --fail-on and --exit-zero to a click command (see effective_fail_on)."""
    command = click.option(
        "--exit-zero",
        is_flag=True,
        help="Exit 0 whenever the run completes: the same as --fail-on never.",
    )(command)
    return click.option(
        "--fail-on",
        type=click.Choice(FAIL_ON),
        default="violation",
        show_default=True,
        help="Exit 1 when a root-cause flag at or above this severity is found; "
        "quarantine: also when a hand could not be read; never: exit 0. A refused input file "
        "(run) counts as a warning; a run that audited no hand fails at every level but never.",
    )(command)
