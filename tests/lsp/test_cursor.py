"""The token under the cursor, as the parser reads it (`cursor.spot`): hover and
go-to-definition ask it what they are on, so a word inside a text is no name, even on a
later line of a long string."""

from __future__ import annotations

from bpscript.lsp.cursor import Word, spot
from bpscript.lsp.hover import hover_text

TEXT = '''action a "エー" (速攻魔法) {
  @直接-即時-クイック ★♡A〜10
  effect: """手札を1枚捨てる。
  draw(me) と書いても効果ではない。「アップ」を参照""" {
    draw(me)  # draw(me) in a comment
  }
}
'''


def at(needle: str, k: int = 0):
    return spot(TEXT, TEXT.index(needle) + k)


def test_a_call_in_an_effect_is_a_called_name():
    found = at("draw(me)  #", 1)
    assert found.name() == Word("draw", 4, 8) and found.called()
    assert hover_text(found, None)[0].startswith("```\ndraw(")


def test_a_word_inside_a_text_or_a_comment_is_no_name():
    in_text = at("draw(me) と", 1)
    assert in_text.token.type == "LONG_STRING" and in_text.name() is None
    assert hover_text(in_text, None) is None
    assert at("draw(me) in a", 1) is None


def test_references_and_conditions_are_read_from_their_tokens():
    assert at("アップ", 1).reference() == Word("アップ", TEXT.splitlines()[3].index("アップ"),
                                              TEXT.splitlines()[3].index("アップ") + 3)
    mark, word = at("★♡A", 2).condition()
    assert (mark, word.text) == ("★", "♡A〜10")
