// The firmware's UF2 file as flash writes: each block decoded by npm's `uf2`
// (wokwi's, the authors of rp2040js), our own only what the emulator asks of
// a whole file: this chip's blocks, inside its flash, none missing.

import { blockSize, decodeBlock, encodeBlock, familyID, UF2DecodeError, UF2Flags } from "uf2";

export const RP2040_FAMILY = familyID("Raspberry Pi RP2040");

/**
 * The flash writes of a UF2 file, as [{address, data}] in file order.
 * `base` and `size` bound the flash (addresses are absolute, e.g. 0x10000000).
 * Blocks of another family, or marked not for main flash, are skipped and
 * counted. Throws an Error naming the block for anything malformed, a block
 * outside the flash, or a missing block.
 */
export function parseUf2(bytes, { base = 0x10000000, size = 16 * 1024 * 1024, family = RP2040_FAMILY } = {}) {
  if (bytes.length === 0 || bytes.length % blockSize !== 0) {
    throw new Error(`UF2: ${bytes.length} bytes is not a whole number of ${blockSize}-byte blocks`);
  }
  const writes = [];
  let skipped = 0;
  let seen = null; // a flag for each block of the image being read
  for (let index = 0; index * blockSize < bytes.length; index++) {
    let block;
    try {
      block = decodeBlock(bytes.subarray(index * blockSize, (index + 1) * blockSize));
    } catch (error) {
      if (!(error instanceof UF2DecodeError)) throw error;
      throw new Error(`UF2: block ${index}: ${error.message}`);
    }
    const { flags, flashAddress: address, payload, blockNumber, totalBlocks } = block;
    const otherFamily = flags & UF2Flags.familyIDPresent && block.boardFamily !== family;
    if (flags & (UF2Flags.notMainFlash | UF2Flags.fileContainer) || otherFamily) {
      skipped++;
      continue;
    }
    if (address < base || address + payload.length > base + size) {
      throw new Error(`UF2: block ${index} writes 0x${address.toString(16)}, outside the flash`);
    }
    if (totalBlocks === 0 || blockNumber >= totalBlocks) {
      throw new Error(`UF2: block ${index} is numbered ${blockNumber} of ${totalBlocks}`);
    }
    seen ??= new Uint8Array(totalBlocks);
    if (totalBlocks !== seen.length) {
      throw new Error(`UF2: block ${index} says ${totalBlocks} blocks, earlier ones ${seen.length}`);
    }
    seen[blockNumber] = 1;
    writes.push({ address, data: payload });
  }
  if (seen === null) {
    throw new Error(`UF2: no block for this chip (family 0x${family.toString(16)}; ${skipped} skipped)`);
  }
  const missing = seen.indexOf(0);
  if (missing >= 0) throw new Error(`UF2: block ${missing} of ${seen.length} is missing`);
  return { writes, skipped, blocks: seen.length };
}

/** Copy the writes of parseUf2 into `flash` (a Uint8Array whose byte 0 is `base`). */
export function loadUf2(flash, bytes, base = 0x10000000) {
  const parsed = parseUf2(bytes, { base, size: flash.length });
  for (const { address, data } of parsed.writes) flash.set(data, address - base);
  return parsed;
}

/** A UF2 file of `data` written at `address` (for the self-check). */
export function makeUf2(address, data, { family = RP2040_FAMILY, chunk = 256 } = {}) {
  const count = Math.ceil(data.length / chunk);
  const out = new Uint8Array(count * blockSize);
  for (let i = 0; i < count; i++) {
    const payload = data.subarray(i * chunk, (i + 1) * chunk);
    const block = { flags: UF2Flags.familyIDPresent, flashAddress: address + i * chunk, payload, blockNumber: i, totalBlocks: count, boardFamily: family };
    encodeBlock(block, out, i * blockSize);
  }
  return out;
}
