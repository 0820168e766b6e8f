// Figures of the documents issue (16), printed, never asserted: sealing a 20-page PDF with 6 fields
// (name, date, text, checkbox, signature, initials) and a certificate page, PAdES B-B with the throw-away
// CA, 20 times in a row: median and slowest time, and the peak RSS of the process that sealed, beside the
// issue's goals of ≤ 1 s and ≤ 150 MB.
// Usage: `node bench/sealing.mjs` (nothing needs to run, nor be built first). The api ships as one
// bundle whose entry starts the server, so the sealing module is bundled here on its own, with the api's
// own Rspack configuration (the same transform and externals as `npm run build`), into a temporary
// directory. The seals run in a child process under the api's Node flags (apiNodeArguments), so its
// peak RSS is the sealing's and not the bundler's; this file's top-level imports are therefore kept to
// small ones (no support.mjs, which loads mongoose).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiNodeArguments } from '@formwerk/build-config/api-process';
import { createNodeBundleConfig } from '@formwerk/build-config/node-config';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';

const repoRoot = new URL('..', import.meta.url).pathname;
const apiRoot = join(repoRoot, 'api');
const sealingSources = join(apiRoot, 'src', 'modules', 'documents', 'sealing');
const requireOfApi = createRequire(join(apiRoot, 'package.json'));
const runs = 20;
const pageCount = 20;
const megabyte = 1024 * 1024;

const round = (value, digits = 0) => Number(value.toFixed(digits));
const median = (values) => {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A 20-page A4 document of running text, as a contract arrives: a heading and some 20 lines a page. */
async function makeDocument() {
  const { PDF } = await import(pathToFileURL(requireOfApi.resolve('@libpdf/core')).href);
  const pdf = PDF.create();
  const paragraph =
    'Der Vermieter überlässt dem Mieter die Wohnung zur ausschließlichen Nutzung als Wohnraum. Die Miete ist ' +
    'monatlich im Voraus bis zum dritten Werktag zu zahlen; Nebenkosten werden jährlich abgerechnet. ';
  for (let number = 1; number <= pageCount; number += 1) {
    const page = pdf.addPage({ size: 'a4' });
    page.drawText(`§ ${number} Vertragsbedingungen`, { x: 60, y: 780, size: 14, font: 'Helvetica-Bold' });
    page.drawText(paragraph.repeat(9), { x: 60, y: 750, size: 10, maxWidth: 475, lineHeight: 14 });
  }
  return pdf.save();
}

/** Bundles sealPdf and loadSigningIdentity as the api's build would, into `directory`; returns the file. */
async function bundleSealing(directory) {
  const { rspack } = requireOfApi('@rspack/core');
  const entry = join(directory, 'entry.mjs');
  writeFileSync(
    entry,
    `export { sealPdf } from ${JSON.stringify(join(sealingSources, 'seal-pdf.ts'))};\n` +
      `export { loadSigningIdentity } from ${JSON.stringify(join(sealingSources, 'signing-identity.ts'))};\n`,
  );
  const outputPath = join(directory, 'dist');
  const config = { ...createNodeBundleConfig({ entry, outputPath, filename: 'sealing.cjs' }), mode: 'production' };
  const stats = await new Promise((resolve, reject) =>
    rspack(config).run((error, result) => (error ? reject(error) : resolve(result))),
  );
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  return join(outputPath, 'sealing.cjs');
}

/** The child's part: seals `runs` times and prints its figures as JSON. */
async function measure(bundle, documentFile, signatureFile, initialsFile) {
  const { sealPdf, loadSigningIdentity } = createRequire(import.meta.url)(bundle);
  const pdf = new Uint8Array(readFileSync(documentFile));
  const signature = { png: new Uint8Array(readFileSync(signatureFile)) };
  const initials = { png: new Uint8Array(readFileSync(initialsFile)) };
  // Made once at the api's start, not per seal.
  const identity = await loadSigningIdentity({ pkcs12: null });
  const fields = [
    { page: 0, x: 0.1, y: 0.85, width: 0.35, height: 0.03, kind: 'name', value: 'Erika Mustermann' },
    { page: 0, x: 0.55, y: 0.85, width: 0.2, height: 0.03, kind: 'date', value: '26.11.2026' },
    { page: 9, x: 0.1, y: 0.9, width: 0.5, height: 0.03, kind: 'text', value: 'Stellplatz Nr. 14 inklusive' },
    { page: 9, x: 0.7, y: 0.9, width: 0.03, height: 0.02, kind: 'checkbox', value: true },
    { page: 19, x: 0.1, y: 0.85, width: 0.4, height: 0.08, kind: 'signature', value: signature },
    { page: 19, x: 0.7, y: 0.88, width: 0.12, height: 0.05, kind: 'initials', value: initials },
  ];
  const recipient = (name, email, role) => ({
    name,
    email,
    role,
    verification: 'emailCode',
    sentAt: new Date('2026-11-25T08:00:00Z'),
    viewedAt: new Date('2026-11-25T09:00:00Z'),
    signedAt: new Date('2026-11-25T09:30:00Z'),
    declinedAt: null,
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  });
  const certificate = {
    documentTitle: 'Mietvertrag Wohnung 4',
    reference: 'DOC-2026-0042',
    sender: { name: 'Max Muster', email: 'max@example.com' },
    recipients: [
      recipient('Erika Mustermann', 'erika@example.com', 'signer'),
      recipient('Jörg Weiß', 'joerg@example.com', 'approver'),
    ],
  };
  const rssBeforeMb = process.memoryUsage().rss / megabyte;
  const times = [];
  let sealedBytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const sealed = await sealPdf({ pdf, fields, certificate, identity });
    times.push(performance.now() - started);
    sealedBytes = sealed.pdf.length;
  }
  // maxRSS is in kibibytes: the most the process ever held in memory, the seals included.
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ times, rssBeforeMb, peakRssMb, inputBytes: pdf.length, sealedBytes }));
}

