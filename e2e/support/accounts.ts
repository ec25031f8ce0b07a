import { type APIRequestContext, type APIResponse, expect, type Page, request } from '@playwright/test';
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
 * the All Students switch does): only an approved student writes the logbook. Paid (Master's
 * manual payment switch) unless `paid: false`: the purchase itself is the commerce journey's.
 */
export async function newVerifiedStudent(
  page: Page,
  email: string,
  password: string,
  name = 'Ravi Kumar',
  options: { approved?: boolean; paid?: boolean; department?: 'General Medicine' | 'Forensic Medicine' } = {},
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
  if (options.paid !== false)
    await asStaffThroughApi(
      page,
      MASTER,
      (staff, id) => staff.post(`/api/v1/students/${id}/payment`, { data: { paid: true } }),
      email,
    );
  if (options.approved) {
    await approveStudent(
      page,
      email,
      departmentName === 'Forensic Medicine' ? FORENSIC_HOD : 'hod@demo.test',
    );
  }
}

export const MASTER = 'master@demo.test';

/** The demo HOD approves the student (verifyByHod) through the API, in a session of their own. */
export async function approveStudent(page: Page, email: string, hodEmail = 'hod@demo.test') {
  await asStaffThroughApi(
    page,
    hodEmail,
    (staff, id) => staff.post(`/api/v1/students/${id}/verification`, { data: { verifyByHod: true } }),
    email,
  );
}

/**
 * Signs a demo staff member in through the API in a context of their own (the page's cookies
 * stay the student's), finds the student in their All Students list and makes one change.
 */
async function asStaffThroughApi(
  page: Page,
  staffEmail: string,
  change: (staff: APIRequestContext, studentId: string) => Promise<APIResponse>,
  studentEmail: string,
) {
  // The page's request context knows the app's address.
  const baseURL = new URL((await page.request.get('/api/v1/health')).url()).origin;
  const staff = await request.newContext({ baseURL });
  try {
    const login = await staff.post('/api/v1/auth/staff-login', {
      data: { email: staffEmail, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const found = await (
      await staff.get(`/api/v1/students?search=${encodeURIComponent(studentEmail)}`)
    ).json();
    const student = found.items.find((s: { email: string }) => s.email === studentEmail);
    expect(student, `no student ${studentEmail} in ${staffEmail}'s list`).toBeTruthy();
    expect((await change(staff, student.id)).status()).toBe(200);
  } finally {
    await staff.dispose();
  }
}

/** Master creates a coupon through the API (in a context of their own); returns its code. */
export async function createCouponAsMaster(page: Page, code: string, discountRupees: number, quantity = 5) {
  const baseURL = new URL((await page.request.get('/api/v1/health')).url()).origin;
  const master = await request.newContext({ baseURL });
  try {
    const login = await master.post('/api/v1/auth/staff-login', {
      data: { email: MASTER, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const created = await master.post('/api/v1/coupons', {
      data: { code, discount: discountRupees, couponQty: quantity },
    });
    expect(created.status(), await created.text()).toBe(201);
    return code.toUpperCase();
  } finally {
    await master.dispose();
  }
}
