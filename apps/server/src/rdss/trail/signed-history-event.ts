import { parseCertificate } from '@signet/der';
import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import type { NewChainHistoryEvent } from '../schema';

/** A certificate serial as `openssl x509 -serial` shows it: upper-case hex, whole bytes. */
export function serialHex(serial: bigint): string {
  const hex = (serial < 0n ? -serial : serial).toString(16).toUpperCase();
  return hex.length % 2 === 0 ? hex : `0${hex}`;
}

/**
 * The SIGNED event of a signature (issue 26): who signed with which certificate, where the
 * visible signature is, and from which address. Built before the commit, so the trail that goes
 * into the signed revision already holds it (`toChainHistoryEvent`), and recorded by the commit.
 */
export function signedHistoryEvent(options: {
  chainId: string;
  entryId: string;
  actorId: string;
  signer: { name: string; email: string };
  /** The signing certificate (DER, the end-entity one). */
  certificate: Uint8Array;
  /** 1-based page of the visible signature; undefined for an invisible one. */
  page?: number | undefined;
  /** `request.ip` as Fastify sees it (the configured trusted proxies decide). */
  clientAddress?: string | undefined;
  /** A clerk's walk-in client. */
  subsignerName?: string | null | undefined;
  /** The time the signature claims (its signing time); the commit's time when omitted. */
  at?: Date | undefined;
}): NewChainHistoryEvent {
  const certificate = parseCertificate(options.certificate);
  return {
    chainId: options.chainId,
    kind: 'SIGNED',
    entryId: options.entryId,
    actorId: options.actorId,
    ...(options.at === undefined ? {} : { at: options.at }),
    detail: {
      name: options.signer.name,
      email: options.signer.email,
      certificateSubject: certificate.subjectName,
      certificateSerial: serialHex(certificate.serialNumber),
      certificateIssuer: certificate.issuerName,
      ...(options.page === undefined ? {} : { page: options.page }),
      ...(options.clientAddress ? { clientAddress: options.clientAddress } : {}),
      ...(options.subsignerName ? { subsignerName: options.subsignerName } : {}),
    },
  };
}

/** An event not yet recorded as the history will read it, to append to `readChainHistory`. */
export function toChainHistoryEvent(event: NewChainHistoryEvent, at: Date): ChainHistoryEvent {
  return {
    kind: event.kind,
    at: (event.at ?? at).toISOString(),
    entryId: event.entryId ?? null,
    actorId: event.actorId ?? null,
    detail: event.detail ?? {},
  };
}
