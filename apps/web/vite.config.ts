import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';

type ChunkingContext = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };

/** The app's own modules (the web app and the shared package), as opposed to libraries. */
const APP_MODULE = /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src)[\\/]/;
const LANDING_ROUTE = /[\\/]src[\\/]app[\\/]routes[\\/]landing\.tsx$/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;

let publicModules: Set<string> | undefined;

/**
 * The app's modules the landing page uses, found once per build by walking the module graph
 * from its route through app modules only (lazy modules, loaded on demand, stay apart).
 */
function landingModules(ctx: ChunkingContext, anyId: string): Set<string> {
  if (publicModules) return publicModules;
  const info = (id: string) => ctx.getModuleInfo(id);
  const graph = new Set<string>();
  const walk = [anyId];
  while (walk.length > 0) {
    const id = walk.pop() as string;
    if (graph.has(id)) continue;
    graph.add(id);
    const m = info(id);
    if (m) walk.push(...m.importedIds, ...m.dynamicallyImportedIds, ...m.importers, ...m.dynamicImporters);
  }
  const landing = [...graph].find((id) => LANDING_ROUTE.test(id));
  const found = new Set<string>();
  const todo = landing ? [...(info(landing)?.importedIds ?? [])] : [];
  while (todo.length > 0) {
    const id = todo.pop() as string;
    const m = info(id);
    if (found.has(id) || !APP_MODULE.test(id) || !m || m.dynamicImporters.length > 0) continue;
    found.add(id);
    todo.push(...m.importedIds);
  }
  publicModules = found;
  return found;
}

/**
 * Modules of these packages, not their stylesheets: Mantine's full stylesheet is loaded on its
 * own before a page's CSS (app/full-styles.ts), which must keep coming after it.
 */
const inPackages = (...names: string[]) => {
  const pattern = new RegExp(
    `[\\\\/]node_modules[\\\\/](${names.join('|').replaceAll('/', '[\\\\/]')})[\\\\/]`,
  );
  return (id: string) => pattern.test(id) && !id.endsWith('.css');
};

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // Keep the browser's Host header (no changeOrigin): the server's origin check accepts a
    // request whose Origin matches its Host, so the dev proxy passes it.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Issue 29: left to itself, Rolldown made a file of every set of modules a different
        // set of lazy routes shares (each icon, each Mantine component): a signed-in page
        // loaded 100+ scripts, most under 2 KB, on a phone's slow round trips. Instead, a page
        // loads a handful: the first download (what main.tsx imports, /login included), then
        // for the other pages a few shared files, each cached once for all of them, and the
        // route's own file. Routes stay lazy: a route module is never put in a group.
        codeSplitting: {
          groups: [
            // What every page needs before it draws: main.tsx and the sign-in page.
            { name: 'index', tags: ['$initial'], priority: 70 },
            { name: 'icons', test: inPackages('@tabler/icons-react'), priority: 60 },
            // The app's own modules the public landing uses (API client, shared texts):
            // without their libraries, which have their own files below.
            {
              name: (id: string, ctx: ChunkingContext) =>
                APP_MODULE.test(id) && landingModules(ctx, id).has(id) ? 'public' : null,
              includeDependenciesRecursively: false,
              priority: 50,
            },
            {
              name: 'mantine',
              test: inPackages('@mantine/core', '@mantine/hooks', '@floating-ui'),
              priority: 40,
            },
            { name: 'zod', test: inPackages('zod'), priority: 35 },
            {
              name: 'vendor',
              test: (id: string) => NODE_MODULES.test(id) && !id.endsWith('.css'),
              priority: 30,
            },
            // The app's modules two or more lazy routes share; a module one route uses stays
            // in that route's file.
            { name: 'shared', test: APP_MODULE, minShareCount: 2, priority: 20 },
          ],
        },
      },
    },
  },
});
