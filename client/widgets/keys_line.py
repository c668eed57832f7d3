"""The mahjong table's footer: the keys on offer, drawn as Textual's `Footer` draws them
(` d Discard  q Leave  ^q Quit`, a key in its colour and bold, a disabled one dim), but as one
line of cells that is rewritten only where it changed.

Textual's footer rebuilds a widget per key whenever the bindings may have changed, and paints
the row twice: at the table, where the keys on offer change with every turn of ours and every
claim, the footer was the costliest row of play (bench/mahjong_tui.py). A click on a key
presses it, as in Textual's footer.
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen

from client.widgets.cell_lines import BLANK, Cell, CellLines, text_cells


class KeysLine(CellLines):
    COMPONENT_CLASSES = {
        "keys-line--key",
        "keys-line--description",
        "keys-line--key-off",
        "keys-line--description-off",
    }
    DEFAULT_CSS = """
    KeysLine {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeysLine > .keys-line--key, KeysLine > .keys-line--key-off {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeysLine > .keys-line--description, KeysLine > .keys-line--description-off {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeysLine > .keys-line--key-off, KeysLine > .keys-line--description-off {
        text-style: dim;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._keys: list[tuple[int, int, str, bool]] = []  # start, end, key, enabled

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.redraw()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self.redraw()

    def _bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self.redraw()

    def build_lines(self) -> list[list[Cell]]:
        """One key per action (its first binding), in the order Textual's footer shows them,
        the line padded to the widget's width so that a change is a change of cells."""
        cells: list[Cell] = []
        self._keys = []
        seen: set[str] = set()
        for _, binding, enabled, _ in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            off = "" if enabled else "-off"
            start = len(cells)
            cells += text_cells(f" {self.app.get_key_display(binding)} ", f"keys-line--key{off}")
            cells += text_cells(f"{binding.description} ", f"keys-line--description{off}")
            self._keys.append((start, len(cells), binding.key, enabled))
        return [cells + [BLANK] * (self.size.width - len(cells))]

    def on_click(self, event: events.Click) -> None:
        for start, end, key, enabled in self._keys:
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(key.split(",")[0])
                else:
                    self.app.bell()
                return
