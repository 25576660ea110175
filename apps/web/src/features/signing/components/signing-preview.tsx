import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedDocument } from '../../../shared/document-view/paged-document';
import type { PdfState } from '../../../shared/document-view/use-pdf-document';
import { fitToPage, onPage } from '../signature-field';
import type { FieldBox } from '../signature-field';
import { SignatureBox } from './signature-box';

interface SigningPreviewProps {
  documentId: string | undefined;
  /** The password of an encrypted PDF, once the signer gave it. */
  password?: string;
  /** Told when pdf.js needs a password, or a wrong one was given, or the file is no PDF. */
  onPdfState?: (state: PdfState) => void;
  /** Null: no visible signature. */
  box: FieldBox | null;
  onBoxChange?: (box: FieldBox) => void;
  image: string | null;
  /** A fixed width (batch previews); by default the preview fills its column up to 760 px. */
  width?: number;
  testId?: string;
}

/**
 * The document as it will be signed, in the shared paged viewer: the pager turns pages (the
 * signature box goes along to the page shown), and the box is dragged and scaled on it.
 */
export function SigningPreview({
  documentId,
  password,
  onPdfState,
  box,
  onBoxChange,
  image,
  width,
  testId = 'signing-preview',
}: SigningPreviewProps) {
  const { t } = useTranslation('signing');
  const [viewedPage, setViewedPage] = useState(1);
  const pageNumber = box?.page ?? viewedPage;
  // A box that stays where the batch's default puts it turns no pages.
  const canTurn = !box || Boolean(onBoxChange);
  const turnTo = (page: number) => {
    setViewedPage(page);
    // The size of the new page is known once it is drawn; `onPageSize` fits the box then.
    if (box && onBoxChange) onBoxChange({ ...box, page });
  };

  return (
    <PagedDocument
      documentId={documentId}
      password={password}
      onPdfState={onPdfState}
      page={pageNumber}
      onTurn={canTurn ? turnTo : undefined}
      width={width}
      testId={testId}
      onPageSize={(size, shown) => {
        if (!box || !onBoxChange) return;
        // A saved position past a shorter document's end comes to its last page.
        const fitted = onPage(box, shown, size);
        if (JSON.stringify(fitted) !== JSON.stringify(box)) onBoxChange(fitted);
      }}
      overlay={(size, scale) =>
        box && (
          <SignatureBox
            box={fitToPage(box, size)}
            page={size}
            scale={scale}
            image={image}
            label={t('preview.signature')}
            onChange={onBoxChange}
          />
        )
      }
    />
  );
}
