"""The codec knows no game: it parses a room's options with the parser it is handed, and
importing it loads neither Go nor mahjong (nor builds the mahjong analysis tables)."""

import subprocess
import sys
from pathlib import Path

import pytest

from qipai.protocol import ErrorCode, ProtocolError, parse_options


def test_parse_options_uses_only_the_parsers_it_is_handed():
    parsers = {"draughts": lambda wire: ("draughts", wire)}
    assert parse_options("draughts", {"size": 10}, parsers) == ("draughts", {"size": 10})
    with pytest.raises(ProtocolError) as err:
        parse_options("go", {}, parsers)
    assert err.value.code == ErrorCode.NO_SUCH_ROOM


def test_importing_the_codec_loads_no_game():
    code = (
        "import qipai.protocol, sys;"
        "print([m for m in sys.modules if m.startswith(('qipai.mahjong', 'qipai.go'))])"
    )
    root = Path(__file__).resolve().parents[2]  # ``-c`` puts the working directory first
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "[]"
