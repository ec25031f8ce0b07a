// The accounts and ids the national-scale scenarios use, read from a generated database.
import pg from 'pg';

export type World = {
  studentId: string;
  departmentId: string;
  collegeId: string;
  /** A surname of a student of the faculty's department who has pending entries. */
  surname: string;
  clinicalCaseId: string;
  /** Students to sign in as, one address per sign-in (5 per address and IP are allowed). */
  signInEmails: string[];
  records: number;
};

export const ACCOUNTS = {
  student: 'student1@bench.test',
  faculty: 'faculty1-1@bench.test',
  hod: 'hod1@bench.test',
  master: 'master@bench.test',
} as const;

export async function readWorld(url: string): Promise<World> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T>(text: string, values: unknown[] = []) => {
      const row = (await client.query(text, values)).rows[0] as T | undefined;
      if (!row) throw new Error(`the generated database has no row for: ${text}`);
      return row;
    };
    const student = await one<{ id: string; college_id: string; department_id: string }>(
      'select id, college_id, department_id from users where email = $1',
      [ACCOUNTS.student],
    );
    const other = await one<{ name: string }>(
      `select u.name from users u where u.college_id = $1 and u.department_id = $2 and u.id <> $3
         and exists (select 1 from records r where r.student_id = u.id and r.status = 'pending' and r.deleted_at is null)
       order by u.email limit 1`,
      [student.college_id, student.department_id, student.id],
    );
    const clinical = await one<{ id: string }>(
      `select id from records where student_id = $1 and kind = 'clinical-case' and deleted_at is null
       order by date desc limit 1`,
      [student.id],
    );
    const emails = await client.query(
      `select email from users where email like 'student%@bench.test' and email_verified_at is not null
       order by email limit 4000`,
    );
    const records = await one<{ n: string }>(
      `select reltuples::bigint as n from pg_class where relname = 'records'`,
    );
    return {
      studentId: student.id,
      collegeId: student.college_id,
      departmentId: student.department_id,
      surname: other.name.split(' ').at(-1) ?? other.name,
      clinicalCaseId: clinical.id,
      signInEmails: (emails.rows as Array<{ email: string }>).map((r) => r.email),
      records: Number(records.n),
    };
  } finally {
    await client.end();
  }
}
