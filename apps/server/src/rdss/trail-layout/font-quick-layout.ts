import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
export type ParsedFont = ReturnType<Fontkit['create']>;
type GlyphRun = ReturnType<ParsedFont['layout']>;
type Glyph = GlyphRun['glyphs'][number];

// The parts of fontkit's decoded GSUB table this file reads (fontkit keeps them untyped). Arrays
// of subtables may be restructure's LazyArray, read through `items`.
type Many<T> = readonly T[] | { toArray(): T[] } | null | undefined;
type Coverage = { version: 1; glyphs: Many<number> } | { version: 2; rangeRecords: Many<Range> };
interface Range {
  start: number;
  end: number;
}
type ClassDef =
  | { version: 1; startGlyph: number; classValueArray: Many<number> }
  | { version: 2; classRangeRecord: Many<Range & { class: number }> };
interface Subtable {
  version?: number;
  lookupType?: number;
  extension?: Subtable;
  coverage?: Coverage;
  ligatureSets?: Many<Many<{ components: Many<number> }>>;
  ruleSets?: Many<Many<{ input: Many<number> }>>;
  classDef?: ClassDef;
  classSet?: Many<Many<{ classes: Many<number> }>>;
  coverages?: Many<Coverage>;
  chainRuleSets?: Many<Many<ChainRule>>;
  backtrackClassDef?: ClassDef;
  inputClassDef?: ClassDef;
  lookaheadClassDef?: ClassDef;
  chainClassSet?: Many<Many<ChainRule>>;
  backtrackCoverage?: Many<Coverage>;
  inputCoverage?: Many<Coverage>;
  lookaheadCoverage?: Many<Coverage>;
}
interface ChainRule {
  backtrack: Many<number>;
  input: Many<number>;
  lookahead: Many<number>;
}
interface Gsub {
  featureList: Many<{ tag: string; feature: { lookupListIndexes: Many<number> } }>;
  lookupList: Many<{ lookupType: number; flags: LookupFlags; subTables: Many<Subtable> }>;
}
interface LookupFlags {
  markAttachmentType: number;
  flags: {
    ignoreBaseGlyphs: boolean;
    ignoreLigatures: boolean;
    ignoreMarks: boolean;
    useMarkFilteringSet: boolean;
  };
}

function items<T>(many: Many<T>): T[] {
  if (many === null || many === undefined) return [];
  return 'toArray' in many ? many.toArray() : [...many];
}

function coverageGlyphs(coverage: Coverage | undefined): Set<number> {
  const glyphs = new Set<number>();
  if (coverage === undefined) return glyphs;
  if (coverage.version === 1) for (const glyph of items(coverage.glyphs)) glyphs.add(glyph);
  else
    for (const { start, end } of items(coverage.rangeRecords))
      for (let glyph = start; glyph <= end; glyph += 1) glyphs.add(glyph);
  return glyphs;
}

function classGlyphs(classDef: ClassDef | undefined, wanted: number): Set<number> {
  const glyphs = new Set<number>();
  if (classDef === undefined) return glyphs;
  if (classDef.version === 1) {
    for (const [index, value] of items(classDef.classValueArray).entries())
      if (value === wanted) glyphs.add(classDef.startGlyph + index);
  } else {
    for (const record of items(classDef.classRangeRecord))
      if (record.class === wanted)
        for (let glyph = record.start; glyph <= record.end; glyph += 1) glyphs.add(glyph);
  }
  return glyphs;
}

/** The glyphs of a coverage in a class (class 0: in no class of the definition). */
function coverageInClass(
  coverage: Set<number>,
  classDef: ClassDef | undefined,
  wanted: number,
): Set<number> {
  if (wanted !== 0)
    return new Set([...coverage].filter((glyph) => classGlyphs(classDef, wanted).has(glyph)));
  const classed = new Set<number>();
  if (classDef?.version === 1)
    for (const [index, value] of items(classDef.classValueArray).entries())
      if (value !== 0) classed.add(classDef.startGlyph + index);
  if (classDef?.version === 2)
    for (const record of items(classDef.classRangeRecord))
      if (record.class !== 0)
        for (let glyph = record.start; glyph <= record.end; glyph += 1) classed.add(glyph);
  return new Set([...coverage].filter((glyph) => !classed.has(glyph)));
}

/**
 * A condition under which a substitution may happen: the text holds a glyph of every set (class 0
 * of a class-based rule matches any glyph, so it adds no set), or, for a ligature of a lookup that
 * skips no glyphs, its glyphs one after the other.
 */
