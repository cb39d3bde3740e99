// The VS Code side of tfdyn lsp: starts the server for *.tfdyn.hcl files
// (docs/editors.md).
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('tfdyn').get('path') || 'tfdyn';
  client = new LanguageClient('tfdyn', 'tfdyn',
    { command, args: ['lsp'] },
    {
      documentSelector: [{ scheme: 'file', language: 'tfdyn' }],
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.tfdyn.hcl') },
    });
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
