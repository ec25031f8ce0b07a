import { REFERENCE_MESSAGES } from '@pgel/shared/schemas/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createCourse,
  createDepartment,
  createPlacement,
  get,
  linkDepartment,
  type Placement,
  type TestApp,
} from '../../test/helpers';

const UNKNOWN_ID = '7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f';

describe('reference routes', () => {
  let t: TestApp;
  let north: Placement;
  let south: Placement;
  let sharedDepartment: { id: string; name: string };
  let extraCourse: { id: string; title: string };

  beforeAll(async () => {
    t = await buildTestApp();
    north = await createPlacement(t.db, {
      collegeName: 'North Medical College',
      departmentName: 'Paediatrics',
      courseTitle: 'MD Paediatrics',
    });
    south = await createPlacement(t.db, {
      collegeName: 'Amrita South College',
      departmentName: 'Anaesthesia',
      courseTitle: 'MD Anaesthesia',
    });
    // A department both colleges run (not in the catalogue, so without courses), and one nobody runs.
    sharedDepartment = await createDepartment(t.db, 'Biophysics');
    await linkDepartment(t.db, north.college.id, sharedDepartment.id);
    await linkDepartment(t.db, south.college.id, sharedDepartment.id);
    await createDepartment(t.db, 'Unlinked Department');
    extraCourse = await createCourse(t.db, north.department.id, 'DCH Paediatrics');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the colleges by name', async () => {
    const response = await get(t.app, '/api/v1/colleges');
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({
      items: [
        { id: south.college.id, name: 'Amrita South College', state: 'Kerala' },
        { id: north.college.id, name: 'North Medical College', state: 'Kerala' },
      ],
    });
  });

  it('lists only the departments a college runs', async () => {
    const response = await get(t.app, `/api/v1/colleges/${north.college.id}/departments`);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({
      items: [
        { id: sharedDepartment.id, name: 'Biophysics' },
        { id: north.department.id, name: 'Paediatrics' },
      ],
    });
  });

  it('answers 404 for an unknown college', async () => {
    const response = await get(t.app, `/api/v1/colleges/${UNKNOWN_ID}/departments`);
    expect(response.statusCode).toBe(404);
    expect(response.json).toEqual({ code: 'not_found', message: REFERENCE_MESSAGES.collegeNotFound });
  });

  it.each(['not-a-uuid', '123', "1' or '1'='1"])(
    'answers 404, not a 500, for the college id %j',
    async (id) => {
      const response = await get(t.app, `/api/v1/colleges/${encodeURIComponent(id)}/departments`);
      expect(response.statusCode).toBe(404);
      expect(response.json).toEqual({ code: 'not_found', message: 'College not found' });
    },
  );

  it('gives a department with its courses', async () => {
    const response = await get(t.app, `/api/v1/departments/${north.department.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({
      id: north.department.id,
      title: 'Paediatrics',
      courses: [extraCourse, north.course],
    });
  });

  it('gives a department without courses an empty list', async () => {
    const response = await get(t.app, `/api/v1/departments/${sharedDepartment.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ id: sharedDepartment.id, title: 'Biophysics', courses: [] });
  });

  it('answers 404 for an unknown department', async () => {
    const response = await get(t.app, `/api/v1/departments/${UNKNOWN_ID}`);
    expect(response.statusCode).toBe(404);
    expect(response.json).toEqual({ code: 'not_found', message: REFERENCE_MESSAGES.departmentNotFound });
  });

  it.each(['123', 'null', "1' or '1'='1", 'x'.repeat(100)])(
    'answers 404, not a 500, for the department id %j',
    async (id) => {
      const response = await get(t.app, `/api/v1/departments/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json).toEqual({ code: 'not_found', message: 'Department not found' });
    },
  );

  it('answers an over-long id like any other malformed id: 404 with the plain message', async () => {
    const department = await get(t.app, `/api/v1/departments/${'x'.repeat(150)}`);
    expect(department.statusCode).toBe(404);
    expect(department.json).toEqual({ code: 'not_found', message: 'Department not found' });
    const college = await get(t.app, `/api/v1/colleges/${'x'.repeat(150)}/departments`);
    expect(college.statusCode).toBe(404);
    expect(college.json).toEqual({ code: 'not_found', message: 'College not found' });
  });
});
