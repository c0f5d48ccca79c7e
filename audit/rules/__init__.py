"""The explicit rule registry: every RULES.md §4-5 code, in RULES.md order, the hhaudit
extensions (HEADER-STAKES, next to POST-AMOUNT: its citation says it is an extension), the
stud and draw codes of RULES.md §13 (BRING-IN, DRAW-COUNT: after the posts), the
cards-and-showdown codes of RULES.md §11 (C-1..C-7), and the across-hands codes of RULES.md §12
(Rule.session_frame: run after the units, audit/sessions)."""

from __future__ import annotations

from dataclasses import replace

from audit.rules import (
    act_allin,
    act_closed,
    act_folded,
    allin_flag,
    blind_rotation,
    bring_in,
    call_amount,
    call_zero,
    card_count,
    card_dup,
    card_invalid,
    check_facing_bet,
    chip_conservation,
    draw_count,
    fl_cap,
    fl_size,
    fold_no_bet,
    hand_label,
    hand_sequence,
    header_stakes,
    label,
    nl_bet_min,
    not_above,
    order,
    pl_max,
    post_amount,
    pot_split,
    pot_total,
    raise_min,
    raise_no_opp,
    rake_cap,
    rake_nfnd,
    rake_rate,
    reopen,
    round_incomplete,
    showdown_winner,
    side_pot,
    stack_carry,
    stack_exceeded,
    stack_unknown,
    street_order,
    uncalled_return,
)
from audit.rules._base import Rule

_MODULES = (
    nl_bet_min,
    raise_min,
    reopen,
    pl_max,
    fl_size,
    fl_cap,
    order,
    act_folded,
    act_allin,
    act_closed,
    round_incomplete,
    street_order,
    check_facing_bet,
    call_amount,
    stack_exceeded,
    not_above,
    allin_flag,
    label,
    call_zero,
    fold_no_bet,
    raise_no_opp,
    post_amount,
    header_stakes,
    bring_in,
    draw_count,
    uncalled_return,
    pot_total,
    chip_conservation,
    stack_unknown,
    card_invalid,
    card_dup,
    card_count,
    showdown_winner,
    pot_split,
    side_pot,
    hand_label,
    stack_carry,
    blind_rotation,
    hand_sequence,
    rake_cap,
    rake_nfnd,
    rake_rate,
)

#: RULES.md §11 (cards and showdown): judged on the `cards` table (audit/showdown/).
SHOWDOWN_CODES: tuple[str, ...] = (
    "CARD-INVALID",
    "CARD-DUP",
    "CARD-COUNT",
    "SHOWDOWN-WINNER",
    "POT-SPLIT",
    "SIDE-POT",
    "HAND-LABEL",
)

#: RULES.md §13 codes (stud and draw games), not in rules_vectors.json; their vectors are
#: tests/audit/stud_draw_vectors.json.
GAME_CODES: tuple[str, ...] = ("BRING-IN", "DRAW-COUNT")

#: Codes beyond RULES.md §4-5 (added by issues; each documented in docs/rules.md).
EXTENSIONS: tuple[str, ...] = ("HEADER-STAKES", "STACK-UNKNOWN")
#: RULES.md §12 codes (across hands: sessions and rake), not in rules_vectors.json; their
#: vectors are tests/audit/session_vectors.json.
ACROSS_HANDS: tuple[str, ...] = (
    "STACK-CARRY",
    "BLIND-ROTATION",
    "HAND-SEQUENCE",
    "RAKE-CAP",
    "RAKE-NFND",
    "RAKE-RATE",
)

#: Every rule by code, its `doc` the module docstring (the examples the tests audit).
RULES: dict[str, Rule] = {
    module.RULE.code: replace(module.RULE, doc=module.__doc__ or "") for module in _MODULES
}
MODULE_OF: dict[str, str] = {module.RULE.code: module.__name__ for module in _MODULES}

__all__ = [
    "ACROSS_HANDS",
    "EXTENSIONS",
    "GAME_CODES",
    "MODULE_OF",
    "RULES",
    "SHOWDOWN_CODES",
    "Rule",
]
