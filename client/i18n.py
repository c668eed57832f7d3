"""UI strings in English and 中文. Rule, fan and payment-reason names come from the core in
Chinese and are shown as they are in both languages (the rules book names them so).

The language is chosen with `--lang en|zh` or the `QIPAI_LANG` environment variable.
"""

from __future__ import annotations

import os

LANGUAGES = ("en", "zh")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "wall": "Wall {n}",
        "hand_of": "Hand {n}",
        "round_of": "Round {n}/{total}",
        "hand_of_total": "Hand {n}/{total}",
        "dealer": "D",
        "void": "void {suit}",
        "won": "WON",
        "left": "left",
        "bot": "bot",
        "bot_at": "bot·{level}",
        "level_easy": "easy",
        "level_normal": "normal",
        "level_strong": "strong",
        "offline": "away",
        "auto": "auto (托管)",
        "you": "you",
        "turn_you": "Your turn: choose a tile, d discards",
        "turn_other": "{name} to play",
        "claim_prompt": "{name} discarded {tile}:",
        "rob_prompt": "{name} adds a kong with {tile}:",
        "declare_void": "Choose your void suit (定缺):",
        "waiting_void": "Waiting for the others to choose their void suit",
        "waiting_claims": "Waiting for the others",
        "waits": "Waits (unseen):",
        "ready_after": "Ready (unseen) after discarding",
        "shanten": "{n} from ready",
        "complete": "Complete hand",
        "spectating": "Watching",
        "hand_over": "Hand over - v shows the settlement, n starts the next hand",
        "hand_storing": "Hand over - the hall is storing it; the settlement follows",
        "waiting_players": "Waiting for players - b fills the empty seats with bots",
        "waiting_start": "Waiting for the table to start",
        "ready_first": "n: ready for the next deal",
        "xiapao_toggle": "f: 下炮 {state}",
        "on": "on",
        "off": "off",
        "auto_on": "The hall plays for you (托管) - a takes your seat back",
        "settlement": "Settlement of hand {n}",
        "draw_game": "Exhaustive draw (荒牌)",
        "pays": "{payer} pays {payee} {amount}",
        "scores": "Scores",
        "standing": "Final standing",
        "continue": "enter: next hand",
        "match_over": "The match is over - enter returns to the lobby",
        "cover": "Pass the keyboard to {name} ({wind})",
        "cover_key": "{name}: press any key to see your hand",
        "fan_total": "{fan} fan",
        "pot": "Pot {n}",
        "xiapao": "下炮",
        "treasure": "Treasure",
        "last": "Last",
        "window_discard": "{tile} discarded by {wind} {name}",
        "window_rob": "{wind} {name} adds a kong with {tile} (it may be robbed)",
        "window_ask": "A player who wants it presses their seat key:",
        "window_nobody": "space: nobody claims",
        "nothing_to_claim": "{name}: nothing to claim on this tile",
        "back_key": "press any key to go back",
        "over_below_minimum": "The match is over: {who} holds less than this room's minimum",
        "over_left": "The match is over: {who} left between hands",
        "over_escaped": "The match is over: {who} escaped (逃跑)",
        "over_not_stored": "The match is over: the hall could not store hand {n}, which counts for nothing",
        "round": "Round {wind}",
        "secs": "{n}s",
        "pot_party": "pot",
        "house": "house",
        "not_offered": "{action} is not possible now",
    },
    "zh": {
        "wall": "牌墙 {n}",
        "hand_of": "第{n}局",
        "round_of": "第{n}/{total}圈",
        "hand_of_total": "第{n}/{total}局",
        "dealer": "庄",
        "void": "缺{suit}",
        "won": "已胡",
        "left": "离桌",
        "bot": "电脑",
        "bot_at": "电脑·{level}",
        "level_easy": "易",
        "level_normal": "中",
        "level_strong": "强",
        "offline": "离线",
        "auto": "托管",
        "you": "你",
        "turn_you": "轮到你：选一张牌，d 打出",
        "turn_other": "{name} 出牌",
        "claim_prompt": "{name} 打出 {tile}：",
        "rob_prompt": "{name} 用 {tile} 补杠：",
        "declare_void": "请定缺：",
        "waiting_void": "等待其他人定缺",
        "waiting_claims": "等待其他人",
        "waits": "听（未见张数）：",
        "ready_after": "打出后听（未见张数）",
        "shanten": "{n}向听",
        "complete": "已成和牌",
        "spectating": "观战",
        "hand_over": "本局结束 - v 看结算，n 开始下一局",
        "hand_storing": "本局结束 - 正在保存本局，结算随后显示",
        "waiting_players": "等待玩家 - b 让电脑坐空位",
        "waiting_start": "等待开局",
        "ready_first": "n：准备下一局",
        "xiapao_toggle": "f：下炮 {state}",
        "on": "开",
        "off": "关",
        "auto_on": "托管中 - 按 a 收回",
        "settlement": "第{n}局结算",
        "draw_game": "荒牌",
        "pays": "{payer} 付 {payee} {amount}",
        "scores": "积分",
        "standing": "最终排名",
        "continue": "回车：下一局",
        "match_over": "比赛结束 - 回车返回大厅",
        "cover": "请把键盘交给 {name}（{wind}）",
        "cover_key": "{name}：按任意键看你的牌",
        "fan_total": "{fan}番",
        "pot": "锅底 {n}",
        "xiapao": "下炮",
        "treasure": "宝牌",
        "last": "刚打",
        "window_discard": "{wind} {name} 打出 {tile}",
        "window_rob": "{wind} {name} 用 {tile} 补杠（可抢杠）",
        "window_ask": "想要这张牌的玩家请按自己的座位键：",
        "window_nobody": "空格：无人要牌",
        "nothing_to_claim": "{name}：这张牌你不能要",
        "back_key": "按任意键返回",
        "over_below_minimum": "比赛结束：{who} 的金币低于本场最低要求",
        "over_left": "比赛结束：{who} 在两局之间离桌",
        "over_escaped": "比赛结束：{who} 逃跑",
        "over_not_stored": "比赛结束：平台未能保存第 {n} 局，该局不计",
        "round": "{wind}风圈",
        "secs": "{n}秒",
        "pot_party": "锅底",
        "house": "平台",
        "not_offered": "现在不能{action}",
    },
}

