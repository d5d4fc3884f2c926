import { describe, expect, it } from 'vitest';
import { loopbackPage } from '@main/lib/instance-lock';

describe('the address a second desktop start offers to open', () => {
  it.each([
    ['http://127.0.0.1:5123/?token=abc', 'http://127.0.0.1:5123/?token=abc'],
    ['http://127.0.0.1:80@evil.example/', undefined],
    ['http://127.0.0.1.evil.example:5123/', undefined],
    ['https://127.0.0.1:5123/', undefined],
    ['file:///etc/passwd', undefined],
    ['javascript:alert(1)', undefined],
    ['nicht eine Adresse', undefined],
    [undefined, undefined],
  ])('%s → %s', (address, expected) => {
    expect(loopbackPage(address)).toBe(expected);
  });
});
