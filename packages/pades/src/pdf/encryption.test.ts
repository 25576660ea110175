import { describe, expect, it } from 'vitest';
import { openSecurityHandler, rc4 } from './encryption';
import { PdfDict, PdfName, PdfString } from './pdf-objects';

describe('standard security handler', () => {
  it('implements RC4 (RFC 6229 style vector)', () => {
    const out = rc4(Buffer.from('Key'), Buffer.from('Plaintext'));
    expect(Buffer.from(out).toString('hex')).toBe('bbf316e8d940af0ad3');
  });

  it('refuses unknown security handlers with a typed error', () => {
    const dict = new PdfDict([
      ['Filter', new PdfName('Adobe.PubSec')],
      ['O', new PdfString(new Uint8Array(32))],
      ['U', new PdfString(new Uint8Array(32))],
    ]);
    expect(() => openSecurityHandler(dict, new Uint8Array(16), undefined)).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_ENCRYPTION' }),
    );
  });
});