type Condition = { sets: Set<number>[] } | { sequence: number[] };

/**
 * The conditions of one subtable: it may change a text's glyphs only when one of them holds.
 * `strict`: the lookup skips no glyphs (no mark, base or ligature flags), so its matches are runs
 * of adjacent glyphs.
 */
function subtableConditions(type: number, table: Subtable, strict: boolean): Condition[] {
  if (type === 7 && table.extension !== undefined && table.lookupType !== undefined)
    return subtableConditions(table.lookupType, table.extension, strict);
  if (type === 4) return ligatureConditions(table, strict);
  return setConditions(type, table).map((sets) => ({ sets }));
}

function ligatureConditions(table: Subtable, strict: boolean): Condition[] {
  const starts = [...coverageGlyphs(table.coverage)];
  return items(table.ligatureSets).flatMap((set, index) =>
    items(set).map((ligature) => {
      const glyphs = [starts[index] ?? -1, ...items(ligature.components)];
      return strict ? { sequence: glyphs } : { sets: glyphs.map((glyph) => new Set([glyph])) };
    }),
  );
}

function setConditions(type: number, table: Subtable): Set<number>[][] {
  const coverage = coverageGlyphs(table.coverage);
  const one = (glyph: number) => new Set([glyph]);
  const classes = (classDef: ClassDef | undefined, values: Many<number>) =>
    items(values).flatMap((value) => (value === 0 ? [] : [classGlyphs(classDef, value)]));
  if (type === 1 || type === 2 || type === 3 || type === 8) return [[coverage]];
  if ((type === 5 || type === 6) && table.version === 3) {
    const all = [
      ...items(table.coverages),
      ...items(table.backtrackCoverage),
      ...items(table.inputCoverage),
      ...items(table.lookaheadCoverage),
    ];
    return [all.map(coverageGlyphs)];
  }
  if (type === 5 && table.version === 1)
    return items(table.ruleSets).flatMap((set) =>
      items(set).map((rule) => [coverage, ...items(rule.input).map(one)]),
    );
  if (type === 5 && table.version === 2)
    return items(table.classSet).flatMap((set, index) =>
      items(set).map((rule) => [
        coverageInClass(coverage, table.classDef, index),
        ...classes(table.classDef, rule.classes),
      ]),
    );
  if (type === 6 && table.version === 1)
    return items(table.chainRuleSets).flatMap((set) =>
      items(set).map((rule) => [
        coverage,
        ...[...items(rule.backtrack), ...items(rule.input), ...items(rule.lookahead)].map(one),
      ]),
    );
  if (type === 6 && table.version === 2)
    return items(table.chainClassSet).flatMap((set, index) =>
      items(set).map((rule) => [
        coverageInClass(coverage, table.inputClassDef, index),
        ...classes(table.backtrackClassDef, rule.backtrack),
        ...classes(table.inputClassDef, rule.input),
        ...classes(table.lookaheadClassDef, rule.lookahead),
      ]),
    );
  // A kind this file does not read: any glyph of its coverage may be substituted.
  return [[coverage]];
}

/**
 * Features fontkit's shapers never turn on unless asked (pdf-lib asks for none). Every other
 * feature of the font counts, for any script: more than the shaper applies to one text.
 */
const optionalFeatures = new Set(['aalt', 'case', 'dlig', 'hlig', 'salt']);

/** The font's substitution conditions, indexed by a glyph each condition needs. */
function substitutionConditions(gsub: Gsub): Map<number, Condition[]> {
  const lookups = items(gsub.lookupList);
  const used = new Set<number>();
  for (const { tag, feature } of items(gsub.featureList))
    if (!optionalFeatures.has(tag))
      for (const index of items(feature.lookupListIndexes)) used.add(index);
  const byGlyph = new Map<number, Condition[]>();
  const index = (glyph: number, condition: Condition) => {
    const list = byGlyph.get(glyph) ?? [];
    list.push(condition);
    byGlyph.set(glyph, list);
  };
  for (const lookupIndex of used) {
    const lookup = lookups[lookupIndex];
    if (lookup === undefined) continue;
    const { flags, markAttachmentType } = lookup.flags;
    const strict =
      markAttachmentType === 0 &&
      !flags.ignoreBaseGlyphs &&
      !flags.ignoreLigatures &&
      !flags.ignoreMarks &&
      !flags.useMarkFilteringSet;
    for (const table of items(lookup.subTables))
      for (const condition of subtableConditions(lookup.lookupType, table, strict)) {
        if ('sequence' in condition) index(condition.sequence[0] ?? -1, condition);
        else for (const glyph of condition.sets[0] ?? []) index(glyph, condition);
      }
  }
  return byGlyph;
}

