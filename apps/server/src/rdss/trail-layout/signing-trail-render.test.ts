import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import {
  renderSigningTrail,
  signingTrailBudget,
  type SigningTrailInput,
} from './signing-trail-render';

const dir = mkdtempSync(join(tmpdir(), 'signing-trail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const chainId = '0b7f4a52-6a3e-4d1e-9a51-3f3c2b1d9e01';
const signerId = '5d1e0c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6';

function event(kind: ChainHistoryEvent['kind'], at: string, detail: ChainHistoryEvent['detail']) {
  return { kind, at, entryId: null, actorId: signerId, detail } satisfies ChainHistoryEvent;
}

/** One event of every kind, with the details each would carry. */
const everyKind: ChainHistoryEvent[] = [
  event('CREATED', '2026-11-27T08:00:01.000Z', { name: 'Kovács Ödön', email: 'odon@example.hu' }),
  event('INVITED', '2026-11-27T08:00:02.000Z', { email: 'tunde@example.hu', name: 'Őry Tünde' }),
  event('OPENED', '2026-11-27T08:15:00.000Z', { name: 'Őry Tünde', email: 'tunde@example.hu' }),
  event('APPROVED', '2026-11-27T08:20:00.000Z', {
    name: 'Approver Anna',
    email: 'anna@example.com',
    reason: 'Looks right',
  }),
  event('SIGNED', '2026-11-27T08:31:05.000Z', {
    name: 'Őry Tünde',
    email: 'tunde@example.hu',
    certificateSubject: 'CN=Őry Tünde, O=Signet Test',
    certificateSerial: '4f1a9c2e7b',
    certificateIssuer: 'CN=Signet Test CA',
    page: 3,
    clientAddress: '203.0.113.7',
    subsignerName: 'Walk-in Will',
  }),
  event('REMINDED', '2026-11-27T09:00:00.000Z', { name: 'Late Larry', email: 'larry@example.com' }),
  event('DECLINED', '2026-11-27T09:10:00.000Z', {
    name: 'Late Larry',
    email: 'larry@example.com',
    reason: 'Wrong amount on page 2',
  }),
  event('WITHDRAWN', '2026-11-27T09:20:00.000Z', { reason: 'Superseded by a new draft' }),
  event('EXPIRED', '2026-11-27T09:30:00.000Z', {}),
  event('COMPLETED', '2026-11-27T09:40:00.000Z', {}),
];

function input(language: 'en' | 'hu', events = everyKind): SigningTrailInput {
  return {
    documentName: 'Szerződés – bérleti díj.pdf',
    uploadSha256: 'a'.repeat(32) + 'b'.repeat(32),
    chainId,
    chainType: 'ORDERED',
    creator: { name: 'Kovács Ödön', email: 'odon@example.hu' },
    events,
    language,
    generatedAt: new Date('2026-11-27T10:00:00.000Z'),
  };
}

function check(bytes: Uint8Array, name: string) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const qpdf = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const raw = Buffer.from(bytes).toString('latin1');
  return { qpdf, text, raw };
}

describe('renderSigningTrail', () => {
  it('prints every kind of event with its details and UTC time, in English', async () => {
    const bytes = await renderSigningTrail(input('en'));
    const { qpdf, text, raw } = check(bytes, 'en.pdf');
    expect(qpdf.status, qpdf.stdout + qpdf.stderr).toBe(0);
    expect(qpdf.stdout).toContain('No syntax or stream encoding errors');
    for (const expected of [
      'Signing trail',
      'Szerződés – bérleti díj.pdf',
      'a'.repeat(32) + 'b'.repeat(32),
      chainId,
      'Ordered',
      'Kovács Ödön <odon@example.hu>',
      '2026-11-27 08:31:05 UTC',
      'Signed',
      'Őry Tünde',
      'tunde@example.hu',
      'CN=Őry Tünde, O=Signet Test',
      '4f1a9c2e7b',
      'CN=Signet Test CA',
      '203.0.113.7',
      'Walk-in Will',
      'Wrong amount on page 2',
      'Superseded by a new draft',
      'First opened',
      'Approved',
      'Declined',
      'Withdrawn',
      'Completed',
      'Expired',
      'Reminded',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Page of the visible signature\s+3/);
    expect(text).toMatch(/\b1 ?\/ ?1\s*$/);
    // Events in the order they happened.
    expect(text.indexOf('08:00:01')).toBeLessThan(text.indexOf('08:31:05'));
    expect(text.indexOf('08:31:05')).toBeLessThan(text.indexOf('09:40:00'));
    // The engine copies these pages into an incremental update: no object or xref streams.
    expect(raw).not.toMatch(/\/Type\s*\/ObjStm/);
    expect(raw).not.toMatch(/\/Type\s*\/XRef/);
    expect(raw).toMatch(/\nxref\r?\n/);
  });

  it('prints the Hungarian trail with its accented letters', async () => {
    const { qpdf, text } = check(await renderSigningTrail(input('hu')), 'hu.pdf');
    expect(qpdf.status, qpdf.stdout + qpdf.stderr).toBe(0);
    for (const expected of [
      'Aláírási napló',
      'Aláírta',
      'Elutasította',
      'Visszavonva',
      'Befejeződött',
      'Sorrendi',
      'Tanúsítvány sorozatszáma',
      '4f1a9c2e7b',
      '203.0.113.7',
      'Őry Tünde',
      '2026-11-27 08:31:05 UTC',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('gives the same bytes for the same input', async () => {
    const first = await renderSigningTrail(input('en'));
    const second = await renderSigningTrail(input('en'));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it('renders 50 participants with every event quickly, numbering its pages', async () => {
    const events: ChainHistoryEvent[] = [];
    for (let i = 0; i < 50; i += 1) {
      const who = { name: `Signer ${i} ${'Hosszú'.repeat(80)}`, email: `s${i}@example.com` };
      events.push(event('INVITED', '2026-11-27T08:00:00.000Z', who));
      events.push(event('OPENED', '2026-11-27T08:01:00.000Z', who));
      events.push(event('REMINDED', '2026-11-27T08:02:00.000Z', who));
      events.push(
        event('SIGNED', '2026-11-27T08:03:00.000Z', {
          ...who,
          certificateSubject: `CN=Signer ${i}`,
          certificateSerial: `serial-${i}`,
          certificateIssuer: 'CN=CA',
          clientAddress: '2001:db8::1',
          page: 1,
        }),
      );
    }
    const started = performance.now();
    const bytes = await renderSigningTrail(input('en', events));
    expect(performance.now() - started).toBeLessThan(10_000);
    const { qpdf, text } = check(bytes, 'long.pdf');
    expect(qpdf.status, qpdf.stdout + qpdf.stderr).toBe(0);
    const pages = Number(
      /Pages:\s+(\d+)/.exec(
        execFileSync('pdfinfo', [join(dir, 'long.pdf')], { encoding: 'utf8' }),
      )?.[1],
    );
    expect(pages).toBeGreaterThan(1);
    expect(pages).toBeLessThanOrEqual(signingTrailBudget.maxPages);
    expect(text).toMatch(new RegExp(`\\b${pages} ?/ ?${pages}\\s*$`));
    expect(text).toContain('serial-49');
    // A long name is capped to the field budget.
    expect(text).not.toContain('Hosszú'.repeat(60));
  });

  it('stops at the page budget with a note of the events left out', async () => {
    const events = Array.from({ length: 2000 }, (_, i) =>
      event('REMINDED', '2026-11-27T08:02:00.000Z', { name: `P${i}`, email: `p${i}@example.com` }),
    );
    const { qpdf, text } = check(await renderSigningTrail(input('en', events)), 'cut.pdf');
    expect(qpdf.status, qpdf.stdout + qpdf.stderr).toBe(0);
    const max = signingTrailBudget.maxPages;
    expect(text).toMatch(new RegExp(`\\b${max} ?/ ?${max}\\s*$`));
    expect(text).toMatch(/… and \d+ more events/);
  });
});
