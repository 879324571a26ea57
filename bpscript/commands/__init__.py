"""The `bpscript` commands, one module each.

Every module here defines `register(sub)`, which adds its sub-parser to the
`argparse` sub-parsers and sets `func`. `COMMANDS` lists them in the order `--help`
shows them. A command module imports what it needs inside its function, so that
`bpscript --help` stays fast. This is the layer that loads rulesets (`bpscript.load.loader`)
and hands them to the engine, the linter and the backends: none of those imports the
loader or the parser itself.
"""

COMMANDS: tuple[str, ...] = ("check", "fmt", "import_", "export", "build", "lint", "lsp", "diff", "new", "play", "simulate", "tournament", "replay")
