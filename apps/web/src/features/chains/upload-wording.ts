/**
 * What the upload dialog says for the files chosen so far (issue 38 §14): one PDF is a document;
 * several are a batch, which becomes one chain per file or, with the bulk switch, one chain whose
 * signed result is an ASiC-E container.
 */
export function uploadWording(fileCount: number, bulk: boolean) {
  const isBatch = fileCount > 1;
  return {
    title: isBatch ? 'uploadDialog.titleBatch' : 'uploadDialog.title',
    drop: fileCount > 0 ? 'uploadDialog.dropMore' : 'uploadDialog.drop',
    nameLabel: isBatch ? 'uploadDialog.batchName' : 'uploadDialog.fileName',
    /** What the upload makes of a batch; nothing to say for one file. */
    result: !isBatch ? null : bulk ? 'uploadDialog.resultContainer' : 'uploadDialog.resultChains',
  } as const;
}

/**
 * The name of the chain or batch: as typed, else the first file's (D§5). The field starts empty
 * with that name as its placeholder, so what is typed is the whole name (issue 38 §8).
 */
export function chainNameOf(typed: string, files: readonly { name: string }[]): string {
  return typed.trim() || (files[0]?.name ?? '');
}
