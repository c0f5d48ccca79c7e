"""Run the differential comparison over generated hands and summarise it."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from audit import Options

from .classifiers import Case, classify, describe
from .compare import Disagreement, Tables, compared_frame, disagreements
from .generator import GeneratedHand


@dataclass
class RunSummary:
    """Counts of one differential run (one set of hhaudit options)."""

    hands: int
    actions: int  # betting actions compared (PokerKit saw them)
    agreeing_actions: int  # actions with no disagreement on any field
    by_label: Counter[str] = field(default_factory=Counter)
    by_field: Counter[str] = field(default_factory=Counter)
    by_label_and_field: Counter[tuple[str, str]] = field(default_factory=Counter)
    by_label_and_codes: Counter[tuple[str, tuple[str, ...]]] = field(default_factory=Counter)
    unexplained: list[Case] = field(default_factory=list)

    @property
    def disagreements(self) -> int:
        return sum(self.by_label.values())

    def lines(self) -> list[str]:
        out = [
            f"hands {self.hands}, actions compared {self.actions}, "
            f"actions in full agreement {self.agreeing_actions}, "
            f"field disagreements {self.disagreements}"
        ]
        out += [f"  {label}: {count}" for label, count in sorted(self.by_label.items())]
        out += [f"  field {name}: {count}" for name, count in sorted(self.by_field.items())]
        return out


def run(hands: list[GeneratedHand], options: Options, tables: Tables | None = None) -> RunSummary:
    """Compare every action of `hands` under `options` and classify each disagreement."""
    compared, hand_level = compared_frame(hands, options, tables)
    found: list[Disagreement] = hand_level + disagreements(compared)
    by_key = {h.hand_key: h for h in hands}
    labels = classify(found, by_key)
    summary = RunSummary(
        hands=len(hands),
        actions=compared.height,
        agreeing_actions=compared.height - len({(d.hand_key, d.n) for d in found if d.n >= 0}),
        by_label=Counter(labels),
        by_field=Counter(d.field for d in found),
        by_label_and_field=Counter(zip(labels, (d.field for d in found), strict=True)),
        by_label_and_codes=Counter(zip(labels, (d.hh_codes for d in found), strict=True)),
    )
    summary.unexplained = [
        Case(by_key[d.hand_key], d)
        for d, label in zip(found, labels, strict=True)
        if label == "unexplained"
    ]
    return summary


def failure_report(cases: list[Case], limit: int = 10) -> str:
    """The unexplained disagreements, each hand printed in vector format (up to `limit`)."""
    parts = []
    for case in cases[:limit]:
        vector = {k: v for k, v in case.hand.vector.items() if k != "pokerkit_fl_cap"}
        parts.append(describe(case) + "\n" + json.dumps(vector))
    more = len(cases) - limit
    return "\n\n".join(parts) + (f"\n\n... and {more} more" if more > 0 else "")
