"""The 81 fans of the Chinese Official rules (中国麻将竞赛规则) as data.

Each row: number (the rules' order), Chinese and English names (the English ones PyMahjongGB
prints, so a settlement reads the same as the reference), value, and the fans it implies — the
不重复 principle: an implied fan is not counted beside the one that implies it.
"""

from __future__ import annotations

from typing import NamedTuple


class FanRow(NamedTuple):
    number: int
    name_zh: str
    name_en: str
    value: int
    implies: tuple[int, ...]


FAN_ROWS: tuple[FanRow, ...] = (
    FanRow(1, "大四喜", "Big Four Winds", 88, (9, 38, 48, 60, 61, 73)),
    FanRow(2, "大三元", "Big Three Dragons", 88, (10, 54, 59)),
    FanRow(3, "绿一色", "All Green", 88, (49, 75)),
    FanRow(4, "九莲宝灯", "Nine Gates", 88, (22, 62, 75, 76)),
    FanRow(5, "四杠", "Four Kongs", 88, (17, 48, 53, 57, 67, 74, 79)),
    FanRow(6, "连七对", "Seven Shifted Pairs", 88, (19, 22, 62, 75, 76, 79)),
    FanRow(7, "十三幺", "Thirteen Orphans", 88, (18, 51, 62, 79)),
    FanRow(8, "清幺九", "All Terminals", 64, (18, 48, 55, 65, 73, 76)),
    FanRow(9, "小四喜", "Little Four Winds", 64, (38,)),
    FanRow(10, "小三元", "Little Three Dragons", 64, (54, 59)),
    FanRow(11, "字一色", "All Honors", 64, (18, 48, 55, 73)),
    FanRow(12, "四暗刻", "Four Concealed Pungs", 64, (33, 48, 62, 66)),
    FanRow(13, "一色双龙会", "Pure Terminal Chows", 64, (19, 22, 63, 69, 72, 75, 76)),
    FanRow(14, "一色四同顺", "Quadruple Chow", 48, (23, 64, 69)),
    FanRow(15, "一色四节高", "Four Pure Shifted Pungs", 48, (24, 48)),
    FanRow(16, "一色四步高", "Four Pure Shifted Chows", 32, (30,)),
    FanRow(17, "三杠", "Three Kongs", 32, (53, 57, 67, 74)),
    FanRow(18, "混幺九", "All Terminals and Honors", 32, (48, 55, 73)),
    FanRow(19, "七对", "Seven Pairs", 24, (62, 79)),
    FanRow(20, "七星不靠", "Greater Honors and Knitted Tiles", 24, (34, 51, 62)),
    FanRow(21, "全双刻", "All Even Pungs", 24, (48, 68)),
    FanRow(22, "清一色", "Full Flush", 24, (75, 76)),
    FanRow(23, "一色三同顺", "Pure Triple Chow", 24, (69,)),
    FanRow(24, "一色三节高", "Pure Shifted Pungs", 24, ()),
    FanRow(25, "全大", "Upper Tiles", 24, (36, 76)),
    FanRow(26, "全中", "Middle Tiles", 24, (68, 76)),
    FanRow(27, "全小", "Lower Tiles", 24, (37, 76)),
    FanRow(28, "清龙", "Pure Straight", 16, (71, 72)),
    FanRow(29, "三色双龙会", "Three-Suited Terminal Chows", 16, (63, 70, 72, 76)),
    FanRow(30, "一色三步高", "Pure Shifted Chows", 16, ()),
    FanRow(31, "全带五", "All Five", 16, (68, 76)),
    FanRow(32, "三同刻", "Triple Pung", 16, (65,)),
    FanRow(33, "三暗刻", "Three Concealed Pungs", 16, (66,)),
    FanRow(34, "全不靠", "Lesser Honors and Knitted Tiles", 12, (51, 62)),
    FanRow(35, "组合龙", "Knitted Straight", 12, ()),
    FanRow(36, "大于五", "Upper Four", 12, (76,)),
    FanRow(37, "小于五", "Lower Four", 12, (76,)),
    FanRow(38, "三风刻", "Big Three Winds", 12, ()),
    FanRow(39, "花龙", "Mixed Straight", 8, ()),
    FanRow(40, "推不倒", "Reversible Tiles", 8, (75,)),
    FanRow(41, "三色三同顺", "Mixed Triple Chow", 8, (70,)),
    FanRow(42, "三色三节高", "Mixed Shifted Pungs", 8, ()),
    FanRow(43, "无番和", "Chicken Hand", 8, ()),
    FanRow(44, "妙手回春", "Last Tile Draw", 8, (80,)),
    FanRow(45, "海底捞月", "Last Tile Claim", 8, ()),
    FanRow(46, "杠上开花", "Out with Replacement Tile", 8, (80,)),
    FanRow(47, "抢杠和", "Robbing The Kong", 8, (58,)),
    FanRow(48, "碰碰和", "All Pungs", 6, ()),
    FanRow(49, "混一色", "Half Flush", 6, (75,)),
    FanRow(50, "三色三步高", "Mixed Shifted Chows", 6, ()),
    FanRow(51, "五门齐", "All Types", 6, ()),
    FanRow(52, "全求人", "Melded Hand", 6, (79,)),
    FanRow(53, "双暗杠", "Two Concealed Kongs", 6, (66, 67)),
    FanRow(54, "双箭刻", "Two Dragons Pungs", 6, (59,)),
    FanRow(55, "全带幺", "Outside Hand", 4, ()),
    FanRow(56, "不求人", "Fully Concealed Hand", 4, (62, 80)),
    FanRow(57, "双明杠", "Two Melded Kongs", 4, (74,)),
    FanRow(58, "和绝张", "Last Tile", 4, ()),
    FanRow(59, "箭刻", "Dragon Pung", 2, ()),
    FanRow(60, "圈风刻", "Prevalent Wind", 2, ()),
    FanRow(61, "门风刻", "Seat Wind", 2, ()),
    FanRow(62, "门前清", "Concealed Hand", 2, ()),
    FanRow(63, "平和", "All Chows", 2, (76,)),
    FanRow(64, "四归一", "Tile Hog", 2, ()),
    FanRow(65, "双同刻", "Double Pung", 2, ()),
    FanRow(66, "双暗刻", "Two Concealed Pungs", 2, ()),
    FanRow(67, "暗杠", "Concealed Kong", 2, ()),
    FanRow(68, "断幺", "All Simples", 2, (76,)),
    FanRow(69, "一般高", "Pure Double Chow", 1, ()),
    FanRow(70, "喜相逢", "Mixed Double Chow", 1, ()),
    FanRow(71, "连六", "Short Straight", 1, ()),
    FanRow(72, "老少副", "Two Terminal Chows", 1, ()),
    FanRow(73, "幺九刻", "Pung of Terminals or Honors", 1, ()),
    FanRow(74, "明杠", "Melded Kong", 1, ()),
    FanRow(75, "缺一门", "One Voided Suit", 1, ()),
    FanRow(76, "无字", "No Honors", 1, ()),
    FanRow(77, "边张", "Edge Wait", 1, ()),
    FanRow(78, "坎张", "Closed Wait", 1, ()),
    FanRow(79, "单钓将", "Single Wait", 1, ()),
    FanRow(80, "自摸", "Self-Drawn", 1, ()),
    FanRow(81, "花牌", "Flower Tiles", 1, ()),
    FanRow(82, "明暗杠", "Concealed Kong and Melded Kong", 5, (67, 74)),
)
"""Row 82, 明暗杠 (one concealed and one melded kong, 5), is the reference calculator's reading of
the rules' kong fans (ChineseOfficialMahjong counts it instead of 暗杠 + 明杠); see docs/guobiao.md."""

FANS: dict[int, FanRow] = {row.number: row for row in FAN_ROWS}
