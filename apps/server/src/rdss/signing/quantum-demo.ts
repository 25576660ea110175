import { parseCertificate, toPem } from '@signet/der';
import type { PreparedSignature } from '@signet/pades';
import {
  isQuantumSafeSigningCredential,
  quantumDemoZipEntries,
  type PmSignRequest,
} from '@signet/contracts/quantum-demo';
import { AppError, forbidden, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import { noTimings, type Timings } from '#infra/timings';
import { embeddedCaRoots } from '#rssp/public';
import { deleteUnusedUpload, findDocument, uniqueNames, type ZipEntry } from '../documents';
import { quantumDemoReadme, type ReadmeCertificate } from './quantum-demo-readme';
import { signatureIncrement } from './signature-evidence';
import { pdfFailure } from '../pdf-work';
import { algorithmOf, openSigningSession, type SignContext } from './sign-job';

/** The signed PDF and what goes beside it in the demo's zip. */
export interface QuantumDemoResult {
  /** The zip's name: the document's, with `.zip`. */
  zipName: string;
  entries: ZipEntry[];
}

const notQuantumSafe = () =>
  new AppError(
    'SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE',
    'The quantum-safe demo signs only with an SLH-DSA (sphincs+) signing credential',
  );

const pdfName = (name: string) => (/\.pdf$/i.test(name) ? name : `${name}.pdf`);

/** A certificate of the chain as the README lists it: whom, and with what its issuer signed it. */
function describeCertificate(der: Uint8Array): ReadmeCertificate {
  const certificate = parseCertificate(der);
  return {
    subject: certificate.subjectName,
    signatureAlgorithm: certificate.signatureAlgorithm.oid,
    selfSigned: Buffer.compare(certificate.subject, certificate.issuer) === 0,
  };
}

function entryOf(name: string, bytes: Uint8Array): ZipEntry {
  return {
    name,
    size: bytes.length,
    open: async () =>
      (async function* () {
        yield bytes;
      })(),
  };
}

/**
 * `POST signatures/pmSign` (D§2 quantum-safe demo, D§3 quantum payload): signs the caller's own
 * upload with their SLH-DSA credential, with its key password or a device's approval through the
 * same rSSP session as every sign call, and answers a zip of the signed PDF, the signer's
 * certificate chain (PEM; from the embedded CA, SLH-DSA up to its post-quantum root, decision
 * 057) and a README in the user's language that says what is post-quantum and what is not. Signet's own validator checks the
 * signed PDF before it is answered. Nothing new is stored: the upload, once signed, is deleted
 * unless a chain or batch uses it (it was made for this; decision 041), so the demo leaves the
 * user's storage as before the upload. A call that fails changes nothing but a wrong key
 * password's count, and the upload stays for another try.
 */
export async function quantumDemoSign(options: {
  ctx: SignContext;
  actor: AuthUser;
  input: PmSignRequest;
  timings?: Timings;
}): Promise<QuantumDemoResult> {
  const { ctx, actor, input } = options;
  const timings = options.timings ?? noTimings;
  if (!ctx.config.POOR_MAN_SIGN_ENABLED) throw forbidden('The quantum-safe demo is turned off');
  const db = ctx.database.db;
  const document = await timings.measure('database', () => findDocument(db, input.origDocId));
  // Only the uploader's own: another's document is answered as one that does not exist.
  if (!document || document.ownerId !== actor.id) throw notFound('Document');
  const { credentialId, PIN, description } = input.credentialOptions;
  const session = await openSigningSession(ctx, {
    credentialId,
    userId: actor.id,
    PIN,
    timings,
  });
  try {
    const { credential } = session;
    if (!isQuantumSafeSigningCredential(credential)) throw notQuantumSafe();
    const bytes = await timings.measure('read', () => ctx.blobs.get(db, document.id));
    if (!bytes)
      throw new AppError('SERVER_ERROR', `The bytes of document ${document.id} are missing`);
    const signedAt = new Date();
    let prepared: PreparedSignature;
    try {
      prepared = await timings.measure('engine', () =>
        ctx.pdf.prepareIncrement(bytes, {
          certificateChain: credential.certificates,
          algorithm: algorithmOf(credential),
          signingTime: signedAt,
          name: credential.subjectName,
          reason: 'Quantum-safe demo (SLH-DSA)',
          // Room for the signature time-stamp (B-T), as every signature has.
          timestamp: true,
        }),
      );
    } catch (error) {
      throw pdfFailure(error, { index: 0 });
    }
    // The device shows the file and the request's identifier (D§3 `description`).
    const shown = description?.trim()
      ? `${document.fileName} · ${description.trim()}`
      : document.fileName;
    const { signatures } = await session.signHashes(
      { hashes: [prepared.hash], hashAlgorithm: 'sha256', documents: [shown] },
      timings,
    );
    let increment: Uint8Array;
    try {
      ({ increment } = await timings.measure('engine', () =>
        signatureIncrement(ctx, {
          prepared,
          signature: signatures[0] as Uint8Array,
          chainDone: true,
          base: () => Promise.resolve(bytes),
        }),
      ));
    } catch (error) {
      throw pdfFailure(error, { index: 0 });
    }
    const signed = Buffer.concat([bytes, increment]);
    const report = await timings.measure('engine', async () =>
      ctx.pdf.validate(signed, await embeddedCaRoots(db)),
    );
    const ours = report.signatures.at(-1);
    if (!ours?.valid || ours.algorithm !== 'SLH_DSA_SHA2_128F') {
      // The engine made what its own validator refuses: never hand that out as a demo's proof.
      throw new AppError('SERVER_ERROR', 'The signed PDF did not validate');
    }
    const locale = (await ctx.users.find(actor.id))?.locale ?? 'EN';
    const names = uniqueNames([
      { name: pdfName(document.fileName) },
      { name: quantumDemoZipEntries.chain },
      { name: quantumDemoZipEntries.readme[locale] },
    ]).map((entry) => entry.name) as [string, string, string];
    const chainPem = credential.certificates.map((der) => toPem('CERTIFICATE', der)).join('');
    const readme = quantumDemoReadme(locale, {
      pdfName: names[0],
      chainName: names[1],
      signer: credential.subjectName,
      signedAt,
      chain: credential.certificates.map(describeCertificate),
      tsa: ours.timestamp?.tsa ?? null,
      valid: ours.valid,
      trusted: ours.chainTrusted,
    });
    await timings.measure('database', async () => {
      if (await deleteUnusedUpload(db, document.id, actor.id)) await ctx.blobs.remove(document.id);
    });
    return {
      zipName: `${names[0].replace(/\.pdf$/i, '')}.zip`,
      entries: [
        entryOf(names[0], signed),
        entryOf(names[1], Buffer.from(chainPem, 'utf8')),
        entryOf(names[2], Buffer.from(readme, 'utf8')),
      ],
    };
  } catch (error) {
    // Nothing is signed unless the session signed; then this does nothing.
    await session.abandon();
    throw error;
  }
}
