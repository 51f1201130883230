// A FAT12 image of a folder: the CIRCUITPY drive the firmware finds in flash.
//
// 512-byte sectors, one reserved sector (the boot sector and its BPB), two
// FATs, a 512-entry root folder, then the clusters; clusters as small as keep
// their count under FAT12's 4085. Names that are not plain upper-case 8.3
// get long-name (VFAT) entries before a generated short name (NAME~1.EXT),
// as FatFs (CircuitPython's), mtools and every OS read them. Dates are fixed
// (2024-01-01), so the same folder gives the same image.

import fs from "node:fs";
import path from "node:path";

export const SECTOR = 512;
const ROOT_ENTRIES = 512;
const FAT12_MAX_CLUSTERS = 4084;
const DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;
const SHORT_OK = /^[A-Z0-9!#$%&'()\-@^_`{}~]+$/;
const LONG_BAD = /[\\/:*?"<>|\x00-\x1f]/;

/** The tree of a host folder: {name, data} for files, {name, children} for folders. */
export function readTree(dir) {
  const children = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    const stat = fs.statSync(full); // follows links
    if (stat.isDirectory()) children.push({ name: entry.name, children: readTree(full).children });
    else if (stat.isFile()) children.push({ name: entry.name, data: fs.readFileSync(full) });
  }
  return { name: "", children };
}

/** Sectors a cluster and the FAT's size for an image of `total` sectors. */
export function geometry(total) {
  const rootSectors = (ROOT_ENTRIES * 32) / SECTOR;
  for (let perCluster = 1; perCluster <= 128; perCluster *= 2) {
    let fatSectors = 1;
    for (;;) {
      const data = total - 1 - 2 * fatSectors - rootSectors;
      const clusters = Math.floor(data / perCluster);
      const need = Math.ceil(((clusters + 2) * 3) / 2 / SECTOR);
      if (need <= fatSectors) {
        if (clusters <= FAT12_MAX_CLUSTERS && clusters > 0) {
          return { perCluster, fatSectors, rootSectors, clusters, firstData: 1 + 2 * fatSectors + rootSectors };
        }
        break;
      }
      fatSectors = need;
    }
  }
  throw new Error(`FAT12: no geometry for ${total} sectors`);
}

function shortParts(name) {
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot + 1) : "";
  return [base, ext];
}

