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
        "ready_after_plain": "Ready after discarding",
        "waits_plain": "Waits:",
        "shanten": "{n} from ready",
        "complete": "Complete hand",
        "spectating": "Watching",
        "hand_over": "Hand over - v shows the settlement, n starts the next hand",
        "hand_storing": "Hand over - the hall is storing it; the settlement follows",
        "waiting_players": "Waiting for players - b fills the empty seats with bots",
        "waiting_start": "Waiting for the table to start",
        "ready_first": "n: ready for the next deal",
        "xiapao_toggle": "f: 下炮 {state}",
        "xiapao_title": "{who}: 下炮 (xiapao) for the next deal",
        "xiapao_meaning": "下炮 is a side stake: in every payment of a win, each of the two "
        "players (winner and payer) who has 下炮 on adds one stake, two on a self-draw (炸弹炮). "
        "It is not added to kong money or the pot, and it stays as chosen for later deals.",
        "xiapao_state": "下炮 is {state}",
        "xiapao_keys": "f turns it on or off, enter keeps it and goes on to the deal",
        "xiapao_cover": "{name}: press any key to choose your 下炮",
        "on": "on",
        "off": "off",
        "auto_on": "The hall plays for you (托管) - a takes your seat back",
        "settlement": "Settlement of hand {n}",
        "draw_game": "Exhaustive draw (荒牌)",
        "pays": "{payer} pays {payee} {amount}",
        "scores": "Scores",
        "hand_totals": "This hand",
        "quit": "Quit",
        "legend_title": "Tiles:",
        "legend_suits": "  1m-9m 萬 characters, 1p-9p 筒 dots, 1s-9s 条 bamboo",
        "legend_honours": "  E S W N 東南西北 winds;  C 中 red, F 發 green, P 白 white dragon",
        "legend_marks": "  [5p] cursor or last discard,  ~5p claimed,  ▒▒ a hidden tile,  [555p] a meld",
        "timed_out": "Time ran out for {who}: the hall {what}",
        "auto_discarded": "discarded {tile}",
        "auto_void": "chose the void suit {suit}",
        "auto_void_hidden": "chose the void suit",
        "auto_passed": "passed",
        "auto_you": "Two timeouts in a row: the hall plays for you (托管) - a takes your seat back",
        "auto_other": "{name} is played by the hall now (托管)",
        "key_does_nothing": "The key {name} does nothing here - ? lists the keys",
        "key_not_now": "{name} ({what}) is not possible now - ? lists the keys",
        "keys_now": "Keys you can use now:",
        "keys_later": "Keys for other moments:",
        "keys_close": "esc or ? closes this list",
        "quit_title": "Quit?",
        "quit_in_game": "You are playing: ctrl+q again within 3 s quits (the hall's bot plays your "
        "seat until you are back)",
        "standing": "Final standing",
        "continue": "enter: next hand",
        "match_over": "The match is over - enter leaves the table for the lobby",
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
        "friendly_fee": "Friendly table: no coins move, so the house takes no 台费 (table fee).",
        "friendly_pot": "Each 点炮 feeds the pot 10 stakes (the coin rooms' 100 at their stake 10).",
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
        "ready_after_plain": "打出后听",
        "waits_plain": "听：",
        "shanten": "{n}向听",
        "complete": "已成和牌",
        "spectating": "观战",
        "hand_over": "本局结束 - v 看结算，n 开始下一局",
        "hand_storing": "本局结束 - 正在保存本局，结算随后显示",
        "waiting_players": "等待玩家 - b 让电脑坐空位",
        "waiting_start": "等待开局",
        "ready_first": "n：准备下一局",
        "xiapao_toggle": "f：下炮 {state}",
        "xiapao_title": "{who}：下一局是否下炮",
        "xiapao_meaning": "下炮是附加注：胡牌的每笔支付中，胡家和付款人两方每有一方下炮，就加一注，"
        "自摸（炸弹炮）加两注。杠钱和锅底不加；选择保留到以后各局，直到更改。",
        "xiapao_state": "下炮：{state}",
        "xiapao_keys": "f 切换开/关，回车确认并继续发牌",
        "xiapao_cover": "{name}：按任意键选择是否下炮",
        "on": "开",
        "off": "关",
        "auto_on": "托管中 - 按 a 收回",
        "settlement": "第{n}局结算",
        "draw_game": "荒牌",
        "pays": "{payer} 付 {payee} {amount}",
        "scores": "积分",
        "hand_totals": "本局",
        "quit": "退出",
        "legend_title": "牌：",
        "legend_suits": "  1m-9m 萬子，1p-9p 筒子，1s-9s 条子",
        "legend_honours": "  E S W N 東南西北；C 中，F 發，P 白",
        "legend_marks": "  [5p] 光标或最后打出的牌，~5p 被吃碰杠，▒▒ 暗牌，[555p] 副露",
        "timed_out": "{who} 超时：平台{what}",
        "auto_discarded": "代打出 {tile}",
        "auto_void": "代选定缺 {suit}",
        "auto_void_hidden": "代选了定缺",
        "auto_passed": "代选了过",
        "auto_you": "连续两次超时：平台为你托管 - 按 a 收回",
        "auto_other": "{name} 现由平台托管",
        "key_does_nothing": "{name} 键在这里没有作用 - 按 ? 查看按键",
        "key_not_now": "{name}（{what}）现在不能用 - 按 ? 查看按键",
        "keys_now": "现在可用的按键：",
        "keys_later": "其他时候的按键：",
        "keys_close": "esc 或 ? 关闭",
        "quit_title": "退出？",
        "quit_in_game": "正在对局：3 秒内再按 ctrl+q 退出（你回来之前由平台电脑代打）",
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
        "friendly_fee": "友谊桌：不动金币，平台不收台费。",
        "friendly_pot": "每次点炮入锅 10 注（金币场最低注 10 时的 100）。",
        "house": "平台",
        "not_offered": "现在不能{action}",
    },
}

