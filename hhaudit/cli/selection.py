"""`--select` / `--ignore` and the [rules] table: which rules run, at which severity (like ruff).

A selector is a rule code (`RAISE-MIN`), a code prefix (`FL-` or `FL`: FL-SIZE and FL-CAP) or a
category (`betting`; the categories are the registry's, audit/rules/_base.py CATEGORIES), in any
case. The rules evaluated are those `select` names (every rule when it is not given), less those
`ignore` names, less those [rules.severity] sets to "ignore". `--select` on the command line
replaces the file's `select`; `--ignore` adds to the file's `ignore`. Either option may be given
several times: the selectors of every occurrence count (`--ignore cards --ignore showdown` is
`--ignore cards,showdown`; a click option that is not `multiple` silently keeps only the last
one). A selector that names no
rule is a usage error that suggests the closest code or category. [rules.severity] keys are
selectors too: a category's severity is overridden by a prefix's, a prefix's by a code's.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import click

from hhaudit.cli.config import Config, ConfigError, read_config
from hhaudit.run.selection import RuleSelection
from hhaudit.run.settings import AuditSettings


def _registry() -> tuple[tuple[str, ...], dict[str, str]]:
    """(codes in registry order, {code: category})."""
    from audit.rules import RULES

    return tuple(RULES), {code: rule.category for code, rule in RULES.items()}


def _categories() -> tuple[str, ...]:
    from audit.rules._base import CATEGORIES

    return tuple(CATEGORIES)


def split_selectors(text: str | Iterable[str] | None) -> tuple[str, ...] | None:
    """'betting, POST-AMOUNT' -> ('betting', 'POST-AMOUNT'); the texts of a repeated option
    (('cards', 'showdown,HAND-LABEL')) are split and joined in order; None or no text: None."""
    if text is None:
        return None
    texts = [text] if isinstance(text, str) else list(text)
    if not texts:  # a `multiple` option not given
        return None
    joined = ",".join(texts)
    return tuple(part.strip() for part in joined.replace(" ", ",").split(",") if part.strip())


def _suggestion(selector: str) -> str:
    """' (did you mean `X`?)' for the closest code or category, case aside; '' if none is."""
    codes, _ = _registry()
    names = {name.lower(): name for name in (*codes, *_categories())}
    found = difflib.get_close_matches(selector.lower(), list(names), n=1, cutoff=0.5)
    return f" (did you mean `{names[found[0]]}`?)" if found else ""


def specificity(selector: str) -> int:
    """0 a category, 1 a code prefix, 2 a code: the more specific [rules.severity] key wins."""
    codes, _ = _registry()
    if selector.lower() in _categories():
        return 0
    return 2 if selector.upper() in codes else 1


def resolve(
    selector: str, where: str, error: type[click.ClickException] = click.UsageError
) -> tuple[str, ...]:
    """The codes a selector names, in registry order; `error` (exit 2) if none."""
    codes, category_of = _registry()
    if selector.lower() in _categories():
        chosen = [code for code in codes if category_of[code] == selector.lower()]
        if chosen:
            return tuple(chosen)
        raise error(f"{where}: category `{selector}` has no rule yet")
    wanted = selector.upper()
    if wanted in codes:
        return (wanted,)
    chosen = [code for code in codes if code.startswith(wanted)]
    if not chosen:
        raise error(
            f"{where}: unknown rule code, prefix or category `{selector}`"
            + _suggestion(selector)
            + f"; see `hhaudit rules` (categories: {', '.join(_categories())})"
        )
    return tuple(chosen)


def _resolve_all(
    selectors: Iterable[str], where: str, error: type[click.ClickException] = click.UsageError
) -> set[str]:
    return {code for selector in selectors for code in resolve(selector, where, error)}


def _severities(severity: Mapping[str, str], where: Callable[[str], str]) -> dict[str, str]:
    """{code: severity} from [rules.severity], the most specific key winning."""
    result: dict[str, str] = {}
    for key in sorted(severity, key=specificity):  # a loop over the table's (few) keys
        for code in resolve(key, where(key), ConfigError):
            result[code] = severity[key]
    return result


def rule_selection(
    config: Config, select: tuple[str, ...] | None, ignore: tuple[str, ...] | None
) -> RuleSelection:
    """The RuleSelection of the command line (`select`, `ignore`) over the file's [rules]."""
    codes, _ = _registry()
    if select is not None:
        chosen = _resolve_all(select, "--select")
    elif config.select is not None:
        where = f"{config.where('rules', 'select')}: [rules] select"
        chosen = _resolve_all(config.select, where, ConfigError)
    else:
        chosen = set(codes)
    where = f"{config.where('rules', 'ignore')}: [rules] ignore"
    dropped = _resolve_all(config.ignore, where, ConfigError)
    dropped |= _resolve_all(ignore or (), "--ignore")
    severity = _severities(
        config.severity, lambda key: f"{config.where('rules', 'severity', key)}: [rules.severity]"
    )
    dropped |= {code for code, level in severity.items() if level == "ignore"}
    kept = [code for code in codes if code in chosen and code not in dropped]
    if not kept:
        raise click.UsageError("the rule selection (--select, --ignore, [rules]) leaves no rule")
    overrides = tuple(sorted((c, s) for c, s in severity.items() if s != "ignore" and c in kept))
    every = len(kept) == len(codes)
    return RuleSelection(codes=None if every else tuple(kept), severity=overrides)


def selection_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add --select and --ignore (comma-separated selectors) to a click command."""
    command = click.option(
        "--ignore",
        metavar="SELECTORS",
        multiple=True,
        help="Rules not to evaluate: codes, code prefixes or categories, comma-separated "
        "(--ignore POST-AMOUNT,FOLD-), or the option repeated; adds to [rules] ignore.",
    )(command)
    return click.option(
        "--select",
        metavar="SELECTORS",
        multiple=True,
        help="Rules to evaluate (default: all): codes, code prefixes or categories, "
        "comma-separated (--select betting,CALL-AMOUNT), or the option repeated; replaces "
        "[rules] select.",
    )(command)


def audit_settings(
    config_path: Path | None,
    select: str | Iterable[str] | None,
    ignore: str | Iterable[str] | None,
    warn: Callable[[str], None],
) -> AuditSettings:
    """The options file read and checked (its warnings through `warn`), the selection resolved."""
    config = read_config(config_path)
    for warning in config.warnings:
        warn(f"hhaudit: warning: {warning}")
    selection = rule_selection(config, split_selectors(select), split_selectors(ignore))
    return AuditSettings(
        default=config.default, per_site=config.per_site, selection=selection, rake=config.rake
    )
