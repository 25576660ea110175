/**
 * The additional data that binds each wrapped key to what it belongs to, so a blob copied onto
 * another row does not unwrap. Its own module: wrapping (key-secrets, embedded-ca) and rotation
 * (kek-rotation) both need it without needing each other.
 */
export type SecretKind = 'password' | 'puk';

/** A credential's key, wrapped under the KEK or under its key password or PUK. */
export const wrapAad = (credentialId: string, purpose: 'kek' | SecretKind) =>
  `credential|${credentialId}|${purpose}`;

/** An embedded CA's key: `embedded` (the classical root) or `post-quantum`. */
export const caAad = (id: 'embedded' | 'post-quantum') => `certificate-authority|${id}`;

/** A key of the embedded time-stamping authority (`rssp.tsa_keys`). */
export const tsaAad = (id: string) => `tsa-key|${id}`;
