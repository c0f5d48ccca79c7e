"""Every rule's citation resolves inside the project (issue #29): the clauses it names are
anchors of docs/spec.md, which names every code; `hhaudit rule CODE`, `hhaudit rules --format
json` and the report give the same links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import report_frames as rf
from click.testing import CliRunner

from audit.rules import RULES
from hhaudit.cli import main
from reports.html import render_report
from reports.rule_notes import spec_citation, spec_links

SPEC = Path(__file__).resolve().parents[1] / "docs" / "spec.md"
ANCHORS = set(re.findall(r'<a id="([a-z0-9-]+)"></a>', SPEC.read_text(encoding="utf-8")))


@pytest.mark.parametrize("code", list(RULES))
def test_the_clauses_a_rule_cites_are_on_the_spec_page(code: str) -> None:
    links = spec_links(RULES[code].citation)
    assert links, f"{code} cites no clause of the specification"
    for link in links:
        page, anchor = link.split("#")
        assert page == "docs/spec.md" and anchor in ANCHORS, link
    assert "RULES.md" not in spec_citation(RULES[code].citation)
    printed = CliRunner().invoke(main, ["rule", code]).output.splitlines()
    assert f"spec: {', '.join(links)}" in printed
    assert f"cites: {spec_citation(RULES[code].citation)}" in printed


def test_the_spec_page_names_every_code() -> None:
    text = SPEC.read_text(encoding="utf-8")
    assert [code for code in RULES if f"`{code}`" not in text] == []


def test_the_citation_in_the_projects_words() -> None:
    assert spec_citation("RULES.md B-2; TDA 43-A") == "spec B-2; TDA 43-A"
    assert spec_links("RULES.md I-4, D-9") == ["docs/spec.md#i-4", "docs/spec.md#d-9"]
    assert spec_links("RULES.md §12 T-1") == ["docs/spec.md#t-1"]
    assert spec_links("RULES.md §5 (an extension; of H-1)") == ["docs/spec.md#h-1"]
    assert spec_links("RULES.md §5 (an extension)") == ["docs/spec.md#s5"]
    assert spec_links("TDA 48") == [] and spec_citation("TDA 48") == "TDA 48"


def test_the_report_links_each_rule_to_its_clause() -> None:
    html = render_report(rf.tables(), rf.run_record())
    raise_min = html.split('id="rule-RAISE-MIN"')[1].split("</td>")[0]
    assert '<code class="spec">docs/spec.md#b-2</code>' in raise_min
    assert 'cites: <span class="citation">spec B-2; ' in raise_min
