// An emulated RP2040 board: rp2040js's RP2040 with the boot ROM and a flash
// image, the flash chip behind the SSI (flash.mjs, the board's size), the
// display controller (lcd.mjs) on the board's SPI and CS/DC GPIOs, the
// board's buttons on their GPIOs (pulled up, low while pressed, as the
// wiring says), and the USB CDC console. The board is boards.mjs's (the
// PicoSystem: an ST7789 on SPI0, CS GPIO5, DC GPIO9, buttons on GPIO16-23;
// the Sprig: an ST7735 on SPI0, CS GPIO20, DC GPIO22...).
//
// Three things the firmware needs of the harness: the flash chip select (QSPI
// SS) reads high, else CircuitPython's BOOTSEL check waits forever; each
// SPI byte completes after its time at the SPI clock (an alarm on the
// emulated clock), not at once: busio writes by DMA with an RX channel
// draining the FIFO, and completing at once overflows the 8-deep RX FIFO so
// the transfer never ends; and a sleeping core wakes while an enabled
// interrupt is pending, as the chip's WFE does with SEVONPEND set (rp2040js
// wakes it only when an interrupt becomes pending): CircuitPython sleeps by
// WFE with interrupts masked, and a tick that fell due between the mask and
// the WFE would otherwise leave the core asleep for good.
//
// Emulated time is the clock's nanoseconds: each instruction's cycles at the
// chip's 125 MHz (as rp2040js's own Simulator counts them; clkSys tells what
// the firmware set), and while the core sleeps, straight to the next alarm.
// So too while it spins in the firmware's busy waits (`waits`: the pico-sdk's
// busy_wait_us and busy_wait_us_32, from its ELF): the clock goes on to just
// before the wait's end (or the next alarm), and the loop's last turns run as
// they would; its emulated time is the same, its real time a fraction (a
// boot spends 1.2 of its 4.2 emulated seconds before code.py in them).

import { RP2040, USBCDC } from "rp2040js";
import { attachFlash } from "./flash.mjs";
import { Lcd, RAMWR } from "./lcd.mjs";

export const FLASH_BASE = 0x10000000;
export const BOOTROM_SIZE = 16 * 1024;
export const CLOCK_HZ = 125e6;
const CYCLE_NS = 1e9 / CLOCK_HZ;
const SLICE_NS = 100000;
const BURST_GAP_NS = 2e6; // display bytes closer than 2 ms apart are one burst (one refresh) // how often run() looks at its stop condition: 0.1 ms

/** rp2040js's log: counted, shown only with --verbose, never thrown. */
class Log {
  constructor(verbose) {
    this.verbose = verbose;
    this.counts = new Map();
  }
  note(level, component, message) {
    const key = `${level} [${component}] ${message.replace(/0x[0-9a-f]+/gi, "0x…")}`;
    const seen = this.counts.get(key) ?? 0;
    this.counts.set(key, seen + 1);
    if (this.verbose && seen === 0) process.stderr.write(`emulator: rp2040js ${level} [${component}] ${message}\n`);
  }
  debug() {}
  info() {}
  warn(component, message) {
    this.note("warning", component, message);
  }
  error(component, message) {
    this.note("error", component, message);
  }
}

/**
 * rp2040js's CDC host answers each OUT buffer the device arms at once, with
 * an empty packet when it has nothing to send; the device arms the next, and
 * so on every 10 us: a storm of USB interrupts that took about a third of the
 * core while the game ran. A real host sends on an OUT endpoint only what it
 * has to send. So an armed OUT buffer waits here until there are bytes for it
 * (``sendSerialByte``).
 */
export function quietOutEndpoint(usb, cdc) {
  const answer = usb.onEndpointRead;
  let waiting = null; // the armed OUT buffer's size, or null
  usb.onEndpointRead = (endpoint, size) => {
    if (endpoint === cdc.outEndpoint && cdc.txFIFO.itemCount === 0) {
      waiting = size;
      return;
    }
    answer(endpoint, size);
  };
  const send = cdc.sendSerialByte.bind(cdc);
  cdc.sendSerialByte = (byte) => {
    send(byte);
    if (waiting !== null) {
      const size = waiting;
      waiting = null;
      answer(cdc.outEndpoint, size);
    }
  };
}

