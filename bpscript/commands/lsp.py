"""`bpscript lsp`: the language server, over standard input and output."""

from __future__ import annotations

import sys


def register(sub) -> None:
    p = sub.add_parser("lsp", help="run the language server (for editors) over stdio",
                       description="Run the bpscript language server over standard input/output: diagnostics "
                                   "as you type, hover, completion, go to definition, outline and formatting "
                                   "(docs/editors.md). Needs the lsp extra: pip install 'bpscript[lsp]'.")
    p.add_argument("--stdio", action="store_true", help="use stdio (the default and only transport)")
    p.add_argument("--debounce", type=float, default=0.3, metavar="SECONDS",
                   help="wait this long after a change before checking (default 0.3)")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..extras import require
    require("lsp", "bpscript lsp")
    try:
        from ..lsp.server import main
    except ImportError as err:
        print(f"error: the language server needs pygls ({err.name} is missing); "
              "install it with: pip install 'bpscript[lsp]'", file=sys.stderr)
        return 2
    if args.debounce < 0:
        print("error: --debounce must be at least 0", file=sys.stderr)
        return 2
    return main(args.debounce)
