/** PEM armour of DER bytes. */
export function toPem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der.buffer, der.byteOffset, der.length).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Every PEM block with this label, decoded. */
export function fromPem(text: string, label: string): Buffer[] {
  const re = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g');
  return [...text.matchAll(re)].map((match) =>
    Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64'),
  );
}
