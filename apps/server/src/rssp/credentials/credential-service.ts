import { randomUUID } from 'node:crypto';
import {
  type ActivateCredential,
  type Certificate,
  type ChangeKeyPassword,
  type ChangePuk,
  type CreateCredential,
  type Credential,
  type CredentialListQuery,
  type CredentialPage,
  type DistinguishedName,
  type OwnCredentialListQuery,
  type UnlockCredential,
  type UpdateCredential,
  credentialMessages,
} from '@signet/contracts/credentials';
import { pageOffset } from '@signet/contracts/paging';
import { AppError, forbidden, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Tx } from '#infra/database';
import { certificateParts, createCertificateRequest, readCertificates, toPem } from '@signet/der';
import { buildCertificateChain } from './certificate-chain';
import { store, revokeCredentialCertificates, type CredentialRow, keySpecOf } from '../records';
import { toCredential } from './credential-view';
import {
  createSigner,
  generateKey,
  wrapAad,
  type SecretKind,
  encodeDistinguishedName,
} from '../keys';
import { unwrapWithKek, wrapWithKek } from '#infra/keys';
import {
  blockedForGood,
  commitOpened,
  isBlockedForGood,
  openWithSecret,
  wrapUnderSecret,
  releaseAttempt,
} from '../custody';
import type { RsspContext } from '../context';
import { describeCertificate } from './certificate-view';
import { awaitDecision, consumeApproval, requestApproval } from '../devices';

const isAdmin = (actor: AuthUser) => actor.roles.includes('admin');

/** What the caller is about to do with a credential it names by id. */
type Access =
  /** Read it: owner or admin. */
  | 'read'
  /** Create, update, delete, edit certificates: owner or admin, not users under adminOnlyCredentialManagement. */
  | 'manage'
  /** Anything with its key password or PUK (activate, change password, unlock, change PUK, preauth): owner only. */
  | 'keyOwner';

function checkManagement(ctx: RsspContext, actor: AuthUser): void {
  if (ctx.config.ADMIN_ONLY_CREDENTIAL_MANAGEMENT && !isAdmin(actor)) {
    throw forbidden('Only administrators manage credentials');
  }
}

/**
 * Resolves a credential id for the caller: NOT_FOUND when it does not exist or (for non-admins)
 * belongs to someone else, so ids cannot be probed; FORBIDDEN when the caller may see it but not
 * do this with it.
 */
export async function resolveCredential(
  ctx: RsspContext,
  actor: AuthUser,
  id: string,
  access: Access,
  tx?: Tx,
): Promise<CredentialRow> {
  const row = tx
    ? await store.lockCredential(tx, id)
    : await store.findCredential(ctx.database.db, id);
  if (!row || (row.userId !== actor.id && !isAdmin(actor))) throw notFound('Credential');
  if (access === 'manage') checkManagement(ctx, actor);
  if (access === 'keyOwner' && row.userId !== actor.id) {
    throw forbidden("Only the owner can use a credential's key password or PUK");
  }
  return row;
}

const view = (ctx: RsspContext, row: CredentialRow) => toCredential(row, ctx.config);

async function announce(ctx: RsspContext, row: CredentialRow, tx?: Tx): Promise<void> {
  await ctx.events.publish(
    {
      name: 'CREDENTIAL_UPDATED',
      stream: 'rssp',
      userId: row.userId,
      payload: { credentialId: row.id },
    },
    tx,
  );
}

/** Writes `values` to the locked credential and announces the change in the same transaction. */
export async function updateAndAnnounce(
  ctx: RsspContext,
  tx: Tx,
  id: string,
  values: Parameters<typeof store.updateCredential>[2],
): Promise<CredentialRow> {
  const updated = await store.updateCredential(tx, id, values);
  if (!updated) throw notFound('Credential');
  await announce(ctx, updated, tx);
  return updated;
}

/** Resolves and locks the credential for the caller, then writes what `values` makes of it. */
async function changeCredential(
  ctx: RsspContext,
  options: {
    actor: AuthUser;
    id: string;
    access: Access;
    values: (locked: CredentialRow) => Parameters<typeof store.updateCredential>[2];
  },
): Promise<Credential> {
  const { actor, id, access } = options;
  const row = await ctx.database.db.transaction(async (tx) => {
    const locked = await resolveCredential(ctx, actor, id, access, tx);
    return updateAndAnnounce(ctx, tx, id, options.values(locked));
  });
  return view(ctx, row);
}

