import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedDocument } from '../../../shared/document-view/paged-document';
import type { PdfState } from '../../../shared/document-view/use-pdf-document';
import { fitToPage, onOwnPages, onPage } from '../signature-field';
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
  /**
   * The document's own pages, before an attached signing trail's: those pages can be read, but
   * the box stays on the document's. Undefined: not known, every page takes the box.
   */
  ownPages?: number;
}

/**
 * The document as it will be signed, in the shared paged viewer: the pager turns pages (the
 * signature box goes along to the page shown), and the box is dragged and scaled on it. The pages
 * of an attached signing trail are shown with a note and without the box, which stays behind on
 * the document's last own page.
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
  ownPages,
}: SigningPreviewProps) {
  const { t } = useTranslation('signing');
  const [viewedPage, setViewedPage] = useState(1);
  /** The trail page being read, while the box waits on the document's pages. */
  const [trailPage, setTrailPage] = useState<number | null>(null);
  const isTrail = (page: number) => ownPages !== undefined && page > ownPages;
  const ownBox = box && onOwnPages(box, ownPages);
  const pageNumber = trailPage ?? ownBox?.page ?? viewedPage;
  const onTrail = isTrail(pageNumber);
  // A box that stays where the batch's default puts it turns no pages.
  const canTurn = !box || Boolean(onBoxChange);
  const turnTo = (page: number) => {
    setViewedPage(page);
    setTrailPage(isTrail(page) ? page : null);
    // The size of the new page is known once it is drawn; `onPageSize` fits the box then.
    if (box && onBoxChange && !isTrail(page)) onBoxChange({ ...box, page });
  };

  // A box past the document's own pages (a saved position, a page turned to before the count
  // was known) goes to its last own page.
  useEffect(() => {
    if (box && ownBox && onBoxChange && ownBox.page !== box.page) onBoxChange(ownBox);
  }, [box, ownBox, onBoxChange]);

  return (
    <Stack spacing={1} sx={{ width: width ?? '100%', minWidth: 0 }}>
      {onTrail && (
        <Alert severity="info" data-testid={`${testId}-trail-note`}>
          {t('preview.trailPage')}
        </Alert>
      )}
      <PagedDocument
        documentId={documentId}
        password={password}
        onPdfState={onPdfState}
        page={pageNumber}
        onTurn={canTurn ? turnTo : undefined}
        width={width}
        testId={testId}
        onPageSize={(size, shown) => {
          if (!box || !onBoxChange || isTrail(shown)) return;
          // A saved position past a shorter document's end comes to its last page.
          const fitted = onPage(box, shown, size);
          if (JSON.stringify(fitted) !== JSON.stringify(box)) onBoxChange(fitted);
        }}
        overlay={(size, scale) =>
          box &&
          !onTrail && (
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
    </Stack>
  );
}
