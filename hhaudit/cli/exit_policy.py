"""The exit status of `run` and `check`: `--fail-on LEVEL` (and `--exit-zero`, its `never`).

The levels form a ladder, strictest last: `violation` (the default) fails on a violation,
`warning` on a warning or a violation, `info` on any flag, `quarantine` on any flag or on a hand
that could not be read, `never` never. Flags are counted as root causes (caused_by null,
audit/causes.py): a consequence alone never fails a run. A hand "could not be read" when its
quarantine reason_code (parsers/core/quarantine_reasons.py) is one of UNREADABLE_CODES: every code
except the hands that are not readable hands by nature (a duplicate, a cancelled hand, an
unsupported game or format: NOT_READABLE_CODES) and files that hold no hand history at all.
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

EXIT_TABLE = f"""\b
Exit status (--fail-on LEVEL, default violation; flags count as root causes):
  0    the command completed and nothing met LEVEL
  1    LEVEL met.  violation: a violation was found; warning: a warning or a
       violation; info: any flag; quarantine: any flag, or a hand that could
       not be read ({", ".join(UNREADABLE_CODES)})
  2    usage, configuration or I/O error
  130  interrupted (Ctrl-C)
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
    """fail_reason for `hhaudit run`, from run.json's totals."""
    return fail_reason(_severity_counts(totals), totals.get("quarantine_by_code", {}), fail_on)


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
        "quarantine: also when a hand could not be read; never: exit 0.",
    )(command)
