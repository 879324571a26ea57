"""The rules engine: plays BlackPoker on the effect classes `bpscript build` generates.

It imports the model, never the parser or the loader. Three folders, one direction:
`players` (agents, greedy, ismcts, runner, pool, Ray, tournament) drive `kernel` (state,
the core flow of 9.4 with the trigger check of 9.4.1, resolution 5.4 and win check 5.5,
costs, legal requests, what generated code calls, the compiled rules, invariants), which
starts games with `setup` (3.9 and 8.3: the frame's steps, packs, trumps, positions).
See docs/engine.md.
"""
