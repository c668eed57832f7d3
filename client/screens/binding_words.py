"""A screen's footer and `?` in the UI language: the keys stay the same, only the words a
binding describes itself with change (``i18n.BINDING_WORDS_ZH``)."""

from __future__ import annotations

import dataclasses

from textual.dom import DOMNode

from client.i18n import BINDING_WORDS_ZH, HALL_BINDING_WORDS_ZH, Strings


def speak_bindings(screen: DOMNode, strings: Strings, hall: bool = False) -> None:
    """Put the binding words of a screen (or of a widget whose keys show in its footer) in 中文
    when the UI speaks it (call it at mount). ``hall``: a hall screen's words, where "Back"
    returns to the screen before (``HALL_BINDING_WORDS_ZH``)."""
    if not strings.chinese:
        return
    words = {**BINDING_WORDS_ZH, **HALL_BINDING_WORDS_ZH} if hall else BINDING_WORDS_ZH
    for key, bindings in screen._bindings.key_to_bindings.items():
        screen._bindings.key_to_bindings[key] = [
            dataclasses.replace(b, description=words.get(b.description, b.description))
            for b in bindings
        ]
