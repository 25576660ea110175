import { openSecurityHandler, type SecurityHandler } from './encryption';
import { PdfError } from './errors';
import { PdfDict, PdfRef, PdfStream, PdfString, type PdfValue } from './pdf-objects';
import { PdfParser } from './pdf-parser';
import { decodeStream, InflateBudget, inflateBudgetFor } from './stream-filters';
import { readXrefChain, type XrefEntry, type XrefSection } from './xref';

const HEADER = Buffer.from('%PDF-', 'latin1');

/** Throws NOT_A_PDF unless a `%PDF-` header is in the first kilobyte. */
export function assertPdfHeader(bytes: Uint8Array): number {
  if (bytes.length === 0) throw new PdfError('NOT_A_PDF', 'the file is empty');
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  const at = head.indexOf(HEADER);
  if (at < 0) throw new PdfError('NOT_A_PDF', 'the file is not a PDF');
  return at;
}

/** Bounds on the work one file may cause, beside the per-stream, depth and count limits. */
export interface PdfLimits {
  /** Bytes all its streams may inflate to together; `inflateBudgetFor(size)` by default. */
  inflateBytes?: number;
}

/**
 * Read access to a PDF: the cross-reference chain and the objects the caller asks for, nothing
 * else. Strings come back decrypted; `security` encrypts what the caller writes.
 */
export class PdfFile {
  readonly sections: XrefSection[];
  readonly trailer: PdfDict;
  readonly security?: SecurityHandler;
  readonly encryptRef?: PdfRef;
  /** The cross-reference chain was damaged; objects it misses are looked up by scanning. */
  readonly repaired: boolean;
  /** Objects read so far, by file offset, or by object stream and number (as `-(stream * 2^24 + num)`). */
  private readonly cache = new Map<number, PdfValue>();
  private readonly objectStreams = new Map<
    number,
    { data: Uint8Array; offsets: Map<number, number> }
  >();

  /** What its streams may still inflate to (`PdfLimits.inflateBytes`). */
  private readonly budget: InflateBudget;

  constructor(
    readonly bytes: Uint8Array,
    password?: string,
    limits: PdfLimits = {},
  ) {
    assertPdfHeader(bytes);
    this.budget = new InflateBudget(limits.inflateBytes ?? inflateBudgetFor(bytes.length));
    const chain = readXrefChain(bytes, this.budget);
    this.sections = chain.sections;
    this.repaired = chain.repaired;
    const newest = this.sections[0];
    if (!newest) throw new PdfError('DAMAGED_PDF', 'no cross-reference section');
    // The newest trailer, completed from older ones for keys a careless writer dropped. The /ID
    // is optional unless the file is encrypted, and only then looked for in older trailers, which
    // are otherwise read for their summary only.
    this.trailer = new PdfDict(newest.trailer.map);
    const complete = (key: string, read: (section: XrefSection) => PdfDict): void => {
      if (this.trailer.get(key) !== undefined) return;
      for (const section of this.sections) {
        const value = read(section).get(key);
        if (value === undefined) continue;
        this.trailer.set(key, value);
        return;
      }
    };
    for (const key of ['Root', 'Info', 'Encrypt']) complete(key, (section) => section.summary);
    if (this.trailer.get('Encrypt')) complete('ID', (section) => section.trailer);
    if (!(this.trailer.get('Root') instanceof PdfRef))
      throw new PdfError('DAMAGED_PDF', 'the trailer has no /Root');
    const encrypt = this.trailer.get('Encrypt');
    if (encrypt !== undefined && encrypt !== null) {
      if (encrypt instanceof PdfRef) this.encryptRef = encrypt;
      const dict = this.resolve(encrypt);
      if (!(dict instanceof PdfDict))
        throw new PdfError('DAMAGED_PDF', '/Encrypt is not a dictionary');
      this.security = openSecurityHandler(
        dict,
        this.documentId()[0] ?? new Uint8Array(0),
        password,
      );
    }
  }

  documentId(): Uint8Array[] {
    const id = this.trailer.get('ID');
    return Array.isArray(id)
      ? id.filter((v): v is PdfString => v instanceof PdfString).map((s) => s.bytes)
      : [];
  }

  /** Next free object number (the trailer's /Size). */
  get size(): number {
    let size = 0;
    for (const section of this.sections)
      size = Math.max(size, section.summary.numberOf('Size') ?? 0);
    return size;
  }

  lookup(num: number, fromSection = 0): XrefEntry | undefined {
    for (let i = fromSection; i < this.sections.length; i++) {
      const entry = this.sections[i]?.lookup(num);
      if (entry) return entry;
    }
    return undefined;
  }

  /**
   * The object `num` as of the revision whose newest section is `fromSection` (0 = the current one).
   * With `only`, a dictionary object not read before comes back with just those keys, the rest
   * skipped unparsed, and is not kept (see `PdfParser.parseValue`).
   */
  getObject(num: number, fromSection = 0, only?: ReadonlySet<string>): PdfValue {
    let entry = this.lookup(num, fromSection);
    if (!entry && this.repaired) {
      const found = this.scanIndex().get(num);
      if (found !== undefined) entry = { type: 1, offset: found, gen: 0 };
    }
    if (!entry || entry.type === 0) return null;
    const key = entry.type === 1 ? entry.offset : -(entry.stream * 2 ** 24 + num);
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const value =
      entry.type === 1
        ? this.readAtOrScan(num, entry.offset, only)
        : this.readCompressed(num, entry.stream, only);
    if (!only) this.cache.set(key, value);
    return value;
  }

