"""parse_paths / parse_file / concat_tables: ordering, file ids, accounting."""

from __future__ import annotations

from parse_samples import BASIC_HAND

from parsers import concat_tables, parse_bytes, parse_file, parse_many, parse_paths


def test_parse_paths_expands_folders_sorted_and_numbers_files(tmp_path):
    (tmp_path / "z").mkdir()
    (tmp_path / "z" / "2.txt").write_text(BASIC_HAND)
    (tmp_path / "1.txt").write_text(BASIC_HAND + "\n" + BASIC_HAND.replace("#1001", "#1009"))
    (tmp_path / ".hidden.txt").write_text(BASIC_HAND)
    tables = parse_paths([tmp_path])
    names = [report.path.rsplit("/", 1)[-1] for report in tables.files]
    assert names == ["1.txt", "2.txt"]
    assert tables.hands["hand_key"].to_list() == [0, 1, 1 << 32]
    assert tables.hands["source_file"].to_list() == [
        str(tmp_path / "1.txt"),
        str(tmp_path / "1.txt"),
        str(tmp_path / "z" / "2.txt"),
    ]
    total_read = sum(r.hands_read for r in tables.files)
    assert total_read == tables.hands.height + tables.quarantine.height == 3


def test_parse_file_reports_unreadable_path(tmp_path):
    tables = parse_file(tmp_path / "missing.txt")
    assert tables.files[0].error.startswith("unreadable")
    assert tables.hands.is_empty()


def test_concat_tables_keeps_reports_and_rows():
    first = parse_bytes(BASIC_HAND.encode(), "a.txt", file_id=0)
    second = parse_bytes(BASIC_HAND.encode(), "b.txt", file_id=1)
    both = concat_tables([first, second])
    assert [r.path for r in both.files] == ["a.txt", "b.txt"]
    assert both.hands["hand_key"].to_list() == [0, 1 << 32]
    assert both.actions.height == 2 * first.actions.height


def test_parse_many_equals_one_by_one():
    items = [
        (BASIC_HAND.encode(), "a.txt", 3),
        (b"", "empty.txt", 4),
        (BASIC_HAND.replace("#1001", "#7").encode("utf-16"), "b.txt", 9),
    ]
    together = parse_many(items)
    apart = concat_tables([parse_bytes(*item) for item in items])
    for name in ("hands", "seats", "actions", "quarantine"):
        assert getattr(together, name).equals(getattr(apart, name)), name
    assert [r.__dict__ for r in together.files] == [r.__dict__ for r in apart.files]
    assert together.hands["hand_key"].to_list() == [3 << 32, 9 << 32]


def test_parse_bytes_without_digest_leaves_sha256_empty_and_parses_the_same():
    data = BASIC_HAND.encode()
    hashed, unhashed = parse_bytes(data, "a.txt"), parse_bytes(data, "a.txt", digest=False)
    assert len(hashed.files[0].sha256) == 64 and unhashed.files[0].sha256 == ""
    assert unhashed.files[0].hands_read == hashed.files[0].hands_read == 1
    for name in ("hands", "seats", "actions", "quarantine", "cards"):
        assert getattr(unhashed, name).equals(getattr(hashed, name)), name
