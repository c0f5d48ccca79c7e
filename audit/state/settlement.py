"""Per-hand settlement facts for UNCALLED-RETURN, POT-TOTAL and CHIP-CONSERVATION (H-2..H-4).

Everything is a group_by over the state frame: each street's top and second commitment (the
uncalled part goes back to the top bettor), each player's chips put in, returned and collected,
and the reported pot, rake and final stacks. Only settled hands (with at least one `collect`)
are checked: hand fragments and hands cut short are not judged on their settlement.
"""

from __future__ import annotations

import polars as pl

from audit.state.passes import active
from audit.state.prepare import full_join_players, join_or_nulls
from audit.state.returns import expected_returns
from audit.state.windows import seat_key
from audit.text import money, sentence

#: The per-hand columns player_flows carries for _settled_facts (with whether the player
#: collected and whether he folded).
HAND_FACT_INPUTS = (
    "n_dealt",
    "opt_uncontested_pot_keeps_uncalled",
    "opt_uncontested_returns_whole_wager",
)


#: The per-seat columns player_flows adds for the showdown's player money
#: (audit/showdown/pots.py `money_from_flows`) and the sessions step's hand facts
#: (audit/sessions/facts.py `facts_from_flows`): the same group-by of the real rows, so neither
#: groups every action again. `player` is the seat's name on his first row by seq; live_in /
#: dead_in the live and dead chips of every row (void ones too, as the showdown reads the log);
#: fold_logged a fold line, void or not; n_sb / n_bb his small / big blind posts; plays a row
#: other than a collect; bet_street the last street of his betting rows that are not void;
#: sb_seat / bb_seat the hand's (prepare.hand_post_facts).
SHARED_FLOWS = (
    "player",
    "live_in",
    "dead_in",
    "fold_logged",
    "n_sb",
    "n_bb",
    "plays",
    "bet_street",
    "sb_seat",
    "bb_seat",
)


