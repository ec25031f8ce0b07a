import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, PATIENTLY } from '../features/records/components/test-support';
import { storeUser } from '../lib/session';
import { renderWithApp } from '../test/render';
import { sessionUser } from '../test/session-user';
import { Component as SignedInFrame } from './signed-in-frame';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

/** The signed-in frame at `url` for a student of `department`, around a page with one field. */
async function frameAt(url: string, department = 'General Medicine') {
  const base = sessionUser();
  const user = sessionUser({ department: base.department && { ...base.department, name: department } });
  storeUser(user);
  fakeApi({ 'GET /auth/me': { status: 200, body: { user } } });
  renderWithApp(
    <ModalsProvider>
      <SignedInFrame />
    </ModalsProvider>,
    { initialUrl: url },
  );
  // The frame is drawn once its footer is.
  await screen.findByText(/All rights reserved/, {}, PATIENTLY);
}

const addButton = () => screen.queryByRole('button', { name: 'Add' });

describe('the floating add button (issue 28: only where the student can add)', () => {
  it("shows on a record kind's page the student keeps", async () => {
    await frameAt('/publication');
    expect(addButton()).toBeTruthy();
  });

  it.each([
    ['/reports', 'General Medicine'],
    ['/printLogbook', 'General Medicine'],
    ['/autopsy', 'General Medicine'],
    ['/forn/medico', 'General Medicine'],
  ])('is not on %s for a student of %s, who adds nothing there', async (url, department) => {
    await frameAt(url, department);
    expect(addButton()).toBeNull();
  });

  it('shows on a forensic page for a student of Forensic Medicine', async () => {
    await frameAt('/autopsy', 'Forensic Medicine');
    expect(addButton()).toBeTruthy();
  });

  it('steps aside while a field is being typed into, and comes back after', async () => {
    await frameAt('/task/teaching');
    const field = document.createElement('input');
    field.type = 'text';
    field.setAttribute('aria-label', 'Date');
    document.body.append(field);
    fireEvent.focusIn(field);
    await waitFor(() => expect(addButton()).toBeNull());
    fireEvent.focusOut(field, { relatedTarget: null });
    await waitFor(() => expect(addButton()).toBeTruthy());
    // A checkbox is no typing: the button stays.
    const box = document.createElement('input');
    box.type = 'checkbox';
    document.body.append(box);
    fireEvent.focusIn(box);
    expect(addButton()).toBeTruthy();
    field.remove();
    box.remove();
  });
});
