import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import { parseCertificate } from '@signet/der';
import type { Db } from '#infra/database';
import type { ChainContext } from './chain-context';
import type { ChainRow } from './chain-table';
import { loadSigningTrailInput } from './signing-trail-content';
import { renderSigningTrail } from './signing-trail-render';

/**
 * The signing trail in the signatures (issue 26 §2, decision 027): each signature of an ATTACHED
 * chain appends the trail, rendered from the chain's history with the signature's own SIGNED
 * event, in the revision it signs (one hash); a DETACHED chain's trail is a document of its own
 * (`chains.trail_document_id`) that each signature revises and signs too (two hashes).
 */

/** Who signs, as the trail records it. */
export interface TrailSigner {
  actorId: string;
  entryId: string;
  name: string;
  email: string;
  subsignerName: string | null;
  /** DER certificates, end-entity first. */
  certificates: Uint8Array[];
  signedAt: Date;
  /** The visible signature's page, when placed. */
  page: number | undefined;
  clientAddress: string | undefined;
}

/** Upper-case hex in whole bytes, as the credential screens show a serial number. */
function serialHex(serial: bigint): string {
  const hex = serial.toString(16).toUpperCase();
  return hex.length % 2 === 0 ? hex : `0${hex}`;
}

/** The SIGNED event of the signature being made, as the chain's history records it. */
export function pendingSignedEvent(signer: TrailSigner): ChainHistoryEvent {
  const certificate = parseCertificate(signer.certificates[0] as Uint8Array);
  return {
    kind: 'SIGNED',
    at: signer.signedAt.toISOString(),
    entryId: signer.entryId,
    actorId: signer.actorId,
    detail: {
      name: signer.name,
      email: signer.email,
      ...(signer.subsignerName ? { subsignerName: signer.subsignerName } : {}),
      certificateSubject: certificate.subjectName,
      certificateSerial: serialHex(certificate.serialNumber),
      certificateIssuer: certificate.issuerName,
      ...(signer.page === undefined ? {} : { page: signer.page }),
      ...(signer.clientAddress ? { clientAddress: signer.clientAddress } : {}),
    },
  };
}

/**
 * The trail a signature of this chain carries, up to and with that signature; undefined when the
 * feature is off or the chain has none.
 */
export async function trailForSignature(
  ctx: Pick<ChainContext, 'config' | 'users'>,
  db: Db,
  chain: Pick<ChainRow, 'id' | 'signingTrailMode'>,
  signer: TrailSigner,
): Promise<Uint8Array | undefined> {
  if (!ctx.config.SIGNING_TRAIL_ENABLED || chain.signingTrailMode === 'NONE') return undefined;
  const input = await loadSigningTrailInput(ctx, db, chain.id);
  input.events.push(pendingSignedEvent(signer));
  input.generatedAt = signer.signedAt;
  return renderSigningTrail(input);
}
