import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Certificate,
  type CreateCredentialInput,
  type Credential,
  type CredentialAlgorithms,
  type CredentialPage,
  ecCurveNames,
  rsaKeySizes,
  sphincsParameterSets,
} from '@signet/contracts/credentials';
import { certificateParts, fromPem, requestParts, signedParts, toPem } from '@signet/der';
import { verifySignature } from '#rssp/keys/key-algorithms';
import {
  createCredential,
  createRsspTestApp,
  credentialInput,
  fastKdfEnv,
  keyPassword,
  post,
  puk,
  type Person,
} from './rssp-fixture';
import type { TestApp } from './test-app';

// Every size and curve of the contract, so a value added there is tested here too.
const algorithms: { name: string; input: Partial<CreateCredentialInput> }[] = [
  ...rsaKeySizes.map((size) => ({
    name: `rsa ${size}`,
    input: { keyAlg: 'rsa' as const, rsaKeySize: size, ecCurveName: undefined },
  })),
  ...ecCurveNames.map((curve) => ({
    name: `ec ${curve}`,
    input: { keyAlg: 'ec' as const, ecCurveName: curve },
  })),
  ...sphincsParameterSets.map((set) => ({
    name: `sphincs+ ${set}`,
    input: { keyAlg: 'sphincs+' as const, ecCurveName: set },
  })),
];

const fullName = {
  commonName: 'Ann Ápril Test',
  surname: 'Test',
  givenName: 'Ann',
  organization: 'Signet Kft.',
  organizationalUnit: 'Signing',
  countryName: 'HU',
  localityName: 'Budapest',
  emailAddress: 'ann@example.com',
  serialNumber: 'PNOHU-12345678',
  title: 'Engineer',
  stateOrProvinceName: 'Pest',
  customFields: [{ oid: '1.3.6.1.4.1.55555.1.2', value: 'custom value' }],
};

function openssl(args: string[]): { ok: boolean; output: string } {
  const res = spawnSync('openssl', args, { encoding: 'utf8' });
  return { ok: res.status === 0, output: `${res.stdout}${res.stderr}` };
}

