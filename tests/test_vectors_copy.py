"""The project's worked vectors (tests/data/rules_vectors.json) are a copy of their source,
../shared/rules_vectors.json: byte for byte where ../shared is present (else skipped: the copy is
what a fresh clone tests with). Refresh it with `cp ../shared/rules_vectors.json tests/data/`."""

from __future__ import annotations

import json

from conftest import SHARED_VECTORS, VECTORS, require_shared


def test_the_copy_matches_its_source() -> None:
    source = require_shared(SHARED_VECTORS)
    assert VECTORS.read_bytes() == source.read_bytes(), (
        f"{VECTORS} differs from {source}: copy it again"
    )


def test_the_copy_is_whole() -> None:
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    assert len(data["vectors"]) >= 60 and data["codes"] and data["default_options"]
    assert len({vector["id"] for vector in data["vectors"]}) == len(data["vectors"])
