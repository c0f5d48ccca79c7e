import polars as pl
import pytest

from parsers import schema


def test_the_tables_are_polars_schemas_with_the_action_kind_enum():
    assert set(schema.TABLES) == {"hands", "seats", "actions", "quarantine", "cards"}
    assert all(isinstance(table, pl.Schema) for table in schema.TABLES.values())
    assert schema.TABLES["actions"]["kind"] == schema.ActionKind
    assert schema.TABLES["hands"]["started_at"] == pl.Datetime("us", "UTC")


def test_amount_columns_are_integers_never_floats():
    for name, pschema in schema.POLARS_SCHEMAS.items():
        for column, dtype in pschema.items():
            assert not dtype.is_float(), f"{name}.{column} is a float"


def test_conform_rejects_a_frame_missing_columns():
    with pytest.raises(ValueError, match="missing columns"):
        schema.conform(pl.DataFrame({"hand_key": [1]}), "seats")


def test_conform_fills_the_default_of_a_later_column():
    hands = schema.empty("hands").drop("site_added")
    row = {name: [None] for name in hands.columns} | {"hand_key": [1]}
    assert schema.conform(pl.DataFrame(row), "hands")["site_added"].to_list() == [0]
