// zod compiles a fast parser with `new Function` unless told not to, and probes for it with
// `Function('')` when a schema is made. The app's Content-Security-Policy (script-src 'self')
// forbids that, so the probe was refused and reported on every page (issue 29, best practices).
// zod reads its settings from `globalThis.__zod_globalConfig` (what `z.config()` writes, shared
// by every copy of zod): set here, imported first in main.tsx, before any module makes a schema,
// and without putting zod itself in the first download of /login.
// Changed in place: zod keeps a reference to that object.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