/** Blank optional fields dropped, so the stored DN is exactly what the request and certificate carry. */
function cleanDistinguishedName(dn: DistinguishedName): DistinguishedName {
  const entries = Object.entries(dn).filter(([, v]) => typeof v !== 'string' || v.trim() !== '');
  return { ...Object.fromEntries(entries), customFields: dn.customFields } as DistinguishedName;
}

const emailAddressOid = '1.2.840.113549.1.9.1';

/**
 * The CA certifies only what Signet knows: the e-mail in a subject is always the owner's
 * confirmed account address. Naming another one is refused; leaving it out gets the owner's. An
 * owner who has not confirmed the address gets none: naming any is refused, and the request and
 * certificate carry no address (docs/decisions/020-confirmed-addresses.md).
 */
function withOwnersEmail(dn: DistinguishedName, ownerEmail: string | null): DistinguishedName {
  const other = (value: string | undefined) =>
    value !== undefined && value.toLowerCase() !== ownerEmail?.toLowerCase();
  const fields: Record<string, string> = {};
  if (other(dn.emailAddress))
    fields['distinguishedName.emailAddress'] = credentialMessages.notOwnEmail;
  dn.customFields.forEach((custom, i) => {
    if (custom.oid === emailAddressOid && other(custom.value)) {
      fields[`distinguishedName.customFields.${i}.value`] = credentialMessages.notOwnEmail;
    }
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      ownerEmail === null
        ? 'Confirm your e-mail address first: until then a certificate names no address'
        : `The e-mail address must be ${ownerEmail}`,
      ownerEmail === null
        ? Object.fromEntries(
            Object.keys(fields).map((key) => [key, credentialMessages.unconfirmedEmail]),
          )
        : fields,
    );
  }
  const { emailAddress: _named, ...rest } = dn;
  return {
    ...rest,
    ...(ownerEmail === null ? {} : { emailAddress: ownerEmail }),
    customFields: dn.customFields.filter((custom) => custom.oid !== emailAddressOid),
  };
}

function checkPreauthUntil(value: string | null | undefined): void {
  if (value && new Date(value).getTime() <= Date.now()) {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', {
      preauthUntil: 'Must be in the future',
    });
  }
}

export function chainColumns(chain: Buffer[]) {
  const [first] = chain;
  return {
    certChain: chain.map((c) => toPem('CERTIFICATE', c)),
    certificateSerialNumber: first ? describeCertificate(first).serialNum : null,
  };
}

/**
 * Creates a credential: generates the key pair in memory, signs its PKCS#10 request, obtains the
 * certificate from the CA when enrollment is CMP, and stores the key wrapped under the KEK (an
 * EXPLICIT credential is re-wrapped under its key password and PUK on activation).
 */
export async function createCredential(options: {
  ctx: RsspContext;
  actor: AuthUser;
  input: CreateCredential;
}): Promise<Credential> {
  const { ctx, actor, input } = options;
  checkManagement(ctx, actor);
  const ownerId = input.userId ?? actor.id;
  if (ownerId !== actor.id && !isAdmin(actor))
    throw forbidden('Users create credentials for themselves');
  const owner = await ctx.users.find(ownerId);
  if (!owner || owner.status !== 'ENABLED') {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', {
      userId: 'Choose an enabled user',
    });
  }
  checkPreauthUntil(input.preauthUntil);
  const spec = keySpecOf(input);
  const certifiedEmail = owner.emailConfirmed ? owner.email : null;
  const distinguishedName = withOwnersEmail(
    cleanDistinguishedName(input.distinguishedName),
    certifiedEmail,
  );
  const id = randomUUID();
  const key = await generateKey(spec);
  try {
    const subject = encodeDistinguishedName(distinguishedName);
    const p10 = createCertificateRequest({
      subject,
      spki: key.spki,
      signer: createSigner(spec, key.pkcs8),
    });
    const chain =
      input.certificateEnrollmentMode === 'CMP'
        ? await ctx.ca.enroll({
            kind: 'new',
            subject,
            spki: key.spki,
            email: certifiedEmail,
            signer: createSigner(spec, key.pkcs8),
          })
        : [];
    const row = await ctx.database.db.transaction(async (tx) => {
      const inserted = await store.insertCredential(tx, {
        id,
        userId: owner.id,
        userName: owner.name,
        userEmail: owner.email,
        description: input.description,
        keyPurpose: input.keyPurpose,
        keyAlg: input.keyAlg,
        rsaKeySize: spec.keyAlg === 'rsa' ? spec.rsaKeySize : null,
        ecCurveName: spec.keyAlg === 'rsa' ? null : (input.ecCurveName ?? null),
        authMode: input.authMode,
        enrollmentMode: input.certificateEnrollmentMode,
        status: 'CREATED',
        distinguishedName,
        publicKey: key.spki.toString('base64'),
        p10: toPem('CERTIFICATE REQUEST', p10),
        ...chainColumns(chain),
        preauthQuantity: input.preauthQuantity ?? null,
        preauthUntil: input.preauthUntil ? new Date(input.preauthUntil) : null,
        wrappedKey: wrapWithKek(ctx.ring, key.pkcs8, wrapAad(id, 'kek')),
        failedPasswordAttempts: 0,
        failedPukAttempts: 0,
      });
      await announce(ctx, inserted, tx);
      return inserted;
    });
    return view(ctx, row);
  } finally {
    key.pkcs8.fill(0);
  }
}

