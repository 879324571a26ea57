"""`<` and `>` in an expression are comparisons; `<…>` is a label only in a `labels:` field.

A label used to be lexed wherever LALR had merged an expression's state with the one after
a label's guard, so `a < b and c > d` read `< b and c >` as a label.
"""

from __future__ import annotations

from bpscript.model import effects as fx
from bpscript.syntax import ast
from bpscript.syntax.parser import parse_module

SCRIPT = '''action cmp "比較" (速攻魔法) {{
  @直接-通常-クイック $B
  effect: "テスト" {{
    if {cond} {{
      draw(me)
    }}
  }}
}}
'''

CHARACTER = '''character hero "勇者" (兵士) {{
  ☆2〜10
  size: unit.number
  labels: {labels}
}}
'''


def _condition(cond: str) -> fx.Expr:
    module, diags = parse_module(SCRIPT.format(cond=cond))
    assert not diags, [d.message for d in diags]
    (script,) = module.items
    effect = next(f for f in script.fields if isinstance(f, ast.EffectField))
    return effect.body[0].cond


def _labels(labels: str) -> tuple[tuple[ast.LabelNode, ...], list]:
    module, diags = parse_module(CHARACTER.format(labels=labels))
    if diags:
        return (), diags
    (script,) = module.items
    field = next(f for f in script.fields if isinstance(f, ast.LabelsField))
    return field.labels, diags


def _shape(e: fx.Expr):
    if isinstance(e, fx.BinOp):
        return (e.op, _shape(e.left), _shape(e.right))
    if isinstance(e, fx.Name):
        return e.id
    if isinstance(e, fx.Num):
        return e.value
    if isinstance(e, fx.Call):
        return e.func
    return type(e).__name__


def test_two_comparisons_joined_by_and():
    cond = _condition("life(me) < 3 and life(opponent) > 2")
    assert _shape(cond) == ("and", ("<", "life", 3), (">", "life", 2))


def test_comparisons_without_spaces():
    assert _shape(_condition("a<b and c>d")) == ("and", ("<", "a", "b"), (">", "c", "d"))
    assert _shape(_condition("a < b or c > d")) == ("or", ("<", "a", "b"), (">", "c", "d"))


def test_comparison_inside_a_comprehension():
    cond = _condition("[u for u in units(soldier, me) if u.size < 3 and u.size > 1] != []")
    assert isinstance(cond.left, fx.ListComp)
    assert _shape(cond.left.cond) == ("and", ("<", "Attr", 3), (">", "Attr", 1))


def test_labels_still_parse_with_qualifier_and_guard():
    labels, _ = _labels("<アタッカー> <ブロッカー> <速攻>(キーカードにAが含まれる場合のみ) when has_number(unit, 1)")
    assert [l.name.value for l in labels] == ["アタッカー", "ブロッカー", "速攻"]
    assert labels[2].qualifier.value == "キーカードにAが含まれる場合のみ"
    assert isinstance(labels[2].when, fx.Call) and labels[0].when is None


def test_a_guard_may_compare_and_a_comma_ends_it():
    labels, _ = _labels("<アタッカー> when unit.size < 3 and unit.size > 1, <ブロッカー>")
    assert [l.name.value for l in labels] == ["アタッカー", "ブロッカー"]
    assert _shape(labels[0].when) == ("and", ("<", "Attr", 3), (">", "Attr", 1))
    assert labels[1].when is None


def test_a_label_right_after_a_guard_is_a_comparison_not_a_label():
    labels, diags = _labels("<アタッカー> when unit.size < 3 <ブロッカー>")
    assert not labels and len(diags) == 1 and diags[0].code.startswith("E00")
    assert diags[0].span.line == 4
