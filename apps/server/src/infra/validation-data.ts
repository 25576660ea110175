/**
 * What a signature needs to be validated offline later (PAdES B-LT): the certificates of its
 * chains and the OCSP responses and CRLs that say they were not revoked. The rSSP provides it
 * (`createValidationDataSource`), the composition root wires it, the rDSS embeds what it gives.
 */
export interface ValidationData {
  /** DER, de-duplicated. */
  certificates: Uint8Array[];
  ocsps: Uint8Array[];
  crls: Uint8Array[];
  /** What could not be obtained, e.g. "OCSP for CN=…: unreachable". */
  missing: string[];
}

export interface ValidationDataSource {
  /** Each chain end-entity first (DER). Never throws for what cannot be reached: see `missing`. */
  collect(chains: Uint8Array[][]): Promise<ValidationData>;
}
