import { describe, expect, it } from 'vitest';
import { en } from './i18n/strings-en';
import { hu } from './i18n/strings-hu';

/** Every namespace folder must have the same keys in English and Hungarian. */
const files = import.meta.glob<{ default: unknown }>('../**/i18n/{en,hu}.json', { eager: true });

function keysOf(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([key, value]) =>
    keysOf(value, prefix ? `${prefix}.${key}` : key),
  );
}

function emptyValues(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return node.trim() ? [] : [prefix];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    emptyValues(value, prefix ? `${prefix}.${key}` : key),
  );
}

const folders = [
  ...new Set(Object.keys(files).map((path) => path.replace(/\/(en|hu)\.json$/, ''))),
];

describe('translations', () => {
  it('finds the namespaces', () => {
    expect(folders.length).toBeGreaterThanOrEqual(4);
  });

  it('registers every namespace folder in both languages (an unregistered one shows its keys)', () => {
    const registered = (strings: object) => new Set(Object.values(strings));
    for (const folder of folders) {
      expect(registered(en).has(files[`${folder}/en.json`]?.default), folder).toBe(true);
      expect(registered(hu).has(files[`${folder}/hu.json`]?.default), folder).toBe(true);
    }
  });

  it.each(folders)('%s has the same keys in en and hu, none empty', (folder) => {
    const en = files[`${folder}/en.json`]?.default;
    const hu = files[`${folder}/hu.json`]?.default;
    expect(hu, `${folder}/hu.json missing`).toBeDefined();
    expect(keysOf(hu).sort()).toEqual(keysOf(en).sort());
    expect(emptyValues(en)).toEqual([]);
    expect(emptyValues(hu)).toEqual([]);
  });
});
