// The flash a run starts from (--flash-in, --firmware, --drive, --nvm-in) and
// the parts of it a run writes out (--flash-out, --drive-out, --nvm-out), for
// a board's flash (boards.mjs: 16 MiB on the PicoSystem, 2 MiB on the Pico
// and the Sprig). CircuitPython's RP2040 port keeps the 4 KiB of
// microcontroller.nvm at 0xFF000 and CIRCUITPY from 0x100000 to the end.

import fs from "node:fs";
import { driveImage } from "./drive.mjs";
import { DRIVE_START, NVM_START } from "./flash.mjs";
import { UsageError } from "./keys.mjs";
import { loadUf2 } from "./uf2.mjs";

export const NVM_BYTES = 4096;

export function readInput(file, what) {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${JSON.stringify(file)}: ${error.message}`);
  }
}

/** The drive's bytes of --drive: a folder made into a FAT image (drive.mjs), or an image. */
function driveOf(drive, size) {
  let image;
  let stat;
  try {
    stat = fs.statSync(drive);
  } catch (error) {
    throw new UsageError(`cannot read drive ${JSON.stringify(drive)}: ${error.message}`);
  }
  try {
    image = stat.isDirectory() ? driveImage(drive, { size }) : readInput(drive, "drive");
  } catch (error) {
    throw new UsageError(`--drive ${drive}: ${error.message}`);
  }
  if (image.length > size || image.length < 512 || image[510] !== 0x55 || image[511] !== 0xaa) {
    throw new UsageError(`--drive ${drive}: not a FAT image of at most ${size} bytes`);
  }
  return image;
}

/** The flash's initial bytes (the board's size) from run.mjs's options: --flash-in, --firmware, --drive, --nvm-in. */
export function buildFlash(opts, board) {
  const size = board.flashBytes;
  const flash = new Uint8Array(size).fill(0xff);
  if (opts["flash-in"]) {
    const image = readInput(opts["flash-in"], "flash image");
    if (image.length > size) throw new UsageError(`--flash-in: ${image.length} bytes, the ${board.name}'s flash has ${size}`);
    flash.set(image);
  }
  if (opts.firmware) {
    try {
      loadUf2(flash, readInput(opts.firmware, "firmware"));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`--firmware ${opts.firmware}: ${error.message}`);
    }
  }
  if (opts.drive) flash.set(driveOf(opts.drive, board.driveBytes), DRIVE_START);
  if (opts["nvm-in"]) {
    const nvm = readInput(opts["nvm-in"], "nvm");
    if (nvm.length > NVM_BYTES) throw new UsageError(`--nvm-in: ${nvm.length} bytes, the nvm has ${NVM_BYTES}`);
    flash.fill(0xff, NVM_START, NVM_START + NVM_BYTES);
    flash.set(nvm, NVM_START);
  }
  return flash;
}

/** The flash, its trailing erased 4 KiB sectors cut off. */
export function trimmed(flash) {
  let end = flash.length;
  while (end > 0 && flash.subarray(end - 4096, end).every((b) => b === 0xff)) end -= 4096;
  return flash.subarray(0, end);
}

/** The drive's part of the flash: as long as its boot sector says. */
export function driveBytes(flash) {
  const drive = flash.subarray(DRIVE_START);
  const view = new DataView(drive.buffer, drive.byteOffset, 64);
  const sectors = view.getUint16(19, true) || view.getUint32(32, true);
  const size = sectors * (view.getUint16(11, true) || 512);
  return drive[510] === 0x55 && drive[511] === 0xaa && size > 0 && size <= drive.length ? drive.subarray(0, size) : drive;
}

/** microcontroller.nvm's bytes in the flash. */
export function nvmBytes(flash) {
  return flash.subarray(NVM_START, NVM_START + NVM_BYTES);
}
