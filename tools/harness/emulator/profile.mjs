// Where the emulated core spends its time: the program counter sampled every
// few cycles while it runs (not while it sleeps), each sample put in the
// firmware's function that holds it (its ELF's symbols, read by
// binutils' nm), summed per function. For finding what a press costs:
// the Python VM, displayio's drawing, the SPI, the USB stack.
//
//   const symbols = readSymbols("build/rp2040/firmware.elf");  // or parseSymbols(nmText)
//   const profile = new Profile(symbols);   // machine.profile = profile
//   profile.sample(pc, ns) ...              // machine.run() calls it
//   profile.top(untilNs, 12)                // [{name, share, ms}] of the samples so far

import { execFileSync } from "node:child_process";

export const SAMPLE_CYCLES = 250; // 2 us at 125 MHz: a 30 ms press gets 15,000 samples

/**
 * The function symbols of `nm -n -S --defined-only` output, sorted by
 * address: [{start, end, name}]. Thumb addresses have their low bit cleared.
 */
export function parseSymbols(text) {
  const symbols = [];
  const sizeless = []; // symbols nm gives no size (assembly routines, such as the divider's)
  const bounds = []; // where any symbol starts, functions' or data's
  for (const line of text.split("\n")) {
    const parts = line.trim().split(/\s+/);
    const sized = parts.length === 4;
    if (!(sized || parts.length === 3) || !/^[0-9a-f]+$/i.test(parts[0])) continue;
    bounds.push(parseInt(parts[0], 16) & ~1);
    if (!/^[tTwW]$/.test(parts[sized ? 2 : 1])) continue;
    const start = parseInt(parts[0], 16) & ~1;
    const size = sized ? parseInt(parts[1], 16) : 0;
    const name = parts[sized ? 3 : 2];
    if (size > 0) symbols.push({ start, end: start + size, name });
    else sizeless.push({ start, name });
  }
  symbols.sort((a, b) => a.start - b.start);
  // A sizeless one runs to the next symbol of any kind (at most 256 bytes), where no sized one holds it;
  // of several at one address, the first named.
  sizeless.sort((a, b) => a.start - b.start);
  const starts = [...new Set(bounds)].sort((a, b) => a - b);
  let next = 0;
  const added = [];
  for (let i = 0; i < sizeless.length; i++) {
    const { start, name } = sizeless[i];
    if (i > 0 && sizeless[i - 1].start === start) continue;
    if (symbolAt(symbols, start)) continue;
    while (next < starts.length && starts[next] <= start) next++;
    const end = Math.min(next < starts.length ? starts[next] : start + 256, start + 256);
    added.push({ start, end, name });
  }
  return [...symbols, ...added].sort((a, b) => a.start - b.start);
}

/** The function symbols of an ELF file (binutils' nm reads an ARM ELF's symbols). */
export function readSymbols(elf) {
  const text = execFileSync("nm", ["-n", "-S", "--defined-only", elf], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return parseSymbols(text);
}

/** The firmware's busy waits, for the machine to skip (machine.mjs): [{start, end, wide}]. */
export function busyWaits(symbols) {
  const wide = { busy_wait_us: true, busy_wait_us_32: false };
  return symbols.filter((symbol) => symbol.name in wide)
    .map(({ start, end, name }) => ({ start, end, wide: wide[name] }));
}

/** The symbol holding `address`, or null (binary search). */
export function symbolAt(symbols, address) {
  let low = 0;
  let high = symbols.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const symbol = symbols[middle];
    if (address < symbol.start) high = middle - 1;
    else if (address >= symbol.end) low = middle + 1;
    else return symbol;
  }
  return null;
}

export class Profile {
  constructor(symbols, every = SAMPLE_CYCLES) {
    this.symbols = symbols;
    this.every = every;
    this.left = every;
    this.clear();
  }

  /** Forget the samples (at the start of what is measured). */
  clear() {
    this.pcs = [];
    this.times = [];
  }

  /** One executed instruction of `cycles` cycles at `pc`, at `ns` (or a busy wait skipped). */
  step(cycles, pc, ns) {
    this.left -= cycles;
    while (this.left <= 0) {
      this.left += this.every;
      this.pcs.push(pc);
      this.times.push(ns);
    }
  }

  /**
   * The functions that took the most samples up to `untilNs` (all if null),
   * the `count` largest: [{name, share (of the samples), ms (emulated, at
   * 125 MHz)}], with "(other)" for the rest.
   */
  top(untilNs = null, count = 24) {
    const totals = new Map();
    let samples = 0;
    for (let i = 0; i < this.pcs.length; i++) {
      if (untilNs !== null && this.times[i] > untilNs) break;
      const symbol = symbolAt(this.symbols, this.pcs[i] & ~1);
      const name = symbol ? symbol.name : `0x${this.pcs[i].toString(16)}`;
      totals.set(name, (totals.get(name) ?? 0) + 1);
      samples++;
    }
    const msPerSample = (this.every * 1000) / 125e6;
    const sorted = [...totals.entries()].sort((a, b) => b[1] - a[1]);
    const out = sorted.slice(0, count).map(([name, n]) => ({
      name,
      share: Math.round((n / Math.max(samples, 1)) * 1000) / 1000,
      ms: Math.round(n * msPerSample * 10) / 10,
    }));
    const rest = sorted.slice(count).reduce((sum, [, n]) => sum + n, 0);
    if (rest) out.push({ name: "(other)", share: Math.round((rest / samples) * 1000) / 1000, ms: Math.round(rest * msPerSample * 10) / 10 });
    return out;
  }
}
