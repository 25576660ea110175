import { createHash, createPublicKey, verify } from 'node:crypto';
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError } from '#infra/app-error';
import type { DeviceRow } from './device-table';

/** Where WebAuthn ceremonies happen: the web app's origin and its host name as RP ID. */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { origin: url.origin, rpId: url.hostname };
}

/** A WebAuthn challenge for `text`: base64url of its SHA-256 (what the page computes too). */
export function challengeOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64url');
}

const invalid = (message: string) => new AppError('AUTHORIZATION_INVALID', message);

/** Reads an Ed25519 SubjectPublicKeyInfo (base64 DER); VALIDATION_FAILED for anything else. */
export function readDevicePublicKey(base64: string): string {
  try {
    const key = createPublicKey({
      key: Buffer.from(base64, 'base64'),
      format: 'der',
      type: 'spki',
    });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('not ed25519');
    return key.export({ format: 'der', type: 'spki' }).toString('base64');
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', {
      publicKey: 'An Ed25519 public key (SubjectPublicKeyInfo, base64) is required',
    });
  }
}

/** A WebAuthn registration whose challenge is `challengeOf(challengeText)`, with user verification. */
export async function verifyRegistration(options: {
  rp: RelyingParty;
  response: Record<string, unknown>;
  challengeText: string;
}): Promise<{ credentialId: string; publicKey: string; counter: number }> {
  const { rp } = options;
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: options.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challengeOf(options.challengeText),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', {
      registration: 'The passkey registration does not verify',
    });
  }
  if (!result.verified) {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', {
      registration: 'The passkey registration does not verify',
    });
  }
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
  };
}

/**
 * Verifies a device's proof over `payload` against its enrolled public key: an Ed25519 signature
 * (KEY) or a WebAuthn assertion with user verification whose challenge is the payload's SHA-256
 * (WEBAUTHN). Returns the authenticator's new signature counter (WEBAUTHN); AUTHORIZATION_INVALID
 * when the proof is missing or does not verify.
 */
export async function verifyDeviceProof(options: {
  rp: RelyingParty;
  device: DeviceRow;
  payload: string;
  signature?: string;
  assertion?: Record<string, unknown>;
}): Promise<{ counter: number | null }> {
  const { device, payload } = options;
  if (device.kind === 'KEY') {
    if (!options.signature) throw invalid('The decision carries no signature');
    const key = createPublicKey({
      key: Buffer.from(device.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const ok = verify(
      null,
      Buffer.from(payload, 'utf8'),
      key,
      Buffer.from(options.signature, 'base64'),
    );
    if (!ok) throw invalid("The device's signature does not verify for this request");
    return { counter: null };
  }
  if (!options.assertion || !device.webauthnCredentialId) {
    throw invalid('The decision carries no passkey assertion');
  }
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: options.assertion as unknown as AuthenticationResponseJSON,
      expectedChallenge: challengeOf(payload),
      expectedOrigin: options.rp.origin,
      expectedRPID: options.rp.rpId,
      credential: {
        id: device.webauthnCredentialId,
        publicKey: new Uint8Array(Buffer.from(device.publicKey, 'base64url')),
        counter: device.webauthnCounter,
      },
      requireUserVerification: true,
    });
  } catch {
    throw invalid("The device's passkey assertion does not verify for this request");
  }
  if (!result.verified) {
    throw invalid("The device's passkey assertion does not verify for this request");
  }
  return { counter: result.authenticationInfo.newCounter };
}
