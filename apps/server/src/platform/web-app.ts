import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPageRenderer, type PageBootstrapSources } from './page-bootstrap';

export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist/main.js sits one level below apps/server, src/platform/web-app.ts two.
  for (const up of ['../../web/dist', '../../../web/dist']) {
    const candidate = path.resolve(here, up);
    if (existsSync(candidate)) return candidate;
  }
  return path.resolve(here, '../../web/dist');
}

/**
 * Cache-Control per kind of file in the build. Vite names everything under /assets/ after its
 * content hash, so a changed file gets a new name and the old one may be kept for a year;
 * index.html names those files, so a browser asks for it again on every visit (a 304 when
 * unchanged); the rest (favicon, institution logos) keep their names across releases.
 * The service worker and the web app manifest (issue 29) keep their names too but are asked for
 * again on every check like a page: a browser that kept an old sw.js for an hour would keep
 * serving the old version from its precache.
 */
export const CACHE_CONTROL = {
  hashed: 'public, max-age=31536000, immutable',
  page: 'no-cache',
  /** A page that holds the signed-in user (page-bootstrap.ts): never in a shared cache. */
  personalPage: 'private, no-cache',
  other: 'public, max-age=3600',
} as const;

/** Vite's assetsDir: every file in it carries a content hash in its name. */
const HASHED_DIR = 'assets';

/** Files at the root, under fixed names, that name the current version (vite-plugin-pwa's output). */
const UNVERSIONED_ROOT_FILES = new Set(['sw.js', 'manifest.webmanifest']);

/** The Cache-Control of a built file, from its path relative to the build folder. */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (file.endsWith('.html') || UNVERSIONED_ROOT_FILES.has(file)) return CACHE_CONTROL.page;
  if (file.startsWith(`${HASHED_DIR}/`)) return CACHE_CONTROL.hashed;
  return CACHE_CONTROL.other;
}

/**
 * Paths that name a file rather than a page: a missing one is a 404, not index.html (a script
 * tag given HTML fails obscurely, and a stale chunk name after a release must say it is gone).
 */
const FILE_PATH =
  /\.(?:js|mjs|css|map|json|txt|webmanifest|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|br|gz)$/i;

/** A path that tries to leave the build folder (`..`, also %-encoded) or smuggles a NUL or `\`. */
function isTraversal(urlPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return true;
  }
  return decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..');
}

/** A GET or HEAD for a client route (/login, /dashboard, /verify/…): the web app answers it. */
function isPageRequest(request: FastifyRequest, urlPath: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (urlPath.startsWith('/api/') || urlPath.startsWith(`/${HASHED_DIR}/`)) return false;
  return !FILE_PATH.test(urlPath) && !isTraversal(urlPath);
}

/** The API's 404 shape, for unknown API routes and for anything that is not a page. */
function routeNotFound(request: FastifyRequest, reply: FastifyReply, urlPath: string) {
  return reply
    .status(404)
    .send({ code: 'not_found', message: `Route ${request.method} ${urlPath} not found` });
}

/**
 * Serves the built web app, if there is one, and owns the server's not-found handling: unknown
 * API routes answer JSON 404; client routes get index.html so the client router shows the page.
 *
 * The build holds a brotli (.br) and a gzip (.gz) copy next to every file worth compressing
 * (apps/web/scripts/compress.mjs); @fastify/static's `preCompressed` sends the best one the
 * browser accepts (br, then gzip, then the file itself) with the original's Content-Type.
 */
export function registerWebApp(app: FastifyInstance, webDist: string, sources?: PageBootstrapSources) {
  const built = existsSync(path.join(webDist, 'index.html'));
  const renderPage = built && sources ? createPageRenderer(webDist, sources) : null;
  if (built) {
    app.register(fastifyStatic, {
      root: webDist,
      // Routes for the files the build holds, read once at start; nothing else is looked up.
      wildcard: false,
      index: false,
      preCompressed: true,
      // Set per file below: one max-age does not fit hashed assets and index.html alike.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(path.relative(webDist, filePath)));
        // The body depends on Accept-Encoding: shared caches must keep one copy per encoding.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built; serving the API only');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    if (built && isPageRequest(request, urlPath)) {
      return renderPage
        ? sendPage(request, reply, await renderPage(request, urlPath))
        : reply.sendFile('index.html');
    }
    return routeNotFound(request, reply, urlPath);
  });
}

/** A rendered page, compressed as the browser accepts it, answered 304 when the browser has it. */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { html: string; etag: string; personal: boolean },
) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', page.personal ? CACHE_CONTROL.personalPage : CACHE_CONTROL.page)
    // The page holds the signed-in user's name: a cache must key it on the session cookie too.
    .header('vary', 'Accept-Encoding, Cookie')
    .header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const body = (encoded: Buffer | string) => (request.method === 'HEAD' ? reply.send() : reply.send(encoded));
  // A few KB: compressed per request at a quick setting (the static files are compressed at build).
  if (accepted.has('br')) {
    reply.header('content-encoding', 'br');
    return body(brotliCompressSync(page.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (accepted.has('gzip')) {
    reply.header('content-encoding', 'gzip');
    return body(gzipSync(page.html));
  }
  return body(page.html);
}

/** The encodings an Accept-Encoding header allows (q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}
