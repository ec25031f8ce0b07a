import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_BOOTSTRAP_ELEMENT_ID, type PageBootstrap } from '@pgel/shared/page-bootstrap';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import type { PublicSettings } from '@pgel/shared/schemas/settings';
import type { FastifyRequest } from 'fastify';

/**
 * Pages sent with what their first draw needs (issue 29). On a phone every round trip costs
 * hundreds of milliseconds: a signed-in page used to wait for its script, then the signed-in
 * frame's files (only known once the router ran), then `/auth/me`, then its data. The page now
 * holds `/auth/me`'s and `/settings/public`'s answers (PAGE_BOOTSTRAP_ELEMENT_ID) and links
 * the files the signed-in frame and the page's own route will ask for, so the browser fetches
 * them while it reads the first script.
 *
 * A page must still load while the database is away: each answer is waited for at most
 * BOOTSTRAP_WAIT_MS, and a page without them asks the API as before.
 */
export type PageBootstrapSources = {
  /** The `/auth/me` answer for the request's session, or null (none, expired, blocked). */
  sessionUser(request: FastifyRequest): Promise<SessionUser | null>;
  publicSettings(): Promise<PublicSettings>;
};

export const BOOTSTRAP_WAIT_MS = 300;

/** Vite's build manifest (`build.manifest`): source module -> its file, imports and styles. */
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The modules every signed-in page loads before it draws (apps/web/src/app/later-routes.tsx). */
const SIGNED_IN_MODULES = [
  'src/app/later-routes.tsx',
  'src/app/session-guard.tsx',
  'src/app/signed-in-frame.tsx',
];
/** Mantine's full stylesheet, loaded by every route but the sign-in screens (app/full-styles.ts). */
const FULL_STYLES_MODULE = '@mantine/core/styles.css';
/**
 * The pages a phone most often opens first, and their route modules (app/router.tsx and
 * later-routes.tsx). Only a hint: a page missing here loads its module a round trip later.
 */
const ROUTE_MODULES: Array<{ path: RegExp; module: string; signedIn: boolean }> = [
  { path: /^\/$/, module: 'src/app/routes/landing.tsx', signedIn: false },
  { path: /^\/dashboard$/, module: 'src/app/routes/dashboard.tsx', signedIn: true },
  { path: /^\/task\/[^/]+$/, module: 'src/app/routes/task.tsx', signedIn: true },
];

/** A `<script>` holding JSON must not be closed or commented by the data it holds. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

function readManifest(webDist: string): Manifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** The manifest key of a source module (keys are relative to apps/web; libraries sit above it). */
function keyOf(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  return Object.keys(manifest).find((key) => key.endsWith(`node_modules/${module}`));
}

/** The files a module needs before it runs: its own, its static imports' (deep) and their styles. */
function filesOf(manifest: Manifest, module: string, into: { js: Set<string>; css: Set<string> }) {
  const key = keyOf(manifest, module);
  const chunk = key ? manifest[key] : undefined;
  if (!chunk || !key) return;
  const file = `/${chunk.file}`;
  if (file.endsWith('.css')) into.css.add(file);
  else if (into.js.has(file)) return;
  else into.js.add(file);
  for (const css of chunk.css ?? []) into.css.add(`/${css}`);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into);
}

function preloadTags(
  manifest: Manifest,
  modules: string[],
  alreadyLoaded: { js: Set<string>; css: Set<string> },
): string {
  const files = { js: new Set<string>(), css: new Set<string>() };
  for (const module of modules) filesOf(manifest, module, files);
  const css = [...files.css].filter((file) => !alreadyLoaded.css.has(file));
  const js = [...files.js].filter((file) => !alreadyLoaded.js.has(file));
  // `crossorigin` as Vite's loader sets it on the stylesheet links it adds: the same request,
  // so the browser uses what it preloaded instead of fetching it again. Low priority: none of
  // them is needed for the first paint ("Loading…"), which must not wait behind them.
  return [
    ...css.map((href) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`),
    ...js.map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`),
  ].join('');
}

/** Resolves to the value, or to undefined after `ms` or on failure: a page never waits longer. */
async function within<T>(ms: number, work: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export type RenderedPage = { html: string; etag: string; personal: boolean };

/** Builds the page renderer for a build folder; null when the build has no index.html. */
export function createPageRenderer(webDist: string, sources: PageBootstrapSources) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return null;
  const template = readFileSync(indexFile, 'utf8');
  const manifest = readManifest(webDist);
  // The entry's own files are linked by index.html already.
  const entry = { js: new Set<string>(), css: new Set<string>() };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entryKey) filesOf(manifest, entryKey, entry);
  const signedInShell = [...SIGNED_IN_MODULES, FULL_STYLES_MODULE];
  const tagsCache = new Map<string, string>();
  const tagsFor = (urlPath: string, signedIn: boolean): string => {
    const route = ROUTE_MODULES.find((r) => r.path.test(urlPath) && r.signedIn === signedIn);
    const modules = [
      ...(signedIn ? signedInShell : []),
      ...(route ? [route.module, ...(route.signedIn ? [] : [FULL_STYLES_MODULE])] : []),
    ];
    const cacheKey = modules.join('|');
    let tags = tagsCache.get(cacheKey);
    if (tags === undefined) {
      tags = modules.length > 0 ? preloadTags(manifest, modules, entry) : '';
      tagsCache.set(cacheKey, tags);
    }
    return tags;
  };

  return async function renderPage(request: FastifyRequest, urlPath: string): Promise<RenderedPage> {
    const [user, publicSettings] = await Promise.all([
      within(BOOTSTRAP_WAIT_MS, () => sources.sessionUser(request)),
      within(BOOTSTRAP_WAIT_MS, () => sources.publicSettings()),
    ]);
    const bootstrap: PageBootstrap = {};
    if (user) bootstrap.user = user;
    if (publicSettings) bootstrap.publicSettings = publicSettings;
    const inserted =
      tagsFor(urlPath, Boolean(user)) +
      (Object.keys(bootstrap).length > 0
        ? `<script type="application/json" id="${PAGE_BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(bootstrap)}</script>`
        : '');
    const html = inserted ? template.replace('</head>', `${inserted}</head>`) : template;
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    return { html, etag, personal: Boolean(user) };
  };
}
