"""The printed words the linter reads come from the ruleset: headers by what their words
mean, phrases (`phrase … { means: … }`) as patterns over printed text."""

from __future__ import annotations

from bpscript.lint import lint_paths
from bpscript.lint.words import header_text, phrase_patterns
from bpscript.load.loader import load
from bpscript.model.vocabulary import (Origin, PhraseDef, PhraseMeaning, Resolution, SpeedDef, TimingDef, TriggerDef,
                                 Vocabulary, Window)

TWIN = '''extends "blackpoker-8.2"
{decl}
action twinShot "ツインショット" (通常魔法) {{
  @直接-通常-メイン ★♠A〜K と ♣A〜K
  effect: "{text}" {{
    move(choose_units(me, units(soldier, opponent), 2), to=grave)
  }}
  formats: mast
}}
'''


def _lint(tmp_path, decl: str, text: str):
    f = tmp_path / "twin.bps"
    f.write_text(TWIN.format(decl=decl, text=text), "utf-8")
    return lint_paths([f])


def test_the_targeting_phrase_is_the_rulesets(tmp_path):
    assert _lint(tmp_path, "", "対戦相手の兵士2体を対象とし、墓地に移す。").codes() == ["G1"]
    # printed another way, the text says nothing G1 knows …
    assert _lint(tmp_path, "", "対戦相手の兵士2体を狙い、墓地に移す。").codes() == []
    # … until the ruleset declares that way of printing it
    decl = 'phrase aims "{what}を狙い" { means: target }\n'
    (f,) = _lint(tmp_path, decl, "対戦相手の兵士2体を狙い、墓地に移す。").findings
    assert f.code == "G1" and "「兵士2体」" in f.message and (f.span.line, f.span.column) == (7, 10)


def test_one_printed_target_is_fine(tmp_path):
    assert _lint(tmp_path, "", "対戦相手の兵士1体を対象とし、墓地に移す。").codes() == []


def test_a_phrase_needs_a_place_for_what_it_names(tmp_path):
    f = tmp_path / "bad.bps"
    f.write_text('extends "blackpoker-8.2"\nphrase aims "を狙い" { means: target }\n'
                 'phrase odd "{what}だ" { means: nothing }\n', "utf-8")
    diags = load([f]).diagnostics
    assert [(d.code, d.span.line) for d in diags] == [("E401", 2), ("E401", 3)]


def test_phrase_patterns_stop_at_the_phrases_quote_marks():
    v = Vocabulary()
    v.phrases.add(PhraseDef("refers", "「{what}」を参照", meaning=PhraseMeaning.REFERENCE))
    (p,) = phrase_patterns(v, PhraseMeaning.REFERENCE)
    assert [m.group("what") for m in p.finditer("「A」と「B」を参照")] == ["B"]
    assert phrase_patterns(v, PhraseMeaning.TARGET) == []


def test_header_words_by_their_meaning():
    v = Vocabulary()
    assert header_text(v, Origin.EVENT, Resolution.AT_ONCE, Window.ANY) == "@event-at_once-any"
    v.triggers.add(TriggerDef("triggered", "誘発", origin=Origin.EVENT))
    v.speeds.add(SpeedDef("immediate", "即時", resolution=Resolution.AT_ONCE))
    v.timings.add(TimingDef("quick", "クイック", window=Window.ANY))
    assert header_text(v, Origin.EVENT, Resolution.AT_ONCE, Window.ANY) == "@誘発-即時-クイック"
