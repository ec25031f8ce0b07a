import type { FastifyServerOptions } from 'fastify';

/** The server's logger settings (pino), from the configured level. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level };
}
