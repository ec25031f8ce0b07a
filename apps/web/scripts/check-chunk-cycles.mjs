// Fails the build when two of its script files import each other, directly or through others
// (issue 29). The chunking in vite.config.ts puts modules into files by hand; a module left out
// of the group its importers are in can land in a file that imports them back, and then one
// file runs before the other is ready: the app stops at start with "Cannot read properties of
// undefined". Runs after `vite build` (npm run build -w @pgel/web).
//   node scripts/check-chunk-cycles.mjs [dist folder]
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const assets = path.join(path.resolve(process.argv[2] ?? path.join(here, '..', 'dist')), 'assets');

/** A built file's static imports of its sibling files (`import … from"./x.js"`, `import"./x.js"`). */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g;

const files = (await readdir(assets)).filter((name) => name.endsWith('.js'));
const imports = new Map();
for (const name of files) {
  const code = await readFile(path.join(assets, name), 'utf8');
  imports.set(name, [...new Set([...code.matchAll(STATIC_IMPORT)].map((m) => m[1]))]);
}

// Depth-first search; a file met again while still on the path closes a cycle.
const cycles = [];
const state = new Map(); // name -> 'open' | 'done'
function visit(name, trail) {
  state.set(name, 'open');
  for (const next of imports.get(name) ?? []) {
    if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next]);
    else if (!state.has(next)) visit(next, [...trail, next]);
  }
  state.set(name, 'done');
}
for (const name of files) if (!state.has(name)) visit(name, [name]);

if (cycles.length > 0) {
  console.error('Built script files that import each other (see vite.config.ts, codeSplitting):');
  for (const cycle of cycles) console.error(`  ${cycle.join(' -> ')}`);
  process.exit(1);
}
console.log(`chunk imports: ${files.length} files, no cycle`);
