"""The words of the grammar that other parts list (the parser's error recovery, completion,
highlighting): what opens a top-level item and the field names of a script. Tests keep
them equal to `grammar.lark`."""

from __future__ import annotations

#: the words that open a top-level item: scripts, formats and frames, the ruleset's identity
#: and supplements, and the vocabulary declarations of the grammar's `vocab_kind`
SCRIPT_KINDS = ("action", "character", "fog", "trump")
VOCABULARY_KINDS = ("trigger", "speed", "timing", "zone", "component", "type", "category", "role", "label",
                    "status", "rule", "target", "owner", "spelling", "phrase", "note")
ITEM_WORDS = SCRIPT_KINDS + ("format", "frame", "cost", "extends", "ruleset", "supplement") + VOCABULARY_KINDS
#: the field names of a script's (or a supplement's) body
FIELD_NAMES = {"ruby", "category", "note", "activation", "trigger", "target", "effect", "story", "flavor",
               "formats", "frames", "since", "update", "allow", "size", "labels", "ability", "placed_by",
               "summary", "deck", "deck_cards", "zones", "setup", "action_lists", "disclosure", "dev_note",
               "text"}
