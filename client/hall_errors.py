"""What a player reads when the hall says no: plain words in the UI language, in one place.

The hall answers a refusal with a stable code for programs and an English message for people
(docs/protocol.md section 2); players see neither the code nor a rule id such as PL-04. In
English the hall's message is shown (rule ids taken out), unless it is a machine's words; in
中文 the client's words for the code, followed, where the hall's message carries the one detail
that matters (the titles at the table, the requirement a win misses), by that detail.
"""

from __future__ import annotations

import re

from client.connection import HallError
from client.i18n import default_language

RULE_ID = re.compile(r"\s*[(（]?\b(?:platform\.md\s+)?[A-Z]{2}-\d{2}\b[)）]?")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "unreachable": "Cannot reach the hall at {where}: is it running, and is the address right?",
        "connection_lost": "The connection to the hall was lost.",
        "timeout": "The hall did not answer in time; try again.",
        "bad_version": "This hall speaks another version of qipai; update one or the other.",
        "not_logged_in": "Log in first.",
        "already_logged_in": "You are logged in already.",
        "bad_name": "Names are 1 to 24 letters, digits, _ - or . (no spaces).",
        "weak_password": "The password is too short: at least 6 characters.",
        "name_taken": "That name is taken; choose another, or log in if it is yours.",
        "name_reserved": "That name belongs to the hall (or looks like one of its own); choose another.",
        "bad_credentials": "Wrong name or password.",
        "bad_ticket": "The SSH door's ticket has expired; connect again.",
        "not_the_door": "Only the SSH door may ask that.",
        "bad_rank": "A starting Go rank is 18k to 1k.",
        "slow_reader": "The hall gave up on this terminal: it read too slowly.",
        "misunderstood": "The hall did not understand this client (a bug); nothing was changed.",
        "rate_limited": "Too many tries too fast (failed log-ins, or chat); wait and try again.",
        "bad_token": "The session has expired; log in again.",
        "friendly_only": "A guest plays at friendly tables only; register a name for the rest.",
        "no_such_room": "There is no such room.",
        "no_such_table": "That table has closed.",
        "no_such_game": "There is no such game.",
        "bad_option": "The hall does not allow that table setting.",
        "seat_taken": "That seat is taken.",
        "not_seated": "Take a seat at this table first.",
        "already_seated": "You sit at this table already.",
        "not_at_table": "You are not at this table.",
        "table_not_started": "The game has not started yet: a seat is still free.",
        "too_many_tables": "You have 3 tables waiting for players already.",
        "opponent_absent": "Your opponent is not in the hall.",
        "relief_unavailable": "No relief now: it is for players below 320 coins, once a day.",
        "rank_too_far_apart": "Your rank is too far from the others at this table",
        "below_room_minimum": "You hold fewer coins than this room asks",
        "insufficient_coins": "Not enough coins",
        "bet_window_closed": "Bets are closed for this game.",
        "bet_limit_reached": "You have placed your two bets on this game.",
        "bet_amount_out_of_range": "A bet is 10 to 10,000 coins.",
        "seated_cannot_bet": "A player cannot bet on their own game.",
        "not_golden_table": "Bets are taken on ranked Go tables only.",
        "registration_refused": "The hall opens no new account for you now.",
        "newcomer_cannot_bet": "Bets open to you once you have played here a while (20 ranked games or hands, and a day).",
        "same_address_bet": "You cannot bet on a game played from your own machine.",
        "not_yet_inviting": "You can invite others once you have played here a while.",
        "illegal_occupied": "There is a stone on that point already.",
        "illegal_suicide": "That stone would have no liberty (suicide is not allowed).",
        "illegal_ko": "Ko: that would repeat an earlier position; play elsewhere first.",
        "illegal_off_board": "That point is off the board.",
        "not_your_turn": "It is not your turn.",
        "wrong_phase": "That cannot be done at this point of the game.",
        "game_over": "The game is over.",
        "no_undo_request": "Nobody asked to undo.",
        "nothing_to_undo": "You have no move to take back.",
        "illegal_action": "That is not possible now.",
        "win_requirement_unmet": "That hand cannot win yet",
        "not_creator": "Only the player who opened the table can do that.",
        "table_assigned": "In this room the hall places you: open a table to be seated.",
        "no_spectators": "The tables of this room cannot be watched.",
        "chat_closed": "No table chat while a hand is played in this room.",
        "shutting_down": "The hall is closing.",
        "too_many_connections": "Too many connections to the hall from this machine; close one.",
        "hall_full": "The hall is full; try again later.",
        "login_timeout": "The hall waited too long for a log-in; connect again.",
        "idle_timeout": "The hall closed the connection after a long time unused; connect again.",
        "internal_error": "The hall failed on that; nothing was changed.",
        "bad_view": "The hall sent a table this client cannot draw; update qipai.",
        "unknown": "The hall refused: {detail}",
    },
    "zh": {
        "unreachable": "无法连接大厅 {where}：服务器在运行吗？地址对吗？",
        "connection_lost": "与大厅的连接断开了。",
        "timeout": "大厅没有及时回答，请再试一次。",
        "bad_version": "这个大厅的 qipai 版本不同，请更新。",
        "not_logged_in": "请先登录。",
        "already_logged_in": "你已经登录了。",
        "bad_name": "名字为 1 到 24 个字母、数字、_ - 或 .（不能有空格）。",
        "weak_password": "密码太短：至少 6 个字符。",
        "name_taken": "这个名字已被注册；换一个，或者如果是你的就登录。",
        "name_reserved": "这个名字是大厅自己用的（或与之相似）；请换一个。",
        "bad_credentials": "名字或密码不对。",
        "bad_ticket": "SSH 入口的票据已过期，请重新连接。",
        "not_the_door": "只有 SSH 入口能这样请求。",
        "bad_rank": "围棋起始段位为 18k 到 1k。",
        "slow_reader": "这个终端读得太慢，大厅断开了它。",
        "misunderstood": "大厅没看懂这个客户端的请求（程序错误）；什么也没有改变。",
        "rate_limited": "太频繁了（登录失败太多，或聊天太快），请稍等再试。",
        "bad_token": "会话已过期，请重新登录。",
        "friendly_only": "游客只能在友谊桌玩；注册一个名字可以玩其余的。",
        "no_such_room": "没有这个房间。",
        "no_such_table": "这张桌子已经关了。",
        "no_such_game": "没有这局棋谱。",
        "bad_option": "大厅不允许这个设置。",
        "seat_taken": "这个座位有人了。",
        "not_seated": "请先在这张桌子坐下。",
        "already_seated": "你已经坐在这张桌子了。",
        "not_at_table": "你不在这张桌子。",
        "table_not_started": "还没开局：还有空位。",
        "too_many_tables": "你已经有 3 张桌子在等人了。",
        "opponent_absent": "对手不在大厅。",
        "relief_unavailable": "现在不能领救济：低于 320 金币才能领，每天一次。",
        "rank_too_far_apart": "你的等级与这张桌子的其他人相差太远",
        "below_room_minimum": "你的金币少于本场的最低要求",
        "insufficient_coins": "金币不够",
        "bet_window_closed": "这局棋的竞猜已截止。",
        "bet_limit_reached": "这局棋你已经下了两次注。",
        "bet_amount_out_of_range": "每注 10 到 10,000 金币。",
        "seated_cannot_bet": "对局者不能竞猜自己的棋。",
        "not_golden_table": "只有段位围棋桌可以竞猜。",
        "registration_refused": "大厅现在不为你开新账号。",
        "newcomer_cannot_bet": "新手暂不能竞猜：先玩 20 局段位棋或计分牌局，并满一天。",
        "same_address_bet": "不能竞猜从你这台机器上下的棋。",
        "not_yet_inviting": "多玩一阵之后才能邀请别人。",
        "illegal_occupied": "那里已经有子了。",
        "illegal_suicide": "那手棋没有气（禁止自杀）。",
        "illegal_ko": "打劫：这手会重复以前的局面，请先在别处下。",
        "illegal_off_board": "那个点不在棋盘上。",
        "not_your_turn": "还没轮到你。",
        "wrong_phase": "现在不能这样做。",
        "game_over": "对局已经结束。",
        "no_undo_request": "没有人请求悔棋。",
        "nothing_to_undo": "你没有可以悔的棋。",
        "illegal_action": "现在不能这样做。",
        "win_requirement_unmet": "这手牌还不能胡",
        "not_creator": "只有开桌的人能这样做。",
        "table_assigned": "本场由大厅安排座位：开一张桌子就会入座。",
        "no_spectators": "本场的桌子不能观战。",
        "chat_closed": "本场打牌时不能聊天。",
        "shutting_down": "大厅正在关闭。",
        "too_many_connections": "这台机器连到大厅的连接太多了，请关掉一个。",
        "hall_full": "大厅满了，请稍后再试。",
        "login_timeout": "大厅等登录等得太久了，请重新连接。",
        "idle_timeout": "连接太久没有使用，大厅关掉了它，请重新连接。",
        "internal_error": "大厅出错了；什么也没有改变。",
        "bad_view": "大厅发来的牌桌这个客户端画不出来，请更新 qipai。",
        "unknown": "大厅拒绝了：{detail}",
    },
}

