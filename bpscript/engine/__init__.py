"""The rules engine: plays BlackPoker on the effect classes `bpscript build` generates.

It imports the model, never the parser or the loader. `state` (zones, cards, units,
エントリー20 setup), `context` and `verbs` (what generated code calls), `game` (the core
flow of 9.4 with the trigger check of 9.4.1, resolution 5.4 and win check 5.5),
`agents` (random, scripted, terminal, replay), `rules` (imports the generated classes),
`runner` (many games, logs, replays; the commands are `bpscript.commands`). See docs/engine.md.
"""
