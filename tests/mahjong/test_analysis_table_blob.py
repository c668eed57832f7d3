"""The analysis tables as one blob: a blob from this code is taken, anything else refused."""

import pytest

from qipai.mahjong.analysis import prepare_tables
from qipai.mahjong.analysis.table_blob import MAGIC, install_tables, tables_blob


@pytest.fixture(scope="module")
def blob():
    prepare_tables()
    return tables_blob()


def test_the_blob_is_the_same_every_time_and_is_taken(blob):
    assert tables_blob() == blob
    assert install_tables(blob)  # built already: kept, and the blob still checked


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[:-1],  # cut short
        lambda b: b[: len(b) // 2],
        lambda b: b[:-5] + bytes([b[-5] ^ 1]) + b[-4:],  # one bit of the payload
        lambda b: b"other format\n" + b[len(MAGIC) :],
        lambda b: b"",
    ],
)
def test_a_damaged_blob_is_refused(blob, damage):
    assert not install_tables(damage(blob))
