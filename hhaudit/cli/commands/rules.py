"""`hhaudit rules` lists the rule registry; `hhaudit rule CODE` prints one rule."""

from __future__ import annotations

import json

import click


def rule_record(rule) -> dict[str, object]:
    """One rule as `hhaudit rules --format json` writes it; `citation` names the clauses of
    the project's specification (docs/spec.md), `spec` links to them."""
    from reports.rule_notes import spec_citation, spec_links

    return {
        "code": rule.code,
        "category": rule.category,
        "severity": rule.severity,
        "severity_option": rule.severity_option,
        "structures": list(rule.structures) if rule.structures else None,
        "citation": spec_citation(rule.citation),
        "spec": spec_links(rule.citation),
        "summary": rule.summary,
    }


@click.command("rules")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(("text", "json")),
    default="text",
    show_default=True,
    help="text: one line per rule; json: an array of objects (code, category, severity, "
    "severity_option, structures (null: all), citation, summary).",
)
def rules(output_format: str) -> None:
    """List every rule: code, category, severity, structures, summary."""
    from audit import RULES

    if output_format == "json":
        records = [rule_record(rule) for rule in RULES.values()]
        click.echo(json.dumps(records, indent=2, ensure_ascii=False))
        return
    for rule in RULES.values():
        structures = ",".join(rule.structures) if rule.structures else "all"
        click.echo(
            f"{rule.code:<18} {rule.category:<10} {rule.severity:<9} {structures:<12} "
            f"{rule.summary}"
        )


@click.command("rule")
@click.argument("code")
def rule(code: str) -> None:
    """Print one rule: category, citation and its clauses in docs/spec.md, severity,
    structures, options and its documentation."""
    from audit import RULES
    from reports.rule_notes import spec_citation, spec_links

    chosen = RULES.get(code.strip().upper())
    if chosen is None:
        raise click.BadParameter(f"unknown rule {code!r}; see `hhaudit rules`", param_hint="CODE")
    structures = ", ".join(chosen.structures) if chosen.structures else "all (UNKNOWN too)"
    click.echo(f"{chosen.code}: {chosen.summary}")
    click.echo(f"category: {chosen.category}")
    click.echo(
        f"severity: {chosen.severity}"
        + (f" (option {chosen.severity_option})" if chosen.severity_option else "")
    )
    click.echo(f"applies to: {structures}")
    click.echo(f"cites: {spec_citation(chosen.citation)}")
    click.echo(f"spec: {', '.join(spec_links(chosen.citation)) or '-'}")
    click.echo("")
    click.echo(chosen.doc.strip())
