import { ModalsProvider } from '@mantine/modals';
import type { RecordListItem } from '@pgel/shared/records/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';

/** Test helpers of the record components (not shipped: only the tests import this file). */

// happy-dom has no `document.fonts`, which Mantine's autosizing textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

/** Waits long enough for a busy 2-core test machine, where a big form renders slowly. */
export const PATIENTLY = { timeout: 8000 };

export type FakeRoute = { status: number; body: unknown };
export type SentRequest = { method: string; path: string; body: unknown };

/** A fake API answering by `METHOD /path?query` (without /api/v1); records every call. */
export function fakeApi(routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    sent.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    if (!route) return jsonResponse({ status: 404, body: { code: 'not_found', message: 'Not found' } });
    return jsonResponse(typeof route === 'function' ? route(body) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

function jsonResponse({ status, body }: FakeRoute) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const withModals = (element: ReactNode, options: { initialUrl?: string } = {}) =>
  renderWithApp(<ModalsProvider>{element}</ModalsProvider>, options);

/** A label matcher that ignores the required mark (Mantine's ' *', hidden from screen readers). */
export function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

/** Opens a Mantine select by its label and clicks the option with this text. */
export async function pickOption(label: string | RegExp, option: string | RegExp, container?: HTMLElement) {
  const scope = container ? within(container) : screen;
  const input = scope.getByRole('combobox', { name: label });
  fireEvent.click(input);
  // happy-dom never ends the dropdown's transition, so it stays display:none: look past that.
  const choice = await waitFor(
    () => within(listboxOf(input)).getByRole('option', { name: option, hidden: true }),
    PATIENTLY,
  );
  fireEvent.click(choice);
}

/** The options a Mantine select offers right now (opens it, reads them, closes it). */
export async function optionsOf(label: string | RegExp, container?: HTMLElement): Promise<string[]> {
  const scope = container ? within(container) : screen;
  const input = scope.getByRole('combobox', { name: label });
  fireEvent.click(input);
  const listbox = await waitFor(() => listboxOf(input), PATIENTLY);
  const names = within(listbox)
    .queryAllByRole('option', { hidden: true })
    .map((option) => option.textContent ?? '');
  fireEvent.keyDown(input, { key: 'Escape' });
  return names;
}

/** The dropdown list a select controls (other selects' lists may still be in the page). */
function listboxOf(input: HTMLElement): HTMLElement {
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the select is not open');
  return list;
}

/** The message dialog with this title: its text, then closed with OK. */
export async function readDialog(title: string): Promise<HTMLElement> {
  const box = await screen.findByRole('dialog', { name: title }, PATIENTLY);
  const copy = box.cloneNode(true) as HTMLElement;
  fireEvent.click(within(box).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull(), PATIENTLY);
  return copy;
}

/** The student of the report tests (the id `sessionUser` gives by default). */
export const STUDENT_ID = '00000000-0000-4000-8000-0000000000f1';

/** A pending leave entry of that student, as the report list sends it. */
export function leaveRow(id: string, changes: Partial<RecordListItem> = {}): RecordListItem {
  return {
    id,
    kind: 'leave',
    studentId: STUDENT_ID,
    studentName: 'Asha Nair',
    date: '2025-03-10',
    teacherId: null,
    teacherName: null,
    status: 'pending',
    studentRemark: 'Family function',
    verifierRemark: null,
    score: null,
    verifiedByName: null,
    verifiedAt: null,
    everVerified: false,
    confirmedRole: null,
    amendedAt: null,
    flags: [],
    certificate: null,
    details: {
      fromDate: '2025-03-10',
      toDate: '2025-03-12',
      leaveDays: 3,
      reason: 'Wedding',
      reasonType: 'Casual',
    },
    createdAt: '2025-03-09T10:00:00.000Z',
    ...changes,
  };
}
