"""PokerStars' own steps (parsers/core/hooks.py): upper-case exports, Run It Once 2019 raises,
the pots of cashed-out players kept by the site."""

from __future__ import annotations

import polars as pl

from parsers.core.hooks import Context, Hooks
from parsers.sites.pokerstars.added_raise import read_added_raises
from parsers.sites.pokerstars.cash_out import read_kept_pots
from parsers.sites.pokerstars.uppercase import restore_case

#: hands.site values (brands of the format) whose "raises X to Y" may give Y as the chips
#: added, recognised per hand by the pot (parsers/sites/pokerstars/added_raise.py).
RAISE_TO_MAY_BE_ADDED = ("runitonce",)


def _actions(actions: pl.DataFrame, context: Context) -> pl.DataFrame:
    assert context.hands is not None
    actions = read_added_raises(actions, context.hands, RAISE_TO_MAY_BE_ADDED)
    return read_kept_pots(actions, context)


HOOKS = Hooks(file_lines=restore_case, actions=_actions)
