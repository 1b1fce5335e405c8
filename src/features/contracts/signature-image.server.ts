import sharp from 'sharp';
import { Invalid } from '../../server/http/pipeline';
import { contractMessages } from './contracts';

/** A drawn signature's limits: a phone's pad is about 350 × 150 CSS px, at most 3× its pixels. */
export const SIGNATURE_MAX_BYTES = 200_000;
export const SIGNATURE_MAX_WIDTH = 1600;
export const SIGNATURE_MAX_HEIGHT = 800;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL_PREFIX = 'data:image/png;base64,';

/** 400: the drawn signature is no PNG we take; the form shows why beside the pad. */
export class SignatureImageRefused extends Invalid {
  constructor() {
    super(contractMessages.signatureInvalid, { signature: contractMessages.signatureInvalid });
  }
}

/**
 * A drawn signature as the browser sends it (a PNG data URL) checked before anything decodes it —
 * the prefix, the size, base64 that round-trips, the PNG signature and the header's dimensions —
 * then decoded by sharp with a pixel limit and encoded again: what is stored and printed is a
 * PNG this server wrote, never the bytes a client chose. Anything else is refused (400).
 */
export async function reencodeSignature(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) throw new SignatureImageRefused();
  const base64 = dataUrl.slice(DATA_URL_PREFIX.length);
  if (base64.length > Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 4 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
    throw new SignatureImageRefused();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < 33 || bytes.length > SIGNATURE_MAX_BYTES) throw new SignatureImageRefused();
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    throw new SignatureImageRefused();
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > SIGNATURE_MAX_WIDTH || height > SIGNATURE_MAX_HEIGHT)
    throw new SignatureImageRefused();
  try {
    const image = sharp(bytes, {
      limitInputPixels: SIGNATURE_MAX_WIDTH * SIGNATURE_MAX_HEIGHT,
      failOn: 'error',
      animated: false,
    });
    const meta = await image.metadata();
    if (meta.format !== 'png' || meta.width !== width || meta.height !== height)
      throw new SignatureImageRefused();
    // Ink on white, as it is printed: a transparent pad's strokes stay, the rest becomes paper.
    const { data, info } = await image
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9, palette: true, colours: 16 })
      .toBuffer({ resolveWithObject: true });
    if (info.width !== width || info.height !== height) throw new SignatureImageRefused();
    return data;
  } catch (error) {
    if (error instanceof SignatureImageRefused) throw error;
    throw new SignatureImageRefused();
  }
}
