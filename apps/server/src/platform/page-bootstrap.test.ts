import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_BOOTSTRAP_ELEMENT_ID } from '@pgel/shared/page-bootstrap';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import type { PublicSettings } from '@pgel/shared/schemas/settings';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOTSTRAP_WAIT_MS,
  createPageRenderer,
  type PageBootstrapSources,
  scriptSafeJson,
} from './page-bootstrap';

const INDEX =
  '<!doctype html><html><head><title>PG e-Logbook</title><script type="module" crossorigin src="/assets/index-A1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-A1.css"></head><body><div id="root"></div></body></html>';

// Vite's manifest as the web build writes it (keys relative to apps/web; libraries above it).
const MANIFEST = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    css: ['assets/index-A1.css'],
    imports: ['_runtime-R1.js'],
  },
  '_runtime-R1.js': { file: 'assets/runtime-R1.js' },
  '_signed-in-S1.js': {
    file: 'assets/signed-in-S1.js',
    imports: ['index.html', '_libs-L1.js'],
    css: ['assets/signed-in-S1.css'],
  },
  '_libs-L1.js': { file: 'assets/libs-L1.js', imports: ['index.html', '_runtime-R1.js'] },
  'src/app/later-routes.tsx': {
    file: 'assets/later-routes-B1.js',
    imports: ['index.html'],
    isDynamicEntry: true,
  },
  'src/app/session-guard.tsx': {
    file: 'assets/session-guard-C1.js',
    imports: ['_signed-in-S1.js'],
    isDynamicEntry: true,
  },
  'src/app/signed-in-frame.tsx': {
    file: 'assets/signed-in-frame-D1.js',
    imports: ['_signed-in-S1.js'],
    isDynamicEntry: true,
  },
  'src/app/routes/dashboard.tsx': {
    file: 'assets/dashboard-E1.js',
    imports: ['_signed-in-S1.js'],
    isDynamicEntry: true,
  },
  'src/app/routes/landing.tsx': {
    file: 'assets/landing-F1.js',
    imports: ['_libs-L1.js'],
    isDynamicEntry: true,
  },
  '../../node_modules/@mantine/core/styles.css': { file: 'assets/styles-M1.css', src: 'x' },
};

const USER = {
  id: '6f1c2c55-3d43-4a5e-9c55-6d3c1b8e2f10',
  name: 'Dr. </script><script>alert(1)</script> Rao',
  email: 'rao@example.org',
} as unknown as SessionUser;
const SETTINGS = { launchGateActive: false } as unknown as PublicSettings;
const request = {} as FastifyRequest;

function bootstrapOf(html: string): unknown {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${PAGE_BOOTSTRAP_ELEMENT_ID}">(.*?)</script>`),
  );
  return match ? JSON.parse(match[1] ?? '') : null;
}
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('pages sent with what their first draw needs (issue 29)', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'pgel-page-bootstrap-'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const sources = (over: Partial<PageBootstrapSources> = {}): PageBootstrapSources => ({
    sessionUser: async () => USER,
    publicSettings: async () => SETTINGS,
    ...over,
  });

  it('holds the signed-in user and the public settings, and links the signed-in frame’s files', async () => {
    const render = createPageRenderer(dist, sources());
    const page = await render?.(request, '/dashboard');
    expect(page?.personal).toBe(true);
    expect(bootstrapOf(page?.html ?? '')).toEqual({ user: USER, publicSettings: SETTINGS });
    // The frame, the guard, the route table, the dashboard and what they import; never the
    // files index.html links already.
    expect(preloadsOf(page?.html ?? '').sort()).toEqual(
      [
        '/assets/dashboard-E1.js',
        '/assets/later-routes-B1.js',
        '/assets/libs-L1.js',
        '/assets/session-guard-C1.js',
        '/assets/signed-in-S1.css',
        '/assets/signed-in-S1.js',
        '/assets/signed-in-frame-D1.js',
        '/assets/styles-M1.css',
      ].sort(),
    );
    // As Vite's loader asks for them (crossorigin), so the browser uses the preloaded copy; after
    // what the first paint needs (low priority).
    expect(page?.html).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/styles-M1.css">',
    );
    expect(page?.html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/signed-in-S1.js">',
    );
  });

  it('never lets the data close its script element', async () => {
    const page = await createPageRenderer(dist, sources())?.(request, '/profile');
    expect(page?.html).not.toContain('<script>alert(1)');
    expect((bootstrapOf(page?.html ?? '') as { user: SessionUser }).user.name).toBe(USER.name);
    expect(JSON.parse(scriptSafeJson({ text: '\u2028<&>\u2029' }))).toEqual({ text: '\u2028<&>\u2029' });
    expect(scriptSafeJson({ text: '</script>' })).not.toMatch(/[<>]/);
  });

  it('sends a visitor without a session the settings only, and the landing its own files', async () => {
    const render = createPageRenderer(dist, sources({ sessionUser: async () => null }));
    const landing = await render?.(request, '/');
    expect(landing?.personal).toBe(false);
    expect(bootstrapOf(landing?.html ?? '')).toEqual({ publicSettings: SETTINGS });
    expect(preloadsOf(landing?.html ?? '').sort()).toEqual(
      ['/assets/landing-F1.js', '/assets/libs-L1.js', '/assets/styles-M1.css'].sort(),
    );
    // A signed-in page asked for without a session preloads nothing: the app sends it to /login.
    const dashboard = await render?.(request, '/dashboard');
    expect(preloadsOf(dashboard?.html ?? '')).toEqual([]);
  });

  it('serves the plain page at once when the database fails or is slow', async () => {
    const failing = createPageRenderer(
      dist,
      sources({
        sessionUser: async () => {
          throw new Error('connection refused');
        },
        publicSettings: async () => {
          throw new Error('connection refused');
        },
      }),
    );
    expect((await failing?.(request, '/dashboard'))?.html).toBe(INDEX);

    const never = () => new Promise<never>(() => {});
    const slow = createPageRenderer(dist, sources({ sessionUser: never, publicSettings: never }));
    const started = Date.now();
    const page = await slow?.(request, '/dashboard');
    expect(page?.html).toBe(INDEX);
    expect(page?.personal).toBe(false);
    expect(Date.now() - started).toBeLessThan(BOOTSTRAP_WAIT_MS * 5);
  });

  it('changes its ETag with what the page holds', async () => {
    const render = createPageRenderer(dist, sources());
    const one = await render?.(request, '/dashboard');
    const same = await render?.(request, '/dashboard');
    const other = await createPageRenderer(dist, sources({ sessionUser: async () => null }))?.(
      request,
      '/dashboard',
    );
    expect(one?.etag).toBe(same?.etag);
    expect(one?.etag).not.toBe(other?.etag);
  });

  it('is absent when the build has no index.html', () => {
    expect(createPageRenderer(path.join(dist, 'nowhere'), sources())).toBeNull();
  });
});
