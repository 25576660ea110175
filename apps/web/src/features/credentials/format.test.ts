import { describe, expect, it } from 'vitest';
import { certificateFileText, isCertificateFileName } from './format';

describe('certificate files', () => {
  it('accepts only .pem, .cer and .crt', () => {
    expect(isCertificateFileName('chain.PEM')).toBe(true);
    expect(isCertificateFileName('root.cer')).toBe(true);
    expect(isCertificateFileName('user.crt')).toBe(true);
    expect(isCertificateFileName('user.der')).toBe(false);
    expect(isCertificateFileName('pem.txt')).toBe(false);
  });

  it('sends PEM as text and DER as base64', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    expect(certificateFileText(new TextEncoder().encode(pem))).toBe(pem);
    expect(certificateFileText(new Uint8Array([0x30, 0x82, 0x01, 0xff]))).toBe('MIIB/w==');
  });
});
