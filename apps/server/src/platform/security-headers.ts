import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer (issue 15): a content security policy, no framing by
 * other sites, nosniff, no referrer. Helmet's middleware is built once here and run on every
 * request (issue 16): the Fastify plugin built a new one, parsing the whole policy, per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { servedOverHttps: boolean }) {
  const setHeaders = helmet({
    // HSTS only where the app is served over https: on an http:// APP_URL (a LAN or local
    // install) the header means nothing, and it must not pin a name that has no certificate.
    strictTransportSecurity: options.servedOverHttps
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // The landing page's video modal embeds the configured video (settings.videoUrl); the
        // dashboard shows a department's guideline document, which lives on the regulator's site.
        'frame-src': [
          "'self'",
          'https:',
          'https://www.youtube-nocookie.com',
          'https://www.youtube.com',
          'https://player.vimeo.com',
        ],
        // The app's service worker and its web app manifest (issue 29), from this origin only;
        // named here rather than left to default-src, so a change there cannot break them.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet throws rather than passing an error on (since 8.1); its callback only continues.
    setHeaders(request.raw, reply.raw, () => done());
  });
}
