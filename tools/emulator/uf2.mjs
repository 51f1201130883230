// UF2 files: the blocks of a firmware image, each with its flash address.
//
// A UF2 file is a run of 512-byte blocks. Each block holds two start magic
// numbers, flags, the target address, the payload size, its number and the
// count of blocks, a family id (when flag 0x2000 is set), up to 476 bytes of
// payload at byte 32, and an end magic number at byte 508.

export const BLOCK_SIZE = 512;
export const MAGIC_START0 = 0x0a324655;
export const MAGIC_START1 = 0x9e5d5157;
export const MAGIC_END = 0x0ab16f30;
export const FLAG_NOT_MAIN_FLASH = 0x00000001;
export const FLAG_FILE_CONTAINER = 0x00001000;
export const FLAG_FAMILY_ID = 0x00002000;
export const RP2040_FAMILY = 0xe48bff56;
export const PAYLOAD_MAX = 476;

/**
 * The flash writes of a UF2 file, as [{address, data}] in file order.
 * `base` and `size` bound the flash (addresses are absolute, e.g. 0x10000000).
 * Blocks of another family, or marked not for main flash, are skipped and
 * counted. Throws an Error naming the block for anything malformed, a block
 * outside the flash, or a missing block.
 */
export function parseUf2(bytes, { base = 0x10000000, size = 16 * 1024 * 1024, family = RP2040_FAMILY } = {}) {
  if (bytes.length === 0 || bytes.length % BLOCK_SIZE !== 0) {
    throw new Error(`UF2: ${bytes.length} bytes is not a whole number of ${BLOCK_SIZE}-byte blocks`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const writes = [];
  let skipped = 0;
  let expected = null; // the numBlocks of the image being read
  let seen = null;
  for (let index = 0; index * BLOCK_SIZE < bytes.length; index++) {
    const at = index * BLOCK_SIZE;
    const word = (offset) => view.getUint32(at + offset, true);
    if (word(0) !== MAGIC_START0 || word(4) !== MAGIC_START1 || word(508) !== MAGIC_END) {
      throw new Error(`UF2: block ${index} has bad magic numbers`);
    }
    const flags = word(8);
    const address = word(12);
    const payloadSize = word(16);
    const blockNo = word(20);
    const numBlocks = word(24);
    const familyId = word(28);
    if (flags & (FLAG_NOT_MAIN_FLASH | FLAG_FILE_CONTAINER)) {
      skipped++;
      continue;
    }
    if (flags & FLAG_FAMILY_ID && familyId !== family) {
      skipped++;
      continue;
    }
    if (payloadSize > PAYLOAD_MAX) {
      throw new Error(`UF2: block ${index} has a payload of ${payloadSize} bytes (at most ${PAYLOAD_MAX})`);
    }
    if (address < base || address + payloadSize > base + size) {
      throw new Error(`UF2: block ${index} writes 0x${address.toString(16)}, outside the flash`);
    }
    if (numBlocks === 0 || blockNo >= numBlocks) {
      throw new Error(`UF2: block ${index} is numbered ${blockNo} of ${numBlocks}`);
    }
    if (expected === null) {
      expected = numBlocks;
      seen = new Uint8Array(numBlocks);
    } else if (numBlocks !== expected) {
      throw new Error(`UF2: block ${index} says ${numBlocks} blocks, earlier ones ${expected}`);
    }
    seen[blockNo] = 1;
    writes.push({ address, data: bytes.subarray(at + 32, at + 32 + payloadSize) });
  }
  if (expected === null) {
    throw new Error(`UF2: no block for this chip (family 0x${family.toString(16)}; ${skipped} skipped)`);
  }
  const missing = seen.indexOf(0);
  if (missing >= 0) {
    throw new Error(`UF2: block ${missing} of ${expected} is missing`);
  }
  return { writes, skipped, blocks: expected };
}

/** Copy the writes of parseUf2 into `flash` (a Uint8Array whose byte 0 is `base`). */
export function loadUf2(flash, bytes, base = 0x10000000) {
  const parsed = parseUf2(bytes, { base, size: flash.length });
  for (const { address, data } of parsed.writes) {
    flash.set(data, address - base);
  }
  return parsed;
}

/** A UF2 file of `data` written at `address` (for the self-check). */
export function makeUf2(address, data, { family = RP2040_FAMILY, chunk = 256 } = {}) {
  const count = Math.ceil(data.length / chunk);
  const out = new Uint8Array(count * BLOCK_SIZE);
  const view = new DataView(out.buffer);
  for (let i = 0; i < count; i++) {
    const at = i * BLOCK_SIZE;
    const part = data.subarray(i * chunk, (i + 1) * chunk);
    view.setUint32(at, MAGIC_START0, true);
    view.setUint32(at + 4, MAGIC_START1, true);
    view.setUint32(at + 8, FLAG_FAMILY_ID, true);
    view.setUint32(at + 12, address + i * chunk, true);
    view.setUint32(at + 16, part.length, true);
    view.setUint32(at + 20, i, true);
    view.setUint32(at + 24, count, true);
    view.setUint32(at + 28, family, true);
    out.set(part, at + 32);
    view.setUint32(at + 508, MAGIC_END, true);
  }
  return out;
}
