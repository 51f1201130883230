// Reading files out of a FAT12 or FAT16 image: the drive after a run (a file
// the game wrote), and the self-check of fat_write.mjs. Long (VFAT) names
// and the lower-case flags of short names are read; names match without
// regard to case, as on the drive.
//
// Usage: node tools/emulator/fat_read.mjs IMAGE [PATH]
//   lists the image's files (path and size), or writes the file at PATH to
//   stdout; exit status 1 if there is none, 2 for bad arguments.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export class FatImage {
  constructor(image) {
    this.image = image;
    const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
    this.view = view;
    if (image.length < 512 || view.getUint16(510, true) !== 0xaa55) throw new Error("FAT: no boot sector");
    this.sector = view.getUint16(11, true);
    this.perCluster = image[13];
    const reserved = view.getUint16(14, true);
    const fats = image[16];
    const rootEntries = view.getUint16(17, true);
    const total = view.getUint16(19, true) || view.getUint32(32, true);
    const fatSectors = view.getUint16(22, true);
    if (!this.sector || !this.perCluster || !fats || !fatSectors) throw new Error("FAT: not FAT12 or FAT16");
    this.fatStart = reserved * this.sector;
    this.rootStart = (reserved + fats * fatSectors) * this.sector;
    this.rootBytes = rootEntries * 32;
    this.dataStart = this.rootStart + Math.ceil(this.rootBytes / this.sector) * this.sector;
    this.size = total * this.sector;
    this.clusters = Math.floor((total - this.dataStart / this.sector) / this.perCluster);
    this.fat12 = this.clusters < 4085;
    if (this.clusters >= 65525) throw new Error("FAT: FAT32 is not read here");
  }

  next(n) {
    if (this.fat12) {
      const at = this.fatStart + n + (n >> 1);
      const pair = this.image[at] | (this.image[at + 1] << 8);
      const value = n & 1 ? pair >> 4 : pair & 0xfff;
      return value >= 0xff8 ? -1 : value;
    }
    const value = this.view.getUint16(this.fatStart + 2 * n, true);
    return value >= 0xfff8 ? -1 : value;
  }

  /** The bytes of a cluster chain, cut to `size` when given. */
  chain(first, size) {
    const bytes = this.sector * this.perCluster;
    const parts = [];
    let n = first;
    for (let guard = 0; n >= 2 && guard <= this.clusters; guard++) {
      const at = this.dataStart + (n - 2) * bytes;
      parts.push(this.image.subarray(at, at + bytes));
      n = this.next(n);
    }
    const all = Buffer.concat(parts);
    return size === undefined ? all : all.subarray(0, size);
  }

  /** The entries of a folder (0: the root): [{name, folder, cluster, size}]. */
  entries(cluster) {
    const raw = cluster ? this.chain(cluster) : this.image.subarray(this.rootStart, this.rootStart + this.rootBytes);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const found = [];
    let long = [];
    for (let at = 0; at + 32 <= raw.length; at += 32) {
      const first = raw[at];
      if (first === 0) break;
      const attr = raw[at + 11];
      if (first === 0xe5) {
        long = [];
        continue;
      }
      if (attr === 0x0f) {
        const units = [1, 3, 5, 7, 9, 14, 16, 18, 20, 22, 24, 28, 30].map((k) => view.getUint16(at + k, true));
        const text = String.fromCharCode(...units.filter((u) => u !== 0 && u !== 0xffff));
        long[(first & 0x1f) - 1] = text;
        continue;
      }
      if (attr & 0x08) {
        long = [];
        continue;
      }
      let base = raw.toString("latin1", at, at + 8).trimEnd();
      let ext = raw.toString("latin1", at + 8, at + 11).trimEnd();
      if (raw[at + 12] & 0x08) base = base.toLowerCase();
      if (raw[at + 12] & 0x10) ext = ext.toLowerCase();
      const name = long.length ? long.join("") : ext ? `${base}.${ext}` : base;
      long = [];
      if (name === "." || name === "..") continue;
      found.push({
        name,
        folder: !!(attr & 0x10),
        cluster: view.getUint16(at + 26, true),
        size: view.getUint32(at + 28, true),
      });
    }
    return found;
  }

  /** The entry at a "/"-separated path, or null. */
  find(filePath) {
    let entry = { folder: true, cluster: 0 };
    for (const part of filePath.split("/").filter(Boolean)) {
      if (!entry.folder) return null;
      entry = this.entries(entry.cluster).find((e) => e.name.toLowerCase() === part.toLowerCase());
      if (!entry) return null;
    }
    return entry;
  }

  /** The bytes of a file, or null if there is none at the path. */
  readFile(filePath) {
    const entry = this.find(filePath);
    if (!entry || entry.folder) return null;
    return entry.size ? this.chain(entry.cluster, entry.size) : Buffer.alloc(0);
  }

  /** Every file's path and size, folders walked. */
  list(cluster = 0, prefix = "") {
    const out = [];
    for (const entry of this.entries(cluster)) {
      if (entry.folder) out.push(...this.list(entry.cluster, `${prefix}${entry.name}/`));
      else out.push({ path: prefix + entry.name, size: entry.size });
    }
    return out;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [image, file, ...rest] = process.argv.slice(2);
  if (!image || rest.length) {
    process.stderr.write("usage: node tools/emulator/fat_read.mjs IMAGE [PATH]\n");
    process.exit(2);
  }
  let fat;
  try {
    fat = new FatImage(fs.readFileSync(image));
  } catch (error) {
    process.stderr.write(`fat_read.mjs: ${image}: ${error.message}\n`);
    process.exit(2);
  }
  if (file === undefined) {
    for (const entry of fat.list()) process.stdout.write(`${entry.path}\t${entry.size}\n`);
  } else {
    const data = fat.readFile(file);
    if (data === null) {
      process.stderr.write(`fat_read.mjs: no file ${file} in ${image}\n`);
      process.exit(1);
    }
    process.stdout.write(data);
  }
}
