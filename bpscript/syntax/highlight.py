"""A Pygments lexer for `.bps`, registered as `bps` (entry point `pygments.lexers`), so
that ```bps fences on the docs site and anything else that uses Pygments highlight it.

It follows the token classes of `grammar.lark`: item keywords, field names, the header
line's `@…` `$…` `★…` parts, labels, strings and texts, the effect language. It is
a highlighter, not a parser: text it does not know is shown plain, never as an error.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, include, words
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String, Text,
                            Whitespace)

from .keywords import VOCABULARY_KINDS

ITEMS = ("action", "character", "fog", "trump", "format", "frame", "cost", "extends", "override", "ruleset",
         "supplement")
VOCABULARY = VOCABULARY_KINDS  # declarations: `zone field "場" { holds: units }`
FIELDS = ("ruby", "category", "note", "activation", "trigger", "target", "effect", "story", "flavor",
          "formats", "frames", "since", "update", "size", "labels", "ability", "placed_by", "summary",
          "deck", "deck_cards", "zones", "setup", "action_lists", "dev_note", "text")
STATEMENTS = ("if", "elif", "else", "for", "in", "let", "step", "repeat", "until", "and", "or", "not")
CLAUSES = ("where", "when", "on", "each", "scope", "of", "by", "same_as", "allow", "disclosure", "any")


class BpsLexer(RegexLexer):
    """bpscript, the BlackPoker scripting language."""

    name = "bpscript"
    aliases = ["bps", "bpscript"]
    filenames = ["*.bps"]
    mimetypes = ["text/x-bpscript"]

    tokens = {
        "root": [
            # line starts first: a declaration, a field name, an item keyword
            (r"^(phrase)([ \t]+)([A-Za-z_][A-Za-z0-9_]*)([ \t]+)(\")",
             bygroups(Keyword.Declaration, Whitespace, Name.Class, Whitespace, String.Double), "phrase"),
            (words(VOCABULARY, prefix=r"^", suffix=r"([ \t]+)([A-Za-z_][A-Za-z0-9_]*)"),
             bygroups(Keyword.Declaration, Whitespace, Name.Class)),
            (r"^([ \t]*)(category)([ \t]*)(:)([^\n#]*)",
             bygroups(Whitespace, Name.Attribute, Whitespace, Punctuation, String)),
            (r"^([ \t]*)(labels)([ \t]*)(:)", bygroups(Whitespace, Name.Attribute, Whitespace, Punctuation),
             "labels"),
            (r"^([ \t]*)(deck_cards)([ \t]*)(:)", bygroups(Whitespace, Name.Attribute, Whitespace, Punctuation),
             "cards"),
            (words(FIELDS, prefix=r"^([ \t]*)", suffix=r"([ \t]*)(:)"),
             bygroups(Whitespace, Name.Attribute, Whitespace, Punctuation)),
            (r"^(override)([ \t]+)", bygroups(Keyword.Declaration, Whitespace)),
            (r"(?<![\w.])(action|character|fog|trump)([ \t]+)(?=[A-Za-z_][A-Za-z0-9_]*[ \t]+\")",
             bygroups(Keyword.Declaration, Whitespace)),
            (words(ITEMS, prefix=r"^", suffix=r"\b"), Keyword.Declaration),
            (r"[ \t\u3000]+", Whitespace),
            (r"\n", Whitespace),
            (r"#.*?$", Comment.Single),
            (r'"""', String.Doc, "text"),
            (r'"', String.Double, "string"),
            # the printed header line: @トリガー-スピード-タイミング $コスト ★条件 / ☆ユニット条件
            (r"@[^\s$★☆#]*", Name.Decorator),
            (r"\$[^\s★☆#]*", Keyword.Type),
            (r"[★☆][^\n#]*", String.Symbol),
            (r"[(（][^)）\"\n]*[^\x00-\x7f\"][^)）\"\n]*[)）]", Name.Class),  # (速攻魔法)
            include("code"),
        ],
        "code": [
            (words(STATEMENTS, suffix=r"\b"), Keyword),
            (words(CLAUSES, suffix=r"\b(?![ \t]*=)"), Keyword.Reserved),  # not a keyword argument (on=)
            (words(("true", "false"), suffix=r"\b"), Keyword.Constant),
            (r"(♠|♡|♢|♣|♥|♦)(10|[2-9AJQK])|\bJoker\b", String.Symbol),  # cards: `deck: "…" { cards ♠A ♠2 }`
            (r"[A-Za-z_][A-Za-z0-9_]*(?=[ \t]*\()", Name.Function),
            (r"([A-Za-z_][A-Za-z0-9_]*)([ \t]*)(:)", bygroups(Name.Attribute, Whitespace, Punctuation)),
            (r"[A-Za-z_][A-Za-z0-9_.]*", Name),
            (r"[0-9]+", Number.Integer),
            (r"==|!=|<=|>=|[-+*/%<>=&]", Operator),
            (r"[{}()\[\],.:]", Punctuation),
            (r".", Text),
        ],
        "string": [
            (r'\\.', String.Escape),
            (r'"', String.Double, "#pop"),
            (r'[^"\\\n]+', String.Double),
            (r"\n", Text, "#pop"),  # an unterminated string ends with its line
        ],
        "text": [
            (r'\\.', String.Escape),
            (r'"""', String.Doc, "#pop"),
            (r'[^"\\]+|"', String.Doc),
        ],
        "labels": [
            (r"\n", Whitespace, "#pop"),
            (r"<[^<>\n]+>", Name.Tag),
            (r"(?<=>)\([^)\n]*\)", Name.Class),  # <速攻>(qualifier)
            (r"#.*?$", Comment.Single),
            (r"[ \t]+", Whitespace),
            (r"when\b", Keyword.Reserved, "guard"),
            include("code"),
        ],
        "guard": [  # a label's `when` runs to a comma or the end of the line: `<` compares there
            (r"(?=[\n#])", Whitespace, "#pop"),
            (r",", Punctuation, "#pop"),
            (r"[(\[]", Punctuation, "nested"),
            (r'"', String.Double, "string"),
            (r"[ \t]+", Whitespace),
            include("code"),
        ],
        "nested": [  # inside a guard's ( ) or [ ], a comma separates arguments
            (r"(?=[\n#])", Whitespace, "#pop"),
            (r"[)\]]", Punctuation, "#pop"),
            (r"[(\[]", Punctuation, "#push"),
            (r'"', String.Double, "string"),
            (r"[ \t]+", Whitespace),
            include("code"),
        ],
        "phrase": [  # `phrase targets "{what}を対象と"`: {what} stands for the printed thing
            (r"\{[A-Za-z_]+\}", String.Interpol),
            (r'\\.', String.Escape),
            (r'"', String.Double, "#pop"),
            (r'[^"\\{\n]+|\{', String.Double),
            (r"\n", Text, "#pop"),
        ],
        "cards": [
            (r"\n", Whitespace, "#pop"),
            (r"(♠|♡|♢|♣|♥|♦|[SHDC])(10|[2-9AJQK])|Joker", String.Symbol),
            (r"#.*?$", Comment.Single),
            (r"[ \t]+", Whitespace),
            (r".", Text),
        ],
    }
