// Second phase in its own process: reads the stored prepared bytes, state and signature value,
// embeds, writes the signed PDF. Used by the two-phase test.
import { readFileSync, writeFileSync } from 'node:fs';
import { embed, type PreparedState } from '../../src/index';

const [pdfPath, statePath, signaturePath, outPath] = process.argv.slice(2);
if (!pdfPath || !statePath || !signaturePath || !outPath)
  throw new Error('usage: embed-cli PDF STATE SIG OUT');
const state = JSON.parse(readFileSync(statePath, 'utf8')) as PreparedState;
const signed = await embed({ pdf: readFileSync(pdfPath), state }, readFileSync(signaturePath));
writeFileSync(outPath, signed);
console.log(`embedded ${signed.length} bytes in process ${process.pid}`);