export async function getCredential(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
}): Promise<Credential> {
  return view(options.ctx, await resolveCredential(options.ctx, options.actor, options.id, 'read'));
}

/** The PKCS#10 request (PEM) and the credential's description for the download name. */
export async function getCertificateRequest(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
}): Promise<{ pem: string; description: string }> {
  const row = await resolveCredential(options.ctx, options.actor, options.id, 'read');
  return { pem: row.p10, description: row.description };
}

async function page(
  ctx: RsspContext,
  query: OwnCredentialListQuery,
  userId: string | undefined,
): Promise<CredentialPage> {
  const size = query['page-size'];
  const { rows, total } = await store.listCredentials(ctx.database.db, {
    userId,
    status: query.status,
    q: query.q,
    offset: pageOffset(query),
    limit: size,
    sortField: query['sort-field'],
    sortOrder: query['sort-order'],
  });
  return { content: rows.map((r) => view(ctx, r)), total };
}

/** `GET credentials/self`. */
export function listOwnCredentials(options: {
  ctx: RsspContext;
  actor: AuthUser;
  query: OwnCredentialListQuery;
}): Promise<CredentialPage> {
  return page(options.ctx, options.query, options.actor.id);
}

/** `GET credentials` (admin; the route checks the role). */
export function listAllCredentials(options: {
  ctx: RsspContext;
  query: CredentialListQuery;
}): Promise<CredentialPage> {
  return page(options.ctx, options.query, options.query.userId);
}

/** `GET users/self/credentials/activated`. */
export async function listActivatedCredentials(options: {
  ctx: RsspContext;
  actor: AuthUser;
}): Promise<Credential[]> {
  const rows = await store.listActivatedCredentials(options.ctx.database.db, options.actor.id);
  return rows.map((r) => view(options.ctx, r));
}

export async function updateCredential(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
  input: UpdateCredential;
}): Promise<Credential> {
  const { ctx, actor, id, input } = options;
  checkPreauthUntil(input.preauthUntil);
  return changeCredential(ctx, {
    actor,
    id,
    access: 'manage',
    values: () => ({
      description: input.description,
      ...(input.preauthQuantity !== undefined ? { preauthQuantity: input.preauthQuantity } : {}),
      ...(input.preauthUntil !== undefined
        ? { preauthUntil: input.preauthUntil ? new Date(input.preauthUntil) : null }
        : {}),
    }),
  });
}

/**
 * Deletes the credential and with it the only copies of its wrapped key; the certificate the
 * embedded CA issued it is revoked in the same transaction.
 */
export async function deleteCredential(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
}): Promise<void> {
  const { ctx, actor, id } = options;
  await ctx.database.db.transaction(async (tx) => {
    const row = await resolveCredential(ctx, actor, id, 'manage', tx);
    await store.deleteCredential(tx, id);
    await revokeCredentialCertificates(tx, [row.certChain]);
    await announce(ctx, row, tx);
  });
}

/**
 * `POST credentials/{id}/activate`. EXPLICIT: wraps the key under the key password and under the
 * PUK (each HKDF(scrypt(secret) ‖ KEK)) and drops the KEK-only copy. IMPLICIT: asks the owner's
 * enabled devices for approval (NO_ENABLED_DEVICES without one) and waits for it up to
 * AUTHORIZATION_TIMEOUT_SECS; a verified approval, used once, activates it (decision 014).
 */
