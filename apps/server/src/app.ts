import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { referenceRoutes } from './modules/reference/reference.routes';
import { ReferenceService } from './modules/reference/reference.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { registerErrorHandler, registerNotFoundHandler } from './platform/errors';
import { Housekeeping } from './platform/housekeeping';
import { registerInputGuard } from './platform/input-guard';
import { OutboxWorker } from './platform/mail';
import { registerOriginCheck } from './platform/origin-check';
import { registerSessions, type SessionSettings } from './platform/session';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Start the outbox and housekeeping timers (the server does; tests drive them by hand). */
  startBackgroundJobs?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    housekeeping: Housekeeping;
    services: { auth: AuthService; reference: ReferenceService };
  }
}

/**
 * Builds the whole server without listening, so tests can call it through `app.inject`.
 * The caller owns the database handle; closing the app stops the outbox worker.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Verification and reset tokens travel in the path; leave room for any we issue.
    routerOptions: { maxParamLength: 500 },
    // A mangled link (bad %-encoding, an absurdly long token) is bad input in our error shape.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).status(400).send({ code: 'bad_request', message: GENERIC_MESSAGES.badLink });
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'upgrade-insecure-requests': null },
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'PG e-Logbook API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'pgel_session' } } },
    },
    transform: jsonSchemaTransform,
  });

  const sessionSettings: SessionSettings = {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    secureCookie: config.appUrl.startsWith('https://'),
  };
  registerOriginCheck(app, [new URL(config.appUrl).origin]);
  registerSessions(app, database.db, sessionSettings);

  const outbox = new OutboxWorker(database.db, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const reference = new ReferenceService(database.db);
  const auth = new AuthService({
    db: database.db,
    reference,
    sessionSettings,
    appUrl: config.appUrl,
    onMailQueued: () => outbox.kick(),
  });
  app.decorate('outbox', outbox);
  app.decorate('services', { auth, reference });
  const housekeeping = new Housekeeping(database.db, app.log, {
    sessionIdleMs: config.sessionIdleMs,
    throttleWindowMs: 15 * 60 * 1000,
  });
  app.decorate('housekeeping', housekeeping);
  if (deps.startBackgroundJobs) {
    outbox.start();
    outbox.kick();
    housekeeping.start();
  }
  app.addHook('onClose', async () => {
    housekeeping.stop();
    await outbox.stop();
  });

  await app.register(
    async (api) => {
      await api.register(settingsRoutes(database.db, database.kind));
      await api.register(referenceRoutes(reference));
      await api.register(authRoutes(auth, sessionSettings), { prefix: '/auth' });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api/v1' },
  );

  registerWebApp(app, config.webDist ?? defaultWebDist());
  return app;
}

function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist/main.js and src/app.ts are both one level below apps/server.
  return path.resolve(here, '../../web/dist');
}

/** Serves the built web app, if there is one; client routes fall back to index.html. */
function registerWebApp(app: FastifyInstance, webDist: string) {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  } else {
    app.log.warn({ webDist }, 'web app not built; serving the API only');
  }
  registerNotFoundHandler(app, { spaFallback: built });
}
