import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerNotFoundHandler } from './errors';

export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist/main.js sits one level below apps/server, src/platform/web-app.ts two.
  for (const up of ['../../web/dist', '../../../web/dist']) {
    const candidate = path.resolve(here, up);
    if (existsSync(candidate)) return candidate;
  }
  return path.resolve(here, '../../web/dist');
}

/** Serves the built web app, if there is one; client routes fall back to index.html. */
export function registerWebApp(app: FastifyInstance, webDist: string) {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  } else {
    app.log.warn({ webDist }, 'web app not built; serving the API only');
  }
  registerNotFoundHandler(app, { spaFallback: built });
}
