// The hot paths of issue 16, as requests of one signed-in actor each, and the SQL each runs.
import { buildApp } from '@pgel/server/app';
import { loadConfig } from '@pgel/server/config';
import { openDatabase } from '@pgel/server/db/client';
import { captureSql, dataReads, type Statement } from '@pgel/server/test/sql-capture';
import { PASSWORD } from '../generate/scale';
import { ACCOUNTS, type World } from './world';

export type Scenario = { name: string; actor: keyof typeof ACCOUNTS; path: string };

export function scenariosFor(world: World): Scenario[] {
  const list = '/api/v1/records';
  return [
    { name: 'student-report-page', actor: 'student', path: `${list}?kind=procedure&page=1&pageSize=10` },
    { name: 'student-dashboard-counts', actor: 'student', path: `${list}/counts` },
    { name: 'record-detail', actor: 'student', path: `${list}/${world.clinicalCaseId}` },
    // The faculty's dashboard is its Pending Verifications card: the first page and the total.
    { name: 'faculty-dashboard-pending', actor: 'faculty', path: `${list}/pending?page=1&pageSize=10` },
    { name: 'faculty-pending-page-5', actor: 'faculty', path: `${list}/pending?page=5&pageSize=10` },
    {
      name: 'faculty-pending-name-search',
      actor: 'faculty',
      path: `${list}/pending?page=1&pageSize=10&search=${encodeURIComponent(world.surname)}`,
    },
    { name: 'hod-all-students', actor: 'hod', path: '/api/v1/students?page=1&pageSize=10' },
    { name: 'master-all-students', actor: 'master', path: '/api/v1/students?page=1&pageSize=10' },
    { name: 'reports-hod-no-filter', actor: 'hod', path: '/api/v1/reports?page=1&pageSize=10' },
    { name: 'reports-hod-menu', actor: 'hod', path: '/api/v1/reports?page=1&pageSize=10&menu=procedure' },
    {
      name: 'reports-hod-student',
      actor: 'hod',
      path: `/api/v1/reports?page=1&pageSize=10&studentId=${world.studentId}`,
    },
    { name: 'reports-hod-status', actor: 'hod', path: '/api/v1/reports?page=1&pageSize=10&status=pending' },
    {
      name: 'reports-master-department',
      actor: 'master',
      path: `/api/v1/reports?page=1&pageSize=10&collegeId=${world.collegeId}&departmentId=${world.departmentId}`,
    },
    { name: 'reports-master-all', actor: 'master', path: '/api/v1/reports?page=1&pageSize=10' },
    { name: 'sign-in', actor: 'student', path: '/api/v1/auth/login' },
  ];
}

/**
 * What a bare route replays: the request's reads, and the one write that is the route's own work,
 * the patient access log's row of a full view of a patient's identifiers (issue 15: the route may
 * not answer without it; its id and time are the database's, so a replay never conflicts). Left
 * out: the session's lookup and last-seen stamp, which a bare route has no session for.
 */
function replayed(statements: Statement[]): Statement[] {
  const reads = new Set(dataReads(statements));
  return statements.filter((s) => reads.has(s) || /^insert into "patient_access_log"/i.test(s.text.trim()));
}

/**
 * Runs each scenario once through the app in this process and keeps the reads it sent, for the
 * bare routes. Fails when a scenario does not answer 200.
 */
export async function captureScenarios(
  url: string,
  dataDir: string,
  scenarios: Scenario[],
): Promise<Record<string, Statement[]>> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ databaseUrl: url });
  const app = await buildApp({ config, database, logger: false });
  const routes: Record<string, Statement[]> = {};
  try {
    const cookies: Record<string, string> = {};
    for (const [who, email] of Object.entries(ACCOUNTS)) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/auth/${who === 'student' ? 'login' : 'staff-login'}`,
        headers: { origin: config.appUrl, 'content-type': 'application/json' },
        payload: { email, password: PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`${email}: ${response.statusCode} ${response.body}`);
      cookies[who] = (response.headers['set-cookie']?.toString() ?? '').split(';')[0] ?? '';
    }
    for (const scenario of scenarios) {
      const signIn = scenario.name === 'sign-in';
      const { result, statements } = await captureSql(() =>
        signIn
          ? app.inject({
              method: 'POST',
              url: scenario.path,
              headers: { origin: config.appUrl, 'content-type': 'application/json' },
              payload: { email: ACCOUNTS.student, password: PASSWORD },
            })
          : app.inject({
              method: 'GET',
              url: scenario.path,
              headers: { cookie: cookies[scenario.actor] ?? '' },
            }),
      );
      if (result.statusCode !== 200)
        throw new Error(`${scenario.name}: ${result.statusCode} ${result.body.slice(0, 300)}`);
      const reads = replayed(statements);
      if (reads.length === 0) throw new Error(`${scenario.name}: no reads captured`);
      routes[signIn ? 'login' : scenario.name] = reads;
      if (process.env.SHOW_SQL)
        console.log(
          `-- ${scenario.name}\n${reads.map((s) => `${s.text};  ${JSON.stringify(s.values)}`).join('\n')}\n`,
        );
    }
  } finally {
    await app.close();
    await database.close();
  }
  return routes;
}
