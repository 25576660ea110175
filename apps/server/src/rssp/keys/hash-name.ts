/** The digests a key signs over (CSC `hashAlgo`, the rDSS's SHA-256). */
export type HashName = 'sha256' | 'sha384' | 'sha512';
