/** Thrown for bytes that are not the DER this package reads, or values it does not write. */
export class DerError extends Error {}
