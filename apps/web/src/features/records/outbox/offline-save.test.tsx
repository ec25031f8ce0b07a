import 'fake-indexeddb/auto';
import { procedure } from '@pgel/shared/records/kinds';
import { OUTBOX_MESSAGES } from '@pgel/shared/records/outbox';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { RecordFormModal } from '../components/record-form-modal';
import { labelled, PATIENTLY, pickOption, withModals } from '../components/test-support';
import { clearOutbox, listOutbox } from './outbox-store';

// Issue 29: a save that gets no answer at all goes to the outbox, with the key it was sent with.

const STUDENT_ID = '00000000-0000-4000-8000-0000000000f1';
const TEACHER_ID = '00000000-0000-4000-8000-0000000000e1';
const COMPETENCY_ID = '00000000-0000-4000-8000-0000000000b1';
const SKILL_ID = '00000000-0000-4000-8000-0000000000b2';
const STUDENT = sessionUser({ id: STUDENT_ID });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const items = (list: Array<[string, string]>) => json({ items: list.map(([id, title]) => ({ id, title })) });

/** The form's lists answer; every POST fails as a dropped connection does. Keeps the POSTs' keys. */
function apiWithNoSignalForPosts() {
  const posted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\/v1/, '');
      if (init?.method === 'POST') {
        posted.push(String((init.headers as Record<string, string>)['idempotency-key']));
        throw new TypeError('Failed to fetch');
      }
      if (path === '/auth/me') return json({ user: STUDENT });
      if (path.startsWith('/records/procedure/defaults')) return json({ teacherId: TEACHER_ID, fields: {} });
      if (path === '/records/options/teachers') return items([[TEACHER_ID, 'Dr. Rao']]);
      if (path === '/records/options/competencies?for=proc')
        return items([[COMPETENCY_ID, 'Lumbar puncture']]);
      if (path === `/records/options/skills?competencyId=${COMPETENCY_ID}`) {
        return items([[SKILL_ID, 'CSF collection']]);
      }
      return new Response(JSON.stringify({ code: 'not_found', message: 'Not found' }), { status: 404 });
    }),
  );
  return posted;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
  await clearOutbox(STUDENT_ID);
});

describe('saving an entry with no signal', { timeout: 60_000 }, () => {
  it('puts it in the outbox with the key it was sent with, closes the form and says so; no draft keeps the patient', async () => {
    storeUser(STUDENT);
    const posted = apiWithNoSignalForPosts();
    const onClose = vi.fn();
    withModals(<RecordFormModal kind={procedure} opened onClose={onClose} />);
    const modal = await screen.findByRole('dialog', { name: procedure.formTitle }, PATIENTLY);
    const field = (label: string) =>
      within(modal).getByLabelText(labelled(label), { selector: 'input, textarea' }) as HTMLInputElement;
    await waitFor(
      () =>
        expect(
          (within(modal).getByRole('combobox', { name: labelled('Guiding Faculty') }) as HTMLInputElement)
            .value,
        ).toBe('Dr. Rao'),
      PATIENTLY,
    );
    await pickOption(labelled('Competency'), 'Lumbar puncture', modal);
    await pickOption(labelled('Skill'), 'CSF collection', modal);
    fireEvent.change(field('Patient Name'), { target: { value: 'Ramesh Gupta' } });
    fireEvent.change(field('IPD/OPD No.'), { target: { value: 'IPD-7781' } });
    fireEvent.click(within(modal).getByRole('radio', { name: 'Performed with Guide' }));
    fireEvent.change(field('Remark'), { target: { value: 'Tapped at L4' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Submit' }));

    // Tried three times (the same key each time), then kept on the device.
    const saved = await screen.findByRole(
      'dialog',
      { name: OUTBOX_MESSAGES.savedTitle },
      { timeout: 15_000 },
    );
    expect(saved.textContent).toContain(OUTBOX_MESSAGES.savedText);
    expect(onClose).toHaveBeenCalled();
    expect(posted).toHaveLength(3);
    expect(new Set(posted).size).toBe(1);
    const [item] = await listOutbox(STUDENT_ID);
    expect(item).toMatchObject({
      state: 'waiting',
      idempotencyKey: posted[0],
      body: { kind: 'procedure', details: { patient: 'Ramesh Gupta', ipd: 'IPD-7781', skills: SKILL_ID } },
    });
    // The patient is in the outbox only: not in local storage.
    const stored = Object.keys(window.localStorage)
      .map((key) => window.localStorage.getItem(key))
      .join('');
    expect(stored).not.toContain('Ramesh Gupta');
    expect(stored).not.toContain('IPD-7781');
  });
});
