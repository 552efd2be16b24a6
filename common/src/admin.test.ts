import { describe, expect, it } from 'vitest';
import { errorRatePercent, estimatedCostUsd } from './admin';

describe('errorRatePercent (share of error rows, one decimal)', () => {
  it.each([
    [0, 0, 0],
    [0, 10, 0],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [1, 8, 12.5],
    [1, 1000, 0.1],
    [1, 2001, 0],
    [7, 7, 100],
  ])('%i errors of %i -> %d%%', (errors, total, expected) => {
    expect(errorRatePercent(errors, total)).toBe(expected);
  });
});

describe('estimatedCostUsd (0.18 USD per 1,000 characters)', () => {
  it.each([
    [0, 0],
    [1000, 0.18],
    [30_000, 5.4],
    [1, 0.0002],
    [2500, 0.45],
    [123_456, 22.2221],
  ])('%i characters -> %d USD', (characters, expected) => {
    expect(estimatedCostUsd(characters)).toBe(expected);
  });
});
