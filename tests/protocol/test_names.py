"""The name rule of the core: the skeleton two look-alike names share, and the names the
hall keeps for itself."""

import pytest

from qipai.protocol import ErrorCode, ProtocolError
from qipai.protocol.names import check_name, check_new_name, name_key, reserved_reason


@pytest.mark.parametrize(
    "look_alike",
    [
        "ann",
        "Ann",
        "ANN",
        "\u0430nn",  # Cyrillic small a
        "\u0410NN",  # Cyrillic capital A
        "\uff41\uff4e\uff4e",  # fullwidth ａｎｎ
        "\U0001d41a\U0001d427\U0001d427",  # mathematical bold 𝐚𝐧𝐧
        "a_nn",
        "ann.",
        "a-n-n",
        "\u0391\u039d\u039d",  # Greek capitals ΑΝΝ
    ],
)
def test_names_a_player_could_take_for_ann_share_its_key(look_alike):
    assert name_key(look_alike) == "ann"


@pytest.mark.parametrize(
    "one, other",
    [
        ("Bill", "B1ll"),  # 1 beside l
        ("Ill", "lll"),  # capital I beside small l
        ("b0b", "bob"),
        ("B0B", "BOB"),
        ("\u0412\u041e\u0412", "BOB"),  # Cyrillic capitals ВОВ
        ("\u03bdice", "vice"),  # Greek small nu looks like v ...
        ("\u039dice", "Nice"),  # ... and its capital like N
        ("\u0661\u0660", "lo"),  # Arabic-Indic digits are digits: ١٠ is 10
    ],
)
def test_the_look_alike_table(one, other):
    assert name_key(one) == name_key(other)


def test_names_that_look_different_stay_different():
    names = ["ann", "anna", "bob", "b5b", "b8b", "ánn", "rnm", "mm", "\u0432\u043e\u0432"]
    keys = [name_key(n) for n in names]  # вов: small ve looks like B only as a capital
    assert len(set(keys)) == len(keys)


def test_cjk_names_keep_their_characters_and_fullwidth_digits_are_digits():
    assert check_name("棋手_1") == "棋手_1"
    assert name_key("棋手_1") == name_key("棋手１") == "棋手l"
    assert name_key("張三") != name_key("张三")  # traditional and simplified look different
    assert check_new_name("李雷") == "李雷"


def test_a_name_of_separators_alone_is_no_name():
    with pytest.raises(ProtocolError) as refused:
        check_name("_-.")
    assert refused.value.code == ErrorCode.BAD_NAME


@pytest.mark.parametrize(
    "name",
    [
        "house",
        "House",
        "H0USE",
        "\uff28\uff4f\uff55\uff53\uff45",  # fullwidth Ｈｏｕｓｅ
        "h\u043euse",  # Cyrillic o
        "pot",
        "bets",
        "table",
        "operator",
        "qipai",
        "qipai-server",
        "qipai-bot",
        "gnugo-bot",
        "GnuGoBot",
        "katago-bot",
        "bot",
        "bot-0",
        "BOT-1",
        "bot_3",
        "bot-17",
        "guest",
        "GUEST",
        "guest-abc",
        "Guest_abc",
        "guesthouse",
    ],
)
def test_the_halls_own_names_are_reserved(name):
    assert reserved_reason(name)
    with pytest.raises(ProtocolError) as refused:
        check_new_name(name)
    assert refused.value.code == ErrorCode.NAME_RESERVED and refused.value.message


@pytest.mark.parametrize("name", ["robot", "bottle", "abbot", "housekeeper", "potter", "ann"])
def test_names_that_only_contain_a_reserved_word_are_free(name):
    assert reserved_reason(name) is None and check_new_name(name) == name
