import { mkdirSync } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkLength, type BlobStore } from './document-store';

const uuidPattern = /^[0-9a-f-]{36}$/;

/**
 * Document bytes as files beside the embedded database (`DATA_DIR/documents`, owner-only), for
 * the embedded default: PGlite keeps a bytea in its WebAssembly memory several times over, which
 * for a 50 MB PDF costs gigabytes and tens of seconds (docs/decisions/011-document-files.md). A file
 * is written under a temporary name and renamed, so a reader never sees half of one. Signed
 * revisions keep their increments the same way, as `<revision id>.increment`.
 */
export function fileBlobStore(dir: string, extension = 'pdf'): BlobStore {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pathOf = (documentId: string) => {
    // Ids come from the database, but a path is built from them: only a UUID passes.
    if (!uuidPattern.test(documentId)) throw new Error(`Not a document id: ${documentId}`);
    return join(dir, `${documentId}.${extension}`);
  };
  return {
    async put(_db, documentId, bytes) {
      const path = pathOf(documentId);
      await writeFile(`${path}.part`, bytes, { mode: 0o600 });
      await rename(`${path}.part`, path);
    },
    async get(_db, documentId) {
      try {
        return await readFile(pathOf(documentId));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async readInto(_db, documentId, target) {
      return (await readWhole(pathOf(documentId), target)) !== undefined;
    },
    async remove(documentId) {
      await rm(pathOf(documentId), { force: true });
    },
  };
}

/**
 * A file's bytes read into `into`, which must be exactly their length (the start of a joined
 * revision's buffer); undefined when the file is missing.
 */
async function readWhole(path: string, into: Uint8Array): Promise<Uint8Array | undefined> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await file.stat();
    checkLength(path, size, into);
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await file.read(into, offset, size - offset, offset);
      if (bytesRead === 0) throw new Error(`${path} ended early`);
      offset += bytesRead;
    }
    return into;
  } finally {
    await file.close();
  }
}
