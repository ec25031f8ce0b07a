import { expect, type Page } from '@playwright/test';
import { waitForMailLink } from './mail';

/** A verified student of the demo college, made through the public API and the mailed link. */
export async function newVerifiedStudent(page: Page, email: string, password: string, name = 'Ravi Kumar') {
  const api = page.request;
  const colleges = await (await api.get('/api/v1/colleges')).json();
  const college = colleges.items.find((c: { name: string }) => c.name === 'Demo Medical College');
  const departments = await (await api.get(`/api/v1/colleges/${college.id}/departments`)).json();
  const department = departments.items.find((d: { name: string }) => d.name === 'General Medicine');
  const detail = await (await api.get(`/api/v1/departments/${department.id}`)).json();
  const response = await api.post('/api/v1/auth/signup', {
    data: {
      collegeId: college.id,
      departmentId: department.id,
      courseId: detail.courses[0].id,
      name,
      phone: '9123456780',
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
}