export async function activateCredential(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
  input: ActivateCredential;
  /** The caller went away: an implicit activation's request is cancelled. */
  signal?: AbortSignal;
}): Promise<Credential> {
  const { ctx, actor, id, input } = options;
  const row = await resolveCredential(ctx, actor, id, 'keyOwner');
  if (row.status !== 'CREATED')
    throw new AppError('INVALID_REQUEST', 'The credential is already activated');
  if (row.authMode === 'IMPLICIT') {
    if (input.keyPassword !== undefined) {
      throw new AppError(
        'INVALID_REQUEST',
        'An implicit credential is activated on a device, without a key password',
      );
    }
    return activateOnDevice(ctx, row, options.signal);
  }
  if (input.keyPassword === undefined || input.keyPuk === undefined) {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', {
      keyPassword: 'Field is required',
      keyPuk: 'Field is required',
    });
  }
  if (!row.wrappedKey) throw new AppError('INVALID_REQUEST', 'The credential is already activated');
  const pkcs8 = unwrapWithKek(ctx.ring, row.wrappedKey, wrapAad(id, 'kek'));
  try {
    const [wrappedKeyPassword, wrappedKeyPuk] = await Promise.all([
      wrapUnderSecret(ctx, { id, kind: 'password', pkcs8, secret: input.keyPassword }),
      wrapUnderSecret(ctx, { id, kind: 'puk', pkcs8, secret: input.keyPuk }),
    ]);
    const activated = await ctx.database.db.transaction(async (tx) => {
      const locked = await store.lockCredential(tx, id);
      if (!locked) throw notFound('Credential');
      if (locked.status !== 'CREATED')
        throw new AppError('INVALID_REQUEST', 'The credential is already activated');
      return updateAndAnnounce(ctx, tx, id, {
        status: 'ACTIVATED',
        wrappedKey: null,
        wrappedKeyPassword,
        wrappedKeyPuk,
        failedPasswordAttempts: 0,
        failedPukAttempts: 0,
      });
    });
    return view(ctx, activated);
  } finally {
    pkcs8.fill(0);
  }
}

/** IMPLICIT activation: the owner approves on a device; the approval is used once to activate. */
async function activateOnDevice(
  ctx: RsspContext,
  row: CredentialRow,
  signal: AbortSignal | undefined,
): Promise<Credential> {
  const request = await requestApproval(ctx, {
    credential: row,
    purpose: 'ACTIVATE',
    hashes: [],
    hashAlgorithm: 'none',
  });
  await awaitDecision(ctx, request, signal);
  const activated = await ctx.database.db.transaction(async (tx) => {
    await consumeApproval(tx, {
      approvalId: request.id,
      credentialId: row.id,
      userId: row.userId,
      purpose: 'ACTIVATE',
      hashes: [],
    });
    const locked = await store.lockCredential(tx, row.id);
    if (!locked) throw notFound('Credential');
    if (locked.status !== 'CREATED')
      throw new AppError('INVALID_REQUEST', 'The credential is already activated');
    return updateAndAnnounce(ctx, tx, row.id, { status: 'ACTIVATED' });
  });
  return view(ctx, activated);
}

async function explicitActivated(
  ctx: RsspContext,
  actor: AuthUser,
  id: string,
): Promise<CredentialRow> {
  const row = await resolveCredential(ctx, actor, id, 'keyOwner');
  if (row.status !== 'ACTIVATED')
    throw new AppError('CREDENTIAL_NOT_ACTIVATED', 'The credential is not activated');
  if (row.authMode !== 'EXPLICIT') {
    throw new AppError('INVALID_REQUEST', 'An implicit credential has no key password or PUK');
  }
  if (isBlockedForGood(ctx, row)) throw blockedForGood();
  return row;
}

/** What a key-password operation receives: the actor, the credential id and the request body. */
type KeyOperation<Input> = { ctx: RsspContext; actor: AuthUser; id: string; input: Input };

/**
 * The shared step of the key-password operations: the owner's activated explicit credential is
 * opened with a counted secret (`kind`), the key is wrapped again under the new key password (and
 * the new PUK, if any), and the copies are committed against the secret that opened it. Opening
 * with the PUK also resets the wrong-password count. The key bytes are wiped whatever happens.
 */
