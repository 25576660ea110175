import { createCanvas, loadImage } from '@napi-rs/canvas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  SignatureProfile,
  SignatureProfileInputValues,
  SignatureProfilePage,
  VisibleSignatureAdminProps,
} from '@signet/contracts/signature-profiles';
import {
  createCredential,
  createRsspTestApp,
  fastKdfEnv,
  person,
  type Person,
} from './rssp-fixture';
import { dataUrl, signatureImage } from './signature-images';
import type { TestApp } from './test-app';

const maxImageBytes = 200_000;

/** A PNG of random pixels: it does not compress, so it is about width × height × 4 bytes. */
async function noisePng(side: number): Promise<Buffer> {
  const canvas = createCanvas(side, side);
  const ctx = canvas.getContext('2d');
  const pixels = ctx.createImageData(side, side);
  for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = Math.floor(Math.random() * 256);
  ctx.putImageData(pixels, 0, 0);
  return canvas.encode('png');
}

async function imageSize(url: string): Promise<{ width: number; height: number }> {
  const image = await loadImage(Buffer.from(url.split(',')[1] ?? '', 'base64'));
  return { width: image.width, height: image.height };
}

describe('rDSS signature profiles and the visible-signature background', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let annsCredential: string;
  let bobsCredential: string;
  let png: string;
  let jpeg: string;

  const call = (
    who: Person | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/rdss/v1${url}`,
      ...(who ? { headers: who.headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const profiles = '/users/self/signatureProfiles';
  const input = (overrides: Partial<SignatureProfileInputValues> = {}) => ({
    name: 'My signature',
    credentialId: annsCredential,
    sourceImageDataUrl: png,
    textParams: {
      text: 'Ann Test',
      size: 30,
      font: 'Caveat',
      textColor: { red: 0, green: 0, blue: 200 },
    },
    ...overrides,
  });
  const create = async (overrides: Partial<SignatureProfileInputValues> = {}, who = ann) => {
    const res = await call(who, 'POST', profiles, input(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SignatureProfile>();
  };
  const total = async (who: Person) =>
    (await call(who, 'GET', `${profiles}?page-size=0`)).json<SignatureProfilePage>().total;

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      MAX_SIGNATURE_PROFILE_IMAGE_BYTES: String(maxImageBytes),
    }));
    annsCredential = (await createCredential(t, ann)).id;
    bobsCredential = (await createCredential(t, bob)).id;
    png = dataUrl(await signatureImage('png'));
    jpeg = dataUrl(await signatureImage('jpeg'), 'image/jpeg');
  });
  afterAll(() => t.close());

  it('creates a profile with an image and text, and reads it back whole and in the list', async () => {
    const created = await create({ renderedImageDataUrl: jpeg });
    expect(created).toMatchObject({
      name: 'My signature',
      credentialId: annsCredential,
      hasImage: true,
      sourceImageDataUrl: png,
      renderedImageDataUrl: jpeg,
      textParams: {
        text: 'Ann Test',
        size: 30,
        font: 'Caveat',
        textColor: { red: 0, green: 0, blue: 200 },
        backgroundColor: null,
      },
      savedSignatureFieldParameters: null,
    });
    const read = await call(ann, 'GET', `${profiles}/${created.id}`);
    expect(read.json()).toEqual(created);
    const list = (await call(ann, 'GET', profiles)).json<SignatureProfilePage>();
    const row = list.content.find((p) => p.id === created.id);
    expect(row).toMatchObject({ name: 'My signature', hasImage: true });
    expect(row).not.toHaveProperty('sourceImageDataUrl');
    // The preview is the rendered image.
    const image = await call(ann, 'GET', `/signatures/visibleSignature/profileImage/${created.id}`);
    expect(image.json()).toEqual({ imageDataUrl: jpeg });
    await call(ann, 'DELETE', `${profiles}/${created.id}`);
  });

  it('fills the defaults of D§9: ratio 24, Kolker Brush, black text; text alone is enough', async () => {
    const created = await create({
      name: 'Text only',
      sourceImageDataUrl: null,
      textParams: { text: 'Ann' },
    });
    expect(created).toMatchObject({
      hasImage: false,
      sourceImageDataUrl: null,
      textParams: {
        text: 'Ann',
        size: 24,
        font: 'Kolker Brush',
        textColor: { red: 0, green: 0, blue: 0 },
      },
    });
    const image = await call(ann, 'GET', `/signatures/visibleSignature/profileImage/${created.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.json<{ imageDataUrl: string }>().imageDataUrl).toMatch(/^data:image\/png;base64,/);
    await call(ann, 'DELETE', `${profiles}/${created.id}`);
  });

  it('refuses bad profiles with VALIDATION_FAILED on the field, and stores nothing', async () => {
    const before = await total(ann);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const jpegBytes = await signatureImage('jpeg');
    const truncatedPng = (await signatureImage('png')).subarray(0, 60);
    const cases: [
      string,
      Partial<SignatureProfileInputValues> | Record<string, unknown>,
      string,
    ][] = [
      ['no name', { name: '  ' }, 'name'],
      ['a name over 255', { name: 'x'.repeat(256) }, 'name'],
      [
        'neither image nor text',
        { sourceImageDataUrl: null, textParams: { text: '' } },
        'sourceImageDataUrl',
      ],
      ['a GIF called PNG', { sourceImageDataUrl: dataUrl(gif) }, 'sourceImageDataUrl'],
      ['JPEG bytes called PNG', { sourceImageDataUrl: dataUrl(jpegBytes) }, 'sourceImageDataUrl'],
      ['a cut-off PNG', { sourceImageDataUrl: dataUrl(truncatedPng) }, 'sourceImageDataUrl'],
      [
        'a text/plain data URL',
        { sourceImageDataUrl: 'data:text/plain;base64,aGk=' },
        'sourceImageDataUrl',
      ],
      [
        'an image over the limit',
        { sourceImageDataUrl: dataUrl(await noisePng(260)) },
        'sourceImageDataUrl',
      ],
      ['a ratio of 0', { textParams: { text: 'a', size: 0 } }, 'textParams.size'],
      ['a ratio of 101', { textParams: { text: 'a', size: 101 } }, 'textParams.size'],
      ['a font not of D§9', { textParams: { text: 'a', font: 'Comic Sans' } }, 'textParams.font'],
      [
        'a colour out of range',
        { textParams: { text: 'a', textColor: { red: 256, green: 0, blue: 0 } } },
        'textParams.textColor.red',
      ],
      ["Bob's credential", { credentialId: bobsCredential }, 'credentialId'],
      ['no credential', { credentialId: undefined }, 'credentialId'],
      ['an unknown field', { extra: 1 }, ''],
    ];
    for (const [label, overrides, field] of cases) {
      const res = await call(ann, 'POST', profiles, { ...input(), ...overrides });
      expect({ label, status: res.statusCode }).toEqual({ label, status: 400 });
      const body = res.json<{ code: string; fields?: Record<string, string> }>();
      expect(body.code, label).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(body.fields ?? {}), label).toContain(field);
    }
    expect(await total(ann)).toBe(before);
  });

  it('keeps names unique per user (any case): ALREADY_EXISTS on create and update', async () => {
    const first = await create({ name: 'Office' });
    const second = await create({ name: 'Home' });
    const again = await call(ann, 'POST', profiles, input({ name: 'OFFICE' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_EXISTS',
      message: 'OFFICE already exists',
    });
    const renamed = await call(ann, 'PUT', `${profiles}/${second.id}`, input({ name: 'office' }));
    expect(renamed.statusCode).toBe(409);
    expect((await call(ann, 'GET', `${profiles}/${second.id}`)).json()).toMatchObject({
      name: 'Home',
    });
    // Another user may use the same name.
    await create({ name: 'Office', credentialId: bobsCredential }, bob);
    for (const p of [first, second]) await call(ann, 'DELETE', `${profiles}/${p.id}`);
  });

  it('lists with q and paging from 1; page-size 0 answers the total; by-user answers all', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `List ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await create({ name, sourceImageDataUrl: null });
    await create({ name: 'Other 100%', sourceImageDataUrl: null });
    const page = async (query: string) =>
      (await call(ann, 'GET', `${profiles}?${query}`)).json<SignatureProfilePage>();
    const first = await page('q=list&page-num=1&page-size=10');
    expect(first.total).toBe(12);
    expect(first.content.map((p) => p.name)).toEqual(names.slice(0, 10));
    const second = await page('q=list&page-num=2&page-size=10');
    expect(second.content.map((p) => p.name)).toEqual(names.slice(10));
    expect(await page('q=list&page-size=0')).toEqual({ content: [], total: 12 });
    expect((await page('q=100%25')).content.map((p) => p.name)).toEqual(['Other 100%']);
    const desc = await page('q=list&sort-order=desc&page-size=10');
    expect(desc.content[0]?.name).toBe('List 12');
    const bad = await call(ann, 'GET', `${profiles}?page-num=0`);
    expect(bad.statusCode).toBe(400);
    const all = (await call(ann, 'GET', `${profiles}/by-user`)).json<SignatureProfilePage>();
    expect(all.total).toBe(13);
    expect(all.content.map((p) => p.name)).toEqual([...names, 'Other 100%']);
    // Bob sees only his own.
    const bobs = (await call(bob, 'GET', `${profiles}/by-user`)).json<SignatureProfilePage>();
    expect(bobs.content.every((p) => p.credentialId === bobsCredential)).toBe(true);
    for (const p of all.content) await call(ann, 'DELETE', `${profiles}/${p.id}`);
    expect(await total(ann)).toBe(0);
  });

  it('updates a profile (the saved position too); another user reaches none of it', async () => {
    const created = await create({ name: 'Before' });
    const position = { page: 2, originX: 40, originY: 60, width: 150, height: 50 };
    const updated = await call(
      ann,
      'PUT',
      `${profiles}/${created.id}`,
      input({
        name: 'After',
        sourceImageDataUrl: jpeg,
        textParams: { text: 'New text', size: 50, font: 'WindSong' },
        savedSignatureFieldParameters: position,
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'After',
      sourceImageDataUrl: jpeg,
      textParams: { text: 'New text', size: 50, font: 'WindSong' },
      savedSignatureFieldParameters: position,
    });
    const afterUpdate = (await call(ann, 'GET', `${profiles}/${created.id}`)).json();
    for (const [method, url, body] of [
      ['GET', `${profiles}/${created.id}`, undefined],
      ['PUT', `${profiles}/${created.id}`, input({ credentialId: bobsCredential, name: 'Hijack' })],
      ['DELETE', `${profiles}/${created.id}`, undefined],
      ['GET', `/signatures/visibleSignature/profileImage/${created.id}`, undefined],
      ['GET', `/signatures/visibleSignature/${created.id}`, undefined],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call(ann, 'GET', `${profiles}/${created.id}`)).json()).toEqual(afterUpdate);
    // An update naming a foreign credential changes nothing either.
    const foreign = await call(
      ann,
      'PUT',
      `${profiles}/${created.id}`,
      input({ credentialId: bobsCredential }),
    );
    expect(foreign.statusCode).toBe(400);
    expect((await call(ann, 'GET', `${profiles}/${created.id}`)).json()).toEqual(afterUpdate);

    const removed = await call(ann, 'DELETE', `${profiles}/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(ann, 'GET', `${profiles}/${created.id}`)).statusCode).toBe(404);
    expect((await call(ann, 'DELETE', `${profiles}/${created.id}`)).statusCode).toBe(404);
  });

  it('lets only an admin set the background; everyone reads it; a bad image is refused', async () => {
    const defaults = await call(ann, 'GET', '/signatures/visibleSignature/adminProps');
    expect(defaults.json()).toEqual({
      bgImageDataUrl: null,
      bgColor: { red: 255, green: 255, blue: 255 },
    });
    const props = { bgImageDataUrl: jpeg, bgColor: { red: 255, green: 240, blue: 150 } };
    const refused = await call(ann, 'PUT', '/signatures/visibleSignature/adminProps', props);
    expect(refused.statusCode).toBe(403);
    expect((await call(ann, 'GET', '/signatures/visibleSignature/adminProps')).json()).toEqual(
      defaults.json(),
    );
    const bad = await call(admin, 'PUT', '/signatures/visibleSignature/adminProps', {
      ...props,
      bgImageDataUrl: dataUrl(await signatureImage('jpeg')),
    });
    expect(bad.statusCode).toBe(400);
    const saved = await call(admin, 'PUT', '/signatures/visibleSignature/adminProps', props);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(props);
    expect((await call(bob, 'GET', '/signatures/visibleSignature/adminProps')).json()).toEqual(
      props,
    );
    const cleared = await call(admin, 'PUT', '/signatures/visibleSignature/adminProps', {
      bgColor: { red: 255, green: 255, blue: 255 },
    });
    expect(cleared.json<VisibleSignatureAdminProps>().bgImageDataUrl).toBeNull();
  });

  it('composes the visible signature on the background, and the clerk image with the name', async () => {
    await call(admin, 'PUT', '/signatures/visibleSignature/adminProps', {
      bgColor: { red: 0, green: 0, blue: 255 },
    });
    const created = await create({ name: 'Composed' });
    const visible = await call(ann, 'GET', `/signatures/visibleSignature/${created.id}`);
    expect(visible.statusCode, visible.body).toBe(200);
    const url = visible.json<{ imageDataUrl: string }>().imageDataUrl;
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(await imageSize(url)).toEqual({ width: 600, height: 200 });
    const image = await loadImage(Buffer.from(url.split(',')[1] ?? '', 'base64'));
    const canvas = createCanvas(600, 200);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const corner = ctx.getImageData(2, 2, 1, 1).data;
    expect([...corner.slice(0, 3)]).toEqual([0, 0, 255]);

    const combined = await call(ann, 'POST', '/signatures/visibleSignature/combineImage', {
      userImageDataUrl: png,
      subsignerName: 'Walk-in Client',
    });
    expect(combined.statusCode, combined.body).toBe(200);
    const combinedUrl = combined.json<{ imageDataUrl: string }>().imageDataUrl;
    expect(await imageSize(combinedUrl)).toEqual({ width: 600, height: 200 });
    // The drawing on the left half, the client's name on the right.
    const painted = async (x: number) => {
      const drawn = await loadImage(Buffer.from(combinedUrl.split(',')[1] ?? '', 'base64'));
      const board = createCanvas(600, 200).getContext('2d');
      board.drawImage(drawn, 0, 0);
      const { data } = board.getImageData(x, 0, 300, 200);
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
      return n;
    };
    expect(await painted(0)).toBeGreaterThan(500);
    expect(await painted(300)).toBeGreaterThan(200);
    const noName = await call(ann, 'POST', '/signatures/visibleSignature/combineImage', {
      userImageDataUrl: png,
      subsignerName: ' ',
    });
    expect(noName.statusCode).toBe(400);
    const notImage = await call(ann, 'POST', '/signatures/visibleSignature/combineImage', {
      userImageDataUrl: dataUrl(Buffer.from('not an image at all')),
      subsignerName: 'Client',
    });
    expect(notImage.statusCode).toBe(400);
    await call(ann, 'DELETE', `${profiles}/${created.id}`);
    await call(admin, 'PUT', '/signatures/visibleSignature/adminProps', {});
  });

  it("removes a deleted user's profiles with the user", async () => {
    const carl = await person(t, 'carl@example.com');
    const carlsCredential = (await createCredential(t, carl)).id;
    await create({ name: 'Carl', credentialId: carlsCredential }, carl);
    expect(await total(carl)).toBe(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${carl.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const left = await t.context.database.db.execute(
      sql`select count(*)::int as n from rdss.signature_profiles where owner_id = ${carl.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]).toEqual({ n: 0 });
  });
});