describe('rSSP credentials: algorithms, requests, certificates', () => {
  let t: TestApp;
  let ann: Person;
  let dir: string;
  let rootPem: string;

  beforeAll(async () => {
    ({ t, ann } = await createRsspTestApp(fastKdfEnv));
    dir = mkdtempSync(join(tmpdir(), 'signet-rssp-'));
    const root = await t.app.inject({ url: '/rssp/v1/ca/certificate' });
    expect(root.statusCode).toBe(200);
    rootPem = root.body;
    writeFileSync(join(dir, 'root.pem'), rootPem);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('lists the algorithms this server can generate, including every curve of the contract list', async () => {
    const res = await t.app.inject({
      url: '/rssp/v1/credentials/algorithms',
      headers: ann.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<CredentialAlgorithms>();
    expect(body.rsaKeySizes).toEqual([2048, 3072, 4096]);
    expect(body.ecCurveNames).toEqual(
      expect.arrayContaining([
        'prime256v1',
        'secp384r1',
        'secp521r1',
        'secp256k1',
        'brainpoolP256r1',
        'brainpoolP384r1',
        'brainpoolP512r1',
      ]),
    );
    // Each curve once: secp256r1 is prime256v1 (one OID), so only the first name is offered.
    expect(body.ecCurveNames).not.toContain('secp256r1');
    expect(new Set(body.ecCurveNames).size).toBe(body.ecCurveNames.length);
    expect(body.sphincsParameterSets).toEqual(['sphincs-sha2-128f']);
    expect(body.keyPurposes).not.toContain('SYMMETRIC_ENCRYPT');
    expect(body.keyPurposesByKeyAlg).toEqual({
      rsa: ['ASYMMETRIC_SIGN', 'ASYMMETRIC_DECRYPT', 'AUTHENTICATE'],
      ec: ['ASYMMETRIC_SIGN', 'AUTHENTICATE'],
      'sphincs+': ['ASYMMETRIC_SIGN', 'AUTHENTICATE'],
    });
    expect(body.authModes).toEqual(['EXPLICIT', 'IMPLICIT']);
  });

  it('accepts an algorithm only with the key purposes it can serve', async () => {
    for (const input of [
      { keyAlg: 'sphincs+', ecCurveName: 'sphincs-sha2-128f' },
      { keyAlg: 'ec', ecCurveName: 'prime256v1' },
    ] as const) {
      const refused = await post(t, ann, '/rssp/v1/credentials/', {
        ...credentialInput(input),
        keyPurpose: 'ASYMMETRIC_DECRYPT',
      });
      expect(refused.statusCode, input.keyAlg).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { keyPurpose: 'This algorithm cannot serve this key purpose' },
      });
    }
    const rsa = await createCredential(t, ann, {
      keyAlg: 'rsa',
      rsaKeySize: 2048,
      ecCurveName: undefined,
      keyPurpose: 'ASYMMETRIC_DECRYPT',
    });
    expect(rsa.keyPurpose).toBe('ASYMMETRIC_DECRYPT');
  });

  it("certifies only the owner's own e-mail: another one is refused, none gets the account's", async () => {
    const before = await t.app.inject({ url: '/rssp/v1/credentials/self', headers: ann.headers });
    for (const distinguishedName of [
      { commonName: 'Mallory', emailAddress: 'admin@example.com' },
      {
        commonName: 'Mallory',
        customFields: [{ oid: '1.2.840.113549.1.9.1', value: 'admin@example.com' }],
      },
    ]) {
      const refused = await post(t, ann, '/rssp/v1/credentials/', {
        ...credentialInput({ certificateEnrollmentMode: 'CMP' }),
        distinguishedName,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The e-mail address must be ann@example.com',
      });
      expect(Object.values(refused.json<{ fields: Record<string, string> }>().fields)).toEqual([
        "The e-mail address must be the owner's own",
      ]);
    }
    const after = await t.app.inject({ url: '/rssp/v1/credentials/self', headers: ann.headers });
    expect(after.json()).toEqual(before.json());

    const created = await createCredential(t, ann, {
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'Ann Test' },
    });
    const pem = created.certChain[0]!.pem;
    writeFileSync(join(dir, 'own-email.pem'), pem);
    const text = openssl([
      'x509',
      '-noout',
      '-subject',
      '-ext',
      'subjectAltName',
      '-nameopt',
      'RFC2253',
      '-in',
      join(dir, 'own-email.pem'),
    ]);
    expect(text.ok, text.output).toBe(true);
    expect(text.output).toContain('emailAddress=ann@example.com');
    expect(text.output).toContain('email:ann@example.com');
  });

  it('serves the embedded CA root, named as not publicly trusted', () => {
    const text = openssl(['x509', '-noout', '-subject', '-in', join(dir, 'root.pem')]);
    expect(text.ok).toBe(true);
    expect(text.output).toContain('not publicly trusted');
  });

  for (const algorithm of algorithms) {
    it(
      `${algorithm.name}: create with CMP, openssl accepts the request and the embedded CA certificate, chain upload checks the key`,
      { timeout: 120_000 },
      async () => {
        const created = await createCredential(t, ann, {
          ...algorithm.input,
          description: `Key ${algorithm.name}`,
          certificateEnrollmentMode: 'CMP',
          distinguishedName: fullName,
        });
        expect(created.status).toBe('CREATED');
        expect(created.certChain).toHaveLength(2);
        expect(created.certChain[0]?.issuedTo).toBe('Ann Ápril Test');
        const isSlhDsa = algorithm.input.keyAlg === 'sphincs+';
        // An SLH-DSA key is certified by the post-quantum CA, with SLH-DSA (decision 057).
        expect(created.certChain[0]?.issuedBy).toBe(
          isSlhDsa
            ? 'Signet Post-Quantum CA (SLH-DSA) — not publicly trusted'
            : 'Signet Embedded CA — not publicly trusted',
        );
        expect(created.certChain[0]?.daysLeft).toBeGreaterThanOrEqual(728);
        expect(created.certificateSerialNumber).toBe(created.certChain[0]?.serialNum);

        const request = await t.app.inject({
          url: `/rssp/v1/credentials/${created.id}/certificateRequest`,
          headers: ann.headers,
        });
        expect(request.statusCode).toBe(200);
        expect(request.headers['content-disposition']).toContain(
          `Key%20${encodeURIComponent(algorithm.name.split(' ')[0] ?? '')}`,
        );
        expect(request.body).toContain('-----BEGIN CERTIFICATE REQUEST-----');
        const reqFile = join(dir, `${created.id}.csr.pem`);
        writeFileSync(reqFile, request.body);
        const certFile = join(dir, `${created.id}.crt.pem`);
        writeFileSync(certFile, created.certChain[0]?.pem ?? '');

        const [csrDer] = fromPem(request.body, 'CERTIFICATE REQUEST');
        const [eeDer] = fromPem(created.certChain[0]?.pem ?? '', 'CERTIFICATE');
        const [rootDer] = fromPem(
          isSlhDsa ? (await t.app.inject({ url: '/rssp/v1/ca/pq/certificate' })).body : rootPem,
          'CERTIFICATE',
        );
        expect(created.certChain[1]?.pem.trim()).toBe(toPem('CERTIFICATE', rootDer!).trim());
        if (isSlhDsa) {
          // OpenSSL 3.0 has no SLH-DSA: verify the request's self-signature and the CA's signature here.
          const signed = signedParts(csrDer!);
          const { spki } = requestParts(csrDer!);
          expect(
            verifySignature({
              spki,
              signatureAlgorithm: signed.signatureAlgorithm,
              data: signed.tbs,
              signature: signed.signature,
            }),
          ).toBe(true);
          const ee = certificateParts(eeDer!);
          const root = certificateParts(rootDer!);
          expect(ee.issuer.equals(root.subject)).toBe(true);
          expect(
            verifySignature({
              spki: root.spki,
              signatureAlgorithm: ee.signatureAlgorithm,
              data: ee.tbs,
              signature: ee.signature,
            }),
          ).toBe(true);
          expect(ee.spki.equals(spki)).toBe(true);
        } else {
          const verified = openssl(['req', '-verify', '-noout', '-in', reqFile]);
          expect(verified.output).toContain('verify OK');
          const subject = openssl([
            'req',
            '-noout',
            '-subject',
            '-nameopt',
            'RFC2253',
            '-in',
            reqFile,
          ]).output;
          for (const part of [
            'CN=Ann',
            'O=Signet Kft.',
            'OU=Signing',
            'C=HU',
            'L=Budapest',
            'ST=Pest',
            'title=Engineer',
            'SN=Test',
            'GN=Ann',
            'serialNumber=PNOHU-12345678',
            'emailAddress=ann@example.com',
            '1.3.6.1.4.1.55555.1.2=',
          ]) {
            expect(subject).toContain(part);
          }
          const chainOk = openssl(['verify', '-CAfile', join(dir, 'root.pem'), certFile]);
          expect(chainOk.output).toContain(': OK');
          const usage = openssl(['x509', '-noout', '-ext', 'keyUsage', '-in', certFile]).output;
          expect(usage).toContain('Digital Signature, Non Repudiation');
        }

        // Upload the chain in the wrong order, as PEM and as base64 DER: accepted and ordered.
        const upload = await t.app.inject({
          method: 'PUT',
          url: `/rssp/v1/credentials/${created.id}/certificateChain`,
          headers: ann.headers,
          payload: [rootDer!.toString('base64'), created.certChain[0]?.pem],
        });
        expect(upload.statusCode).toBe(200);
        const uploaded = upload.json<Credential>();
        expect(uploaded.certChain.map((c) => c.serialNum)).toEqual(
          created.certChain.map((c) => c.serialNum),
        );
      },
    );
  }

  it('refuses a chain whose certificate belongs to another key, and an empty chain', async () => {
    const mine = await createCredential(t, ann, { description: 'Mine' });
    const other = await createCredential(t, ann, {
      description: 'Other',
      certificateEnrollmentMode: 'CMP',
    });
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/rssp/v1/credentials/${mine.id}/certificateChain`,
      headers: ann.headers,
      payload: other.certChain.map((c) => c.pem),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      message: "No certificate holds the credential's public key",
    });
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/rssp/v1/credentials/${mine.id}/certificateChain`,
      headers: ann.headers,
      payload: [],
    });
    expect(empty.json()).toMatchObject({ code: 'EMPTY_CERTIFICATE_CHAIN' });
    const garbage = await t.app.inject({
      method: 'PUT',
      url: `/rssp/v1/credentials/${mine.id}/certificateChain`,
      headers: ann.headers,
      payload: ['not a certificate'],
    });
    expect(garbage.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    // A chain with an unrelated extra certificate is refused: each must issue the one before.
    const withStranger = await t.app.inject({
      method: 'PUT',
      url: `/rssp/v1/credentials/${other.id}/certificateChain`,
      headers: ann.headers,
      payload: [
        ...other.certChain.map((c) => c.pem),
        mine.certChain[0]?.pem ?? rootPem.replace('A', 'B'),
      ],
    });
    expect(withStranger.statusCode).toBe(400);
  });

  it('describes certificates sent as PEM (several blocks) or base64 DER', async () => {
    const res = await post(t, ann, '/rssp/v1/credentials/certificateInfo', {
      pem: rootPem + rootPem,
    });
    expect(res.statusCode).toBe(200);
    const certs = res.json<Certificate[]>();
    expect(certs).toHaveLength(2);
    expect(certs[0]).toMatchObject({
      issuedTo: 'Signet Embedded CA — not publicly trusted',
      issuedBy: 'Signet Embedded CA — not publicly trusted',
    });
    const der = fromPem(rootPem, 'CERTIFICATE')[0]!.toString('base64');
    const fromDer = await post(t, ann, '/rssp/v1/credentials/certificateInfo', { pem: der });
    expect(fromDer.json<Certificate[]>()[0]?.serialNum).toBe(certs[0]?.serialNum);
    const bad = await post(t, ann, '/rssp/v1/credentials/certificateInfo', { pem: 'nope' });
    expect(bad.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('validates with the §5 messages and refuses SYMMETRIC_ENCRYPT and IMPORTED on create', async () => {
    const res = await post(t, ann, '/rssp/v1/credentials/', {
      ...credentialInput(),
      description: 'abc',
      distinguishedName: {
        commonName: '',
        countryName: 'HUN',
        emailAddress: 'x',
        customFields: [{ oid: '1.02', value: 'v' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        description: 'Size must be between 4 and 255 characters',
        'distinguishedName.commonName': 'Field is required',
        'distinguishedName.countryName': 'Size must be between 2 and 2 characters',
        'distinguishedName.emailAddress': 'Invalid email format',
        'distinguishedName.customFields.0.oid': 'This is not a valid OID',
      },
    });
    for (const bad of [
      { keyPurpose: 'SYMMETRIC_ENCRYPT' },
      { authMode: 'IMPORTED' },
      { keyAlg: 'aes' },
    ]) {
      const refused = await post(t, ann, '/rssp/v1/credentials/', { ...credentialInput(), ...bad });
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('lists own credentials with status, q and paging; updates, sets and clears preauthorisation, deletes', async () => {
    const a = await createCredential(t, ann, { description: 'Alpha list key' });
    await createCredential(t, ann, { description: 'Beta list key', authMode: 'IMPLICIT' });
    const list = await t.app.inject({
      url: '/rssp/v1/credentials/self?q=list%20key&page-size=10&sort-field=description&sort-order=asc',
      headers: ann.headers,
    });
    expect(list.statusCode).toBe(200);
    const page = list.json<CredentialPage>();
    expect(page.total).toBe(2);
    expect(page.content.map((c) => c.description)).toEqual(['Alpha list key', 'Beta list key']);
    // Pages count from 1: page 1 is the first, page 2 is past the end.
    const pageOf = async (n: number) =>
      (
        await t.app.inject({
          url: `/rssp/v1/credentials/self?q=list%20key&page-size=10&page-num=${n}&sort-field=description&sort-order=asc`,
          headers: ann.headers,
        })
      ).json<CredentialPage>();
    expect((await pageOf(1)).content.map((c) => c.description)).toEqual([
      'Alpha list key',
      'Beta list key',
    ]);
    expect(await pageOf(2)).toMatchObject({ total: 2, content: [] });
    const totalOnly = await t.app.inject({
      url: '/rssp/v1/credentials/self?q=list%20key&page-size=0',
      headers: ann.headers,
    });
    expect(totalOnly.json()).toEqual({ total: 2, content: [] });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/rssp/v1/credentials/${a.id}`,
      headers: ann.headers,
      payload: { description: 'Alpha renamed', preauthQuantity: 5, preauthUntil: until },
    });
    expect(updated.json()).toMatchObject({
      description: 'Alpha renamed',
      preauthQuantity: 5,
      preauthUntil: until,
    });
    const notYet = await post(t, ann, `/rssp/v1/credentials/${a.id}/clearPreauthorization`);
    expect(notYet.json()).toMatchObject({ code: 'CREDENTIAL_NOT_ACTIVATED' });
    expect(
      (await post(t, ann, `/rssp/v1/credentials/${a.id}/activate`, { keyPassword, keyPuk: puk }))
        .statusCode,
    ).toBe(200);
    const activated = await t.app.inject({
      url: '/rssp/v1/credentials/self?status=ACTIVATED&q=Alpha',
      headers: ann.headers,
    });
    expect(activated.json<CredentialPage>().content.map((c) => c.id)).toEqual([a.id]);
    const mine = await t.app.inject({
      url: '/rssp/v1/users/self/credentials/activated',
      headers: ann.headers,
    });
    expect(mine.json<{ items: Credential[] }>().items.map((c) => c.id)).toContain(a.id);
    const cleared = await post(t, ann, `/rssp/v1/credentials/${a.id}/clearPreauthorization`);
    expect(cleared.json()).toMatchObject({ preauthQuantity: null, preauthUntil: null });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/credentials/${a.id}`,
      headers: ann.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/rssp/v1/credentials/${a.id}`, headers: ann.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('answers an implicit activation with NO_ENABLED_DEVICES', async () => {
    const implicit = await createCredential(t, ann, { authMode: 'IMPLICIT' });
    const res = await post(t, ann, `/rssp/v1/credentials/${implicit.id}/activate`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NO_ENABLED_DEVICES',
      message: 'There are no enabled devices',
    });
    const noBody = await t.app.inject({
      method: 'POST',
      url: `/rssp/v1/credentials/${implicit.id}/activate`,
      headers: ann.headers,
    });
    expect(noBody.json()).toMatchObject({ code: 'NO_ENABLED_DEVICES' });
  });
});