async function main() {
  await runOnCurrentNode();
  const directory = mkdtempSync(join(tmpdir(), 'formwerk-bench-sealing-'));
  try {
    console.log(`Bundling the sealing module with the api's Rspack configuration into ${directory} …`);
    const bundle = await bundleSealing(directory);
    const documentFile = join(directory, 'document.pdf');
    writeFileSync(documentFile, await makeDocument());
    // The PNGs the sealing tests draw (a signature 600 × 200, initials 240 × 160).
    const signatureFile = join(sealingSources, 'fixtures', 'signature.png');
    const initialsFile = join(sealingSources, 'fixtures', 'initials.png');
    console.log(`Sealing a ${pageCount}-page PDF (${round(statSync(documentFile).size / 1024)} KiB) ${runs} times …`);
    const output = await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          ...apiNodeArguments,
          new URL(import.meta.url).pathname,
          '--measure',
          bundle,
          documentFile,
          signatureFile,
          initialsFile,
        ],
        // The bundle requires the api's packages, as dist/server.cjs does from api/.
        { env: { ...process.env, NODE_PATH: join(apiRoot, 'node_modules') }, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let printed = '';
      child.stdout.on('data', (chunk) => {
        printed += chunk;
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(printed) : reject(new Error(`The seals failed (exit ${code})`)),
      );
    });
    const figures = JSON.parse(output.trim().split('\n').at(-1));
    console.log(`\nSealing (issue 16): ${runs} seals in one process, PAdES B-B, throw-away CA:`);
    console.table([
      {
        sealed: `${pageCount} pages, 6 fields, certificate page`,
        'median ms': round(median(figures.times)),
        'max ms': round(Math.max(...figures.times)),
        'first ms': round(figures.times[0]),
        'peak RSS MB': round(figures.peakRssMb),
        'RSS before sealing MB': round(figures.rssBeforeMb),
        goals: '≤ 1000 ms, ≤ 150 MB',
      },
    ]);
    console.log(`Input ${round(figures.inputBytes / 1024)} KiB, sealed ${round(figures.sealedBytes / 1024)} KiB.`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--measure') await measure(...process.argv.slice(3));
else await main();
