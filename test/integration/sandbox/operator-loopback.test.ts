import { describe, expect, it } from 'vitest';
import { isLoopback } from '@main/sandbox/routes-operator';

// Tests may send traffic only to loopback, so the refusal of remote peers is checked on the predicate
// the operator routes apply to every request's socket address.
describe('operator actions are loopback only', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.5', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.5', false],
    ['fe80::1', false],
    ['1270.0.0.1', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});
