// check.mjs parses every ```mermaid block of the Markdown files it is given
// with Mermaid's own parser (mermaid.parse, under jsdom: Mermaid's
// sanitizer needs a DOM, no browser is started), so that a diagram GitHub
// would not draw fails tfdyn's tests.
//
//   node check.mjs FILE.md...
//
// It prints one JSON line per block: {"file", "line" (of the opening
// fence, 1-based), "type" (Mermaid's diagram type), "error" ("" when the
// block parses)}, and exits 0 when every block parses, 1 when one does not,
// 2 on a usage error or a file it cannot read.
//
// make setup (scripts/setup.sh) installs it with package-lock.json into
// $TFDYN_CACHE/mermaid; tests run it from there.
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node check.mjs FILE.md...');
  process.exit(2);
}

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
mermaid.initialize({ startOnLoad: false, logLevel: 'fatal' });

// blocks returns the mermaid blocks of a Markdown text with the line of
// their opening fence.
function blocks(text) {
  const out = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```mermaid') continue;
    const start = i;
    const body = [];
    for (i++; i < lines.length && lines[i].trim() !== '```'; i++) body.push(lines[i]);
    out.push({ line: start + 1, text: body.join('\n'), closed: i < lines.length });
  }
  return out;
}

let failed = false;
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`check.mjs: ${e.message}`);
    process.exit(2);
  }
  for (const b of blocks(text)) {
    let type = '';
    let error = '';
    if (!b.closed) {
      error = 'the block has no closing fence';
    } else {
      try {
        const r = await mermaid.parse(b.text);
        type = r.diagramType;
      } catch (e) {
        error = String(e && e.message ? e.message : e);
      }
    }
    if (error) failed = true;
    process.stdout.write(JSON.stringify({ file, line: b.line, type, error }) + '\n');
  }
}
process.exit(failed ? 1 : 0);
