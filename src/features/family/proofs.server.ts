import { randomBytes } from 'node:crypto';
import busboy from 'busboy';
import type { Request } from 'express';

/** A receipt may be at most this large (a phone photo or a bank's PDF). */
export const MAX_PROOF_BYTES = 8 * 1024 * 1024;

export type ProofType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'application/pdf';

const extensions: Record<ProofType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * What the bytes are, from their first bytes (never from the name or the type the browser
 * claims): a JPEG, PNG, WebP or HEIC photo, or a PDF; anything else (an SVG, HTML, a program, a
 * text named .jpg) is refused. Nothing is decoded: checking costs no resize (decision 114).
 */
export function proofTypeOf(data: Buffer): ProofType | null {
  const ascii = (start: number, end: number) => data.subarray(start, end).toString('latin1');
  if (data.length < 12) return null;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(8, 12))) return 'image/heic';
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

export const proofFileName = (type: ProofType) =>
  `${randomBytes(16).toString('base64url')}.${extensions[type]}`;

export class ProofRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const proofMessages = {
  none: 'Choose a photo or a PDF of your receipt.',
  tooBig: 'The file is too large: at most 8 MB.',
  notAllowed: 'Only a photo (JPEG, PNG, WebP, HEIC) or a PDF can be added.',
  malformed: 'The file could not be read. Please try again.',
  tooMany: 'You have added the most receipts this page keeps: send further ones to us by email.',
  sent: 'Your receipt was added. Thank you!',
} as const;

/**
 * Reads the one file of a `multipart/form-data` form (field `proof`), at most MAX_PROOF_BYTES;
 * refuses anything else with the reason a family can act on.
 */
export function readProof(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: MAX_PROOF_BYTES, fields: 2, parts: 3, fieldSize: 1024 },
      });
    } catch {
      reject(new ProofRefused(400, proofMessages.malformed));
      return;
    }
    let file: Buffer | null = null;
    let failure: ProofRefused | null = null;
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure ??= new ProofRefused(413, proofMessages.tooBig);
      });
      stream.on('end', () => {
        if (name === 'proof' && !failure) file = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => {
      failure ??= new ProofRefused(400, proofMessages.malformed);
      req.unpipe(parser);
      req.resume();
      reject(failure);
    });
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file || file.length === 0) return reject(new ProofRefused(400, proofMessages.none));
      resolve(file);
    });
    req.pipe(parser);
  });
}
