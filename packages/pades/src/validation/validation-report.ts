import type { PdfLimits } from '../pdf';

export interface ValidateOptions {
  /** DER certificates trusted as roots. */
  trustAnchors: Uint8Array[];
  /** Password of an encrypted PDF. */
  password?: string;
  /** Bounds on the work the file may cause (its inflate budget). */
  limits?: PdfLimits;
  /**
   * Revocation data the caller fetched already (for the paths `revocationPaths` names), counted
   * as source ONLINE: how a validation on another thread gets what only the server's thread may
   * ask for, since a hook cannot cross the thread.
   */
  onlineData?: RevocationData;
}

/** DER OCSP responses and CRLs. */
export interface RevocationData {
  ocsps?: Uint8Array[];
  crls?: Uint8Array[];
}

/** A signer's or TSA's certification path (DER, end-entity first; a trusted one ends at its anchor). */
export interface RevocationPath {
  path: Uint8Array[];
  trusted: boolean;
}

/**
 * Revocation data about certificates the DSS did not answer for, asked of their OCSP responder or
 * CRL distribution point by the caller (the engine does no I/O): DER OCSP responses and CRLs.
 */
export type OnlineRevocation = (request: {
  /** DER of the certificate and of its issuer. */
  certificate: Uint8Array;
  issuer: Uint8Array;
}) => Promise<RevocationData>;

export interface OnlineValidateOptions extends Omit<ValidateOptions, 'onlineData'> {
  online: OnlineRevocation;
}

export interface RevocationReport {
  status: 'GOOD' | 'REVOKED' | 'UNKNOWN';
  source: 'DSS' | 'ONLINE' | 'NONE';
  /** An OCSP response or a CRL said so. */
  kind?: 'OCSP' | 'CRL';
  revokedAt?: Date;
  /** When the OCSP response was produced or the CRL issued. */
  producedAt?: Date;
  /**
   * The certificate was not revoked at the signing time: the signature time-stamp's when there is
   * a valid one (a later revocation does not undo a time-stamped signature), else the validation
   * time. False when revoked before it; undefined when nothing is known.
   */
  validAtSigningTime?: boolean;
  /** Certificates of the signer's path (not the anchor) that no validation data speaks about. */
  missing?: string[];
}

export interface CertificateSummary {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
}

export interface UpdateReport {
  /** Offset of the update's cross-reference section. */
  offset: number;
  /**
   * True when the update only adds signatures, their fields, widgets and appearances (and the
   * validation data and time-stamps that follow them); false when it also changes the trail.
   */
  onlySignatures: boolean;
  /**
   * Some change redefines what a page draws: a page, the page tree, a content stream, XObject,
   * font, annotation or form field, optional content, or an object deleted (a shadow attack's
   * hide, replace or hide-and-replace, decision 039).
   */
  changesContent: boolean;
  /** Changes beyond signatures and the signing trail: each makes the update an ISA. */
  modifications: string[];
  /**
   * What the update did to Signet's signing trail, said apart from `modifications` (decision
   * 056): attached it as a file or replaced the attached one (with the signature it records), or
   * added or replaced its pages (decision 027's placement, and a DETACHED trail's document).
   */
  trail?: 'FILE_ATTACHED' | 'FILE_REPLACED' | 'PAGES_ADDED' | 'PAGES_REPLACED';
}

export interface SignatureReport {
  fieldName: string;
  subFilter?: string;
  byteRange?: number[];
  /** The digest of the byte ranges equals the signed message-digest attribute. */
  digestMatches: boolean;
  /** The CMS signature verifies with the signer certificate. */
  signatureValid: boolean;
  signer?: CertificateSummary;
  /** Subjects from the signer to the anchor (or as far as the path goes). */
  chain: string[];
  /** The path ends at one of the trust anchors. */
  chainTrusted: boolean;
  /** The signer certificate was within its validity period at the (timestamped or claimed) signing time. */
  certificateValidAtSigningTime?: boolean;
  algorithm?: string;
  /** /M of the signature dictionary (claimed by the signer). */
  signingTime?: Date;
  /** The page (from 1) of a visible signature's widget; undefined for an invisible one. */
  page?: number;
  /**
   * The visible signature's widget on that page, in points from its lower left corner (as the
   * sign call's `signatureFieldParameters` place it); undefined for an invisible one.
   */
  rect?: { originX: number; originY: number; width: number; height: number };
  timestamp?: {
    time?: Date;
    valid: boolean;
    trusted: boolean;
    tsa?: string;
    /** Revocation of the TSA's certificate, when validation data speaks about it. */
    revocation?: RevocationReport;
  };
  /** The byte ranges end at the end of the file. */
  coversWholeDocument: boolean;
  /** Updates appended after the signed revision, oldest first. */
  subsequentUpdates: UpdateReport[];
  /** Some later update changes more than signatures and their fields. */
  modifiedAfterSigning: boolean;
  flags: {
    /** USF: missing, empty or unusable /Contents or /ByteRange, or a CMS without signer. */
    universalSignatureForgery: boolean;
    /** ISA: content changed by later updates, or bytes appended outside any update. */
    incrementalSavingAttack: boolean;
    /** SWA: byte ranges not starting at 0, not excluding exactly /Contents, not ending at a revision end. */
    signatureWrappingAttack: boolean;
    /** Shadow: the signed bytes are intact, yet a later update redefines what the pages show. */
    shadowAttack: boolean;
  };
  /**
   * The PAdES baseline level the signature reaches: B-B; B-T with a valid signature time-stamp;
   * B-LT when the DSS also holds revocation data for every certificate of the signer's path below
   * the anchor; B-LTA when a later valid document time-stamp covers that DSS. Only for a valid
   * signature.
   */
  level?: 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';
  /** Revocation of the signer's certificate, and where the answer came from. */
  revocation?: RevocationReport;
  problems: string[];
  /** Cryptographically intact and structurally sound (digest, signature, no USF/SWA). */
  valid: boolean;
}

export interface ValidationReport {
  signatures: SignatureReport[];
  /** Number of cross-reference sections (revisions) in the file. */
  revisions: number;
  /** Pages of the document as it stands, its signing trail's pages included. */
  pages: number;
  /**
   * Of those, the signing trail's pages at its end (`/SignetTrail true`, decision 027): a visible
   * signature goes only on the `pages - trailPages` pages before them.
   */
  trailPages: number;
  /** Document time-stamps (`/DocTimeStamp`, ETSI.RFC3161), oldest first (B-LTA). */
  documentTimestamps?: {
    fieldName: string;
    time?: Date;
    valid: boolean;
    trusted: boolean;
    tsa?: string;
    /** Revocation of the TSA's certificate, when validation data speaks about it. */
    revocation?: RevocationReport;
    coversWholeDocument: boolean;
    byteRange?: number[];
    problems: string[];
  }[];
}
