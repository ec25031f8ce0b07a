// The bare routes (issue 16): the same SQL a route of the app runs, replayed straight on a pg pool
// of the app's size, with no session, scope, validation or response schema. Started by
// scale-bench.ts as its own process so it gets a core of its own like the app server does.
//   node --import tsx bare-server.ts <port> <routes.json>
// routes.json: { "<name>": Statement[] }. GET /bare/<name> runs the statements one after another
// on one connection, named where the app named them, and answers their rows as JSON.
// POST /bare-login {email, password} runs the sign-in's reads with that address and checks the
// password hash they return.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { verifyPassword } from '@pgel/server/platform/secrets';
import type { Statement } from '@pgel/server/test/sql-capture';
import pg from 'pg';

const [portArg, routesFile] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(routesFile as string, 'utf8')) as Record<string, Statement[]>;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});

async function replay(statements: Statement[], swap?: { from: unknown; to: unknown }) {
  const client = await pool.connect();
  try {
    const results: unknown[][] = [];
    for (const s of statements) {
      const values = swap ? s.values.map((v) => (v === swap.from ? swap.to : v)) : s.values;
      // Named where the app names it, so both plan a statement equally often.
      results.push((await client.query({ text: s.text, values, ...(s.name ? { name: s.name } : {}) })).rows);
    }
    return results;
  } finally {
    client.release();
  }
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const server = http.createServer(async (request, response) => {
  try {
    const url = request.url ?? '';
    if (url === '/bare-login') {
      const { email, password } = JSON.parse(await readBody(request)) as { email: string; password: string };
      const login = routes.login ?? [];
      const loginEmail = login.flatMap((s) => s.values).find((v) => typeof v === 'string' && v.includes('@'));
      const results = await replay(login, { from: loginEmail, to: email });
      const hash = results
        .flat()
        .flatMap((row) => Object.values(row as Record<string, unknown>))
        .find((v): v is string => typeof v === 'string' && v.startsWith('$argon2'));
      const ok = hash ? await verifyPassword(hash, password) : false;
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok }));
      return;
    }
    const statements = routes[url.replace(/^\/bare\//, '')];
    if (!statements) {
      response.writeHead(404);
      response.end();
      return;
    }
    const results = await replay(statements);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(results));
  } catch (err) {
    response.writeHead(500, { 'content-type': 'text/plain' });
    response.end(String(err));
  }
});
server.listen(Number(portArg), '127.0.0.1', () => console.log('bare routes listening'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
