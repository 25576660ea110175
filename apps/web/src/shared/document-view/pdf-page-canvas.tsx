import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';

/** A page's size in PDF points (the unrotated media box as pdf.js reports it at scale 1). */
export interface PageSize {
  width: number;
  height: number;
}

interface PdfPageCanvasProps {
  pdf: PDFDocumentProxy;
  /** Counted from 1. */
  pageNumber: number;
  /** CSS pixels the page is drawn across. */
  width: number;
  label: string;
  testId?: string;
  /** What lies over the page (a signature box), given the page's size and pixels per point. */
  overlay?: (page: PageSize, scale: number) => ReactNode;
  /** Called with the page's size in points once it is drawn. */
  onPageSize?: (page: PageSize) => void;
}

/** One page of an opened PDF on a canvas `width` pixels wide, with an overlay in its coordinates. */
export function PdfPageCanvas({
  pdf,
  pageNumber,
  width,
  label,
  testId,
  overlay,
  onPageSize,
}: PdfPageCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [page, setPage] = useState<{ number: number; size: PageSize } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    void (async () => {
      const proxy = await pdf.getPage(pageNumber);
      const unscaled = proxy.getViewport({ scale: 1 });
      const scale = width / unscaled.width;
      const viewport = proxy.getViewport({ scale: scale * window.devicePixelRatio });
      const target = canvas.current;
      if (cancelled || !target) return;
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      const task = proxy.render({ canvas: target, viewport });
      render = task;
      try {
        await task.promise;
        if (!cancelled) {
          setPage({ number: pageNumber, size: { width: unscaled.width, height: unscaled.height } });
        }
      } catch {
        // A newer render (another page or width) cancelled this one.
      }
    })();
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, pageNumber, width]);

  useEffect(() => {
    if (page) onPageSize?.(page.size);
    // Once per drawn page; a new callback identity alone is no reason to report again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);

  const shown = page?.number === pageNumber ? page.size : null;
  const scale = shown ? width / shown.width : 1;
  return (
    <Box
      sx={{ position: 'relative', width, lineHeight: 0, bgcolor: 'background.paper' }}
      data-testid={testId}
      data-page={pageNumber}
      data-state={shown ? 'shown' : 'loading'}
    >
      {!shown && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress size={28} aria-label={label} />
        </Box>
      )}
      <canvas
        ref={canvas}
        aria-label={label}
        style={{
          width,
          height: shown ? shown.height * scale : width * Math.SQRT2,
          display: 'block',
          boxShadow: '0 1px 4px rgba(0,0,0,0.3)',
        }}
      />
      {shown && overlay?.(shown, scale)}
    </Box>
  );
}
