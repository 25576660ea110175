import { inflateSync, constants as zlibConstants } from 'node:zlib';
import { PdfError } from './errors';
import { PdfDict, PdfName, type PdfValue } from './pdf-objects';

/**
 * The most a stream the engine decodes (cross-reference and object streams) may inflate to: a
 * deflate bomb is refused as damaged instead of taking the process's memory.
 */
export const maxInflatedBytes = 128 * 1024 * 1024;

/** What a file's streams may inflate to together by default: 16 times its size and 64 MiB. */
export const defaultInflateFactor = 16;
export const defaultInflateAllowanceBytes = 64 * 1024 * 1024;

/** The bytes one file's streams may inflate to together: `factor` times its size plus `allowance`. */
export function inflateBudgetFor(
  fileSize: number,
  factor = defaultInflateFactor,
  allowanceBytes = defaultInflateAllowanceBytes,
): number {
  return fileSize * factor + allowanceBytes;
}

/**
 * What is left of one file's inflate budget. The per-stream limit alone let a 2 MB file of 16
 * streams of 120 MiB each take 2 GB and seconds of CPU; the budget bounds the file as a whole.
 */
export class InflateBudget {
  constructor(public remaining: number) {}

  /** The most the next stream may inflate to. */
  get limit(): number {
    return Math.max(1, Math.min(maxInflatedBytes, this.remaining));
  }

  /** Counts `bytes` inflated. */
  spend(bytes: number): void {
    this.remaining -= bytes;
  }

  /** Whether the file's budget, not the per-stream limit, is what a stream ran into. */
  get isBinding(): boolean {
    return this.remaining < maxInflatedBytes;
  }
}

const tooComplex = (cause: unknown) =>
  new PdfError('TOO_COMPLEX', "the file's compressed streams inflate past its budget", { cause });

export function inflate(data: Uint8Array, budget?: InflateBudget): Uint8Array {
  const maxOutputLength = budget?.limit ?? maxInflatedBytes;
  const pastLimit = (cause: unknown) =>
    budget?.isBinding
      ? tooComplex(cause)
      : new PdfError('DAMAGED_PDF', 'a compressed stream inflates past the limit', { cause });
  let out: Uint8Array;
  try {
    out = inflateSync(data, { maxOutputLength });
  } catch (first) {
    if (first instanceof RangeError) throw pastLimit(first);
    try {
      // Tolerate streams without the final block, as viewers do.
      out = inflateSync(data, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength });
    } catch (error) {
      if (error instanceof RangeError) throw pastLimit(error);
      throw new PdfError('DAMAGED_PDF', 'a compressed stream cannot be decoded', { cause: error });
    }
  }
  budget?.spend(out.length);
  return out;
}

/** Undoes the PNG predictors (10–15) of `/DecodeParms`. */
export function unpredict(data: Uint8Array, params: PdfDict | undefined): Uint8Array {
  const predictor = params?.numberOf('Predictor') ?? 1;
  if (predictor < 10) {
    if (predictor === 1) return data;
    throw new PdfError('DAMAGED_PDF', `predictor ${predictor} is not supported`);
  }
  const colors = params?.numberOf('Colors') ?? 1;
  const bpc = params?.numberOf('BitsPerComponent') ?? 8;
  const columns = params?.numberOf('Columns') ?? 1;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLength = Math.ceil((colors * bpc * columns) / 8);
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = new Uint8Array(rows * rowLength);
  for (let row = 0; row < rows; row++) {
    const filter = data[row * (rowLength + 1)] as number;
    const src = row * (rowLength + 1) + 1;
    const dst = row * rowLength;
    const prev = dst - rowLength;
    for (let i = 0; i < rowLength; i++) {
      const raw = data[src + i] as number;
      const left = i >= bpp ? (out[dst + i - bpp] as number) : 0;
      const up = row > 0 ? (out[prev + i] as number) : 0;
      const upLeft = row > 0 && i >= bpp ? (out[prev + i - bpp] as number) : 0;
      let value: number;
      switch (filter) {
        case 0:
          value = raw;
          break;
        case 1:
          value = raw + left;
          break;
        case 2:
          value = raw + up;
          break;
        case 3:
          value = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          throw new PdfError('DAMAGED_PDF', `bad PNG predictor row filter ${filter}`);
      }
      out[dst + i] = value & 0xff;
    }
  }
  return out;
}

/** Decodes stream data through its `/Filter` chain (FlateDecode only, which is what structure streams use). */
export function decodeStream(
  dict: PdfDict,
  data: Uint8Array,
  resolve: (value: PdfValue) => PdfValue,
  budget?: InflateBudget,
): Uint8Array {
  const filterValue = resolve(dict.get('Filter') ?? null);
  const filters = Array.isArray(filterValue)
    ? filterValue
    : filterValue === null
      ? []
      : [filterValue];
  const paramsValue = resolve(dict.get('DecodeParms') ?? null);
  const paramsList = Array.isArray(paramsValue) ? paramsValue : [paramsValue];
  let out = data;
  filters.forEach((filter, index) => {
    const name = filter instanceof PdfName ? filter.name : '';
    if (name !== 'FlateDecode' && name !== 'Fl')
      throw new PdfError('DAMAGED_PDF', `filter ${name} is not supported here`);
    const params = resolve(paramsList[index] ?? null);
    out = unpredict(inflate(out, budget), params instanceof PdfDict ? params : undefined);
  });
  return out;
}
