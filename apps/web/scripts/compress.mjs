// Precompresses the built web app: a brotli (.br) and a gzip (.gz) copy next to every text file
// worth it, which the server sends to browsers that accept them (apps/server/src/platform/web-app.ts).
// Compressing once at build time lets us use the slowest, best settings, which would cost too
// much per request. Runs after `vite build` (npm run build -w @pgel/web).
//   node scripts/compress.mjs [dist folder]
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
  '.xml',
]);
/** Below this, the saving is smaller than a packet and not worth a second file. */
const MIN_BYTES = 1024;

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function compress(file) {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller would only cost a disk read; the server then sends the original.
  const written = [];
  if (br.length < source.length) written.push(writeFile(`${file}.br`, br));
  if (gz.length < source.length) written.push(writeFile(`${file}.gz`, gz));
  await Promise.all(written);
  return {
    raw: source.length,
    br: Math.min(br.length, source.length),
    gz: Math.min(gz.length, source.length),
  };
}

const totals = { files: 0, raw: 0, br: 0, gz: 0 };
const jobs = [];
for await (const file of files(dist)) {
  if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
  if ((await stat(file)).size < MIN_BYTES) continue;
  jobs.push(
    compress(file).then((sizes) => {
      totals.files += 1;
      totals.raw += sizes.raw;
      totals.br += sizes.br;
      totals.gz += sizes.gz;
    }),
  );
}
await Promise.all(jobs);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `compressed ${totals.files} files in ${path.relative(process.cwd(), dist) || '.'}: ` +
    `${kb(totals.raw)} -> brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
);
