// drive.mjs runs a scripted Language Server Protocol session against a
// server over stdio, with Microsoft's LSP client library
// (vscode-languageserver-protocol: the protocol connection VS Code's
// client uses), and prints what the server answered as JSON.
//
//   node drive.mjs SCRIPT.json COMMAND [ARGS...]
//
// SCRIPT is an array of steps:
//   {"request": METHOD, "params": ...}       a request; its result is recorded
//   {"notify": METHOD, "params": ...}        a notification
//   {"diagnostics": URI, "version": N}       waits for the diagnostics of URI
//                                            published for version N (or later)
// and the output is {"results": [one entry per request or diagnostics
// step], "exit": the server's exit code after the last step}. It exits 1
// when a step fails or times out (20 s), 2 on a usage error.
//
// make setup (scripts/setup.sh) installs it with package-lock.json into
// $TFDYN_CACHE/lspclient; tests run it from there.
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter,
} from 'vscode-languageserver-protocol/node.js';

const [scriptPath, command, ...args] = process.argv.slice(2);
if (!scriptPath || !command) {
  console.error('usage: node drive.mjs SCRIPT.json COMMAND [ARGS...]');
  process.exit(2);
}
const script = JSON.parse(readFileSync(scriptPath, 'utf8'));
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
const conn = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));

const published = new Map(); // uri -> [{version, diagnostics}]
const waiters = [];
conn.onNotification('textDocument/publishDiagnostics', (p) => {
  const list = published.get(p.uri) || [];
  list.push(p);
  published.set(p.uri, list);
  for (const w of waiters.splice(0)) w();
});
conn.listen();

function timeout(ms, what) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms).unref());
}

async function diagnostics(uri, version) {
  for (;;) {
    const got = (published.get(uri) || []).find((p) => (p.version ?? 0) >= version);
    if (got) return got;
    await new Promise((resolve) => waiters.push(resolve));
  }
}

const results = [];
try {
  for (const step of script) {
    if (step.request) {
      results.push(await Promise.race([conn.sendRequest(step.request, step.params), timeout(20000, step.request)]));
    } else if (step.notify) {
      await conn.sendNotification(step.notify, step.params);
    } else if (step.diagnostics) {
      results.push(await Promise.race([diagnostics(step.diagnostics, step.version), timeout(20000, `diagnostics of ${step.diagnostics} v${step.version}`)]));
    }
  }
  const code = await Promise.race([exited, timeout(20000, 'server exit')]);
  process.stdout.write(JSON.stringify({ results, exit: code }) + '\n');
  process.exit(0);
} catch (e) {
  console.error(`drive.mjs: ${e.message}`);
  server.kill();
  process.exit(1);
}