export class Machine {
  /**
   * board: boards.mjs's (the display's wiring and view, the keys' GPIOs,
   * the flash's size); bootrom: the 16 KiB B1 boot ROM; flash: the flash's
   * first bytes (the rest reads 0xff); onConsole(text, machine): the
   * console's text as it comes; onConnect(machine): the USB console has
   * connected; steps: the run's FlashSteps (flash.mjs), with the power cuts
   * planned; held: the GPIO of a button held from power-on until the USB
   * console connects (after boot.py), or null.
   */
  constructor({ board, bootrom, flash, onConsole = () => {}, onConnect = () => {}, verbose = false, steps,
    held = null, waits = [] }) {
    if (bootrom.length !== BOOTROM_SIZE) throw new Error(`the boot ROM is ${bootrom.length} bytes, want ${BOOTROM_SIZE}`);
    const mcu = new RP2040();
    this.mcu = mcu;
    this.clock = mcu.clock;
    this.log = new Log(verbose);
    mcu.logger = this.log;
    const words = new Uint32Array(BOOTROM_SIZE / 4);
    new Uint8Array(words.buffer).set(bootrom);
    mcu.loadBootrom(words); // resets the chip and fills the flash with 0xff
    this.flashBytes = board.flashBytes;
    mcu.flash.set(flash.subarray(0, board.flashBytes));
    this.chip = attachFlash(mcu, steps, board.flashBytes);
    // Start at boot2, the flash's first 256 bytes, as the boot ROM would after
    // reading them (through the SSI, which rp2040js does not model for it).
    mcu.core.PC = FLASH_BASE;
    // The flash CS (QSPI SS) reads high: its pull-up, BOOTSEL not pressed. Set
    // on the pin itself, as rp2040js maps the QSPI pads to its pins in another
    // order (SS's input enable follows SD0's pad) and boot2 clears it.
    Object.defineProperty(mcu.qspi[1], "inputValue", { get: () => true });
    this.pressedLow = board.pressedLow;
    for (const pin of Object.values(board.keys)) this.setButton(pin, pin === held);

    const { display } = board;
    this.display = new Lcd(display.view);
    this.displaySpi = display.spi;
    this.displayCs = display.cs;
    this.displayDc = display.dc;
    this.displayBytes = 0;
    this.lastDisplayNs = -1;
    this.markNs = 0;
    this.firstSinceMarkNs = -1;
    this.bytesSinceMark = 0;
    this.burstsSinceMark = [];
    this.ramwrs = 0;
    for (const [index, spi] of mcu.spi.entries()) {
      const alarm = this.clock.createAlarm(() => spi.completeTransmit(0));
      spi.onTransmit = (value) => {
        if (index === this.displaySpi) this.displayByte(value);
        const hz = spi.clockFrequency;
        alarm.schedule(hz > 0 ? (spi.dataBits * 1e9) / hz : 1000);
      };
    }

    this.console = "";
    this.usbNs = -1;
    this.onConsole = onConsole;
    const decoder = new TextDecoder("utf-8");
    const cdc = new USBCDC(mcu.usbCtrl);
    cdc.onDeviceConnected = () => {
      this.usbNs = this.clock.nanos;
      if (held !== null) this.setButton(held, false);
      onConnect(this);
    };
    cdc.onSerialData = (buffer) => {
      const text = decoder.decode(buffer, { stream: true });
      this.console += text;
      this.onConsole(text, this);
    };
    this.cdc = cdc;
    quietOutEndpoint(mcu.usbCtrl, cdc);
    this.profile = null; // a profile.mjs Profile: the PC sampled while the core runs
    this.waits = waits; // [{start, end, wide}]: busy-wait functions (wide: a 64-bit delay in r0:r1)
    this.waitEndNs = 0; // the end of the busy wait last entered
    this.waitLastPc = 0; // the PC of the last step in a busy wait
    this.asleepNs = 0; // emulated time the core has spent asleep (WFI/WFE): it had nothing to do
  }

  get nanos() {
    return this.clock.nanos;
  }

  /** The flash's bytes, as many as the board's chip has (a view, not a copy). */
  get flash() {
    return this.mcu.flash.subarray(0, this.flashBytes);
  }

  displayByte(value) {
    const gpio = this.mcu.gpio;
    if (gpio[this.displayCs].outputValue) return;
    const now = this.clock.nanos;
    const bursts = this.burstsSinceMark;
    let last = bursts[bursts.length - 1];
    if (last && now - this.lastDisplayNs < BURST_GAP_NS) {
      last[1] = now;
      last[2]++;
    } else {
      last = [now, now, 1, Infinity, Infinity, -1, -1];
      bursts.push(last);
    }
    const { display } = this;
    if (gpio[this.displayDc].outputValue) {
      display.data(value);
    } else {
      display.command(value);
      if (value === RAMWR) {
        this.ramwrs++;
        // the burst's box: every window written in it, in the player's pixels
        const [x0, y0, x1, y1] = display.windowBox();
        last[3] = Math.min(last[3], x0);
        last[4] = Math.min(last[4], y0);
        last[5] = Math.max(last[5], x1);
        last[6] = Math.max(last[6], y1);
      }
    }
    this.displayBytes++;
    this.lastDisplayNs = now;
    if (this.bytesSinceMark++ === 0) this.firstSinceMarkNs = now;
  }

