"""`bpscript lsp`: a language server for `.bps` over stdio (pygls).

One module per feature: `analysis` (load the document's package with the open buffers),
`diagnostics`, `hover`, `completion`, `definition`, `symbols`, `formatting`; `server`
wires them to the protocol. The features speak lsprotocol's types; only `server`
imports pygls itself. Both come with the `lsp` extra (`pip install 'bpscript[lsp]'`).
"""
