import { sql } from 'drizzle-orm';
import {
  certificateParts,
  fromPem,
  readAlgorithm,
  readDerAll,
  verifySignedData,
} from '@signet/der';
import { type Db, rowsOf } from '#infra/database';
import { type EmbeddedCaKey, issuedRecord } from './embedded-ca-key';
import { recordIssued } from '../records';

/** True when the CA's key signed `der` (a certificate), so the CA issued it. */
export function issuedBy(ca: EmbeddedCaKey, der: Buffer): boolean {
  const parts = certificateParts(der);
  return (
    parts.issuer.equals(ca.root.subject) &&
    verifySignedData({
      algorithm: readAlgorithm(readDerAll(parts.signatureAlgorithm)),
      data: parts.tbs,
      signature: parts.signature,
      spki: ca.root.spki,
    })
  );
}

/**
 * Records the certificates the embedded CA issued before issuance was recorded (migration 009):
 * every credential's end-entity certificate whose serial is not recorded yet and that the CA's
 * key signed. After the first start only external CAs' certificates are left to look at.
 */
export async function adoptIssuedCertificates(db: Db, ca: EmbeddedCaKey): Promise<number> {
  const result = await db.execute(sql`
    select c.cert_chain->>0 as pem from rssp.credentials c
    where c.certificate_serial_number is not null
      and not exists (
        select 1 from rssp.issued_certificates i
        where i.issuer_key_hash = ${ca.keyHash}
          and i.serial = lower(ltrim(replace(c.certificate_serial_number, ':', ''), '0'))
      )`);
  let adopted = 0;
  for (const { pem } of rowsOf<{ pem: string }>(result)) {
    const [der] = fromPem(pem, 'CERTIFICATE');
    if (!der || !issuedBy(ca, der)) continue;
    await recordIssued(db, { issuerKeyHash: ca.keyHash, ...issuedRecord(der) });
    adopted++;
  }
  return adopted;
}
