import type { PatientAccessLogEntry } from '@pgel/shared/privacy/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../test/session-user';
import { master, page, renderAs } from '../commerce/admin/components/test-fixtures';
import { PATIENTLY } from '../records/components/test-support';
import { PatientAccessLogPage } from './patient-access-log-page';

const HOD = '00000000-0000-4000-8000-0000000000b1';
const STUDENT = '00000000-0000-4000-8000-0000000000c1';

function entry(changes: Partial<PatientAccessLogEntry> = {}): PatientAccessLogEntry {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    viewerId: HOD,
    viewerName: 'Dr. Meera Rao',
    viewerRole: 'hod',
    studentId: STUDENT,
    studentName: 'Dr. Arjun Das',
    recordId: '00000000-0000-4000-8000-0000000000d1',
    kind: 'clinical-case',
    ip: '10.1.2.3',
    viewedAt: '2026-11-20T09:30:00.000Z',
    ...changes,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('PatientAccessLogPage', () => {
  it('lists who saw which student’s patient details, when and from where', async () => {
    renderAs(master, <PatientAccessLogPage />, {
      'GET /patient-access-log?page=1&pageSize=10': page([
        entry(),
        entry({
          id: '00000000-0000-4000-8000-0000000000a2',
          viewerName: 'Dr. Arjun Das',
          viewerRole: 'student',
          ip: null,
        }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Patient Data Access Log' }, PATIENTLY);
    await within(table).findByText('10.1.2.3', {}, PATIENTLY);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Sr.', 'When', 'Viewed by', 'Student', 'Entry', 'From']);
    const when = dayjs('2026-11-20T09:30:00.000Z').format('DD-MM-YYYY HH:mm');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', when, 'Dr. Meera RaoHOD', 'Dr. Arjun Das', 'Clinical Cases', '10.1.2.3'],
      ['2', when, 'Dr. Arjun DasStudent', 'Dr. Arjun Das', 'Clinical Cases', '-'],
    ]);
  });

  it('filters by a viewer and by a student when their name is clicked, and shows all again', async () => {
    const { sent } = renderAs(master, <PatientAccessLogPage />, {
      'GET /patient-access-log?page=1&pageSize=10': page([entry()]),
      [`GET /patient-access-log?page=1&pageSize=10&viewerId=${HOD}`]: page([entry()]),
      [`GET /patient-access-log?page=1&pageSize=10&studentId=${STUDENT}&viewerId=${HOD}`]: page([]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Dr. Meera Rao' }, PATIENTLY));
    await waitFor(() =>
      expect(sent.map((s) => s.path)).toContain(`/patient-access-log?page=1&pageSize=10&viewerId=${HOD}`),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Dr. Arjun Das' }, PATIENTLY));
    expect(await screen.findByText('No Data Found', undefined, PATIENTLY)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all views' }));
    await screen.findByRole('button', { name: 'Dr. Meera Rao' }, PATIENTLY);
    expect(sent.at(-1)?.path).toBe('/patient-access-log?page=1&pageSize=10');
  });

  it('is for Master only: others see the no-access panel and nothing is asked of the server', async () => {
    const hod = sessionUser({ role: 'hod' });
    const { sent } = renderAs(hod, <PatientAccessLogPage />, {});
    expect(
      await screen.findByText('This page is for the Master administrator.', undefined, PATIENTLY),
    ).toBeTruthy();
    expect(sent.filter((s) => s.path.startsWith('/patient-access-log'))).toEqual([]);
  });
});
