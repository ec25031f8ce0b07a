import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ModalsProvider } from '@mantine/modals';
import { GENERIC_MESSAGES, VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { renderWithApp } from '../test/render';
import { DialogForm, FormDialog } from './form-dialog';
import { type FormDialogTexts, useFormDialogSubmit } from './use-form-dialog-submit';

const TitleSchema = z.object({ title: z.string().trim().min(1, { error: 'Please enter a title' }) });
type TitleInput = z.infer<typeof TitleSchema>;

const FAILURE = {
  title: 'Save failed',
  refused: 'Failed to save the thing',
  serverError: 'Server error while saving the thing',
};
const AUTO_CLOSE_MS = 1500;
const TEXTS: FormDialogTexts = { successAutoCloseMs: AUTO_CLOSE_MS, failure: FAILURE };

/** A screen built on the pattern: a button opens 'Add Thing', which posts its title. */
function AddThing() {
  const [opened, setOpened] = useState(true);
  const form = useForm({ initialValues: { title: '' } });
  const mutation = useMutation({
    mutationFn: (input: TitleInput) => apiRequest<{ message: string }>('/things', { body: input }),
  });
  const dialog = useFormDialogSubmit(mutation, {
    ...TEXTS,
    onClose: () => setOpened(false),
    onReset: form.reset,
  });
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <FormDialog opened={opened} onClose={dialog.close} title="Add Thing" size="md">
        <DialogForm
          onSubmit={() => dialog.submitValid(TitleSchema, form.values)}
          onCancel={dialog.close}
          isPending={dialog.isPending}
        >
          <TextInput label="Title" {...form.getInputProps('title')} />
        </DialogForm>
      </FormDialog>
    </>
  );
}

type Answer = { status: number; body?: unknown } | 'unreachable';
let posts: unknown[];