/** Whether the glyphs meet a condition. */
function meets(condition: Condition, ids: number[], present: Set<number>): boolean {
  if ('sets' in condition) {
    for (const set of condition.sets) {
      let found = false;
      for (const glyph of present) if (set.has(glyph)) found = true;
      if (!found) return false;
    }
    return true;
  }
  const { sequence } = condition;
  for (
    let start = ids.indexOf(sequence[0] ?? -1);
    start >= 0;
    start = ids.indexOf(sequence[0] ?? -1, start + 1)
  )
    if (sequence.every((glyph, k) => ids[start + k] === glyph)) return true;
  return false;
}

/** Default-ignorable code points fontkit hides (U+00AD, U+034F); the ranges below leave out the rest. */
function isPlainCodePoint(code: number): boolean {
  if (code === 0xad || code === 0x34f) return false;
  return (
    (code >= 0x20 && code < 0x7f) ||
    // Latin, IPA, combining marks, Greek, Cyrillic, Armenian: left to right, fontkit's default shaper.
    (code >= 0xa0 && code < 0x590) ||
    (code >= 0x1d00 && code < 0x2000) ||
    // Punctuation, leaving out U+200B–U+200F, U+2028–U+202E and U+205F–U+206F.
    (code >= 0x2010 && code < 0x2028) ||
    (code >= 0x2030 && code < 0x205f) ||
    // Super- and subscripts, currency, letterlike symbols, arrows, mathematical operators, shapes.
    (code >= 0x2070 && code < 0x2c00)
  );
}

/** How many laid out texts a font keeps (a 50-participant trail has a few hundred lines). */
const runsKept = 1000;

/**
 * A fontkit font whose `layout` skips OpenType shaping when it cannot change the glyphs: pdf-lib
 * reads only the glyphs of a layout (their ids to draw, their advance widths to measure), and
 * fontkit's positioning (kerning, marks) and the substitution passes were most of a trail's
 * rendering. A text takes the quick way when it is left-to-right in scripts fontkit shapes with
 * its default shaper, holds no default-ignorable character, and no substitution of a feature
 * fontkit may apply has all the glyphs it needs in the text (an `fi` ligature needs both `f` and
 * `i`); any other text is laid out by fontkit. The quick glyphs are the font's cmap glyphs, the
 * very objects fontkit's layout returns; their positions are plain advances, which pdf-lib does
 * not read.
 */
export function quickLayoutFont(font: ParsedFont): ParsedFont {
  const tables = font as unknown as { GSUB?: Gsub; morx?: unknown };
  if (tables.morx !== undefined) return font;
  const conditions = tables.GSUB
    ? substitutionConditions(tables.GSUB)
    : new Map<number, Condition[]>();

  const isQuick = (text: string, glyphs: Glyph[]): boolean => {
    for (const char of text) if (!isPlainCodePoint(char.codePointAt(0) ?? 0)) return false;
    const ids = glyphs.map((glyph) => glyph.id);
    const present = new Set(ids);
    for (const id of present)
      for (const condition of conditions.get(id) ?? [])
        if (meets(condition, ids, present)) return false;
    return true;
  };

  const layOut = (text: string): GlyphRun => {
    const glyphs = font.glyphsForString(text);
    if (!isQuick(text, glyphs)) return font.layout(text);
    const positions = glyphs.map((glyph) => ({
      xAdvance: glyph.advanceWidth,
      yAdvance: 0,
      xOffset: 0,
      yOffset: 0,
    }));
    const advanceWidth = positions.reduce((sum, position) => sum + position.xAdvance, 0);
    return {
      glyphs,
      positions,
      script: 'Zyyy',
      language: null,
      direction: 'ltr',
      features: {},
      advanceWidth,
      advanceHeight: 0,
      bbox: font.bbox,
    } as GlyphRun;
  };

  // Texts are mostly the same labels render after render ("Certificate" has an fi ligature).
  const runs = new Map<string, GlyphRun>();
  const layout: ParsedFont['layout'] = (text, features) => {
    if (features !== undefined) return font.layout(text, features);
    let run = runs.get(text);
    if (run === undefined) {
      run = layOut(text);
      if (runs.size >= runsKept) runs.clear();
      runs.set(text, run);
    }
    return run;
  };
  const quick: ParsedFont = Object.create(font) as ParsedFont;
  return Object.assign(quick, { layout });
}