  resolve(value: PdfValue | undefined, fromSection = 0): PdfValue {
    if (value === undefined) return null;
    let current: PdfValue = value;
    for (let hops = 0; current instanceof PdfRef && hops < 32; hops++)
      current = this.getObject(current.num, fromSection);
    return current;
  }

  resolveDict(value: PdfValue | undefined, fromSection = 0): PdfDict | undefined {
    const resolved = this.resolve(value, fromSection);
    if (resolved instanceof PdfDict) return resolved;
    if (resolved instanceof PdfStream) return resolved.dict;
    return undefined;
  }

  /**
   * Just the `keys` of a dictionary: for reading one or two entries of many objects (the names of
   * every form field) without building each of them whole.
   */
  resolveDictKeys(value: PdfValue | undefined, keys: ReadonlySet<string>): PdfDict | undefined {
    const resolved =
      value instanceof PdfRef ? this.resolve(this.getObject(value.num, 0, keys)) : value;
    if (resolved instanceof PdfDict) return resolved;
    if (resolved instanceof PdfStream) return resolved.dict;
    return undefined;
  }

  /** Decrypted and decoded stream data. */
  streamData(stream: PdfStream, num: number, gen: number): Uint8Array {
    let data = stream.data;
    if (this.security && stream.dict.nameOf('Type') !== 'XRef')
      data = this.security.decryptStream(data, num, gen);
    return decodeStream(stream.dict, data, (v) => this.resolve(v), this.budget);
  }

  private scanned?: Map<number, number>;

  /**
   * Reads an object at its cross-reference offset; when the offset is wrong (a common defect of
   * real-world files), finds the object by scanning the file for `num gen obj`, as viewers do.
   */
  private readAtOrScan(num: number, offset: number, only?: ReadonlySet<string>): PdfValue {
    try {
      return this.readAt(num, offset, only);
    } catch (error) {
      if (error instanceof PdfError && error.code === 'TOO_COMPLEX') throw error;
      const found = this.scanIndex().get(num);
      if (found === undefined || found === offset) throw error;
      return this.readAt(num, found, only);
    }
  }

  /** Offsets of every `num gen obj` in the file (the last one wins), built once on demand. */
  private scanIndex(): Map<number, number> {
    if (!this.scanned) {
      this.scanned = new Map();
      const text = Buffer.from(
        this.bytes.buffer,
        this.bytes.byteOffset,
        this.bytes.length,
      ).toString('latin1');
      for (const match of text.matchAll(/(?<![0-9])(\d+)\s+\d+\s+obj\b/g))
        this.scanned.set(Number(match[1]), match.index);
    }
    return this.scanned;
  }

  private readAt(num: number, offset: number, only?: ReadonlySet<string>): PdfValue {
    const parser = new PdfParser(this.bytes, offset, (ref) => {
      const length = this.resolve(ref);
      return typeof length === 'number' ? length : undefined;
    });
    let parsed;
    try {
      parsed = parser.parseIndirect(only);
    } catch (error) {
      if (error instanceof PdfError && error.code === 'TOO_COMPLEX') throw error;
      throw new PdfError('DAMAGED_PDF', `object ${num} cannot be read at offset ${offset}`, {
        cause: error,
      });
    }
    if (parsed.num !== num)
      throw new PdfError('DAMAGED_PDF', `object ${num} is not at offset ${offset}`);
    const security = this.security;
    if (!security || this.encryptRef?.num === num) return parsed.value;
    return decryptStrings(parsed.value, (bytes) =>
      security.decryptString(bytes, parsed.num, parsed.gen),
    );
  }

  private readCompressed(num: number, streamNum: number, only?: ReadonlySet<string>): PdfValue {
    let objectStream = this.objectStreams.get(streamNum);
    if (!objectStream) {
      const stream = this.getObject(streamNum);
      if (!(stream instanceof PdfStream))
        throw new PdfError('DAMAGED_PDF', `object stream ${streamNum} is missing`);
      const data = this.streamData(stream, streamNum, 0);
      const count = stream.dict.numberOf('N') ?? 0;
      const first = stream.dict.numberOf('First') ?? 0;
      const header = new PdfParser(data, 0);
      const offsets = new Map<number, number>();
      for (let i = 0; i < count; i++) {
        const objectNum = header.readInteger();
        offsets.set(objectNum, first + header.readInteger());
      }
      objectStream = { data, offsets };
      this.objectStreams.set(streamNum, objectStream);
    }
    const offset = objectStream.offsets.get(num);
    if (offset === undefined)
      throw new PdfError('DAMAGED_PDF', `object ${num} is not in object stream ${streamNum}`);
    return new PdfParser(objectStream.data, offset).parseValue(0, only);
  }
}

/** Copies a value with its strings decrypted, except the `/Contents` of signature dictionaries. */
export function decryptStrings(
  value: PdfValue,
  decrypt: (bytes: Uint8Array) => Uint8Array,
): PdfValue {
  if (value instanceof PdfString) return new PdfString(decrypt(value.bytes));
  if (Array.isArray(value)) return value.map((item) => decryptStrings(item, decrypt));
  if (value instanceof PdfDict) {
    const isSignature = value.get('ByteRange') !== undefined;
    const out = new PdfDict();
    for (const [key, item] of value.map) {
      out.set(key, isSignature && key === 'Contents' ? item : decryptStrings(item, decrypt));
    }
    return out;
  }
  if (value instanceof PdfStream)
    return new PdfStream(decryptStrings(value.dict, decrypt) as PdfDict, value.data);
  return value;
}