/** The API: each POST gets the next answer (a promise to hold one back). */
function fakeApi(...answers: Array<Answer | Promise<Answer>>) {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      posts.push(JSON.parse(String(init.body)));
      const answer = await answers.shift();
      if (answer === undefined) throw new Error('unexpected call');
      if (answer === 'unreachable') throw new TypeError('Failed to fetch');
      return new Response(answer.body === undefined ? 'oops' : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

async function renderAddThing() {
  renderWithApp(
    <ModalsProvider>
      <AddThing />
    </ModalsProvider>,
  );
  const form = await screen.findByRole('dialog', { name: 'Add Thing' });
  const title = within(form).getByLabelText('Title') as HTMLInputElement;
  const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  return { form, title, save };
}

/** The message dialog with this title: its text, then closed with OK. */
async function readDialog(title: string): Promise<string> {
  const box = await screen.findByRole('dialog', { name: title });
  const text = box.textContent ?? '';
  fireEvent.click(within(box).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
  return text;
}

/** Moves the faked clock on in small steps, letting React render (and start timers) in between. */
async function passTime(ms: number) {
  for (let passed = 0; passed < ms; passed += 50) {
    await act(() => vi.advanceTimersByTimeAsync(50));
  }
}

beforeEach(() => vi.useRealTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('FormDialog with useFormDialogSubmit', () => {
  it('checks with the shared schema first and sends nothing when it fails', async () => {
    fakeApi();
    const { title, save } = await renderAddThing();
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(save);
    expect(await readDialog(VALIDATION_TITLE)).toContain('Please enter a title');
    expect(posts).toEqual([]);
  });

  it('on success closes and clears the form, and the success dialog closes by itself after the set time', async () => {
    fakeApi({ status: 201, body: { message: 'Thing added successfully' } });
    const { title, save } = await renderAddThing();
    fireEvent.change(title, { target: { value: ' Lamp ' } });

    // From here the clock is the test's: the success dialog must stay for the time set, no less.
    vi.useFakeTimers();
    fireEvent.click(save);
    await passTime(50);
    const success = screen.getByRole('dialog', { name: 'Success' });
    expect(success.textContent).toContain('Thing added successfully');
    expect(posts).toEqual([{ title: 'Lamp' }]);

    await passTime(AUTO_CLOSE_MS - 100);
    expect(screen.getByRole('dialog', { name: 'Success' })).toBe(success);
    // Its time is up (then the closing animation); nobody pressed OK.
    await passTime(100 + 1000);
    expect(screen.queryByRole('dialog', { name: 'Success' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Add Thing' })).toBeNull();
    vi.useRealTimers();

    // Opened again, it starts empty.
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const again = await screen.findByRole('dialog', { name: 'Add Thing' });
    expect((within(again).getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it("shows a refusal (4xx) as the server's message under the failure title, and keeps the form", async () => {
    fakeApi({ status: 409, body: { code: 'conflict', message: 'A thing with this title already exists' } });
    const { title, save } = await renderAddThing();
    fireEvent.change(title, { target: { value: 'Lamp' } });
    fireEvent.click(save);
    expect(await readDialog(FAILURE.title)).toContain('A thing with this title already exists');
    expect(screen.getByRole('dialog', { name: 'Add Thing' })).toBeTruthy();
    expect(title.value).toBe('Lamp');
  });

  it("shows the screen's own text for a refusal without a reason", async () => {
    fakeApi({ status: 400 });
    const { title, save } = await renderAddThing();
    fireEvent.change(title, { target: { value: 'Lamp' } });
    fireEvent.click(save);
    expect(await readDialog(FAILURE.title)).toContain(FAILURE.refused);
  });

  it('shows the server-error text when the server is unreachable or fails (5xx)', async () => {
    fakeApi('unreachable', { status: 500, body: { code: 'internal', message: 'boom' } });
    const { title, save } = await renderAddThing();
    fireEvent.change(title, { target: { value: 'Lamp' } });
    fireEvent.click(save);
    expect(await readDialog(FAILURE.title)).toContain(FAILURE.serverError);
    fireEvent.click(save);
    const text = await readDialog(FAILURE.title);
    expect(text).toContain(FAILURE.serverError);
    expect(text).not.toContain('boom');
    expect(posts).toHaveLength(2);
    expect(title.value).toBe('Lamp');
  });

  it('disables Save while the call is out, and a double submit sends once', async () => {
    let answer: (value: Answer) => void = () => {};
    fakeApi(new Promise<Answer>((resolve) => (answer = resolve)));
    const { form, title, save } = await renderAddThing();
    fireEvent.change(title, { target: { value: 'Lamp' } });

    // A double click, then Enter twice, before anything has rendered again.
    fireEvent.click(save);
    fireEvent.click(save);
    const element = form.querySelector('form') as HTMLFormElement;
    fireEvent.submit(element);
    fireEvent.submit(element);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(posts).toEqual([{ title: 'Lamp' }]);

    answer({ status: 201, body: { message: 'Thing added successfully' } });
    expect(await readDialog('Success')).toContain('Thing added successfully');
    expect(posts).toHaveLength(1);
  });

  it('uses the generic texts when a screen gives none', async () => {
    // What the reference and staff add modals rely on: the client's own text for no answer.
    fakeApi('unreachable');
    function Plain() {
      const mutation = useMutation({
        mutationFn: (input: TitleInput) => apiRequest<{ message: string }>('/things', { body: input }),
      });
      const dialog = useFormDialogSubmit(mutation, { onClose: () => {} });
      return (
        <FormDialog opened onClose={dialog.close} title="Plain">
          <DialogForm
            onSubmit={() => dialog.submit({ title: 'Lamp' })}
            onCancel={dialog.close}
            isPending={dialog.isPending}
          >
            {null}
          </DialogForm>
        </FormDialog>
      );
    }
    renderWithApp(
      <ModalsProvider>
        <Plain />
      </ModalsProvider>,
    );
    const plain = await screen.findByRole('dialog', { name: 'Plain' });
    fireEvent.click(within(plain).getByRole('button', { name: 'Save' }));
    expect(await readDialog(GENERIC_MESSAGES.errorTitle)).toContain(GENERIC_MESSAGES.tryAgainLater);
  });
});
