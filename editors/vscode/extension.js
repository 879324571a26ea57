// The bpscript extension: the `bps` language (package.json) and a client that starts
// `bpscript lsp` over stdio for diagnostics, hover, completion, definitions and formatting.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace
    .getConfiguration("bpscript")
    .get("server.command", ["bpscript", "lsp"]);
  const serverOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "bps" },
      { scheme: "untitled", language: "bps" },
    ],
  };
  client = new LanguageClient("bpscript", "bpscript", serverOptions, clientOptions);
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
