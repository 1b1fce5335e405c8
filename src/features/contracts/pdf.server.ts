import { createRequire } from 'node:module';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { loadOnce } from '../../server/core/load-once';

/** What the PDF prints: posted whole to the PDF thread (pdf-worker.server.ts), so it is plain data. */
export interface PdfInput {
  contractId: string;
  title: string;
  text: string;
  textHash: string;
  kennel: string;
  /** The breeder's time zone (TZ): each time is printed in UTC and in it. */
  timeZone: string;
  signatures: PdfSignature[];
}

interface PdfSignature {
  role: 'Buyer' | 'Breeder';
  name: string;
  signedAt: string;
  method: 'drawn' | 'typed';
  /** The re-encoded PNG (base64) of a drawn signature. */
  image?: string;
  ip: string;
  browser: string;
  email: string;
  textHash: string;
}

// DejaVu ships in an npm package (dejavu-fonts-ttf, free licence: Bitstream Vera's and public
// domain): a fresh machine or the container needs no system font, and it has Latin, Greek,
// Cyrillic, Hebrew and Arabic letters, so a name comes out as written (decision 130).
const require = createRequire(import.meta.url);
const font = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
const FONTS = {
  regular: font('DejaVuSans.ttf'),
  bold: font('DejaVuSans-Bold.ttf'),
  script: font('DejaVuSerif-Italic.ttf'),
  mono: font('DejaVuSansMono.ttf'),
};

/** "2026-11-29 17:04:05 UTC" and "November 29, 2026 at 10:04:05 AM MST" (her zone). */
export function printedTimes(iso: string, timeZone: string): { utc: string; local: string } {
  const at = new Date(iso);
  return {
    utc: `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    local: `${format(new TZDate(at, timeZone), "MMMM d, yyyy 'at' h:mm:ss a")} (${timeZone})`,
  };
}

/** pdfkit and its fonts' parsers: loaded by the PDF thread at its first contract, not by the server. */
const loadPdfKit = loadOnce(() => import('pdfkit'));

/**
 * The signed agreement: its text, both signatures with names and times, and a last page
 * "Signing record" (per signature: the time in UTC and her zone, the IP address, the browser in
 * words, the email the link went to, the SHA-256 of the text as shown). Made once, when both
 * have signed, in the PDF thread; its bytes depend only on `input` (the dates in its info are the
 * signing times), so the same contract always makes the same file.
 */
export async function makeContractPdf(input: PdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await loadPdfKit();
  const lastSigned = input.signatures.reduce(
    (latest, signature) => (signature.signedAt > latest ? signature.signedAt : latest),
    input.signatures[0]?.signedAt ?? new Date(0).toISOString(),
  );
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 60,
    info: {
      Title: input.title,
      Author: input.kennel,
      Subject: `Signed agreement ${input.contractId}`,
      CreationDate: new Date(lastSigned),
      ModDate: new Date(lastSigned),
    },
    autoFirstPage: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('script', FONTS.script);
  doc.registerFont('mono', FONTS.mono);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(18).text(input.title, { align: 'center' });
  doc.moveDown();
  doc.font('regular').fontSize(10.5);
  for (const paragraph of input.text.replace(/\r\n?/g, '\n').split('\n')) {
    doc.text(paragraph.length > 0 ? paragraph : ' ', { align: 'left', lineGap: 2 });
  }

  doc.moveDown(2);
  doc.font('bold').fontSize(13).text('Signatures');
  doc.moveDown(0.5);
  for (const signature of input.signatures) {
    if (doc.y > doc.page.height - 200) doc.addPage();
    doc
      .font('bold')
      .fontSize(11)
      .text(signature.role === 'Buyer' ? 'The Buyer' : 'The Breeder');
    if (signature.method === 'drawn' && signature.image) {
      const top = doc.y + 4;
      doc.image(Buffer.from(signature.image, 'base64'), doc.page.margins.left, top, { fit: [220, 80] });
      doc.y = top + 84;
    } else {
      doc.font('script').fontSize(24).text(signature.name);
    }
    const times = printedTimes(signature.signedAt, input.timeZone);
    doc.font('regular').fontSize(10);
    doc.text(`Name: ${signature.name}`);
    doc.text(`Signed: ${times.local} — ${times.utc}`);
    doc.moveDown();
  }

  doc.addPage();
  doc.font('bold').fontSize(16).text('Signing record');
  doc.moveDown(0.5);
  doc.font('regular').fontSize(10);
  doc.text(`Agreement: ${input.title}`);
  doc.text(`Contract: ${input.contractId}`);
  doc.text('SHA-256 of the agreement’s text:');
  doc.font('mono').fontSize(9).text(input.textHash);
  doc.moveDown();
  for (const signature of input.signatures) {
    const times = printedTimes(signature.signedAt, input.timeZone);
    doc.font('bold').fontSize(12).text(`${signature.role}: ${signature.name}`);
    doc.font('regular').fontSize(10);
    doc.text(`Time (UTC): ${times.utc}`);
    doc.text(`Time (${input.timeZone}): ${times.local}`);
    doc.text(`IP address: ${signature.ip}`);
    doc.text(`Browser: ${signature.browser}`);
    doc.text(`Email: ${signature.email}`);
    doc.text(`Signature: ${signature.method === 'drawn' ? 'drawn on the screen' : 'typed'}`);
    doc.text('Consent: ticked "I agree to sign electronically and to receive this agreement electronically"');
    doc.text('SHA-256 of the text as shown:');
    doc.font('mono').fontSize(9).text(signature.textHash);
    doc.moveDown();
  }
  doc.end();
  return done;
}