function clean(text) {
  return text.toUpperCase().replace(/[ .]/g, "").replace(/[^A-Z0-9!#$%&'()\-@^_`{}~]/g, "_");
}

/** The 11-byte short name of `name` and whether it needs long-name entries. */
export function shortName(name, used) {
  const [base, ext] = shortParts(name);
  if (base.length <= 8 && ext.length <= 3 && SHORT_OK.test(base) && (ext === "" || SHORT_OK.test(ext))) {
    const plain = base.padEnd(8) + ext.padEnd(3);
    if (!used.has(plain)) return { short: plain, long: false };
  }
  const b = clean(base) || "_";
  const e = clean(ext).slice(0, 3).padEnd(3);
  for (let n = 1; n < 1000000; n++) {
    const tail = `~${n}`;
    const candidate = (b.slice(0, 8 - tail.length) + tail).padEnd(8) + e;
    if (!used.has(candidate)) return { short: candidate, long: true };
  }
  throw new Error(`FAT12: no short name left for ${name}`);
}

/** The checksum of a short name that its long-name entries carry. */
export function shortChecksum(short) {
  let sum = 0;
  for (let i = 0; i < 11; i++) sum = (((sum & 1) << 7) + (sum >> 1) + short.charCodeAt(i)) & 0xff;
  return sum;
}

function longEntries(name, checksum) {
  const units = [...name].map((c) => c.charCodeAt(0));
  if (units.length > 255 || units.some((u) => u > 0xffff)) throw new Error(`FAT12: name too long: ${name}`);
  const count = Math.ceil(units.length / 13);
  const padded = units.concat([0]).concat(new Array(count * 13).fill(0xffff)).slice(0, count * 13);
  const entries = [];
  for (let i = count; i >= 1; i--) {
    const entry = Buffer.alloc(32);
    entry[0] = i | (i === count ? 0x40 : 0);
    entry[11] = 0x0f;
    entry[13] = checksum;
    const part = padded.slice((i - 1) * 13, i * 13);
    const at = [1, 3, 5, 7, 9, 14, 16, 18, 20, 22, 24, 28, 30];
    part.forEach((unit, k) => entry.writeUInt16LE(unit, at[k]));
    entries.push(entry);
  }
  return entries;
}

function plainEntry(short, attr, cluster, size) {
  const entry = Buffer.alloc(32);
  entry.write(short, 0, 11, "latin1");
  entry[11] = attr;
  entry.writeUInt16LE(DATE, 16);
  entry.writeUInt16LE(DATE, 18);
  entry.writeUInt16LE(DATE, 24);
  entry.writeUInt16LE(cluster, 26);
  entry.writeUInt32LE(size, 28);
  return entry;
}

/** A FAT12 image (a Buffer of `size` bytes) holding `tree` (see readTree). */
export function makeFat12(tree, { size = 15 * 1024 * 1024, label = "CIRCUITPY" } = {}) {
  const total = Math.floor(size / SECTOR);
  const g = geometry(total);
  const image = Buffer.alloc(total * SECTOR);
  const clusterBytes = g.perCluster * SECTOR;
  const fat = Buffer.alloc(g.fatSectors * SECTOR);
  const setFat = (n, value) => {
    const at = n + (n >> 1);
    if (n & 1) {
      fat[at] = (fat[at] & 0x0f) | ((value << 4) & 0xf0);
      fat[at + 1] = (value >> 4) & 0xff;
    } else {
      fat[at] = value & 0xff;
      fat[at + 1] = (fat[at + 1] & 0xf0) | ((value >> 8) & 0x0f);
    }
  };
  setFat(0, 0xff8);
  setFat(1, 0xfff);
  let next = 2;
  const allocate = (bytes) => {
    const count = Math.ceil(bytes / clusterBytes);
    if (count === 0) return 0;
    if (next + count - 2 > g.clusters) throw new Error(`FAT12: the files do not fit in ${size} bytes`);
    const first = next;
    for (let i = 0; i < count; i++) setFat(next + i, i === count - 1 ? 0xfff : next + i + 1);
    next += count;
    return first;
  };
  const clusterOffset = (n) => (g.firstData + (n - 2) * g.perCluster) * SECTOR;

  // The entries of a folder, its children given clusters (and written) first.
  const folderEntries = (node, self, parent, isRoot) => {
    const entries = [];
    if (isRoot) entries.push(plainEntry(label.toUpperCase().padEnd(11).slice(0, 11), 0x08, 0, 0));
    else entries.push(plainEntry(".          ", 0x10, self, 0), plainEntry("..         ", 0x10, parent, 0));
    const used = new Set();
    for (const child of node.children) {
      if (LONG_BAD.test(child.name) || child.name === "." || child.name === "..") {
        throw new Error(`FAT12: a name the drive cannot hold: ${JSON.stringify(child.name)}`);
      }
      const { short, long } = shortName(child.name, used);
      used.add(short);
      if (long) entries.push(...longEntries(child.name, shortChecksum(short)));
      if (child.children) {
        const count = 2 + child.children.reduce((n, c) => n + 1 + Math.ceil(c.name.length / 13), 0);
        const first = allocate(Math.max(count * 32, 1));
        const body = Buffer.concat(folderEntries(child, first, isRoot ? 0 : self, false));
        body.copy(image, clusterOffset(first));
        entries.push(plainEntry(short, 0x10, first, 0));
      } else {
        const first = allocate(child.data.length);
        Buffer.from(child.data).copy(image, first ? clusterOffset(first) : 0, 0, child.data.length);
        entries.push(plainEntry(short, 0x20, first, child.data.length));
      }
    }
    return entries;
  };
  const root = folderEntries(tree, 0, 0, true);
  if (root.length > ROOT_ENTRIES) throw new Error(`FAT12: ${root.length} root entries, at most ${ROOT_ENTRIES}`);
  Buffer.concat(root).copy(image, (1 + 2 * g.fatSectors) * SECTOR);

  const boot = image.subarray(0, SECTOR);
  boot.set([0xeb, 0x3c, 0x90]);
  boot.write("MSDOS5.0", 3, "latin1");
  boot.writeUInt16LE(SECTOR, 11);
  boot[13] = g.perCluster;
  boot.writeUInt16LE(1, 14);
  boot[16] = 2;
  boot.writeUInt16LE(ROOT_ENTRIES, 17);
  if (total < 0x10000) boot.writeUInt16LE(total, 19);
  else boot.writeUInt32LE(total, 32);
  boot[21] = 0xf8;
  boot.writeUInt16LE(g.fatSectors, 22);
  boot.writeUInt16LE(63, 24);
  boot.writeUInt16LE(255, 26);
  boot[36] = 0x80;
  boot[38] = 0x29;
  boot.writeUInt32LE(0x5e1e4a00, 39);
  boot.write(label.toUpperCase().padEnd(11).slice(0, 11), 43, "latin1");
  boot.write("FAT12   ", 54, "latin1");
  boot[510] = 0x55;
  boot[511] = 0xaa;
  fat.copy(image, SECTOR);
  fat.copy(image, (1 + g.fatSectors) * SECTOR);
  return image;
}
