"""Encodings, BOMs, line endings and NUL bytes: every variant parses to the same tables."""

from __future__ import annotations

import codecs

import pytest
from parse_samples import BASIC_HAND

from parsers import parse_bytes
from parsers.core.io import decode

TEXT = BASIC_HAND.replace("Player_L", "Joël €uro")  # non-ASCII, cp1252-encodable


def _variants() -> list[tuple[str, bytes, str]]:
    crlf = TEXT.replace("\n", "\r\n")
    return [
        ("utf-8", TEXT.encode("utf-8"), "utf-8"),
        ("utf-8-bom", codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8-sig"),
        ("double-bom", codecs.BOM_UTF8 * 2 + TEXT.encode("utf-8"), "utf-8-sig"),
        ("utf-16-le-bom", codecs.BOM_UTF16_LE + crlf.encode("utf-16-le"), "utf-16-le"),
        ("utf-16-be-bom", codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "utf-16-be"),
        ("utf-16-le", TEXT.encode("utf-16-le"), "utf-16-le"),
        ("utf-16-be", TEXT.encode("utf-16-be"), "utf-16-be"),
        ("cp1252", TEXT.encode("cp1252"), "cp1252"),
        # a UTF-8 BOM on a cp1252 body (PokerStars 2021 tracker exports): the first hand counts
        ("bom-cp1252", codecs.BOM_UTF8 + TEXT.encode("cp1252"), "cp1252"),
        ("crlf", crlf.encode("utf-8"), "utf-8"),
        ("lone-cr", TEXT.replace("\n", "\r").encode("utf-8"), "utf-8"),
        ("nul-bytes", TEXT.replace("\n", "\x00\n").encode("utf-8"), "utf-8"),
    ]


@pytest.mark.parametrize(("name", "data", "encoding"), _variants(), ids=lambda v: str(v)[:14])
def test_every_encoding_gives_the_same_tables(name, data, encoding):
    reference = parse_bytes(TEXT.encode("utf-8"), "x.txt")
    tables = parse_bytes(data, "x.txt")
    assert tables.files[0].encoding == encoding, name
    assert tables.quarantine.is_empty(), tables.quarantine["reason"].to_list()
    for table in ("hands", "seats", "actions"):
        assert getattr(tables, table).equals(getattr(reference, table)), (name, table)
    assert "Joël €uro" in tables.seats["player"].to_list()


def test_decode_normalises_line_ends_and_strips_boms():
    assert decode(codecs.BOM_UTF8 * 3 + b"a\r\nb\rc\n").data == b"a\nb\nc\n"
    # a doubled BOM: the second one once read as cp1252 and written again as UTF-8 ("ï»¿")
    doubled = codecs.BOM_UTF8 + codecs.BOM_UTF8.decode("cp1252").encode("utf-8")
    assert decode(doubled + "Hand#1 - é\n".encode()).data == "Hand#1 - é\n".encode()
    assert decode(b"abc\x00def\n" * 10).data == b"abcdef\n" * 10
