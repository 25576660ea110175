import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentBytes } from './get-document-bytes';
import { PdfPageCanvas, type PageSize } from './pdf-page-canvas';
import { PdfPager, turnPagesByKey } from './pdf-pager';
import { useElementWidth } from './use-element-width';
import { usePdfDocument, type PdfState } from './use-pdf-document';

interface PagedDocumentProps {
  /** A document's or a signed revision's id (`GET documents/{id}/file`). */
  documentId: string | undefined;
  /**
   * The password of an encrypted PDF when the screen asks for it (the signing screens' dialog);
   * without it the viewer asks in place.
   */
  password?: string;
  /** Told when pdf.js needs a password, or a wrong one was given, or the file is no PDF. */
  onPdfState?: (state: PdfState) => void;
  /** The page to show, counted from 1 (kept within the document). */
  page: number;
  /** Turns the page; without it there is no pager (a page fixed by someone else). */
  onTurn?: (page: number) => void;
  /** A fixed width; by default the page fills its column up to 760 px. */
  width?: number;
  testId: string;
  /** What lies over the page (a signature box), in the page's points and pixels per point. */
  overlay?: (page: PageSize, scale: number) => ReactNode;
  /** Called with the shown page's size in points and its number once it is drawn. */
  onPageSize?: (page: PageSize, pageNumber: number) => void;
  /** Called when a page has been drawn, with its number and the document's page count. */
  onPageShown?: (page: number, count: number) => void;
}

const maxWidth = 760;

/**
 * A whole PDF, one page at a time by pdf.js, with the pager (first, previous, page n of m, next,
 * last) and the keys PageUp, PageDown, the arrows, Home and End on the focused page: the signing,
 * clerk and approve screens show the document as it stands with it.
 */
export function PagedDocument({
  documentId,
  password,
  onPdfState,
  page,
  onTurn,
  width,
  testId,
  overlay,
  onPageSize,
  onPageShown,
}: PagedDocumentProps) {
  const { t } = useTranslation('documentView');
  const column = useRef<HTMLDivElement>(null);
  const columnWidth = useElementWidth(column);
  const [ownPassword, setOwnPassword] = useState<string | undefined>(undefined);
  const bytes = useDocumentBytes(documentId);
  const state = usePdfDocument(bytes.data, password ?? ownPassword);
  const pageWidth = width ?? Math.min(columnWidth, maxWidth);

  useEffect(() => {
    onPdfState?.(state);
    // Report each new state once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const count = state.kind === 'ready' ? state.pdf.numPages : 0;
  const shown = Math.max(1, Math.min(page, count));
  const asksInPlace = state.kind === 'password' && password === undefined && !onPdfState;

  return (
    <Box ref={column} sx={{ width: width ?? '100%', minWidth: 0 }} data-testid={testId}>
      {(bytes.isPending || state.kind === 'loading') && !bytes.isError && (
        <CircularProgress aria-label={t('loading')} />
      )}
      {(bytes.isError || state.kind === 'invalid') && (
        <Alert severity="error">{t('invalid')}</Alert>
      )}
      {state.kind === 'password' && !asksInPlace && <Alert severity="info">{t('locked')}</Alert>}
      {asksInPlace && (
        <PasswordForm incorrect={state.incorrect} onPassword={setOwnPassword} testId={testId} />
      )}
      {state.kind === 'ready' && pageWidth > 0 && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            tabIndex={onTurn && count > 1 ? 0 : undefined}
            aria-label={onTurn && count > 1 ? t('keys') : undefined}
            onKeyDown={(event) => {
              // Keys on the page itself; the signature box over it keeps its own.
              if (onTurn && event.target === event.currentTarget)
                turnPagesByKey(event, shown, count, onTurn);
            }}
            sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
          >
            <PdfPageCanvas
              pdf={state.pdf}
              pageNumber={shown}
              width={pageWidth}
              label={t('page', { page: shown, count })}
              testId={`${testId}-page`}
              onPageSize={(size) => {
                onPageShown?.(shown, count);
                onPageSize?.(size, shown);
              }}
              overlay={overlay}
            />
          </Box>
          {onTurn && count > 1 && (
            <PdfPager page={shown} count={count} onTurn={onTurn} testId={testId} />
          )}
        </Stack>
      )}
    </Box>
  );
}

/** The password of an encrypted PDF, asked in place of the page (at most 255 characters). */
function PasswordForm({
  incorrect,
  onPassword,
  testId,
}: {
  incorrect: boolean;
  onPassword: (password: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('documentView');
  const [typed, setTyped] = useState('');
  const tooLong = typed.length > 255;
  return (
    <Stack
      component="form"
      spacing={1}
      sx={{ maxWidth: 360 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (typed && !tooLong) onPassword(typed);
      }}
    >
      <Alert severity={incorrect ? 'error' : 'info'}>
        {incorrect ? t('incorrectPassword') : t('locked')}
      </Alert>
      <TextField
        type="password"
        label={t('password')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={tooLong}
        helperText={tooLong ? t('passwordTooLong') : ' '}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-password` } }}
      />
      <Box>
        <Button type="submit" variant="outlined" disabled={!typed || tooLong}>
          {t('open')}
        </Button>
      </Box>
    </Stack>
  );
}
