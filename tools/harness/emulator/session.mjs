// A run of an emulated board (the PicoSystem, the Sprig, a Pico with a
// screen: boards.mjs): the boot to the game's first frame, then the key
// script's presses, waits and resets, each timed in emulated ms.
//
// The first frame: after code.py starts, every pixel of the screen has been
// written and the display has then been quiet (no SPI byte) for the boot
// quiet time (1 s): the firmware redraws the whole screen when code.py shows
// its own group, and the game, still building its screen, may pause the
// drawing for some 500 ms. Its time is that of its last SPI byte, from
// reset. CircuitPython starts USB right after boot.py and then runs code.py,
// and what it prints before the host has enumerated the device is lost
// ("code.py output:" always is); so code.py's start is when the USB console
// connects. With --ready TEXT the first frame is instead the display quiet
// for the quiet time (700 ms) after the console shows TEXT (say, a line
// code.py prints once its first screen is up), whatever it drew.
//
// A press: the button down 80 ms (700 ms held), then up; it is over once the
// display has been quiet for the quiet time (700 ms: the game builds a text
// screen's labels between drawing steps, up to some 500 ms apart) after a
// redraw (after the release too), or after the no-draw time (500 ms) with no
// redraw at all, or at the settle cap (5 s). Its figure is press to the
// redraw's last SPI byte.
//
// A power cut (a flash step planned as one, flash.mjs) stops the machine in
// that step, whatever it was doing, and the chip boots again on the flash as
// the cut left it (a boot "after_cut"); the press or wait it fell in ends
// there, and the script goes on with the next word (or, with cutEnds, the
// session is over: the first frame after the cut is the run's last).

import { FlashSteps } from "./flash.mjs";
import { Machine } from "./machine.mjs";

const MS = 1e6; // nanoseconds
export const DEFAULTS = {
  quietMs: 700, // the game draws a text screen in steps up to some 500 ms apart
  bootQuietMs: 1000,
  bootMs: 20000,
  settleMs: 5000,
  asleepMs: 0,
  noDrawMs: 500,
  idleMs: 1000,
  idleCapMs: 60000,
  ready: null,
  cuts: [],
  cutPart: null,
  cutSeed: 1,
  cutEnds: false,
  held: null,
  profile: null, // a profile.mjs Profile: each press's (and boot's) busiest functions
  waits: [], // the firmware's busy waits (profile.mjs busyWaits), skipped
};
const DONE = "Code done running.";

const ms = (ns) => (ns < 0 ? null : Math.round(ns / 1000) / 1000);

/**
 * The console's text without the status bar's window-title sequences
 * (ESC ] ... ESC \ or BEL), which CircuitPython sends at each change; they
 * may come split over several pieces of text.
 */
export class TitleFilter {
  constructor() {
    this.pending = ""; // a sequence begun and not yet ended
  }
  push(text) {
    let all = this.pending + text;
    this.pending = "";
    let out = "";
    for (;;) {
      const start = all.indexOf("\x1b]");
      if (start < 0) break;
      const end = all.slice(start).search(/\x07|\x1b\\/);
      if (end < 0) {
        this.pending = all.slice(start);
        return out + all.slice(0, start);
      }
      out += all.slice(0, start);
      all = all.slice(start + end + (all[start + end] === "\x07" ? 1 : 2));
    }
    if (all.endsWith("\x1b")) {
      this.pending = "\x1b";
      all = all.slice(0, -1);
    }
    return out + all;
  }
}

export class Session {
  /**
   * options: board (boards.mjs's), bootrom, and DEFAULTS' names
   * (cuts: the flash steps to cut the power in, cutPart and cutSeed how,
   * FlashSteps'; held: the GPIO of a button held at each power-on until the
   * USB console connects); onConsole(text), onFrame(name, machine) for each
   * settled frame, onBoot(number, flash) as each boot begins.
   */
  constructor(options) {
    this.options = { ...DEFAULTS, ...options };
    this.onConsole = options.onConsole ?? (() => {});
    this.onFrame = options.onFrame ?? (() => {});
    this.onBoot = options.onBoot ?? (() => {});
    const { cuts, cutPart, cutSeed } = this.options;
    this.steps = new FlashSteps({ cuts, part: cutPart, seed: cutSeed });
    this.ended = false; // a cut with cutEnds: nothing more to play
    this.offsetNs = 0; // emulated time of the machines before the last RESET
    this.console = "";
    this.boots = [];
    this.presses = [];
    this.frames = 0;
    this.machine = null;
  }

