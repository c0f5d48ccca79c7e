"""The differential run: PokerKit hands through hhaudit, every disagreement explained.

2,000 hands in `make test` (every difference the generator can show occurs a dozen times or
more; HHAUDIT_DIFFERENTIAL_HANDS sets another count, docs/differential.md's figures are of
10,000); `make fuzz` runs the 100,000-hand version. On failure the unexplained hands are printed
in rules_vectors.json format, ready to become vectors.
"""

from __future__ import annotations

import os
import time

import pytest

pytest.importorskip("pokerkit")
audit = pytest.importorskip("audit")
if not hasattr(audit, "check"):
    pytest.skip("audit.check is not available yet", allow_module_level=True)

from audit import Options  # noqa: E402
from differential.compare import audit_tables, pokerkit_like_options  # noqa: E402
from differential.generator import GeneratedHand, generate_hands  # noqa: E402
from differential.report import RunSummary, failure_report, run  # noqa: E402

SEED = 20261130
HANDS = int(os.environ.get("HHAUDIT_DIFFERENTIAL_HANDS", "2000"))
#: Differences an hhaudit option reproduces (RULES.md §6): gone under the PokerKit-like options.
COVERED_BY_OPTIONS = ("K-2", "K-3", "K-5", "K-6", "K-7", "K-8")
#: Differences the generated hands must exhibit (K-11 and K-12 cannot occur: the default FL
#: heads-up policy is PokerKit's and the generator plays Mode.CASH_GAME).
EXPECTED = ("K-1", "K-2", "K-3", "K-4", "K-5", "K-6", "K-7", "K-8", "K-10")


def _labels(summary: RunSummary, name: str) -> int:
    return summary.by_label[name] + summary.by_label[f"downstream {name}"]


def _report(title: str, summary: RunSummary) -> None:
    print(f"\n{title}\n" + "\n".join(summary.lines()))


@pytest.fixture(scope="module")
def hands() -> list[GeneratedHand]:
    started = time.perf_counter()
    generated = list(generate_hands(SEED, HANDS))
    print(f"\ngenerated {HANDS} hands in {time.perf_counter() - started:.1f} s")
    return generated


@pytest.fixture(scope="module")
def tables(hands: list[GeneratedHand]):
    return audit_tables(hands)


@pytest.fixture(scope="module")
def default_run(hands, tables) -> RunSummary:
    summary = run(hands, Options(), tables)
    _report("hhaudit defaults vs PokerKit 0.7.7", summary)
    return summary


@pytest.fixture(scope="module")
def pokerkit_like_run(hands, tables) -> RunSummary:
    summary = run(hands, pokerkit_like_options(), tables)
    _report("hhaudit PokerKit-like options vs PokerKit 0.7.7", summary)
    return summary


def test_every_disagreement_is_a_documented_difference(default_run: RunSummary) -> None:
    assert default_run.hands == HANDS and default_run.actions > 5 * HANDS
    assert not default_run.unexplained, failure_report(default_run.unexplained)
    bugs = {name: default_run.by_label[name] for name in ("BUG-1", "BUG-2")}
    assert bugs == {"BUG-1": 0, "BUG-2": 0}, "regressions of test_differential_bugs.py"
    missing = [name for name in EXPECTED if default_run.by_label[name] == 0]
    assert not missing, f"no hand exercised {missing}"


def test_pokerkit_like_options_remove_the_differences_they_cover(
    default_run: RunSummary, pokerkit_like_run: RunSummary
) -> None:
    assert not pokerkit_like_run.unexplained, failure_report(pokerkit_like_run.unexplained)
    for name in COVERED_BY_OPTIONS:
        assert _labels(pokerkit_like_run, name) == 0, name
    # K-10 survives at most on the posts: bb_ante_priority and ante_priority cover the antes,
    # and the action-level part of it is the short-BB pricing (short_bb_call_full).
    k10_fields = {f for (label, f) in pokerkit_like_run.by_label_and_field if label == "K-10"}
    assert k10_fields <= {"posts"}
    # K-9: raise_without_opponent = violation covers RAISE-NO-OPP; the void (ACT-CLOSED) and
    # the unflagged variants remain whatever the option.
    k9_codes = {codes for (label, codes) in pokerkit_like_run.by_label_and_codes if label == "K-9"}
    assert not any("RAISE-NO-OPP" in codes for codes in k9_codes)
    assert pokerkit_like_run.disagreements < default_run.disagreements / 3


@pytest.mark.slow
def test_hundred_thousand_hands_have_no_unexplained_disagreement() -> None:
    for chunk in range(10):
        hands = list(generate_hands(SEED + 1 + chunk, 10_000, first_key=chunk * 10_000))
        for options in (Options(), pokerkit_like_options()):
            summary = run(hands, options)
            assert not summary.unexplained, failure_report(summary.unexplained)
            assert summary.by_label["BUG-1"] == summary.by_label["BUG-2"] == 0