SUIT_NAMES = {"en": ("m", "p", "s"), "zh": ("萬", "筒", "条")}

ACTION_NAMES = {
    "en": {
        "discard": "discard",
        "self_win": "win (自摸)",
        "win": "win (胡)",
        "concealed_kong": "kong (暗杠)",
        "added_kong": "kong (加杠)",
        "kong": "kong (杠)",
        "pung": "pung (碰)",
        "chow": "chow (吃)",
        "pass": "pass",
        "leave": "leave",
        "declare_void": "void",
    },
    "zh": {
        "discard": "打出",
        "self_win": "自摸",
        "win": "胡",
        "concealed_kong": "暗杠",
        "added_kong": "加杠",
        "kong": "杠",
        "pung": "碰",
        "chow": "吃",
        "pass": "过",
        "leave": "离桌",
        "declare_void": "定缺",
    },
}


def default_language() -> str:
    chosen = os.environ.get("QIPAI_LANG", "en").lower()[:2]
    return chosen if chosen in LANGUAGES else "en"


class Strings:
    """The strings of one language: ``strings("wall", n=55)``."""

    def __init__(self, language: str = "en") -> None:
        self.language = language if language in LANGUAGES else "en"
        self._table = STRINGS[self.language]

    def __call__(self, key: str, **values: object) -> str:
        return self._table[key].format(**values)

    def action(self, kind: str) -> str:
        return ACTION_NAMES[self.language].get(kind, kind)

    def suit(self, suit: int) -> str:
        return SUIT_NAMES[self.language][suit]

    @property
    def chinese(self) -> bool:
        return self.language == "zh"