  /** Emulated ns since the first reset. */
  get nanos() {
    return this.offsetNs + (this.machine ? this.machine.nanos : 0);
  }

  /**
   * Reset (power on) with a flash image and run to the first frame; returns
   * its record. A power cut in the boot boots again, and so on.
   */
  boot(flash, afterCut = false) {
    let record = this.bootOnce(flash, afterCut);
    while (this.machine.cut) record = this.bootOnce(this.machine.flash.slice(), true);
    if (afterCut && this.options.cutEnds) this.ended = true;
    return record;
  }

  bootOnce(flash, afterCut) {
    const { board, bootrom, verbose, ready, quietMs, bootQuietMs, bootMs, held } = this.options;
    if (this.machine) this.offsetNs += this.machine.nanos;
    this.steps.offsetNs = this.offsetNs;
    this.onBoot(this.boots.length, flash);
    let started = -1;
    const filter = new TitleFilter();
    const { profile } = this.options;
    const start = (m) => {
      started = m.nanos;
      m.display.clearCoverage();
      if (profile) profile.clear();
    };
    const machine = new Machine({
      board,
      bootrom,
      flash,
      verbose,
      steps: this.steps,
      held,
      waits: this.options.waits,
      onConsole: (text, m) => {
        const shown = filter.push(text);
        this.console += shown;
        if (shown) this.onConsole(shown);
        if (ready && started < 0 && m.console.includes(ready)) start(m);
      },
      onConnect: (m) => {
        if (!ready) start(m);
      },
    });
    this.machine = machine;
    machine.profile = profile;
    const { display } = machine;
    const full = ready ? 0 : display.width * display.height;
    const quiet = (ready ? quietMs : bootQuietMs) * MS;
    const complete = () =>
      started >= 0 && display.covered >= full && machine.nanos - machine.lastDisplayNs >= quiet;
    const done = machine.run(bootMs * MS, complete);
    // Times from this reset: the USB console's connection, code.py's start
    // (with --ready: when the text showed), the first frame's last SPI byte.
    const record = {
      at_ms: ms(this.offsetNs),
      usb_ms: ms(machine.usbNs),
      code_start_ms: ms(started),
      first_frame_ms: done ? ms(Math.max(started, machine.lastDisplayNs)) : null,
      last_display_ms: ms(machine.lastDisplayNs), // the last display byte by then (--ready: maybe before the text)
      // each run of display bytes since reset: [first ms, last ms, bytes, x0, y0, x1, y1]
      bursts: machine.burstsSinceMark.map(([first, last, ...rest]) => [ms(first), ms(last), ...rest]),
      covered: display.covered,
      safe_mode: /safe mode/i.test(machine.console),
    };
    if (afterCut) record.after_cut = true;
    if (machine.cut) record.cut = true;
    // (with --ready: all it ran from the text on, which need not draw)
    if (profile && done) record.profile = profile.top(ready ? null : machine.lastDisplayNs);
    this.boots.push(record);
    if (done) this.frame("boot");
    return record;
  }

  /**
   * The power was cut in the machine's last flash step, during `action`
   * (begun at `start` ns; null: running on idle): boot again on the flash as
   * the cut left it. The action's record says so.
   */
  powerCut(action, start) {
    const record = action && { word: action.word, at_ms: ms(this.offsetNs + start), cut: true };
    if (action && action.kind === "press") this.presses.push({ ...record, button: action.button });
    this.boot(this.machine.flash.slice(), true);
    return record;
  }

