import { rgb } from 'pdf-lib';
import type { SignatureValidation, ValidationReport } from '@signet/contracts/validations';
import { oneLine, TrailWriter, trailDocument, utc } from '../trail-layout';
import { validationLabels, type ValidationLabels } from './validation-labels';

const time = (at: string | null): string => (at ? utc(new Date(at)) : '—');

/** What a later update did: allowed, the signing trail's change (decision 056), or its changes. */
function updateText(update: SignatureValidation['laterUpdates'][number], labels: ValidationLabels) {
  if (update.allowed) return labels.allowedUpdate;
  return [
    ...(update.trail ? [labels.trailUpdates[update.trail]] : []),
    ...update.modifications,
  ].join('; ');
}

/**
 * A time-stamp's line: when, by whom, whether it verifies and, only when it does, whether its TSA
 * is trusted (a token that does not verify is not called trusted, however its TSA chains).
 */
function timestampLine(
  ts: { time: string | null; tsa: string | null; valid: boolean; trusted: boolean },
  labels: ValidationLabels,
): string {
  const verdict = ts.valid
    ? `${labels.intact} · ${ts.trusted ? labels.trusted : labels.untrusted}`
    : labels.broken;
  return `${time(ts.time)} · ${ts.tsa ?? '—'} · ${verdict}`;
}

/** The label/value rows of one signature, in the order a reader checks them. */
function signatureRows(s: SignatureValidation, labels: ValidationLabels): [string, string][] {
  const rows: [string, string][] = [];
  rows.push([labels.overall, labels.verdicts[s.verdict]]);
  for (const reason of s.reasons) rows.push(['', labels.reasons[reason]]);
  if (s.signer) {
    rows.push([labels.signer, s.signer.subject]);
    rows.push([labels.issuer, s.signer.issuer]);
    rows.push([labels.serial, s.signer.serialNumber]);
    rows.push([labels.validity, `${time(s.signer.notBefore)} – ${time(s.signer.notAfter)}`]);
  }
  rows.push([labels.claimedTime, time(s.claimedSigningTime)]);
  rows.push([
    labels.timestamp,
    s.timestamp ? timestampLine(s.timestamp, labels) : labels.notTimestamped,
  ]);
  rows.push([labels.algorithm, s.algorithm ?? '—']);
  rows.push([
    labels.integrity,
    s.integrity.digestMatches && s.integrity.signatureValid ? labels.intact : labels.broken,
  ]);
  rows.push([
    labels.trust,
    `${s.trust.trusted ? labels.trusted : labels.untrusted}${
      s.trust.chain.length > 0 ? ` · ${s.trust.chain.join(' → ')}` : ''
    }`,
  ]);
  const revoked = s.revocation.revokedAt
    ? ` · ${labels.revokedAt} ${time(s.revocation.revokedAt)}`
    : '';
  rows.push([
    labels.revocation,
    `${labels.revocationStatus[s.revocation.status]} · ${labels.revocationSource[s.revocation.source]}${revoked}`,
  ]);
  rows.push([labels.level, s.level ?? '—']);
  rows.push([
    labels.coverage,
    s.coversWholeDocument ? labels.wholeDocument : labels.notWholeDocument,
  ]);
  for (const update of s.laterUpdates) rows.push([labels.laterUpdates, updateText(update, labels)]);
  const attacks = Object.entries(s.attacks).flatMap(([name, found]) => (found ? [name] : []));
  const pagesChanged = s.reasons.includes('TRAIL_PAGES_CHANGED');
  rows.push([
    labels.attacks,
    attacks.length > 0
      ? attacks.join(', ')
      : pagesChanged
        ? labels.noAttackPagesChanged
        : labels.none,
  ]);
  return rows.map(([label, value]) => [label, oneLine(value)]);
}

/**
 * The validation report as an A4 PDF a person can read and keep (decision 039): the file, the
 * overall result, then each signature's rows and the document time-stamps, in the user's
 * language, DejaVu Sans embedded so Hungarian renders, written as the signing trail is.
 */
export async function renderValidationReport(
  report: ValidationReport,
  language: 'en' | 'hu',
): Promise<Uint8Array> {
  const labels = validationLabels(language);
  const { pdf, regular, bold } = await trailDocument();
  const at = new Date(report.validatedAt);
  pdf.setTitle(`${labels.title}: ${oneLine(report.fileName)}`);
  pdf.setProducer('Signet');
  pdf.setCreator('Signet');
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);

  const writer = new TrailWriter(pdf, regular, bold);
  writer.text(labels.title, { size: 20, bold: true, gap: 10 });
  const facts: [string, string][] = [
    [labels.file, report.fileName],
    [labels.kind, report.kind],
    [labels.size, String(report.fileSize)],
    [labels.sha256, report.sha256],
    [labels.validatedAt, utc(at)],
    [labels.revisions, String(report.revisions)],
    [labels.pages, String(report.pages)],
    [labels.trustAnchors, report.trustAnchors.join('; ') || labels.none],
    [labels.overall, labels.verdicts[report.verdict]],
  ];
  if (report.missingRevocationData?.length)
    facts.push([labels.missingRevocationData, report.missingRevocationData.join('; ')]);
  for (const [label, value] of facts) writer.row(label, oneLine(value), 0, 10);
  writer.space(8);
  writer.rule();
  if (report.signatures.length === 0) writer.text(labels.noSignatures, { size: 10 });
  for (const [index, signature] of report.signatures.entries()) {
    const rows = signatureRows(signature, labels);
    if (!writer.room(13 * 1.4 + rows.length * 9.5 * 1.4)) {
      writer.note(labels.more(report.signatures.length - index));
      break;
    }
    writer.text(labels.signature(index + 1, signature.name), { size: 13, bold: true, gap: 2 });
    for (const [label, value] of rows) writer.row(label, value, 16, 9.5);
    writer.space(8);
  }
  if (report.documentTimestamps.length > 0 && writer.room(40)) {
    writer.text(labels.documentTimestamps, { size: 13, bold: true, gap: 2 });
    for (const ts of report.documentTimestamps) {
      if (!writer.room(14)) break;
      writer.row(ts.name, oneLine(timestampLine(ts, labels)), 16, 9.5);
    }
  }
  const total = writer.pages.length;
  for (const [index, page] of writer.pages.entries()) {
    const size = 8.5;
    writer.draw(page, `${labels.footer} · ${oneLine(report.fileName)}`, {
      x: 56,
      y: 32,
      size,
      font: regular,
      color: rgb(0.35, 0.35, 0.35),
    });
    const number = `${index + 1} / ${total}`;
    const width = regular.widthOfTextAtSize(number, size);
    writer.draw(page, number, { x: 595.28 - 56 - width, y: 32, size, font: regular });
  }
  return pdf.save({ useObjectStreams: false });
}
