"""PokerKit 0.7.7, an outside oracle, accepts the generator's legal NLHE cash hands and refuses
the undersized raises and bets it injects."""

from __future__ import annotations

import pytest

from tools.synth import SynthOptions, generate
from tools.synth.pokerkit_oracle import replay_tables

pytest.importorskip("pokerkit")

NLHE_CASH = SynthOptions(games=("NLHE",), sitting_out=0.2, hands_per_table=10)


def replayed(n_hands: int, seed: int, **kwargs: object) -> tuple[dict[str, bool], list[dict]]:
    result = generate(n_hands, seed, options=kwargs.pop("options", NLHE_CASH), **kwargs)
    tables = result.tables
    return replay_tables(tables["hands"], tables["seats"], tables["actions"]), result.truth


def test_pokerkit_accepts_every_legal_hand() -> None:
    verdicts, _ = replayed(100, 31)
    assert len(verdicts) == 100
    assert all(verdicts.values()), [hand for hand, ok in verdicts.items() if not ok]


@pytest.mark.parametrize("code", ["RAISE-MIN", "NL-BET-MIN"])
def test_pokerkit_refuses_injected_undersized_wagers(code: str) -> None:
    options = SynthOptions(games=("NLHE",), violation_codes=(code,), min_players=3)
    verdicts, truth = replayed(40, 32, options=options, violation_rate=1.0)
    injected = {row["hand_id"] for row in truth if row["code"] == code}
    assert injected
    assert not any(verdicts[hand] for hand in injected)