#: Codes whose words end where the hall's message adds what only it knows.
WITH_DETAIL = frozenset(
    {"rank_too_far_apart", "below_room_minimum", "win_requirement_unmet", "insufficient_coins"}
)


#: Codes of a request this client got wrong: the player can only be told it was not their fault.
MISUNDERSTOOD = frozenset(
    {
        "bad_frame",
        "frame_too_large",
        "too_deep",
        "not_a_map",
        "unknown_type",
        "missing_field",
        "bad_field",
        "handshake_required",
        "already_greeted",
    }
)

#: Codes told in the client's words in English too: their message is a machine's (an OS error)
#: or the Go engine's terse one (`black C3: occupied`).
OWN_WORDS = frozenset(
    {
        "unreachable",
        "connection_lost",
        "timeout",
        "internal_error",
        "bad_version",
        "illegal_occupied",
        "illegal_suicide",
        "illegal_ko",
        "illegal_off_board",
    }
)


def ui_language(app: object) -> str:
    """The app's UI language: its launch's choice, else QIPAI_LANG."""
    launch = getattr(app, "launch", None)
    return getattr(launch, "language", "") or default_language()


def without_rule_ids(text: str) -> str:
    return RULE_ID.sub("", text).strip()


def explain(error: HallError, language: str | None = None) -> str:
    """The refusal in plain words, never its code or a rule id. The hall writes its messages in
    English for people, naming the very point, seat or tile: in English they are shown as they
    are (unless they are a machine's words, as a failed connect's); in 中文 the client's words."""
    language = language if language in WORDS else default_language()
    words = WORDS[language]
    detail = without_rule_ids(error.message)
    if (
        language == "en"
        and detail
        and error.code not in OWN_WORDS
        and error.code not in MISUNDERSTOOD
    ):
        return detail
    text = words.get("misunderstood" if error.code in MISUNDERSTOOD else error.code)
    if text is None:
        return words["unknown"].format(detail=detail) if detail else words["illegal_action"]
    if error.code in WITH_DETAIL and detail:
        return f"{text}: {detail}"
    return text.format(where=error.where or "?")
