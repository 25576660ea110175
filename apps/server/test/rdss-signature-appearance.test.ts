import { execFile } from 'node:child_process';
import {
  constants,
  createPrivateKey,
  privateEncrypt,
  randomUUID,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign, type Signer } from '@signet/pades';
import { formatSigningTime, signatureAppearance } from '#rdss/profiles/signature-appearance';
import { defaultSignatureField, type SignItem } from '@signet/contracts/signatures';
import { chainSignatureAppearance, profileCredential } from '#rdss/profiles/sign-appearance';
import { createCredential, createRsspTestApp, fastKdfEnv, type Person } from './rssp-fixture';
import { dataUrl, signatureImage } from './signature-images';
import type { TestApp } from './test-app';

const run = promisify(execFile);
const digestInfoSha256 = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** A self-signed RSA test signer made by openssl (pades signs; pdftoppm renders). */
async function testSigner(dir: string): Promise<Signer> {
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Appearance Test',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  const key: KeyObject = createPrivateKey(readFileSync(join(dir, 'key.pem')));
  const certificate = new X509Certificate(readFileSync(join(dir, 'cert.pem')));
  return {
    certificateChain: [new Uint8Array(certificate.raw)],
    algorithm: 'RSA_PKCS1',
    signHash: async (hash) =>
      privateEncrypt(
        { key, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([digestInfoSha256, hash]),
      ),
  };
}

/** Page 1 rendered by pdftoppm at 72 dpi (1 px per point) as RGBA pixels. */
async function renderPage(dir: string, pdf: Uint8Array) {
  writeFileSync(join(dir, 'signed.pdf'), pdf);
  await run('pdftoppm', [
    '-r',
    '72',
    '-f',
    '1',
    '-l',
    '1',
    '-png',
    '-singlefile',
    join(dir, 'signed.pdf'),
    join(dir, 'page'),
  ]);
  const image = await loadImage(readFileSync(join(dir, 'page.png')));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const pixel = (x: number, y: number): [number, number, number] => {
    const i = (y * image.width + x) * 4;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  /** How many pixels of the region are like `match`. */
  const count = (
    x0: number,
    y0: number,
    w: number,
    h: number,
    match: (p: [number, number, number]) => boolean,
  ) => {
    let n = 0;
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (match(pixel(x, y))) n++;
    return n;
  };
  return { width: image.width, height: image.height, pixel, count };
}

const isWhite = ([r, g, b]: [number, number, number]) => r > 245 && g > 245 && b > 245;
const isRed = ([r, g, b]: [number, number, number]) => r > 150 && g < 80 && b < 80;
const isYellow = ([r, g, b]: [number, number, number]) => r > 230 && g > 220 && b > 120 && b < 200;
const isDark = ([r, g, b]: [number, number, number]) => r + g + b < 200;

describe('the visible signature a signing shows (rendered by pdftoppm)', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let dir: string;
  let signer: Signer;
  let blankPdf: Uint8Array;

  beforeAll(async () => {
    ({ t, admin, ann } = await createRsspTestApp(fastKdfEnv));
    dir = mkdtempSync(join(tmpdir(), 'signet-appearance-'));
    signer = await testSigner(dir);
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    blankPdf = await pdf.save();
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('draws a drawn signature on a transparent background until an admin sets one: the page shows through', async () => {
    // A page painted green where the signature goes.
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawRectangle({
      x: 0,
      y: 0,
      width: 612,
      height: 300,
      color: rgb(0.2, 0.7, 0.3),
    });
    const green = await pdf.save();
    const appearance = await signatureAppearance({
      db: t.context.database.db,
      maxImageBytes: 1_048_576,
      signer: { id: ann.id, name: 'Ann Test' },
      source: { kind: 'drawn', imageDataUrl: dataUrl(await signatureImage('png')) },
      signedAt: new Date('2026-11-25T08:00:00Z'),
    });
    expect(appearance.content.backgroundColor).toBeUndefined();
    const signed = await sign(green, signer, {
      appearance: {
        page: 1,
        originX: 400,
        originY: 40,
        width: 180,
        height: 60,
        ...appearance.content,
      },
    });
    const page = await renderPage(dir, signed);
    const box = { x: 400, y: 792 - 100, w: 180, h: 60 };
    const isGreen = ([r, g, b]: [number, number, number]) => g > 150 && r < 100 && b < 120;
    // Most of the box is the page's green; the drawing and the lines are on it.
    expect(page.count(box.x, box.y, box.w, box.h, isGreen)).toBeGreaterThan(box.w * box.h * 0.4);
    expect(page.count(box.x, box.y, box.w, box.h, isWhite)).toBeLessThan(box.w * box.h * 0.05);
    expect(page.count(box.x, box.y, box.w, box.h, isRed)).toBeGreaterThan(100);
  });

  it("draws the profile's image and the lines on the admin's background, where the profile saved it", async () => {
    const background = await t.app.inject({
      method: 'PUT',
      url: '/rdss/v1/signatures/visibleSignature/adminProps',
      headers: admin.headers,
      payload: { bgColor: { red: 255, green: 240, blue: 150 } },
    });
    expect(background.statusCode, background.body).toBe(200);
    const credential = await createCredential(t, ann);
    const saved = { page: 1, originX: 50, originY: 50, width: 300, height: 100 };
    const created = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/users/self/signatureProfiles',
      headers: ann.headers,
      payload: {
        name: 'Visible',
        credentialId: credential.id,
        sourceImageDataUrl: dataUrl(await signatureImage('png')),
        textParams: { text: 'Ann', textColor: { red: 0, green: 0, blue: 0 } },
        savedSignatureFieldParameters: saved,
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    const signedAt = new Date('2026-11-25T08:00:00Z');
    const appearance = await signatureAppearance({
      db: t.context.database.db,
      maxImageBytes: 1_048_576,
      signer: { id: ann.id, name: 'Ann Test' },
      source: { kind: 'profile', profileId: created.json<{ id: string }>().id },
      signedAt,
      comment: 'Approved',
    });
    expect(appearance.savedPosition).toEqual(saved);
    expect(appearance.profileCredentialId).toBe(credential.id);
    expect(appearance.content.textLines).toEqual([
      'Ann',
      'Ann Test',
      formatSigningTime(signedAt),
      'Approved',
    ]);
    expect(formatSigningTime(signedAt)).toBe('2026.11.25 08:00:00 UTC');

    const signed = await sign(blankPdf, signer, {
      appearance: { ...appearance.savedPosition!, ...appearance.content },
    });
    const page = await renderPage(dir, signed);
    expect([page.width, page.height]).toEqual([612, 792]);
    // The box: x 50–350, y (from the top) 792-150 … 792-50.
    const box = { x: 50, y: 642, w: 300, h: 100 };
    const inside = box.w * box.h;
    expect(page.count(box.x, box.y, box.w, box.h, isWhite)).toBeLessThan(inside * 0.05);
    expect(page.count(box.x, box.y, box.w, box.h, isYellow)).toBeGreaterThan(inside * 0.4);
    expect(page.count(box.x, box.y, box.w, box.h, isRed)).toBeGreaterThan(200);
    expect(page.count(box.x, box.y, box.w, box.h, isDark)).toBeGreaterThan(50);
    // Outside it the page stays blank.
    expect(page.count(0, 0, 612, 600, isWhite)).toBe(612 * 600);
  });

  it("draws a clerk's client drawing with the client's name, over the background image", async () => {
    const backgroundImage = dataUrl(await signatureImage('jpeg', 200, 200), 'image/jpeg');
    await t.app.inject({
      method: 'PUT',
      url: '/rdss/v1/signatures/visibleSignature/adminProps',
      headers: admin.headers,
      payload: { bgColor: { red: 255, green: 255, blue: 255 }, bgImageDataUrl: backgroundImage },
    });
    const appearance = await signatureAppearance({
      db: t.context.database.db,
      maxImageBytes: 1_048_576,
      signer: { id: ann.id, name: 'Ann Clerk' },
      source: {
        kind: 'clerk',
        imageDataUrl: dataUrl(await signatureImage('png')),
        subsignerName: ' Walk-in Client ',
      },
      signedAt: new Date('2026-11-25T09:30:00Z'),
    });
    expect(appearance.content.textLines).toEqual([
      'Walk-in Client',
      'Ann Clerk',
      '2026.11.25 09:30:00 UTC',
    ]);
    expect(appearance.content.backgroundImage).toBeInstanceOf(Uint8Array);
    expect(appearance.savedPosition).toBeNull();
    const signed = await sign(blankPdf, signer, {
      appearance: {
        page: 1,
        originX: 300,
        originY: 600,
        width: 240,
        height: 80,
        ...appearance.content,
      },
    });
    const page = await renderPage(dir, signed);
    const box = { x: 300, y: 792 - 680, w: 240, h: 80 };
    expect(page.count(box.x, box.y, box.w, box.h, isRed)).toBeGreaterThan(200);
    expect(page.count(box.x, box.y, box.w, box.h, isDark)).toBeGreaterThan(30);
    expect(page.count(0, 300, 612, 492, isWhite)).toBe(612 * 492);

    const bad = signatureAppearance({
      db: t.context.database.db,
      maxImageBytes: 1_048_576,
      signer: { id: ann.id, name: 'Ann' },
      source: { kind: 'drawn', imageDataUrl: dataUrl(Buffer.from('not a png')) },
      signedAt: new Date(),
    });
    await expect(bad).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const foreign = signatureAppearance({
      db: t.context.database.db,
      maxImageBytes: 1_048_576,
      signer: { id: admin.id, name: 'Admin' },
      source: { kind: 'profile', profileId: '00000000-0000-4000-8000-000000000000' },
      signedAt: new Date(),
    });
    await expect(foreign).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives the sign call whole AppearanceOptions: placed box, else saved position, else the default', async () => {
    const credential = await createCredential(t, ann, { description: 'Positions' });
    const saved = { page: 1, originX: 100, originY: 200, width: 180, height: 60 };
    const created = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/users/self/signatureProfiles',
      headers: ann.headers,
      payload: {
        name: 'Positioned',
        credentialId: credential.id,
        textParams: { text: 'Ann' },
        savedSignatureFieldParameters: saved,
      },
    });
    const profileId = created.json<{ id: string }>().id;
    const base = {
      db: t.context.database.db,
      maxImageBytes: 1_048_576,
      signer: { id: ann.id, name: 'Ann Test' },
      signedAt: new Date('2026-11-25T10:00:00Z'),
    };
    // What the sign call asks of one chain's item: its appearance and the profile's credential.
    const appearanceForSignItem = async (asked: {
      userImageDataUrl?: string;
      signatureProfileId?: string;
      signatureFieldParameters?: SignItem['signatureFieldParameters'];
      comment?: string;
      subsignerName?: string;
    }) => {
      const { userImageDataUrl, signatureProfileId, subsignerName, ...item } = asked;
      const request = { userImageDataUrl, signatureProfileId };
      return {
        appearance: await chainSignatureAppearance({
          ...base,
          request,
          item: { signatureId: randomUUID(), currentSignatureId: randomUUID(), ...item },
          subsignerName: subsignerName ?? null,
        }),
        profileCredentialId: await profileCredential({ ...base, request }),
      };
    };
    expect(await appearanceForSignItem({})).toEqual({
      appearance: undefined,
      profileCredentialId: null,
    });
    const fromProfile = await appearanceForSignItem({ signatureProfileId: profileId });
    expect(fromProfile.profileCredentialId).toBe(credential.id);
    expect(fromProfile.appearance).toMatchObject({
      ...saved,
      textLines: ['Ann', 'Ann Test', '2026.11.25 10:00:00 UTC'],
    });
    const placed = { page: 1, originX: 10, originY: 20, width: 150, height: 50 };
    const moved = await appearanceForSignItem({
      signatureProfileId: profileId,
      signatureFieldParameters: placed,
      comment: 'OK',
    });
    expect(moved.appearance).toMatchObject({
      ...placed,
      textLines: ['Ann', 'Ann Test', '2026.11.25 10:00:00 UTC', 'OK'],
    });
    const drawn = await appearanceForSignItem({
      userImageDataUrl: dataUrl(await signatureImage('png')),
    });
    expect(drawn.appearance).toMatchObject(defaultSignatureField);
    expect(drawn.appearance?.image).toBeInstanceOf(Uint8Array);
    const clerk = await appearanceForSignItem({
      userImageDataUrl: dataUrl(await signatureImage('png')),
      subsignerName: 'Client',
      signatureFieldParameters: placed,
    });
    expect(clerk.appearance?.textLines).toEqual(['Client', 'Ann Test', '2026.11.25 10:00:00 UTC']);
  });
});
