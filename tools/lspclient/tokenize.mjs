// tokenize.mjs tokenizes files with a TextMate grammar the way VS Code
// does (vscode-textmate with the Oniguruma regular expressions of
// vscode-oniguruma), and prints every token as JSON lines:
// {"file", "line" (1-based), "text", "scopes"}.
//
//   node tokenize.mjs GRAMMAR.json FILE...
//
// It exits 1 when the grammar does not load or a file cannot be read.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vsctm from 'vscode-textmate';
import oniguruma from 'vscode-oniguruma';

const require = createRequire(import.meta.url);
const [grammarPath, ...files] = process.argv.slice(2);
if (!grammarPath || files.length === 0) {
  console.error('usage: node tokenize.mjs GRAMMAR.json FILE...');
  process.exit(2);
}
try {
  await oniguruma.loadWASM(readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async () => vsctm.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath),
  });
  const raw = JSON.parse(readFileSync(grammarPath, 'utf8'));
  const grammar = await registry.loadGrammar(raw.scopeName);
  if (!grammar) throw new Error(`grammar ${raw.scopeName} did not load`);
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    let state = vsctm.INITIAL;
    lines.forEach((line, i) => {
      const r = grammar.tokenizeLine(line, state);
      for (const t of r.tokens) {
        process.stdout.write(JSON.stringify({ file, line: i + 1, text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }) + '\n');
      }
      state = r.ruleStack;
    });
  }
} catch (e) {
  console.error(`tokenize.mjs: ${e.message}`);
  process.exit(1);
}
