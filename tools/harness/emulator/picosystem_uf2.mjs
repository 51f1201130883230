// The PicoSystem's one-file UF2: CircuitPython's firmware and a ready CIRCUITPY
// drive in one file, which the RP2040's boot ROM (its RPI-RP2 drive) writes
// whole. `make release` makes it; the tests boot it on the emulator from an
// erased flash.
//
//   node tools/harness/emulator/picosystem_uf2.mjs FIRMWARE.uf2 DRIVE_DIR OUT.uf2
//
// The file: the firmware's blocks, padded with erased bytes to a whole 4 KiB
// sector; then the drive's FAT image (drive.mjs: the filesystem CircuitPython
// mounts at flash offset 0x100000, 15 MiB, label CIRCUITPY) up to its last
// cluster in use, so the drive keeps its full size and a player's files go on
// it. Every block is numbered in one sequence, and each run of 16
// block numbers is one whole 4 KiB sector (the boot ROM picks the sector to
// erase from the block's number). The 4 KiB of microcontroller.nvm between the
// two (0xFF000) is not written: a save there survives the update. The same
// firmware and folder give the same bytes.

import fs from "node:fs";
import { blockSize, encodeBlock, UF2Flags } from "uf2";
import { driveImage } from "./drive.mjs";
import { DRIVE_START } from "./flash.mjs";
import { parseUf2, RP2040_FAMILY } from "./uf2.mjs";

const FLASH_BASE = 0x10000000;
const PAYLOAD = 256;
const SECTOR = 4096;

/** The firmware's bytes and where they start, from its UF2 (contiguous). */
function firmwareBytes(uf2) {
  const { writes } = parseUf2(uf2);
  const start = Math.min(...writes.map((w) => w.address));
  const end = Math.max(...writes.map((w) => w.address + w.data.length));
  if (start !== FLASH_BASE || end > FLASH_BASE + DRIVE_START - SECTOR) {
    throw new Error(`the firmware spans 0x${start.toString(16)}-0x${end.toString(16)}, not the firmware's region`);
  }
  const bytes = new Uint8Array(Math.ceil((end - start) / SECTOR) * SECTOR).fill(0xff);
  for (const { address, data } of writes) bytes.set(data, address - start);
  return bytes;
}

/**
 * `image` (a FAT12 image, as drive.mjs makes) cut after its last cluster in
 * use, read from its FAT: the rest of the drive is free, whatever the flash
 * holds there.
 */
function usedPart(image) {
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const sector = view.getUint16(11, true);
  const cluster = image[13] * sector;
  const fatStart = view.getUint16(14, true) * sector;
  const fatBytes = view.getUint16(22, true) * sector;
  const dataStart = fatStart + image[16] * fatBytes + view.getUint16(17, true) * 32;
  let last = 1; // the highest cluster the FAT gives to a file or folder (data starts at 2)
  for (let n = 2; (n * 3) >> 1 < fatBytes - 1; n++) {
    const pair = view.getUint16(fatStart + ((n * 3) >> 1), true);
    if ((n & 1 ? pair >> 4 : pair & 0xfff) !== 0) last = n;
  }
  const end = dataStart + (last - 1) * cluster;
  return image.subarray(0, Math.ceil(end / SECTOR) * SECTOR);
}

/** The one-file UF2 of a firmware's UF2 (bytes) and a drive folder. */
export function picosystemUf2(firmwareUf2, driveDir) {
  const parts = [
    { address: FLASH_BASE, bytes: firmwareBytes(firmwareUf2) },
    { address: FLASH_BASE + DRIVE_START, bytes: usedPart(driveImage(driveDir)) },
  ];
  const total = parts.reduce((n, part) => n + part.bytes.length / PAYLOAD, 0);
  const out = new Uint8Array(total * blockSize);
  let number = 0;
  for (const { address, bytes } of parts) {
    for (let at = 0; at < bytes.length; at += PAYLOAD, number++) {
      encodeBlock({
        flags: UF2Flags.familyIDPresent, flashAddress: address + at, payload: bytes.subarray(at, at + PAYLOAD),
        blockNumber: number, totalBlocks: total, boardFamily: RP2040_FAMILY,
      }, out, number * blockSize);
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [firmware, drive, out] = process.argv.slice(2);
  if (!out) {
    process.stderr.write("usage: node tools/harness/emulator/picosystem_uf2.mjs FIRMWARE.uf2 DRIVE_DIR OUT.uf2\n");
    process.exit(2);
  }
  try {
    const file = picosystemUf2(fs.readFileSync(firmware), drive);
    fs.writeFileSync(out, file);
    process.stdout.write(`${out}: ${file.length / blockSize} blocks (${file.length} bytes)\n`);
  } catch (error) {
    process.stderr.write(`picosystem_uf2: ${error.message}\n`);
    process.exit(1);
  }
}