async function rewrapWithSecret(
  ctx: RsspContext,
  options: {
    actor: AuthUser;
    id: string;
    kind: SecretKind;
    secret: string;
    newKeyPassword: string;
    newKeyPuk?: string;
  },
): Promise<Credential> {
  const { actor, id, kind, secret, newKeyPassword, newKeyPuk } = options;
  const row = await explicitActivated(ctx, actor, id);
  const opened = await openWithSecret(ctx, row, kind, secret);
  const { pkcs8 } = opened;
  try {
    const [wrappedKeyPassword, wrappedKeyPuk] = await Promise.all([
      wrapUnderSecret(ctx, { id, kind: 'password', pkcs8, secret: newKeyPassword }),
      newKeyPuk === undefined
        ? undefined
        : wrapUnderSecret(ctx, { id, kind: 'puk', pkcs8, secret: newKeyPuk }),
    ]);
    const updated = await commitOpened(ctx, {
      id,
      kind,
      blob: opened.blob,
      attempt: opened.attempt,
      changes: {
        wrappedKeyPassword,
        ...(wrappedKeyPuk === undefined ? {} : { wrappedKeyPuk }),
        // A new key password starts with no failures (after a PUK unlock, too).
        failedPasswordAttempts: 0,
      },
    });
    return view(ctx, updated);
  } catch (error) {
    // The secret was right: not a wrong attempt, whatever failed (no-op once committed).
    await releaseAttempt(ctx.database.db, opened.attempt);
    throw error;
  } finally {
    pkcs8.fill(0);
  }
}

/** `POST credentials/{id}/changePassword`: the old password (counted), then re-wrap under the new one. */
export async function changeKeyPassword(
  options: KeyOperation<ChangeKeyPassword>,
): Promise<Credential> {
  const { ctx, actor, id, input } = options;
  return rewrapWithSecret(ctx, {
    actor,
    id,
    kind: 'password',
    secret: input.oldKeyPassword,
    newKeyPassword: input.newKeyPassword,
  });
}

/** `POST credentials/{id}/unlock`: the PUK (counted) opens its copy; a new key password, counters reset. */
export async function unlockCredential(
  options: KeyOperation<UnlockCredential>,
): Promise<Credential> {
  const { ctx, actor, id, input } = options;
  return rewrapWithSecret(ctx, {
    actor,
    id,
    kind: 'puk',
    secret: input.keyPuk,
    newKeyPassword: input.newKeyPassword,
  });
}

/** `POST credentials/{id}/changePuk`: the old PUK (counted); re-wrap under the new PUK and new password. */
export async function changePuk(options: KeyOperation<ChangePuk>): Promise<Credential> {
  const { ctx, actor, id, input } = options;
  return rewrapWithSecret(ctx, {
    actor,
    id,
    kind: 'puk',
    secret: input.oldKeyPuk,
    newKeyPassword: input.newKeyPassword,
    newKeyPuk: input.newKeyPuk,
  });
}

/** `PUT credentials/{id}/certificateChain`: checked and ordered end-entity first. */
export async function setCertificateChain(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
  certificates: string[];
}): Promise<Credential> {
  const { ctx, actor, id } = options;
  const current = await resolveCredential(ctx, actor, id, 'manage');
  const chain = buildCertificateChain(
    options.certificates,
    Buffer.from(current.publicKey, 'base64'),
  );
  return changeCredential(ctx, { actor, id, access: 'manage', values: () => chainColumns(chain) });
}

/** `POST credentials/{id}/clearPreauthorization`. */
export async function clearPreauthorization(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
}): Promise<Credential> {
  const { ctx, actor, id } = options;
  return changeCredential(ctx, {
    actor,
    id,
    access: 'keyOwner',
    values: (locked) => {
      if (locked.status !== 'ACTIVATED') {
        throw new AppError('CREDENTIAL_NOT_ACTIVATED', 'The credential is not activated');
      }
      return { preauthQuantity: null, preauthUntil: null };
    },
  });
}

/** `POST credentials/certificateInfo`: every certificate in the text, described. */
export function describeCertificates(pem: string): Certificate[] {
  try {
    return readCertificates(pem).map((bytes) => {
      certificateParts(bytes);
      return describeCertificate(bytes);
    });
  } catch {
    throw new AppError('INVALID_REQUEST', 'Not a PEM or DER certificate');
  }
}
