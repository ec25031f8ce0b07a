import { describe, expect, it } from 'vitest';
import { truncateText } from './text';

describe('truncateText', () => {
  it('keeps short text as it is and cuts long text to the limit', () => {
    expect(truncateText('abc', 5)).toBe('abc');
    expect(truncateText('abcdef', 3)).toBe('abc');
  });

  it('never ends on half of an emoji', () => {
    const cut = truncateText(`a${'😀'.repeat(10)}`, 4);
    expect(cut).toBe('a😀');
    expect(() => encodeURIComponent(cut)).not.toThrow();
  });

  it('keeps a whole pair that fits exactly', () => {
    expect(truncateText('a😀b', 3)).toBe('a😀');
  });
});
