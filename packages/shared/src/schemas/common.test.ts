import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  ErrorResponseSchema,
  GENERIC_MESSAGES,
  isUuid,
  requiredText,
  VALIDATION_TITLE,
} from './common';

describe('common schemas', () => {
  it('matches something@something.something and nothing looser', () => {
    expect(EMAIL_PATTERN.test('a@b.co')).toBe(true);
    expect(EMAIL_PATTERN.test('first.last+tag@mail.example.org')).toBe(true);
    expect(EMAIL_PATTERN.test('a@b')).toBe(false);
    expect(EMAIL_PATTERN.test('a@@b.co')).toBe(false);
    expect(EMAIL_PATTERN.test(' a@b.co')).toBe(false);
  });

  it('requiredText trims and gives one message for missing, non-string and blank values', () => {
    const schema = requiredText('Name please');
    expect(schema.parse('  Rao ')).toBe('Rao');
    for (const value of [undefined, 42, '', '   ']) {
      expect(schema.safeParse(value).error?.issues[0]?.message).toBe('Name please');
    }
  });

  it('recognises a canonical uuid in any case and nothing else', () => {
    expect(isUuid('6f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f')).toBe(true);
    expect(isUuid('6F1E2D3C-4B5A-4C6D-8E7F-9A0B1C2D3E4F')).toBe(true);
    for (const value of [
      '',
      'abc',
      '6f1e2d3c4b5a4c6d8e7f9a0b1c2d3e4f',
      '6f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f0',
      "1' or '1'='1",
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });

  it('keeps the generic messages of spec 01 section 8', () => {
    expect(GENERIC_MESSAGES.tryAgain).toBe('Something went wrong. Please try again.');
    expect(GENERIC_MESSAGES.fallback).toBe('Something went wrong');
    expect(GENERIC_MESSAGES.errorTitle).toBe('Error');
    expect(VALIDATION_TITLE).toBe('Validation Failed');
  });

  it('describes the error body every API error has', () => {
    expect(
      ErrorResponseSchema.safeParse({ code: 'validation', message: 'x', fieldErrors: { a: 'b' } }).success,
    ).toBe(true);
    expect(ErrorResponseSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});
