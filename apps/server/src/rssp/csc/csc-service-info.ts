import type { FastifyReply } from 'fastify';
import type { Timings } from '#infra/timings';
import { signAlgorithms } from './csc-algorithms';
import type { CscOAuthDeps } from './csc-oauth';
import type { KeyContext } from '../custody';

/** What the CSC route trees of both versions (csc-routes.ts, csc-routes-v1.ts) share. */
export interface CscRouteOptions {
  ctx: KeyContext;
  deps: CscOAuthDeps;
}

/** `info` of the service; `specs` and the method names differ between v1 and v2. */
export function serviceInfo(deps: CscOAuthDeps, version: 'v1' | 'v2', methods: string[]) {
  return {
    specs: version === 'v2' ? '2.0.0.2' : '1.0.4.0',
    name: 'Signet',
    logo: `${deps.publicUrl}/favicon.svg`,
    region: 'HU',
    lang: 'en-US',
    description: 'Signet remote signing service (rSSP)',
    authType: ['oauth2code'],
    oauth2: `${deps.publicUrl}/csc/v2`,
    oauth2Issuer: `${deps.publicUrl}/csc/v2`,
    asynchronousOperationMode: false,
    methods,
    validationInfo: false,
    signAlgorithms: { algos: signAlgorithms },
    signature_formats: { formats: [], envelope_properties: [] },
    conformance_levels: [],
  };
}

/** Answers with the Server-Timing of the call (the bench reads it). */
export function timed(reply: FastifyReply, timings: Timings, started: number) {
  timings.add('total', performance.now() - started);
  return reply.header('server-timing', timings.header());
}
