import { describe, expect, it } from 'vitest';
import { scanAddressProblem } from '../../src/web/features/hotels/scan-address';

/** Which scan URLs a QR code may encode that a phone cannot use (the QR dialog and room-card screen warn). */
describe('scanAddressProblem', () => {
  it.each([
    ['http://localhost:3000/scan/x', 'loopback'],
    ['http://LOCALHOST/scan/x', 'loopback'],
    ['http://app.localhost:5173/scan/x', 'loopback'],
    ['http://127.0.0.1:4450/scan/x', 'loopback'],
    ['http://127.1.2.3/scan/x', 'loopback'],
    ['http://[::1]:3000/scan/x', 'loopback'],
    ['https://localhost/scan/x', 'loopback'],
    ['http://0.0.0.0:3000/scan/x', 'loopback'],
    ['http://192.168.1.20:3000/scan/x', 'http'],
    ['http://stayperks.example/scan/x', 'http'],
    ['https://stayperks.example/scan/x', null],
    ['https://127-0-0-1.example.com/scan/x', null],
  ])('%s: %s', (url, problem) => {
    expect(scanAddressProblem(url)).toBe(problem);
  });
});
