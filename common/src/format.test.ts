import { describe, expect, it } from 'vitest';
import { formatInteger } from './format';

describe('formatInteger', () => {
  it('groups thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 80_000_000, -4321, 2 ** 53 - 1]) {
      expect(formatInteger(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('drops a fraction', () => {
    expect(formatInteger(1234.9)).toBe('1,234');
  });
});
