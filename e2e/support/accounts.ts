import { expect, type Page, request } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';
import { waitForMailLink } from './mail';

/** The demo HOD of Forensic Medicine, the one department that keeps autopsy records. */
export const FORENSIC_HOD = 'forensic.hod@demo.test';

let phoneSerial = 0;
/** A 10-digit number no other account of this run holds (sign-up refuses a number in use). */
function freshPhone(): string {
  phoneSerial += 1;
  return `8${String(Date.now() % 1e7).padStart(7, '0')}${String(phoneSerial % 100).padStart(2, '0')}`;
}

/**
 * A verified student of the demo college, made through the public API and the mailed link. Not
 * approved by the department unless `approved` (then the demo HOD approves it through the API, as
 * the All Students switch does): only an approved student writes the logbook.
 */
export async function newVerifiedStudent(
  page: Page,
  email: string,
  password: string,
  name = 'Ravi Kumar',
  options: { approved?: boolean; department?: 'General Medicine' | 'Forensic Medicine' } = {},
) {
  const departmentName = options.department ?? 'General Medicine';
  const api = page.request;
  const colleges = await (await api.get('/api/v1/colleges')).json();
  const college = colleges.items.find((c: { name: string }) => c.name === 'Demo Medical College');
  const departments = await (await api.get(`/api/v1/colleges/${college.id}/departments`)).json();
  const department = departments.items.find((d: { name: string }) => d.name === departmentName);
  const detail = await (await api.get(`/api/v1/departments/${department.id}`)).json();
  const response = await api.post('/api/v1/auth/signup', {
    data: {
      collegeId: college.id,
      departmentId: department.id,
      courseId: detail.courses[0].id,
      name,
      phone: freshPhone(),
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  const link = await waitForMailLink(email, /verify/i);
  const token = link.split('/verify/')[1];
  expect((await api.post(`/api/v1/auth/verify/${token}`)).status()).toBe(200);
  if (options.approved) {
    await approveStudent(
      page,
      email,
      departmentName === 'Forensic Medicine' ? FORENSIC_HOD : 'hod@demo.test',
    );
  }
}

/** The demo HOD approves the student (verifyByHod) through the API, in a session of their own. */
export async function approveStudent(page: Page, email: string, hodEmail = 'hod@demo.test') {
  // The page's request context knows the app's address; its cookies stay the student's.
  const baseURL = new URL((await page.request.get('/api/v1/health')).url()).origin;
  const hod = await request.newContext({ baseURL });
  try {
    const login = await hod.post('/api/v1/auth/staff-login', {
      data: { email: hodEmail, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const found = await (await hod.get(`/api/v1/students?search=${encodeURIComponent(email)}`)).json();
    const student = found.items.find((s: { email: string }) => s.email === email);
    expect(student, `no student ${email} in the HOD's list`).toBeTruthy();
    const approved = await hod.post(`/api/v1/students/${student.id}/verification`, {
      data: { verifyByHod: true },
    });
    expect(approved.status()).toBe(200);
  } finally {
    await hod.dispose();
  }
}
