"""The columns of the frames the across-hands rules read (Rule.session_frame), declared once.

A session rule reads only columns named here for its frame (tests/audit/test_audit_rules.py
holds every rule's `reads` to this list; tests/audit/test_session_rules.py checks each declared
column is built). The hands columns come from parsers/schema.py (audit/sessions/group.py
HAND_COLUMNS), the rest from audit/sessions/.
"""

from __future__ import annotations

from audit.sessions.group import HAND_COLUMNS

#: Built for every hand of a session (audit/sessions/group.py, flags.py).
SESSION = {
    "session_id": "the session (1.., in site, table, start order)",
    "session_seq": "the hand's place in its session (1..)",
    "id_prefix": "the hand id's non-digit prefix (ids of a prefix and digits)",
    "id_number": "the hand id's number",
    "gap_s": "seconds since the previous hand of the table",
}
#: The previous hand of the session (audit/sessions/consecutive.py PREVIOUS), null for a first hand.
PREVIOUS = {
    f"prev_{name}": f"the previous hand's {name}"
    for name in ("hand_key", "hand_id", "source_file", "line_no", "started_at", "button_seat",
                 "id_prefix", "id_number", "bb_seat", "sb_seat", "n_bb", "n_sb")
}  # fmt: skip
#: Per hand from its actions (audit/sessions/facts.py).
FACTS = {
    "sb_seat": "the seat of the first small blind post",
    "bb_seat": "the seat of the first big blind post",
    "n_sb": "small blinds posted",
    "n_bb": "big blinds posted",
    "ended_preflop": "the pot was won before any flop was dealt",
}
HANDS_FRAME = {
    **dict.fromkeys(HAND_COLUMNS, "hands (parsers/schema.py)"),
    **SESSION,
    **PREVIOUS,
    **FACTS,
    "ids_backwards": "the hand's id is below the previous hand's (same prefix)",
    "ids_sequential": "the session's ids are sequence numbers (audit/rules/hand_sequence.py)",
    "double_seated": "a player name seated in two seats of the hand",
    "pool_pair": "this hand or the previous one of its table name is a fast-fold pool hand",
    "table_proven": "the two hands are one table's: not a pool pair, or the same players in"
    " the same seats (audit/sessions/pools.py)",
}
PAIRS_FRAME = {
    **{
        name: meaning
        for name, meaning in HANDS_FRAME.items()
        if not name.startswith("ids_") and name != "double_seated"
    },
    "gap_free": "no quarantined hand of either hand's file lies between them",
    "button_advanced": "the button moved to the next seat holding a player",
    "blinds_moved": "the big blind (and a lone small blind) posted from another seat than in"
    " the previous hand",
    "blinds_stepped": "the button on the previous small blind's seat, the small blind on the"
    " previous big blind's",
    "ids_in_order": "where both ids are numbers of one prefix, this one is the larger",
    "rotation_judged": "the pair proves where the big blind belongs (audit/sessions/rotation.py)",
    "expected_bb": "the big blind seat the button rule gives",
    "other_bb": "with button_rule either, the seat the other rule gives",
    "heads_up_wrong": "heads-up, the small blind is not the button",
}
#: The pair's columns each row of the carries copies (the pairs are wide and the carries have
#: a row per player): those a flag row takes (audit/sessions/flags.py _flag_rows), those the
#: carries' own steps read, and STACK-CARRY's. A carries rule reading another pair column
#: adds it here.
CARRIES_FROM_PAIR = ("hand_key", "site", "source_file", "line_no", "hand_id", "session_id",
                     "prev_hand_key", "prev_hand_id", "prev_line_no", "is_tournament", "scale",
                     "gap_free", "button_advanced", "blinds_moved", "blinds_stepped",
                     "ids_in_order",
                     "table_proven")  # fmt: skip
CARRIES_FRAME = {
    **{name: PAIRS_FRAME[name] for name in CARRIES_FROM_PAIR},
    "seat": "the player's seat in this hand",
    "player": "the player (seated in both hands)",
    "stack": "his starting stack in this hand",
    "sitting_out": "he sits out this hand",
    "prev_sitting_out": "he sat out the previous hand",
    "prev_seat": "his seat in the previous hand",
    "prev_end": "his end stack in the previous hand (seats.end_stack)",
    "added_between": "chips top-up, rebuy or add-on lines added between the two hands",
    "added_read": "such a line was read (the previous hand's seats.added, this one's added_before)",
    "added_kind": 'the kinds of those lines ("rebuy", "top-up and add-on")',
    "added_at": "the line of the first of them",
    "added_hand": "the hand printing it",
    "pair_mismatches": "players of the pair whose stacks do not carry (with what was added)",
    "pair_drops": "players of the pair who start below their end stack plus what was added",
    "smallest_rise": "the pair's smallest start above end stack plus what was added, top-ups"
    " back to the player's start in the previous hand left out",
    "additions_printed": "the site prints every tournament rebuy and add-on line (option"
    " tournament_additions_printed)",
    "after_short": "in the pair before, he started below his end stack plus what was added (a"
    " rise after a drop is the drop's consequence)",
}
RAKE_FRAME = {
    **dict.fromkeys(
        (
            "hand_key",
            "site",
            "hand_id",
            "source_file",
            "line_no",
            "is_tournament",
            "structure",
            "currency",
            "scale",
            "big_blind",
            "started_at",
            "rake",
            "total_pot",
        ),
        "hands (parsers/schema.py)",
    ),
    "ended_preflop": FACTS["ended_preflop"],
    "players_dealt": "seats not sitting out",
    "rake_allowed": "the schedule's rate of the total pot, rounded to its increment",
    "rate_text": "the schedule's rate as a percentage",
    "nfnd": "no flop, no drop applies and the hand ended before the flop",
    "rake_cap": "the schedule's cap for the big blind and players dealt in",
}
FRAME_COLUMNS: dict[str, dict[str, str]] = {
    "hands": HANDS_FRAME,
    "pairs": PAIRS_FRAME,
    "carries": CARRIES_FRAME,
    "rake": RAKE_FRAME,
}
