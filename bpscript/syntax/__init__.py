"""The front end: text → AST (lark grammar, transformer) → diagnostics."""
