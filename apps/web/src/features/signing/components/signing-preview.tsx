import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentBytes } from '../api/get-document-bytes';
import { fitToPage, onPage } from '../signature-field';
import type { FieldBox } from '../signature-field';
import { useElementWidth } from '../use-element-width';
import { usePdfDocument } from '../use-pdf-document';
import type { PdfState } from '../use-pdf-document';
import { PdfPageCanvas } from './pdf-page-canvas';
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

const maxWidth = 760;

/**
 * The document as it will be signed: pdf.js draws the current page, the pager turns pages (the
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
  const column = useRef<HTMLDivElement>(null);
  const columnWidth = useElementWidth(column);
  const bytes = useDocumentBytes(documentId);
  const state = usePdfDocument(bytes.data, password);
  const [viewedPage, setViewedPage] = useState(1);
  const pageNumber = box?.page ?? viewedPage;
  const pageWidth = width ?? Math.min(columnWidth, maxWidth);

  useEffect(() => {
    onPdfState?.(state);
    // Report each new state once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const pageCount = state.kind === 'ready' ? state.pdf.numPages : 0;
  const shownPage = Math.max(1, Math.min(pageNumber, pageCount));
  const turnTo = (page: number) => {
    setViewedPage(page);
    // The size of the new page is known once it is drawn; `onPageSize` fits the box then.
    if (box && onBoxChange) onBoxChange({ ...box, page });
  };

  return (
    <Box ref={column} sx={{ width: width ?? '100%', minWidth: 0 }} data-testid={testId}>
      {(bytes.isPending || state.kind === 'loading') && !bytes.isError && (
        <CircularProgress aria-label={t('preview.loading')} />
      )}
      {(bytes.isError || state.kind === 'invalid') && (
        <Alert severity="error">{t('preview.invalid')}</Alert>
      )}
      {state.kind === 'password' && <Alert severity="info">{t('preview.locked')}</Alert>}
      {state.kind === 'ready' && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <PdfPageCanvas
            pdf={state.pdf}
            pageNumber={shownPage}
            width={pageWidth}
            label={t('preview.page', { page: shownPage, count: pageCount })}
            testId={`${testId}-page`}
            onPageSize={(size) => {
              if (!box || !onBoxChange) return;
              const fitted = onPage(box, shownPage, size);
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
          {pageCount > 1 && (!box || onBoxChange) && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <IconButton
                aria-label={t('preview.previous')}
                disabled={shownPage <= 1}
                onClick={() => turnTo(shownPage - 1)}
                data-testid={`${testId}-previous`}
              >
                <NavigateBeforeIcon />
              </IconButton>
              <Typography data-testid={`${testId}-page-number`}>
                {t('preview.page', { page: shownPage, count: pageCount })}
              </Typography>
              <IconButton
                aria-label={t('preview.next')}
                disabled={shownPage >= pageCount}
                onClick={() => turnTo(shownPage + 1)}
                data-testid={`${testId}-next`}
              >
                <NavigateNextIcon />
              </IconButton>
            </Stack>
          )}
        </Stack>
      )}
    </Box>
  );
}
