"""Messages between the driver and its worker processes: pickles framed by their length.

A frame is an 8-byte big-endian length, then the pickle; whole frames let the driver wait on
many workers' pipes at once and read a reply only when one is ready.
"""

from __future__ import annotations

import pickle
import struct
from typing import IO, Any

HEADER = struct.Struct(">Q")


def write_frame(stream: IO[bytes], message: Any) -> None:
    """Send one pickled message and flush it (the reader waits for whole frames)."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(data)))
    stream.write(data)
    stream.flush()


def read_frame(stream: IO[bytes]) -> Any | None:
    """The next message, or None at a clean end of stream (the other side closed it)."""
    header = stream.read(HEADER.size)
    if not header:
        return None
    if len(header) < HEADER.size:
        raise EOFError("truncated frame header")
    (size,) = HEADER.unpack(header)
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("truncated frame")
    return pickle.loads(data)
