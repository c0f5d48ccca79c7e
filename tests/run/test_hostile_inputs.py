"""Hostile and broken input files: every hand header accounted for, the batch never stops."""

from __future__ import annotations

from pathlib import Path

from fuzz_inputs import header_count

from parsers import parse_bytes

REPO = Path(__file__).resolve().parents[2]
STARS = (REPO / "sample_data" / "NLHE-6max-USD-0.50-1.00.basic.txt").read_bytes()
IPOKER = (REPO / "tests" / "sites" / "ipoker" / "nl-eur-decimal-comma.xml").read_bytes()


def _reconciles(data: bytes) -> None:
    parsed = parse_bytes(data, "mixed.txt")
    report = parsed.files[0]
    assert report.hands_read == header_count(data)
    assert report.hands_parsed + report.hands_quarantined == report.hands_read
    assert parsed.hands.height == report.hands_parsed
    assert parsed.quarantine.height == report.hands_quarantined


def test_stars_hand_before_an_ipoker_document_is_not_one_of_its_games() -> None:
    """Fuzz find: the iPoker reader got the PokerStars lines too and counted one header twice."""
    cut = STARS[:314]  # a PokerStars hand cut short, then a whole iPoker export
    _reconciles(cut + b"\n\n" + IPOKER)


def test_ipoker_document_then_stars_hands() -> None:
    _reconciles(IPOKER + b"\n" + STARS)


def test_ipoker_player_with_unreadable_seat_is_quarantined_not_audited() -> None:
    """Fuzz find: a damaged seat attribute gave a null seat, and the audit crashed on it."""
    from audit import check

    data = (REPO / "tests" / "sites" / "ipoker" / "fl-post-both-and-violation.xml").read_bytes()
    broken = data.replace(b'<player seat="1"', b'<player seat="1xxxxxxxx"', 1)
    assert broken != data
    parsed = parse_bytes(broken, "seat.xml")
    assert parsed.seats["seat"].null_count() == 0
    assert any("seat without its seat" in r for r in parsed.quarantine["reason"].to_list())
    _reconciles(broken)
    check(parsed.hands, parsed.seats, parsed.actions)  # must not raise


def test_broken_hands_are_quarantined_or_flagged_with_a_reason_never_dropped() -> None:
    from run_fixtures import stars_hand

    from audit import check

    hand = stars_hand(1)
    unknown = hand.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nBob: juggles $5\n")
    truncated = hand.split("*** SUMMARY ***")[0]
    bad_pot = hand.replace("Total pot $0.25", "Total pot $9.25")
    data = "".join([stars_hand(10), unknown, stars_hand(11), truncated, bad_pot]).encode()
    parsed = parse_bytes(data, "broken.txt")
    report = parsed.files[0]
    assert report.hands_read == header_count(data) == 5
    reasons = parsed.quarantine["reason"].to_list()
    assert any("unrecognised line 'Bob: juggles $5'" in reason for reason in reasons)
    assert any("no *** SUMMARY ***" in reason for reason in reasons)
    assert report.hands_parsed == 3 and report.hands_quarantined == 2
    codes = check(parsed.hands, parsed.seats, parsed.actions).violations["code"].to_list()
    assert "POT-TOTAL" in codes


def test_amount_beyond_the_checker_quarantines_one_hand_not_the_file() -> None:
    from run_fixtures import stars_hand

    from audit import check
    from audit.state.windows import VALUE_BITS
    from parsers.core.invariants import AMOUNT_BITS

    assert AMOUNT_BITS == VALUE_BITS
    alice = "Seat 1: Alice ($10 in chips)"
    huge = stars_hand(2).replace(alice, "Seat 1: Alice ($99999999999 in chips)")
    assert huge != stars_hand(2)
    data = (stars_hand(1) + huge + stars_hand(3)).encode()
    parsed = parse_bytes(data, "huge.txt")
    assert parsed.hands["hand_id"].to_list() == ["1", "3"]
    assert "stack of 2**40 or more" in parsed.quarantine["reason"].item()
    check(parsed.hands, parsed.seats, parsed.actions)  # the other hands are audited
