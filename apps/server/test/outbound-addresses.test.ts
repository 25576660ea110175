import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackMessages } from '@signet/contracts/callbacks';
import { isPublicAddress } from '#infra/http';
import { checkCallbackUrl, refuseUnusableCallbackUrl } from '#rdss/callbacks/callback-address';
import { fetchValidationData } from '#rssp/validation-data/validation-fetch';
import { freePort } from './free-port';

/**
 * Where a user-chosen URL may lead (issue 39 §6): a chain's callback URL and a certificate's
 * OCSP or CRL URL reach public addresses only, judged on the address the HTTP client would
 * connect to, in every spelling of it.
 */

const config = {
  CALLBACK_SECRET: 'a-callback-secret-of-some-length',
  CALLBACK_ALLOW_PRIVATE: false,
};

/** What a chain's creation answers for `url`: the field's message, or null when accepted. */
async function refusal(url: string): Promise<string | null> {
  try {
    await refuseUnusableCallbackUrl(config, url);
    return null;
  } catch (error) {
    return (error as { fields?: Record<string, string> }).fields?.externalCallbackUrl ?? 'thrown';
  }
}

describe('outbound addresses (issue 39 §6)', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = createServer((_request, response) => response.end('answer'));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a callback URL to an inside address in every spelling, and one parsers read differently', async () => {
    for (const url of [
      // IPv4-compatible IPv6 (::/96): loopback and the cloud metadata address.
      'https://[::127.0.0.1]/hook',
      'https://[::a9fe:a9fe]/hook',
      'https://[::7f00:1]/hook',
      // IPv4-mapped, in hex; NAT64, 6to4 and Teredo carrying an inside IPv4 address.
      'https://[::ffff:7f00:1]/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
      // Unspecified, site-local, unique local, link-local.
      'https://[::]/hook',
      'https://[fec0::1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      // IPv4 as one number, in hex, shortened: the URL parser makes 127.0.0.1 of each.
      'https://2130706433/hook',
      'https://0x7f.1/hook',
      'https://127.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://192.88.99.1/hook',
    ]) {
      expect(await refusal(url), url).toBe(callbackMessages.notPublic);
    }
    for (const url of [
      // WHATWG (and Node's client) reads the host 93.184.215.14; an RFC 3986 reader 127.0.0.1.
      'https://93.184.215.14\\@127.0.0.1/',
      'https://93.184.215.14\\\\127.0.0.1/',
      'https:93.184.215.14/hook',
      'https://93.184.215.14\t/hook',
      'https://93.184.215.14/ho\u202Eok',
    ]) {
      expect(await refusal(url), JSON.stringify(url)).toBe(callbackMessages.ambiguous);
    }
    expect(await refusal('https://user@93.184.215.14/')).toBe(callbackMessages.credentials);
  });

  it('takes a public address, IPv4 or IPv6, and connects to the address it checked', async () => {
    expect(await refusal('https://93.184.215.14/hook?token=x')).toBeNull();
    const v6 = await checkCallbackUrl('https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]:8443/h', {
      allowPrivate: false,
    });
    expect(v6).toMatchObject({ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 });
  });

  it('judges every address by one rule: public unicast only, mapped IPv4 by its IPv4 address', () => {
    const table: [string, boolean][] = [
      ['93.184.215.14', true],
      ['8.8.8.8', true],
      ['2606:4700:4700::1111', true],
      ['::ffff:93.184.215.14', true],
      ['::ffff:5db8:d70e', true],
      ['127.0.0.1', false],
      ['10.0.0.1', false],
      ['100.64.0.1', false],
      ['172.16.0.1', false],
      ['192.168.1.1', false],
      ['198.18.0.1', false],
      ['224.0.0.1', false],
      ['255.255.255.255', false],
      ['::1', false],
      ['::', false],
      ['::127.0.0.1', false],
      ['::a9fe:a9fe', false],
      ['::ffff:127.0.0.1', false],
      ['::ffff:7f00:1', false],
      ['::ffff:0:7f00:1', false],
      ['64:ff9b::7f00:1', false],
      ['64:ff9b:1::1', false],
      ['100::1', false],
      ['2001:db8::1', false],
      ['2002:c0a8:101::1', false],
      ['2001::1', false],
      ['3fff::1', false],
      ['5f00::1', false],
      ['fc00::1', false],
      ['fe80::1', false],
      ['fec0::1', false],
      ['ff02::1', false],
      ['localhost', false],
      ['127.1', false],
    ];
    for (const [address, expected] of table) {
      expect(isPublicAddress(address), address).toBe(expected);
    }
  });

  it('refuses validation data from an IPv4-compatible or ambiguous URL as a private address', async () => {
    const limits = { timeoutMs: 2_000, maxBytes: 1024, allowPrivate: false };
    const fetch = (url: string, allowPrivate = false) =>
      fetchValidationData(
        url,
        { method: 'GET', accept: '*/*' },
        { ...limits, allowPrivate },
        () => {},
      ).then(
        (body) => body.toString(),
        (error: Error) => error.message,
      );
    expect(await fetch(`http://[::127.0.0.1]:${port}/crl`)).toBe('private address refused');
    expect(await fetch(`http://[::a9fe:a9fe]:${port}/crl`)).toBe('private address refused');
    expect(await fetch(`http://[::ffff:7f00:1]:${port}/crl`)).toBe('private address refused');
    expect(await fetch(`http://127.0.0.1:${port}/crl`)).toBe('private address refused');
    expect(await fetch(`http://93.184.215.14\\@127.0.0.1:${port}/crl`)).toBe(
      'ambiguous URL refused',
    );
    // The same server, allowed (an organisation's internal CA): reached.
    expect(await fetch(`http://127.0.0.1:${port}/crl`, true)).toBe('answer');
  });
});
