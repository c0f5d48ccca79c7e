"""Precision and recall of a checker's flags against the generator's truth, per code.

A flag and an injected violation match on (hand_id, seq, code): the checker must name the
offending row, not only the hand. Flags on hands that carry no injected violation are the
checker's false alarms (a legal hand must raise nothing at all, of any code).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Key = tuple[str, int | None, str]  # (hand_id, seq, code)


@dataclass(frozen=True)
class Score:
    code: str
    injected: int
    flagged: int
    found: int

    @property
    def recall(self) -> float:
        return self.found / self.injected if self.injected else 1.0

    @property
    def precision(self) -> float:
        return self.found / self.flagged if self.flagged else 1.0

    def line(self) -> str:
        return (
            f"{self.code:<12} injected {self.injected:>5}  flagged {self.flagged:>5}  "
            f"found {self.found:>5}  precision {self.precision:.4f}  recall {self.recall:.4f}"
        )


def scores(flags: Iterable[Key], truth: Iterable[Key], codes: Iterable[str]) -> list[Score]:
    """One Score per code of `codes` (and per other code the checker flagged)."""
    flagged, injected = set(flags), set(truth)
    every = list(dict.fromkeys([*codes, *sorted({key[2] for key in flagged})]))
    result = []
    for code in every:
        mine = {key for key in injected if key[2] == code}
        theirs = {key for key in flagged if key[2] == code}
        result.append(Score(code, len(mine), len(theirs), len(mine & theirs)))
    return result


def false_alarms(flags: Iterable[Key], truth: Iterable[Key]) -> set[Key]:
    """Flags on hands the generator played legally."""
    dirty = {hand for hand, _, _ in truth}
    return {key for key in flags if key[0] not in dirty}
