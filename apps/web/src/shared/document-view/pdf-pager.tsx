import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface PdfPagerProps {
  page: number;
  count: number;
  onTurn: (page: number) => void;
  testId: string;
}

/**
 * The page a key asks for: PageUp/PageDown and the arrows turn one page, Home and End go to the
 * first and last; null for any other key (or a page already shown).
 */
export function pageForKey(key: string, page: number, count: number): number | null {
  const wanted =
    key === 'PageDown' || key === 'ArrowRight' || key === 'ArrowDown'
      ? page + 1
      : key === 'PageUp' || key === 'ArrowLeft' || key === 'ArrowUp'
        ? page - 1
        : key === 'Home'
          ? 1
          : key === 'End'
            ? count
            : null;
  if (wanted === null) return null;
  const clamped = Math.max(1, Math.min(wanted, count));
  return clamped === page ? null : clamped;
}

/** Turns pages with the keys of `pageForKey` on the element that has them bound. */
export function turnPagesByKey(
  event: KeyboardEvent,
  page: number,
  count: number,
  onTurn: (page: number) => void,
): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const next = pageForKey(event.key, page, count);
  if (next === null) return;
  event.preventDefault();
  onTurn(next);
}

/** First, previous, "Page n of m", next, last: the pager under a document. */
export function PdfPager({ page, count, onTurn, testId }: PdfPagerProps) {
  const { t } = useTranslation('documentView');
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' }}
      role="group"
      aria-label={t('pager')}
      onKeyDown={(event) => turnPagesByKey(event, page, count, onTurn)}
    >
      <IconButton
        aria-label={t('first')}
        disabled={page <= 1}
        onClick={() => onTurn(1)}
        data-testid={`${testId}-first`}
      >
        <FirstPageIcon />
      </IconButton>
      <IconButton
        aria-label={t('previous')}
        disabled={page <= 1}
        onClick={() => onTurn(page - 1)}
        data-testid={`${testId}-previous`}
      >
        <NavigateBeforeIcon />
      </IconButton>
      <Typography aria-live="polite" data-testid={`${testId}-page-number`} sx={{ px: 1 }}>
        {t('page', { page, count })}
      </Typography>
      <IconButton
        aria-label={t('next')}
        disabled={page >= count}
        onClick={() => onTurn(page + 1)}
        data-testid={`${testId}-next`}
      >
        <NavigateNextIcon />
      </IconButton>
      <IconButton
        aria-label={t('last')}
        disabled={page >= count}
        onClick={() => onTurn(count)}
        data-testid={`${testId}-last`}
      >
        <LastPageIcon />
      </IconButton>
    </Stack>
  );
}
