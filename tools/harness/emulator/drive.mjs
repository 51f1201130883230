// The CIRCUITPY drive as a FAT12 image, made and read by GNU mtools (Debian's
// `mtools`: mformat, mcopy, mtype, mdir), not by code of our own.
//
// mformat lays out the drive of a board's flash (driveLayout): on the
// PicoSystem's 16 MiB, 15 MiB, 512-byte sectors, one reserved sector, two
// FATs, 512 root entries, 4 KiB clusters (as its images have always been);
// on a 2 MiB flash (the Pico's, the Sprig's), 1 MiB laid out as
// CircuitPython's FatFs f_mkfs makes it there: one FAT, 512-byte clusters,
// 512 root entries. mcopy copies the folder in, with long names where a name is
// not plain upper-case 8.3. SOURCE_DATE_EPOCH fixes every date (2024-01-01),
// so the same folder gives the same image. The image is made in a scratch
// file and read back: about 0.1 s for the game's drive, against 20-60 s of
// emulated play (a writer of our own took 9 ms in memory).

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const SECTOR = 512;
const CLUSTER_SECTORS = 8;
const ROOT_SECTORS = 32; // 512 entries
const PICOSYSTEM_DRIVE = 15 * 1024 * 1024;
const DATES = "1704067200"; // 2024-01-01 00:00 UTC
const FAT_BAD = /[\\/:*?"<>|\x00-\x1f]/; // mcopy would turn "a:b" into "b", say, without a word
const INSTALL = "mtools is not installed (Debian: apt-get install mtools; .ci/run installs it)";

/** Run one of mtools' commands; its stdout as a Buffer, or an Error with its stderr. */
function mtools(command, args) {
  const run = spawnSync(command, args, {
    env: { ...process.env, MTOOLS_SKIP_CHECK: "1", SOURCE_DATE_EPOCH: DATES },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(run.error.code === "ENOENT" ? INSTALL : `${command}: ${run.error.message}`);
  if (run.status !== 0) {
    const why = run.stderr.toString().trim().split("\n").filter(Boolean).at(-1) ?? `exit status ${run.status}`;
    throw new Error(`${command}: ${why}`);
  }
  return run.stdout;
}

/** Throw an Error for a name under `dir` (walked) that a FAT drive cannot hold. */
function checkNames(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (FAT_BAD.test(entry.name)) throw new Error(`FAT12: a name the drive cannot hold: ${JSON.stringify(entry.name)}`);
    if (fs.statSync(path.join(dir, entry.name)).isDirectory()) checkNames(path.join(dir, entry.name));
  }
}

/**
 * The drive's layout for a drive of `size` bytes: {clusterSectors, fats}. The
 * PicoSystem's 15 MiB as ever; any other as FatFs's f_mkfs (CircuitPython's
 * lib/oofatfs, as it formats a new CIRCUITPY) lays it out: one FAT, and the
 * cluster from its table of volume sizes (1 sector under 4096 sectors, 2
 * to 16383, 4 to 65535...).
 */
export function driveLayout(size) {
  if (size === PICOSYSTEM_DRIVE) return { clusterSectors: CLUSTER_SECTORS, fats: 2 };
  const fours = Math.floor(size / SECTOR / 4096);
  let clusterSectors = 1;
  for (const bound of [1, 4, 16, 64, 256, 512]) {
    if (bound > fours) break;
    clusterSectors <<= 1;
  }
  return { clusterSectors, fats: 1 };
}

/** A FAT12 image (a Buffer of `size` bytes) holding the files and folders of `dir`. */
export function driveImage(dir, { size = PICOSYSTEM_DRIVE, label = "CIRCUITPY" } = {}) {
  const { clusterSectors, fats } = driveLayout(size);
  checkNames(dir);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sthelena-drive-"));
  const image = path.join(scratch, "drive.img");
  try {
    mtools("mformat", ["-i", image, "-C", "-T", String(Math.floor(size / SECTOR)), "-h", "255", "-s", "63",
      "-c", String(clusterSectors), "-d", String(fats), "-r", String(ROOT_SECTORS), "-R", "1", "-v", label, "-N", "5e1e4a00", "::"]);
    const names = fs.readdirSync(dir).sort().map((name) => path.join(dir, name));
    if (names.length) mtools("mcopy", ["-i", image, "-s", "-Q", "-D", "o", ...names, "::/"]);
    return fs.readFileSync(image);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The image in a scratch file, for mtools' readers; `use(file)`'s result. */
function withImage(image, use) {
  if (typeof image === "string") return use(image);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sthelena-drive-"));
  try {
    const file = path.join(scratch, "drive.img");
    fs.writeFileSync(file, image);
    return use(file);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Every file's path on an image (a file name or a Buffer), folders walked, sorted. */
export function driveFiles(image) {
  return withImage(image, (file) => mtools("mdir", ["-/", "-b", "-i", file, "::/"]).toString()
    .split("\n").filter((line) => line && !line.endsWith("/")).map((line) => line.replace(/^::\//, "")).sort());
}

/** The bytes of the file at `filePath` on an image, or null if it has none. */
export function driveFile(image, filePath) {
  return withImage(image, (file) => {
    try {
      return mtools("mtype", ["-i", file, `::/${filePath}`]);
    } catch (error) {
      if (error.message === INSTALL) throw error;
      return null;
    }
  });
}