  /** Start counting display bytes afresh (for one press's redraw). */
  mark() {
    this.markNs = this.clock.nanos;
    this.bytesSinceMark = 0;
    this.firstSinceMarkNs = -1;
    // each run of display bytes: [first ns, last ns, bytes, then the box its
    // windows cover: x0, y0, x1, y1 (inclusive)]
    this.burstsSinceMark = [];
  }

  /**
   * The nanoseconds the clock may skip with the core in a busy wait: none at
   * its entry (where its delay, in microseconds, is read from r0, or r0:r1)
   * nor before its loop (a branch back: the wait has read the timer's start),
   * nor with an interrupt pending; else up to 1 us before its end, the next
   * alarm, or the slice's end.
   */
  spinSkip(core, sliceEnd) {
    const pc = core.PC;
    for (const wait of this.waits) {
      if (pc < wait.start || pc >= wait.end) continue;
      const now = this.clock.nanos;
      const looping = pc < this.waitLastPc && this.waitLastPc < wait.end;
      this.waitLastPc = pc;
      if (pc === wait.start) {
        const us = core.registers[0] + (wait.wide ? core.registers[1] * 2 ** 32 : 0);
        this.waitEndNs = now + us * 1000;
        this.waitLastPc = pc;
        return 0;
      }
      if (!looping || core.pendingInterrupts & core.enabledInterrupts) return 0;
      const next = this.clock.nextAlarm ? this.clock.nanosToNextAlarm : Infinity;
      return Math.max(0, Math.min(this.waitEndNs - 1000 - now, next, sliceEnd - now));
    }
    return 0;
  }

  /** Press (true) or release (false) the button on a GPIO: low while pressed (or high, if the board's are). */
  setButton(pin, pressed) {
    this.mcu.gpio[pin].setInputValue(pressed !== this.pressedLow);
  }

  /** Whether the power was cut (in a flash step): the machine runs no more. */
  get cut() {
    return this.chip.dead;
  }

  /**
   * Run for `ns` emulated nanoseconds, or until `stop()` (asked every 0.1 ms
   * of emulated time) says true; returns whether it stopped. A power cut
   * ends it at once (the 0.1 ms's end), returning false.
   */
  run(ns, stop = null) {
    const { clock } = this;
    if (this.chip.dead) return false;
    const core = this.mcu.core;
    const { profile } = this;
    const end = clock.nanos + ns;
    // the addresses of the busy waits (spinSkip is asked only between them)
    const waitsFrom = Math.min(...this.waits.map((wait) => wait.start));
    const waitsTo = Math.max(...this.waits.map((wait) => wait.end));
    while (clock.nanos < end) {
      const sliceEnd = Math.min(end, clock.nanos + SLICE_NS);
      while (clock.nanos < sliceEnd) {
        if (core.waiting && core.pendingInterrupts & core.enabledInterrupts) {
          core.waiting = false; // an interrupt pending, masked or not, ends WFI/WFE (SEVONPEND)
        } else if (core.waiting) {
          // Asleep (WFI/WFE): on to the next alarm, or the slice's end.
          const next = clock.nextAlarm ? clock.nanosToNextAlarm : Infinity;
          const asleep = Math.max(0, Math.min(next, sliceEnd - clock.nanos));
          this.asleepNs += asleep;
          clock.tick(asleep);
        } else {
          const pc = core.PC;
          const skip = pc >= waitsFrom && pc < waitsTo ? this.spinSkip(core, sliceEnd) : 0;
          if (skip > 0) {
            clock.tick(skip);
            if (profile) profile.step(skip / CYCLE_NS, core.PC, clock.nanos);
            continue;
          }
          const cycles = core.executeInstruction();
          // clock.tick, without its call where no alarm falls due (most steps)
          const due = clock.nextAlarm;
          const ns = cycles * CYCLE_NS;
          if (due !== null && due.nanos <= clock.nanosCounter + ns) clock.tick(ns);
          else clock.nanosCounter += ns;
          if (profile) profile.step(cycles, core.PC, clock.nanos);
        }
      }
      if (this.chip.dead) return false;
      if (stop && stop()) return true;
    }
    return false;
  }
}
