import { PHONE_INPUT_MESSAGES } from '@pgel/shared/schemas/phone';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { DigitsInput, TenDigitPhoneInput } from './digits-input';

function Phone() {
  const [phone, setPhone] = useState('');
  return <TenDigitPhoneInput value={phone} onChange={setPhone} />;
}

const input = () => screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });

describe('a ten-digit phone field (issue 28: an 11th digit vanished without a word)', () => {
  it('says under the field why an 11th digit was left out, until the number fits again', () => {
    renderWithApp(<Phone />);
    type('98765432101');
    expect(input().value).toBe('9876543210');
    const note = screen.getByText(PHONE_INPUT_MESSAGES.tooLongMobile);
    expect(note.getAttribute('role')).toBe('status');
    // Read with the field, and shown below it.
    expect(input().getAttribute('aria-describedby')).toContain(note.id);
    expect(input().compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    type('987654321');
    expect(input().value).toBe('987654321');
    expect(screen.queryByText(PHONE_INPUT_MESSAGES.tooLongMobile)).toBeNull();
  });

  it('keeps the ten digits after a 0 or +91, and drops what is not a digit, without a note', () => {
    renderWithApp(<Phone />);
    for (const typed of ['+91 98765 43210', '09876543210', '98765-43210', '+91-098765-43210']) {
      type('');
      type(typed);
      expect(input().value, typed).toBe('9876543210');
      expect(screen.queryByText(PHONE_INPUT_MESSAGES.tooLongMobile), typed).toBeNull();
    }
  });

  it('another length says its own limit', () => {
    function Long() {
      const [value, setValue] = useState('');
      return <DigitsInput label="Phone" maxDigits={12} value={value} onChange={setValue} />;
    }
    renderWithApp(<Long />);
    type('1234567890123');
    expect(input().value).toBe('123456789012');
    expect(screen.getByText(PHONE_INPUT_MESSAGES.tooLong(12))).toBeTruthy();
  });
});
