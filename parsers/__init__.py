"""Site exports -> canonical Arrow/Polars tables (see parsers.schema and docs/parsing.md).

Public API:
    parse_bytes(data, source_file, file_id=0) -> ParsedTables
    parse_file(path, file_id=0) -> ParsedTables
    parse_paths(paths) -> ParsedTables          # files and folders, recursive, sorted
    parse_many([(data, source_file, file_id), ...]) -> ParsedTables   # in-memory, batched
    concat_tables(parts) -> ParsedTables
    FileReport, ParsedTables
`hand_key = (file_id << 32) | index_of_hand_in_file`.
"""

from __future__ import annotations

from parsers.api import (
    FileReport,
    ParsedTables,
    concat_tables,
    expand_paths,
    parse_bytes,
    parse_file,
    parse_many,
    parse_paths,
)

__all__ = [
    "FileReport",
    "ParsedTables",
    "concat_tables",
    "expand_paths",
    "parse_bytes",
    "parse_file",
    "parse_many",
    "parse_paths",
]
