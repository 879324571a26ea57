"""The checked model every later stage reads: rulesets, effects, cards, vocabulary, attribute types."""