def player_flows(state: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, put_in, returned, collected, cashed_out, _collects, _folded,
    HAND_FACT_INPUTS and SHARED_FLOWS) from the real rows.

    Each amount is a column first, then plain sums: a filter inside the aggregation runs per
    group and costs more. The per-hand facts of _settled_facts ride along, so the real rows are
    grouped once (per player), not a second time per hand.
    """
    chips = pl.col("chips")
    kind = pl.col("kind")

    def only(flag: pl.Expr, amount: pl.Expr = chips) -> pl.Expr:
        return pl.when(flag).then(amount)

    live = pl.col("is_live_post") | pl.col("is_call") | pl.col("is_wager")
    return (
        state.filter(~pl.col("is_sentinel"))
        .select(
            "hand_key",
            "hand_number",
            "seat",
            "seq",
            "player",
            "sb_seat",
            "bb_seat",
            *HAND_FACT_INPUTS,
            put_in=only(active(), pl.col("chips_in")),
            returned=only(pl.col("is_return")),
            collected=only(pl.col("is_collect")),
            cashed_out=only(pl.col("is_cash_out")),
            _collects=pl.col("is_collect"),
            _folded=active() & pl.col("is_fold"),
            live_in=only(live),
            dead_in=only(pl.col("is_dead_post")),
            fold_logged=pl.col("is_fold"),
            n_sb=kind == "post_sb",
            n_bb=kind == "post_bb",
            plays=kind != "collect",
            bet_street=only(pl.col("is_betting") & ~pl.col("void"), pl.col("street")),
        )
        .group_by(seat_key("hand_number").alias("_player"))
        .agg(
            pl.col("hand_key", "seat").first(),
            pl.col("put_in", "returned", "collected", "cashed_out", "live_in", "dead_in").sum(),
            pl.col("_collects", "_folded", "fold_logged", "plays").any(),
            pl.col("n_sb", "n_bb").sum(),
            pl.col("bet_street").max(),
            pl.col("player").get(pl.col("seq").arg_min()),
            pl.col(*HAND_FACT_INPUTS, "sb_seat", "bb_seat").first(),
        )
        .drop("_player")
    )


def player_table(
    state: pl.DataFrame,
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    flows: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """Per seat: stack, final_stack, put_in, returned, expected_return, collected, cashed_out
    (and player_flows' per-hand facts, which hand_frame reads). `flows`: player_flows(state)
    when the caller has it already."""
    flows = (player_flows(state) if flows is None else flows).drop(SHARED_FLOWS)
    flows = full_join_players(flows, expected_returns(state))
    players = full_join_players(seats.select("hand_key", "seat", "stack", "final_stack"), flows)
    amounts = ["put_in", "returned", "collected", "cashed_out", "expected_return", "stack"]
    players = players.with_columns(pl.col(amounts).fill_null(0)).join(
        hands.select("hand_key", "scale"), on="hand_key", how="left"
    )
    return players.with_columns(return_off=pl.col("returned") != pl.col("expected_return"))


def _first_final_off(players: pl.DataFrame, frame: pl.DataFrame) -> pl.DataFrame:
    """Per hand, the lowest seat whose final stack does not add up (H-4, third part)."""
    # only a reported final stack can be off (PokerStars prints none): filter before the join
    reported = players.filter(pl.col("final_stack").is_not_null())
    if reported.height == 0:
        return _per_hand_text(reported, "first_final_off", pl.lit(None))
    players = reported.join(frame.select("hand_key", "silent_return"), on="hand_key", how="inner")
    returned = (
        pl.when(pl.col("silent_return")).then(pl.col("expected_return")).otherwise("returned")
    )
    expected_final = (
        pl.col("stack") - pl.col("put_in") + returned + pl.col("collected") + pl.col("cashed_out")
    )
    off = pl.col("final_stack").is_not_null() & (pl.col("final_stack") != expected_final)
    message = sentence(
        "seat {} ends with {} but start - put in + returned + collected is {}",
        "seat",
        money(pl.col("final_stack")),
        money(expected_final),
    )
    return _per_hand_text(players.filter(off), "first_final_off", message.first())


def _per_hand_text(rows: pl.DataFrame, name: str, text: pl.Expr) -> pl.DataFrame:
    """(hand_key, `name`): `text` aggregated over each hand's `rows`, in seat order.

    The player rows come out of hash joins and group-bys in no fixed order, so they are put in
    seat order first: the text (and which seat is "first") is then the same on every run.
    Without rows (the usual case) the empty frame is built directly: planning the money and
    sentence expressions costs as much whether there are rows or not."""
    if rows.height == 0:
        return pl.DataFrame(schema={"hand_key": rows.schema["hand_key"], name: pl.String})
    in_seat_order = rows.sort("hand_key", "seat", nulls_last=True)
    return in_seat_order.group_by("hand_key", maintain_order=True).agg(text.alias(name))


#: The state columns the settlement checks read (selected first: the state frame is wide).
INPUTS = (
    "hand_key",
    "hand_number",
    "street_number",
    "seat",
    "seq",
    "player",
    "sb_seat",
    "bb_seat",
    "street",
    "void",
    "is_sentinel",
    "is_live_post",
    "is_dead_post",
    "is_betting",
    "is_call",
    "is_wager",
    "is_fold",
    "is_return",
    "is_collect",
    "is_cash_out",
    "chips",
    "chips_in",
    "committed_after",
    "remaining_after",
    "kind",
    "n_dealt",
    "opt_uncontested_pot_keeps_uncalled",
    "opt_uncontested_returns_whole_wager",
)


def hand_frame(
    state: pl.DataFrame,
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    players: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """One row per settled hand with the columns the hand-level rules read (`players`: the
    player_table when the caller has it already)."""
    state = state.select(INPUTS)
    if players is None:
        players = player_table(state, hands, seats)
    per_hand = players.group_by("hand_key").agg(
        *_settled_facts(),
        put_in=pl.col("put_in").sum(),
        returned_total=pl.col("returned").sum(),
        expected_return_total=pl.col("expected_return").sum(),
        collected_total=pl.col("collected").sum(),
        cashed_out_total=pl.col("cashed_out").sum(),
        start_total=pl.col("stack").sum(),
        final_total=pl.col("final_stack").sum(),
        finals_complete=pl.col("final_stack").is_not_null().all(),
        return_off=pl.col("return_off").any(),
        # every return goes back to a player who put at least that much in
        returns_own_chips=(pl.col("returned") <= pl.col("put_in")).all(),
        # the log has a return line in the hand (the same test as a per-player window over the
        # hand, then any(), at less cost)
        logged_returns=pl.col("returned").sum() > 0,
    )
    detail = sentence(
        "seat {}: {} returned, {} expected",
        "seat",
        money(pl.col("returned")),
        money(pl.col("expected_return")),
    )
    details = _per_hand_text(
        players.filter(pl.col("return_off")), "return_detail", detail.str.join("; ")
    )
    per_hand = join_or_nulls(per_hand, details)
    settled = per_hand.filter(pl.col("settled"))
    frame = hands.join(settled, on="hand_key", how="inner")
    frame = frame.with_columns(
        expected_pot=pl.col("put_in") - pl.col("expected_return_total"),
    ).with_columns(net_of_rake=_net_of_rake())
    frame = frame.with_columns(
        silent_return=_silent_return(),
        # uncontested hands whose log splits the last player's chips another way (options)
        kept_uncalled=_kept_uncalled() | _returned_whole_wager(),
    )
    return join_or_nulls(frame, _first_final_off(players, frame))


def _settled_facts() -> list[pl.Expr]:
    """Per hand, from the player table: whether it has a collect, how many players were still
    in at the end (those dealt in less the players with an active fold) and the site's
    `uncontested_pot_keeps_uncalled` and `uncontested_returns_whole_wager` options (one value
    per hand; null on the seats without a row of the log)."""
    return [
        pl.col("_collects").any().alias("settled"),
        (pl.col("n_dealt").drop_nulls().first() - pl.col("_folded").sum()).alias("players_left"),
        pl.col("opt_uncontested_pot_keeps_uncalled").drop_nulls().first().alias("keeps_uncalled"),
        pl.col("opt_uncontested_returns_whole_wager").drop_nulls().first().alias("returns_whole"),
    ]


def _reported_pot() -> pl.Expr:
    """The reported pot, or without one what was paid out of it (collected + rake)."""
    return pl.coalesce("total_pot", pl.col("collected_total") + pl.col("rake").fill_null(0))


def _net_of_rake() -> pl.Expr:
    """The reported pot is net of the rake (Holdem Manager exports of PokerStars hands, e.g.
    fpdb-3/cash/NLHE-10max-USD-1.00-2.00-200910.HM1.export.raiseTo.txt: "Total pot $12.35 |
    Rake $0.65" for $13 put in): accepted when pot + rake = contributions - uncalled and the
    winners collected exactly the reported pot."""
    rake = pl.col("rake").fill_null(0)
    return (
        (rake > 0)
        & (pl.col("total_pot") + rake == pl.col("expected_pot"))
        & (pl.col("collected_total") == pl.col("total_pot"))
    ).fill_null(False)


def _kept_uncalled() -> pl.Expr:
    """Option `uncontested_pot_keeps_uncalled`: in a hand nobody contested to the end, the site
    logs no return and leaves the uncalled chips in the pot the last player wins (Run It Once
    walks). Accepted when the pot equals everything put in (gross or net of the rake)."""
    pot = _reported_pot()
    everything = pl.col("put_in") - pl.col("rake").fill_null(0) * pl.col("net_of_rake").cast(
        pl.Int64
    )
    return (
        pl.col("keeps_uncalled")
        & (pl.col("players_left") <= 1)
        & ~pl.col("logged_returns")
        & ((pot == pl.col("put_in")) | (pot == everything))
    ).fill_null(False)


def _returned_whole_wager() -> pl.Expr:
    """Option `uncontested_returns_whole_wager`: in a hand nobody contested to the end, the log
    returns more than the uncalled part (the whole big blind of a walk) and reports the rest
    as the pot (Bovada walks converted to the PokerStars format: "Uncalled bet ($20)
    returned", "collected $10", "Total pot $10" after SB $10 and BB $20). The last player gets
    back everything either way: accepted when each return stays within its player's own
    chips, return + pot is everything put in, and the winners collected that pot."""
    rake = pl.col("rake").fill_null(0)
    return (
        pl.col("returns_whole")
        & (pl.col("players_left") <= 1)
        & (pl.col("returned_total") > pl.col("expected_return_total"))
        & pl.col("returns_own_chips")
        & (pl.col("total_pot") + pl.col("returned_total") == pl.col("put_in"))
        & (pl.col("collected_total") + rake == pl.col("total_pot"))
    ).fill_null(False)


def _silent_return() -> pl.Expr:
    """The log has no return line but its figures show the uncalled chips went back.

    H-2 is then not broken: a hand without any return line is accepted when the reported pot
    (or, without one, the collected chips plus the rake) shows the uncalled chips did go back:
    older PokerStars logs return uncalled bets silently
    (e.g. fpdb-3/tour/NLHE-USD-MTT-5r-200710.txt).
    """
    net = pl.col("total_pot") + pl.col("rake").fill_null(0)
    pot_shows_it = (_reported_pot() == pl.col("expected_pot")) | (
        pl.col("net_of_rake") & (net == pl.col("expected_pot"))
    )
    return (~pl.col("logged_returns") & pot_shows_it).fill_null(False)
