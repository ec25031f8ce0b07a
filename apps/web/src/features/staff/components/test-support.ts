import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The message dialog with this title: its text, then closed with OK. */
export async function readDialog(title: string): Promise<string> {
  const box = await screen.findByRole('dialog', { name: title });
  const text = box.textContent ?? '';
  fireEvent.click(within(box).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
  return text;
}
