"""Mangled hand histories never raise, and every hand header is accounted for."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from parse_samples import BASIC_HAND

from parsers import parse_bytes

LINES = BASIC_HAND.splitlines()
HEADER = re.compile(r"^PokerStars Hand #\d+:")


@st.composite
def mangled(draw) -> bytes:
    lines = list(LINES) * draw(st.integers(1, 3))
    for _ in range(draw(st.integers(0, 6))):
        i = draw(st.integers(0, len(lines) - 1))
        edit = draw(st.sampled_from(["drop", "dup", "cut", "noise", "swap"]))
        if edit == "drop":
            del lines[i]
        elif edit == "dup":
            lines.insert(i, lines[i])
        elif edit == "cut":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif edit == "noise":
            lines[i] = draw(st.text(max_size=30))
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines).encode("utf-8", errors="replace")


def _check(data: bytes) -> None:
    tables = parse_bytes(data, "fuzz.txt")
    (report,) = tables.files
    text = data.decode("utf-8", errors="replace").replace("\r", "\n")
    headers = sum(1 for line in text.split("\n") if HEADER.match(line.strip()))
    assert report.hands_read == headers
    assert report.hands_read == report.hands_parsed + report.hands_quarantined
    assert tables.hands.height == report.hands_parsed
    assert tables.quarantine["reason"].str.contains(r"^line \d+: ").all()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled())
def test_mangled_hands_are_parsed_or_quarantined(data):
    _check(data)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled())
def test_mangled_hands_many(data):
    _check(data)
