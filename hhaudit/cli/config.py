"""The options file of `hhaudit run` and `hhaudit check` (--config FILE): read, checked, explained.

The tables (audit/options.py TOP_TABLES, one list for every reader): `[default]` and
`[site.<name>]` hold checker options (docs/options.md), `[rules]` the rule selection: `select`,
`ignore` (codes, code prefixes, categories: hhaudit/cli/selection.py) and `[rules.severity]`
(`CODE = "violation" | "warning" | "info" | "ignore"`).

Every mistake a person can make in the file is an error that names the file, the line (and the
column for TOML syntax) and what would be right: an unknown table or option suggests the closest
known one, a wrong type says what was expected and what was given. A `[site.<name>]` for a site
no parser emits is such a mistake too (its options would apply to no hand): the error lists the
known site names.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from audit import options as audit_options
from audit.options import (
    RULES_KEYS,
    TOP_TABLES,
    Options,
    did_you_mean,
    option_names,
    options_from_tables,
    type_name,
)

SEVERITY_CHOICES: tuple[str, ...] = ("violation", "warning", "info", "ignore")
_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_.\- ]+?)\s*=""")


class ConfigError(click.ClickException):
    """A mistake in the options file, said so that a person can fix it (exit status 2)."""

    exit_code = 2

    def format_message(self) -> str:
        return f"bad configuration: {self.message}"


@dataclass(frozen=True)
class Config:
    """What an options file says (all defaults without a file)."""

    path: Path | None = None
    default: Options = field(default_factory=Options)
    per_site: Mapping[str, Options] = field(default_factory=dict)
    select: tuple[str, ...] | None = None  # [rules] select; None: not given
    ignore: tuple[str, ...] = ()
    severity: Mapping[str, str] = field(default_factory=dict)  # [rules.severity]
    rake: Mapping[str, Any] = field(default_factory=dict)  # [site.<name>.rake] schedules
    warnings: tuple[str, ...] = ()
    text: str = ""

    def where(self, *keys: str) -> str:
        """`FILE:LINE` of a table or key (its dotted path), for messages."""
        return _where(self.path, self.text, keys)


def known_sites() -> tuple[str, ...]:
    """Every `hands.site` some parser emits: the grammars' sites (and the sites of the exports
    they recognise as converted), the document formats, the PokerStars-format brands."""
    from parsers.detect import FORMATS
    from parsers.sites.pokerstars.header import BRANDS

    names = set(BRANDS.values())
    for site_format in FORMATS:
        if site_format.grammar is not None:
            names.add(site_format.grammar.site)
            names.update(site for _, site in site_format.grammar.converted_sites)
        elif site_format.document is not None:
            names.add(site_format.name)
    return tuple(sorted(names))


def _table_path(header: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("\"'").lower() for part in header.split("."))


def _locate(text: str, keys: tuple[str, ...]) -> int | None:
    """The line of the table or key at dotted path `keys` (lower-cased), else of the first table
    inside it (`[site.x.rake]` for `site.x`), None if not found."""
    wanted = tuple(key.lower() for key in keys)
    table: tuple[str, ...] = ()
    inside = None
    for number, line in enumerate(text.splitlines(), start=1):  # a loop over the file's lines
        header = _HEADER.match(line)
        if header:
            table = _table_path(header.group(1))
            if table == wanted:
                return number
            if inside is None and table[: len(wanted)] == wanted:
                inside = number
            continue
        key = _KEY.match(line)
        if key and (*table, *_table_path(key.group(1))) == wanted:
            return number
    return inside


def _where(path: Path | None, text: str, keys: tuple[str, ...]) -> str:
    line = _locate(text, keys) if keys else None
    name = str(path) if path is not None else "<config>"
    return f"{name}:{line}" if line else name


def _table_name(keys: tuple[str, ...]) -> str:
    return "[" + ".".join(keys) + "]"