  /** The flash steps planned as cuts that came, in the order they came. */
  get cuts() {
    return this.steps.list.filter((step) => step.part !== undefined);
  }

  frame(name) {
    this.frames++;
    this.onFrame(name, this.machine);
  }

  /** Play one action of keys.mjs. */
  act(action) {
    if (action.kind === "reset") return this.boot(this.machine.flash.slice());
    const m = this.machine;
    const { quietMs, settleMs, noDrawMs, asleepMs } = this.options;
    m.mark();
    if (m.profile) m.profile.clear();
    const start = m.nanos;
    if (action.kind === "wait") {
      m.run(action.ms * MS);
      if (m.cut) return this.powerCut(action, start);
      if (m.bytesSinceMark) this.frame(action.word);
      return null;
    }
    m.setButton(action.pin, true);
    m.run(action.ms * MS);
    if (m.cut) return this.powerCut(action, start);
    m.setButton(action.pin, false);
    const up = m.nanos;
    const settled = asleepMs ? this.asleepSettled(start, up) : () => {
      const now = m.nanos;
      if (now - up < quietMs * MS) return false;
      if (m.bytesSinceMark) return now - m.lastDisplayNs >= quietMs * MS;
      return now - start >= noDrawMs * MS;
    };
    const over = m.run(Math.max(0, start + settleMs * MS - up), settled);
    const drew = m.bytesSinceMark > 0;
    if (m.cut) return this.powerCut(action, start);
    const record = {
      word: action.word,
      button: action.button,
      gpio: action.pin,
      at_ms: ms(this.offsetNs + start),
      held_ms: action.ms,
      first_byte_ms: drew ? ms(m.firstSinceMarkNs - start) : null,
      frame_ms: drew ? ms(m.lastDisplayNs - start) : null,
      bytes: m.bytesSinceMark,
      // each run of display bytes (a refresh, or part of one): from the press,
      // ms, its bytes, and the box its windows cover (x0, y0, x1, y1)
      bursts: m.burstsSinceMark.map(([first, last, ...rest]) => [ms(first - start), ms(last - start), ...rest]),
      settled: over,
    };
    if (m.profile && drew) record.profile = m.profile.top(m.lastDisplayNs);
    this.presses.push(record);
    if (drew) this.frame(action.word);
    return record;
  }

  /**
   * With asleepMs: a press is over once, for the last asleepMs, the display has
   * been quiet and the core asleep more than half the time (the game waits
   * for a key in its loop's sleep; it works flat out while it handles one),
   * asleepMs after the key went up; if it drew nothing, no sooner than
   * noDrawMs after the press. Asked every 0.1 ms of emulated time.
   */
  asleepSettled(start, up) {
    const m = this.machine;
    const { asleepMs, noDrawMs } = this.options;
    const window = asleepMs * MS;
    const times = []; // at each ask: its time, and the time asleep so far
    const asleep = [];
    let first = 0; // the last ask asleepMs ago or more
    return () => {
      const now = m.nanos;
      times.push(now);
      asleep.push(m.asleepNs);
      while (first + 1 < times.length && times[first + 1] <= now - window) first++;
      if (now - up < window) return false;
      if (m.bytesSinceMark ? now - m.lastDisplayNs < window : now - start < noDrawMs * MS) return false;
      return (m.asleepNs - asleep[first]) * 2 > now - times[first];
    };
  }

  /** Run on until code.py ends or the display has been quiet for idleMs (at most idleCapMs). */
  untilIdle() {
    const m = this.machine;
    const { idleMs, idleCapMs } = this.options;
    const from = m.console.length;
    m.mark();
    const start = m.nanos;
    m.run(idleCapMs * MS, () => {
      if (m.console.indexOf(DONE, from) >= 0) return true;
      const since = m.bytesSinceMark ? m.lastDisplayNs : start;
      return m.nanos - since >= idleMs * MS;
    });
    if (m.cut) {
      this.powerCut(null, 0);
      return;
    }
    if (m.bytesSinceMark) this.frame("idle");
  }
}
