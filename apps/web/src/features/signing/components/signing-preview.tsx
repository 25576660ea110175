import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedDocument } from '../../../shared/document-view/paged-document';
import type { PdfState } from '../../../shared/document-view/use-pdf-document';
import { fitToPage, isUnplaced, onOwnPages, onPage } from '../signature-field';
import type { FieldBox, PageSize } from '../signature-field';
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
  /**
   * Where earlier signatures stand, so a box nobody placed starts beside them (issue 38 §2).
   * Null: not known yet, and such a box waits for them; absent: none are looked for.
   */
  taken?: readonly FieldBox[] | null;
}

const sameBox = (a: FieldBox, b: FieldBox) =>
  a.page === b.page &&
  a.originX === b.originX &&
  a.originY === b.originY &&
  a.width === b.width &&
  a.height === b.height;

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
  taken,
}: SigningPreviewProps) {
  const { t } = useTranslation('signing');
  const [viewedPage, setViewedPage] = useState(1);
  /** The trail page being read, while the box waits on the document's pages. */
  const [trailPage, setTrailPage] = useState<number | null>(null);
  /** The page drawn last, and its size in points. */
  const [drawn, setDrawn] = useState<{ page: number; size: PageSize } | null>(null);
  /** The signer turned a page: a box nobody placed stays on the page they turned to. */
  const [hasTurned, setTurned] = useState(false);
  const isTrail = (page: number) => ownPages !== undefined && page > ownPages;
  const ownBox = box && onOwnPages(box, ownPages);
  const pageNumber = trailPage ?? ownBox?.page ?? viewedPage;
  const onTrail = isTrail(pageNumber);
  // A box that stays where the batch's default puts it turns no pages.
  const canTurn = !box || Boolean(onBoxChange);
  const turnTo = (page: number) => {
    setTurned(true);
    setViewedPage(page);
    setTrailPage(isTrail(page) ? page : null);
    // The size of the new page is known once it is drawn; the box is fitted to it then.
    if (box && onBoxChange && !isTrail(page)) onBoxChange({ ...box, page });
  };

  // A box past the document's own pages (a saved position, a page turned to before the count
  // was known) goes to its last own page.
  useEffect(() => {
    if (box && ownBox && onBoxChange && ownBox.page !== box.page) onBoxChange(ownBox);
  }, [box, ownBox, onBoxChange]);

  // Once its page is drawn the box fits it; a box nobody placed goes to that page's corner, beside
  // the earlier signatures (on a later page's when this one's corner is full, until the signer
  // turns a page), once they are known.
  useEffect(() => {
    if (!box || !onBoxChange || !drawn || drawn.page !== box.page) return;
    if ((ownPages !== undefined && drawn.page > ownPages) || (taken === null && isUnplaced(box))) {
      return;
    }
    const lastPage = !hasTurned && ownPages !== undefined ? ownPages : drawn.page;
    const placed = onPage(box, drawn.page, drawn.size, taken ?? [], lastPage);
    if (!sameBox(placed, box)) onBoxChange(placed);
  }, [box, onBoxChange, drawn, ownPages, taken, hasTurned]);

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
          const same =
            drawn?.page === shown &&
            drawn.size.width === size.width &&
            drawn.size.height === size.height;
          if (!same) setDrawn({ page: shown, size });
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