SUIT_NAMES = {"en": ("m", "p", "s"), "zh": ("萬", "筒", "条")}

REASON_GLOSSES = {
    "胡": "win",
    "胡牌": "win",
    "自摸": "self-draw",
    "点炮": "dealt in",
    "台费": "table fee",
    "下炮": "side stake",
    "锅底": "the pot",
    "点炮入锅": "dealer-in feeds the pot",
    "锅底平分": "pot shared",
    "明杠": "exposed kong",
    "暗杠": "concealed kong",
    "刮风": "exposed kong money",
    "下雨": "concealed kong money",
    "杠上炮": "discard after a kong",
    "点杠花": "kong feeder pays the kong draw",
    "查大叫": "not ready at the end",
    "查花猪": "void suit still held",
    "退税": "kong money returned",
    "抢杠和": "robbing the kong",
    "棱子胡": "closed-wait win",
    "棱子炸": "closed-wait self-draw",
    "炸弹": "self-draw bomb",
    "坐庄": "dealer",
    "门清": "concealed hand",
    "包自摸": "liable for the self-draw",
    "杠开包": "liable for the kong draw",
    "逃跑": "escape",
}
"""English glosses of the payment reasons the rulesets write (compound Baicheng reasons, joined
with `+`, are glossed part by part); the Chinese stays first, as the rules book names them."""

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

    def reason(self, reason: str) -> str:
        """A payment's reason: Chinese as the core writes it, with its English gloss in English
        (``台费 table fee``); one the glossary lacks stays as it is."""
        if self.chinese:
            return reason
        glosses = [REASON_GLOSSES.get(part) for part in reason.split("+")]
        if not all(glosses):
            return reason
        return f"{reason} {' + '.join(str(gloss) for gloss in glosses)}"

    def suit(self, suit: int) -> str:
        return SUIT_NAMES[self.language][suit]

    @property
    def chinese(self) -> bool:
        return self.language == "zh"