def _parse_toml(path: Path, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_AT.search(str(exc))
        message = _TOML_AT.sub("", str(exc)).strip()
        place = f"{path}:{found.group(1)}:{found.group(2)}" if found else str(path)
        raise ConfigError(f"{place}: TOML syntax error: {message}") from exc


def _check_option(config: Config, keys: tuple[str, ...], name: str, value: Any) -> None:
    """One option of [default] or [site.<name>]: known, of the right type and value."""
    where = config.where(*keys, name)
    if name not in option_names():
        raise ConfigError(
            f"{where}: unknown option `{name}` in {_table_name(keys)}"
            + did_you_mean(name, [*option_names(), *_subtables(keys)])
            + " (every option: docs/options.md)"
        )
    try:
        Options().replace(**{name: value})
    except ValueError as exc:
        raise ConfigError(f"{where}: {_table_name(keys)} {exc}") from exc


def _subtables(keys: tuple[str, ...]) -> tuple[str, ...]:
    return audit_options.SITE_SUBTABLES if keys[:1] == ("site",) else ()


def _check_options_table(config: Config, keys: tuple[str, ...], table: Any) -> None:
    if not isinstance(table, dict):
        raise ConfigError(
            f"{config.where(*keys)}: {_table_name(keys)} must be a table of options, "
            f"got {type_name(table)}"
        )
    for name, value in table.items():
        if isinstance(value, dict):
            _check_subtable(config, keys, name)
        else:
            _check_option(config, keys, name, value)


def _check_subtable(config: Config, keys: tuple[str, ...], name: str) -> None:
    """A table inside [default] or [site.<name>]: only audit/options.py SITE_SUBTABLES, read by
    their own loaders (looked up at call time: one list, wherever it grows)."""
    known = _subtables(keys)
    if name in known:
        return
    listed = f"its sub-tables: {', '.join(known)}" if known else "no sub-table"
    raise ConfigError(
        f"{config.where(*keys, name)}: unknown table {_table_name((*keys, name))}"
        + did_you_mean(name, [*known, *option_names()])
        + f"; {_table_name(keys)} holds options and {listed}"
    )


def _check_sites(config: Config, sites: Mapping[str, Any]) -> None:
    """Every [site.<name>] names a site some parser emits (case-insensitive): a typo would
    leave its options applying to no hand, silently."""
    known = known_sites()
    for name in sites:  # a loop over the file's [site.*] tables
        if name.lower() not in known:
            raise ConfigError(
                f"{config.where('site', name)}: unknown site `{name}` in [site.{name}]: no parser "
                f"emits it, so its options would apply to no hand"
                + did_you_mean(name.lower(), known)
                + f". Known sites: {', '.join(known)}"
            )


def _selectors(config: Config, key: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(
            f"{config.where('rules', key)}: [rules] {key}: expected an array of strings "
            f'(rule codes, code prefixes or categories, e.g. ["betting", "POST-AMOUNT"]), '
            f"got {type_name(value)} ({value!r})"
        )
    return tuple(part.strip() for item in value for part in item.split(",") if part.strip())


def _severity_table(config: Config, table: Any) -> dict[str, str]:
    if not isinstance(table, dict):
        raise ConfigError(
            f"{config.where('rules', 'severity')}: [rules.severity] must be a table "
            f'(CODE = "violation"), got {type_name(table)}'
        )
    for code, value in table.items():
        if value not in SEVERITY_CHOICES:
            listed = ", ".join(f'"{choice}"' for choice in SEVERITY_CHOICES)
            raise ConfigError(
                f"{config.where('rules', 'severity', code)}: [rules.severity] {code}: expected "
                f"one of {listed}, got {type_name(value)} ({value!r})"
                + (did_you_mean(value, SEVERITY_CHOICES) if isinstance(value, str) else "")
            )
    return dict(table)


def _rules_table(config: Config, table: Any) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise ConfigError(f"{config.where('rules')}: [rules] must be a table")
    for key in table:
        if key not in RULES_KEYS:
            raise ConfigError(
                f"{config.where('rules', key)}: unknown key `{key}` in [rules]"
                + did_you_mean(key, RULES_KEYS)
                + f"; known: {', '.join(RULES_KEYS)}"
            )
    found: dict[str, Any] = {}
    if "select" in table:
        found["select"] = _selectors(config, "select", table["select"])
    if "ignore" in table:
        found["ignore"] = _selectors(config, "ignore", table["ignore"])
    if "severity" in table:
        found["severity"] = _severity_table(config, table["severity"])
    return found


def _check_top(config: Config, data: Mapping[str, Any]) -> None:
    for name, value in data.items():
        if name in TOP_TABLES:
            continue
        if name in option_names():
            raise ConfigError(
                f"{config.where(name)}: option `{name}` is outside any table: put it under "
                "[default] (every site) or [site.<name>] (one site)"
            )
        kind = "table" if isinstance(value, dict) else "key"
        raise ConfigError(
            f"{config.where(name)}: unknown {kind} `{name}`" + did_you_mean(name, TOP_TABLES)
            + "; an options file holds [default], [site.<name>] and [rules] tables"
        )  # fmt: skip


def read_config(path: Path | None) -> Config:
    """Read and check an options file; ConfigError (exit 2) on any mistake."""
    if path is None:
        default, per_site = options_from_tables({}, {})
        return Config(default=default, per_site=per_site)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from exc
    config = Config(path=path, text=text)
    data = _parse_toml(path, text)
    _check_top(config, data)
    _check_options_table(config, ("default",), data.get("default", {}))
    sites = data.get("site", {})
    if not isinstance(sites, dict) or not all(isinstance(t, dict) for t in sites.values()):
        raise ConfigError(
            f"{config.where('site')}: [site] holds one table per site: [site.pokerstars], ..."
        )
    _check_sites(config, sites)
    for name, table in sites.items():  # a loop over the file's [site.*] tables
        _check_options_table(config, ("site", name), table)
    rules = _rules_table(config, data.get("rules", {}))
    default, per_site = options_from_tables(data.get("default", {}), sites)
    rake = _rake_schedules(config, sites)
    return Config(
        path=path,
        default=default,
        per_site=per_site,
        select=rules.get("select"),
        ignore=rules.get("ignore", ()),
        severity=rules.get("severity", {}),
        text=text,
        rake=rake,
    )


def _rake_schedules(config: Config, sites: Mapping[str, Any]) -> dict[str, Any]:
    """The [site.<name>.rake] schedules (audit/sessions/rake.py), each checked."""
    from audit.sessions.rake import schedule_from_table

    schedules = {}
    for name, table in sites.items():  # a loop over the file's [site.*] tables
        if "rake" not in table:
            continue
        try:
            schedules[name.lower()] = schedule_from_table(name, table["rake"])
        except (ValueError, TypeError) as exc:
            raise ConfigError(f"{config.where('site', name, 'rake')}: {exc}") from exc
    return schedules
