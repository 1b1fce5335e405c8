import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import {
  reencodeSignature,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_HEIGHT,
  SIGNATURE_MAX_WIDTH,
  SignatureImageRefused,
} from './signature-image.server';

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

/** A PNG's first 33 bytes (signature and IHDR) claiming a size, then `rest`. */
function pngClaiming(width: number, height: number, rest = Buffer.alloc(64, 0x41)): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.writeUInt8(8, 24);
  header.writeUInt8(6, 25);
  return Buffer.concat([header, rest]);
}

describe('a drawn signature is checked, then decoded and encoded again', () => {
  test('a canvas PNG comes back as a new PNG of the same size, ink on white', async () => {
    const png = await sharp({
      create: { width: 700, height: 250, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="700" height="250"><path d="M10 10 L600 200" stroke="#000" stroke-width="8"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const out = await reencodeSignature(dataUrl(png));
    assert.ok(!out.equals(png));
    const meta = await sharp(out).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 700);
    assert.equal(meta.height, 250);
    assert.equal(meta.hasAlpha, false);
  });

  const hostile: [string, string][] = [
    ['another type', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['not base64', 'data:image/png;base64,%%%'],
    ['too many bytes', `data:image/png;base64,${'A'.repeat(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 100)}`],
    ['a decompression bomb header', dataUrl(pngClaiming(60_000, 60_000))],
    ['one pixel too wide', dataUrl(pngClaiming(SIGNATURE_MAX_WIDTH + 1, 10))],
    ['one pixel too high', dataUrl(pngClaiming(10, SIGNATURE_MAX_HEIGHT + 1))],
    ['a header with garbage after it', dataUrl(pngClaiming(700, 250))],
    ['a JPEG labelled PNG', dataUrl(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(64)]))],
    ['nothing', 'data:image/png;base64,'],
  ];
  for (const [what, input] of hostile) {
    test(`refused: ${what}`, async () => {
      await assert.rejects(reencodeSignature(input), SignatureImageRefused);
    });
  }
});
