"""Bytes to clean UTF-8 text: encoding detection, BOMs, NUL bytes and line endings.

The result is UTF-8 bytes with `\\n` line ends, ready for `pl.read_lines`, plus the name of the
encoding found. Decoding is whole-file (C speed); nothing here loops over lines.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

_UTF8_BOM = codecs.BOM_UTF8
#: A UTF-8 BOM that was once read as cp1252 and written again as UTF-8 ("ï»¿"): files whose
#: export doubled the BOM (Cake, corpus encoding "utf-8-bom(double)"); it would glue onto the
#: first header.
_MOJIBAKE_BOM = _UTF8_BOM.decode("cp1252").encode("utf-8")


@dataclass(frozen=True)
class DecodedText:
    """UTF-8 bytes with `\\n` line ends and the encoding the input was in."""

    data: bytes
    encoding: str


def _looks_utf16(data: bytes) -> str | None:
    """UTF-16 without a BOM: many NULs at odd (LE) or even (BE) positions of ASCII text."""
    sample = data[:4000]
    if len(sample) < 4:
        return None
    even_nuls = sample[0::2].count(0)
    odd_nuls = sample[1::2].count(0)
    half = len(sample) // 2
    if odd_nuls > 0.4 * half and even_nuls < 0.05 * half:
        return "utf-16-le"
    if even_nuls > 0.4 * half and odd_nuls < 0.05 * half:
        return "utf-16-be"
    return None


def _decode_to_str(data: bytes) -> tuple[str | None, str]:
    """Return (text, encoding); text is None when the bytes stay valid UTF-8 as they are."""
    if data.startswith(codecs.BOM_UTF16_LE) and not data.startswith(codecs.BOM_UTF32_LE):
        return data[2:].decode("utf-16-le", errors="replace"), "utf-16-le"
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", errors="replace"), "utf-16-be"
    utf16 = _looks_utf16(data)
    if utf16:
        return data.decode(utf16, errors="replace"), utf16
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        # a UTF-8 BOM before a cp1252 body (PokerStars 2021 exports of DominikFischer86's
        # tracker): decoded as cp1252 it would become "ï»¿" glued onto the first header
        while data.startswith(_UTF8_BOM):
            data = data[len(_UTF8_BOM) :]
        return data.decode("cp1252", errors="replace"), "cp1252"
    return None, "utf-8"


def _strip_leading_boms(body: bytes) -> bytes:
    """`body` without the UTF-8 BOMs it starts with, doubled (mojibake) ones included."""
    while True:
        for mark in (_UTF8_BOM, _MOJIBAKE_BOM):
            if body.startswith(mark):
                body = body[len(mark) :]
                break
        else:
            return body


def decode(data: bytes) -> DecodedText:
    """Decode any supported hand-history encoding into UTF-8 bytes with `\\n` line ends.

    Handles UTF-8 (with one or several BOMs), UTF-16 LE/BE with or without BOM, and falls
    back to cp1252. NUL bytes are dropped, CRLF and lone CR become LF.
    """
    text, encoding = _decode_to_str(data)
    if text is None:
        body = data
        if body.startswith(_UTF8_BOM):
            encoding = "utf-8-sig"
            body = _strip_leading_boms(body)
    else:
        text = text.lstrip("\ufeff")
        body = text.encode("utf-8")
    if b"\x00" in body:
        body = body.replace(b"\x00", b"")
    if b"\r" in body:
        body = body.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    # BOMs repeated inside the file (concatenated exports) would glue onto a header line.
    # (a one-byte search first: CPython's three-byte search is much slower than memchr)
    if _UTF8_BOM[:1] in body and _UTF8_BOM in body:
        body = body.replace(_UTF8_BOM, b"")
    return DecodedText(body, encoding)
