import { describe, expect, it } from 'vitest';
import { containerDocuments, containerFileName } from './container-documents';
import type { ContainerSignatureRow } from '../schema/container-table';
import type { DocumentRow } from '../schema/document-table';

const document = (id: string, fileName: string): DocumentRow => ({
  id,
  ownerId: 'owner',
  fileName,
  fileSize: 1,
  sha256: '',
  security: 'NONE' as DocumentRow['security'],
  createdAt: new Date(0),
  batchId: 'batch',
  signed: false,
});

describe('the documents of a container', () => {
  it('names each upload safely and uniquely, with .pdf', () => {
    const named = containerDocuments(
      [
        document('a', 'Report'),
        document('b', 'report.pdf'),
        document('c', '../META-INF/x.pdf'),
        document('d', 'tab\there.pdf'),
      ],
      [],
    );
    expect(named.map((d) => d.name)).toEqual([
      'Report.pdf',
      'report (2).pdf',
      '.._META-INF_x.pdf',
      'tab_here.pdf',
    ]);
  });

  it("keeps the first signature's names, and refuses a batch that changed", () => {
    const fixed = [{ documentId: 'a', name: 'kept.pdf' }];
    const first = { documents: fixed } as ContainerSignatureRow;
    expect(containerDocuments([document('a', 'renamed.pdf')], [first])).toEqual(fixed);
    expect(() => containerDocuments([document('b', 'kept.pdf')], [first])).toThrow(/no longer/);
  });

  it('names the container for its batch', () => {
    expect(containerFileName('Board pack')).toBe('Board pack.asice');
    expect(containerFileName('bundle.zip')).toBe('bundle.asice');
  });
});
