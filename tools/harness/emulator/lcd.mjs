// The display controllers, ST7789 and ST7735, as far as a picture needs: the
// bytes sent to one (a command when DC is low, its data when DC is high)
// written into its memory, and that memory shown as the player sees the
// panel.
//
// The memory: the ST7789's 240 columns by 320 rows, the ST7735's 132 by 162,
// RGB565. CASET (0x2A) and RASET (0x2B) set the column and row window, each
// as two big-endian 16-bit numbers (start, end); RAMWR (0x2C) starts writing
// pixels at the window's top left, RAMWRC (0x3C) goes on where the last write
// stopped; a pixel is two bytes, RGB565 big-endian; the address moves right,
// then down to the window's next row, and back to the top after the last.
// MADCTL (0x36) turns an address into a place in the memory as the
// datasheets' tables do (Sitronix ST7789V 8.12, ST7735S 9.12): MV exchanges
// the column and row address (the column address then runs down the rows),
// then MX mirrors the memory's columns (239 - x on the ST7789, 131 - x on the
// ST7735) and MY its rows (319 - y, 161 - y). Addresses outside the memory
// are dropped. SWRESET (0x01) forgets the window and MADCTL.
//
// The player's view: the panel shows part of the memory, a way up. A view
// says where each of the player's pixels (x, y) is in the memory: either as
// the panel's maker draws the upright picture (`panel`: the address
// (column + x, row + y) under its MADCTL), or as a driver draws it
// (CircuitPython's displayio: the player's pixel turned by the display's
// rotation into the controller's address, plus colstart and rowstart, under
// the MADCTL the driver's set-up sent). The frame, the pixels counted as
// drawn, and the boxes of the windows written are the view's.
//
// Not modelled: the colour order (MADCTL's BGR bit: every board here sends
// RGB order) and inversion (INVON: the PicoSystem's and the Pico add-ons'
// panels need it to show the colours as sent; the Sprig sends INVOFF), so a
// pixel's colour is the RGB565 sent; nor the reset and backlight pins (the
// drivers' SWRESET resets the controller; a frame is the memory, lit or not).

export const SWRESET = 0x01;
export const CASET = 0x2a;
export const RASET = 0x2b;
export const RAMWR = 0x2c;
export const RAMWRC = 0x3c;
export const MADCTL = 0x36;
export const MY = 0x80;
export const MX = 0x40;
export const MV = 0x20;

/** Each controller's memory: columns, rows. */
export const MEMORY = { st7789: [240, 320], st7735: [132, 162] };

/** Where an address (column, row) is in a memory of `columns` x `rows` under `madctl`: [x, y]. */
export function place(madctl, column, row, columns, rows) {
  let x = column;
  let y = row;
  if (madctl & MV) [x, y] = [row, column];
  if (madctl & MX) x = columns - 1 - x;
  if (madctl & MY) y = rows - 1 - y;
  return [x, y];
}

/**
 * The controller's address of the player's pixel (x, y) as CircuitPython's
 * displayio draws a display of width x height (the player's) at `rotation`
 * (shared-module/displayio/display_core.c: 90 and 270 exchange the axes,
 * then 90 mirrors the controller's columns, 270 its rows, 180 both), plus
 * colstart and rowstart.
 */
export function displayioAddress(x, y, { width, height, rotation = 0, colstart = 0, rowstart = 0 }) {
  let column;
  let row;
  switch (rotation) {
    case 0:
      [column, row] = [x, y];
      break;
    case 90:
      [column, row] = [height - 1 - y, x];
      break;
    case 180:
      [column, row] = [width - 1 - x, height - 1 - y];
      break;
    case 270:
      [column, row] = [y, width - 1 - x];
      break;
    default:
      throw new Error(`rotation ${rotation}: want 0, 90, 180 or 270`);
  }
  return [column + colstart, row + rowstart];
}

/**
 * The view of a display (the wiring's: controller, width, height, and
 * `panel` {madctl, column, row} or the driver's rotation, colstart,
 * rowstart and madctl): {width, height, columns, rows, at(x, y) -> [x, y]
 * in the memory}.
 */
export function viewOf(display) {
  const { controller, width, height, panel } = display;
  if (!Object.hasOwn(MEMORY, controller)) throw new Error(`controller ${JSON.stringify(controller)}: want one of ${Object.keys(MEMORY).join(", ")}`);
  const [columns, rows] = MEMORY[controller];
  const at = panel
    ? (x, y) => place(panel.madctl, panel.column + x, panel.row + y, columns, rows)
    : (x, y) => place(display.madctl ?? 0, ...displayioAddress(x, y, display), columns, rows);
  return { width, height, columns, rows, at };
}

const TURNS = {
  "1,0,0,1": "upright",
  "-1,0,0,-1": "turned 180 degrees",
  "-1,0,0,1": "mirrored left to right",
  "1,0,0,-1": "mirrored top to bottom",
  "0,-1,1,0": "turned 90 degrees clockwise",
  "0,1,-1,0": "turned 90 degrees anticlockwise",
  "0,1,1,0": "mirrored across its diagonal",
  "0,-1,-1,0": "mirrored across its other diagonal",
};

/**
 * How the driver's picture (displayio's, at the display's rotation, colstart
 * and rowstart, under the driver's MADCTL) shows in the panel's upright view:
 * "upright", or how it is turned or shifted, with where its top-left pixel
 * shows. Only for a display with a `panel`.
 */
export function orientation(display) {
  const view = viewOf(display);
  const [columns, rows] = [view.columns, view.rows];
  const driver = (x, y) => place(display.madctl ?? 0, ...displayioAddress(x, y, display), columns, rows);
  // the panel's view, inverted: a place in the memory to the player's pixel (unbounded)
  const [ox, oy] = view.at(0, 0);
  const [ax, ay] = view.at(1, 0);
  const [bx, by] = view.at(0, 1);
  const shown = ([mx, my]) => [(mx - ox) * (ax - ox) + (my - oy) * (ay - oy) + 0, (mx - ox) * (bx - ox) + (my - oy) * (by - oy) + 0];
  const [qx, qy] = shown(driver(0, 0));
  const [rx, ry] = shown(driver(1, 0));
  const [sx, sy] = shown(driver(0, 1));
  const how = TURNS[[rx - qx, sx - qx, ry - qy, sy - qy].join(",")];
  if (how === "upright") return qx === 0 && qy === 0 ? how : `shifted: its top-left pixel shows at ${qx},${qy}`;
  return `${how}: its top-left pixel shows at ${qx},${qy}`;
}

export class Lcd {
  /** view: viewOf's, or a display for it. */
  constructor(view) {
    if (!view.at) view = viewOf(view);
    const { width, height, columns, rows } = view;
    this.width = width;
    this.height = height;
    this.columns = columns;
    this.rows = rows;
    this.memory = new Uint16Array(columns * rows);
    // each memory place's pixel of the view (-1: none), and each pixel's place
    this.pixelAt = new Int32Array(columns * rows).fill(-1);
    this.placeOf = new Int32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [mx, my] = view.at(x, y);
        if (mx < 0 || mx >= columns || my < 0 || my >= rows) {
          throw new Error(`the view's pixel ${x},${y} is outside the ${columns}x${rows} memory`);
        }
        this.placeOf[y * width + x] = my * columns + mx;
        this.pixelAt[my * columns + mx] = y * width + x;
      }
    }
    // The view as a map of the memory's (unbounded) places back to the
    // player's: its origin and the player's axes, each along one of the memory's.
    const [ox, oy] = view.at(0, 0);
    const [ax, ay] = view.at(Math.min(1, width - 1), 0);
    const [bx, by] = view.at(0, Math.min(1, height - 1));
    this.axes = { ox, oy, xx: ax - ox, xy: ay - oy, yx: bx - ox, yy: by - oy };
    // Pixels written since clearCoverage(): one byte each, and how many.
    this.written = new Uint8Array(width * height);
    this.covered = 0;
    this.pixels = 0; // every pixel written, counted
    this.commands = 0;
    this.reset();
  }

  reset() {
    this.madctl = 0;
    this.xs = 0;
    this.xe = this.columns - 1;
    this.ys = 0;
    this.ye = this.rows - 1;
    this.col = 0;
    this.row = 0;
    this.cmd = -1;
    this.params = [];
    this.writing = false;
    this.high = -1; // the first byte of a pixel, waiting for its second
  }

  clearCoverage() {
    this.written.fill(0);
    this.covered = 0;
  }

  /** A byte sent with DC low. */
  command(byte) {
    this.commands++;
    this.cmd = byte;
    this.params = [];
    this.writing = false;
    this.high = -1;
    if (byte === SWRESET) {
      this.reset();
    } else if (byte === RAMWR) {
      this.col = this.xs;
      this.row = this.ys;
      this.writing = true;
    } else if (byte === RAMWRC) {
      this.writing = true;
    }
  }

  /** A byte sent with DC high. */
  data(byte) {
    if (this.writing) {
      if (this.high < 0) {
        this.high = byte;
      } else {
        this.pixel((this.high << 8) | byte);
        this.high = -1;
      }
      return;
    }
    const params = this.params;
    params.push(byte);
    if (this.cmd === CASET && params.length === 4) {
      this.xs = (params[0] << 8) | params[1];
      this.xe = (params[2] << 8) | params[3];
    } else if (this.cmd === RASET && params.length === 4) {
      this.ys = (params[0] << 8) | params[1];
      this.ye = (params[2] << 8) | params[3];
    } else if (this.cmd === MADCTL && params.length === 1) {
      this.madctl = byte;
    }
  }

  pixel(value) {
    let x = this.col;
    let y = this.row;
    const m = this.madctl;
    if (m & (MX | MY | MV)) {
      if (m & MV) [x, y] = [y, x];
      if (m & MX) x = this.columns - 1 - x;
      if (m & MY) y = this.rows - 1 - y;
    }
    if (x >= 0 && x < this.columns && y >= 0 && y < this.rows) {
      const at = y * this.columns + x;
      this.memory[at] = value;
      const shown = this.pixelAt[at];
      if (shown >= 0 && !this.written[shown]) {
        this.written[shown] = 1;
        this.covered++;
      }
    }
    this.pixels++;
    if (this.col < this.xe) {
      this.col++;
    } else {
      this.col = this.xs;
      this.row = this.row < this.ye ? this.row + 1 : this.ys;
    }
  }

  /** The player's pixel at (x, y), RGB565. */
  at(x, y) {
    return this.memory[this.placeOf[y * this.width + x]];
  }

  /**
   * The box the window covers, in the player's pixels (x0, y0, x1, y1,
   * inclusive; beyond the view where the window is).
   */
  windowBox() {
    const { ox, oy, xx, xy, yx, yy } = this.axes;
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const column of [this.xs, this.xe]) {
      for (const row of [this.ys, this.ye]) {
        const [mx, my] = place(this.madctl, column, row, this.columns, this.rows);
        // (each of the player's axes runs along one of the memory's, either way)
        const x = (mx - ox) * xx + (my - oy) * xy + 0; // (+ 0: never -0)
        const y = (mx - ox) * yx + (my - oy) * yy + 0;
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      }
    }
    return box;
  }

  /** The frame as 8-bit RGB, three bytes a pixel, rows top to bottom. */
  rgb() {
    const out = new Uint8Array(this.width * this.height * 3);
    const { memory, placeOf } = this;
    for (let i = 0; i < placeOf.length; i++) {
      const v = memory[placeOf[i]];
      const r = (v >> 11) & 0x1f;
      const g = (v >> 5) & 0x3f;
      const b = v & 0x1f;
      out[i * 3] = (r << 3) | (r >> 2);
      out[i * 3 + 1] = (g << 2) | (g >> 4);
      out[i * 3 + 2] = (b << 3) | (b >> 2);
    }
    return out;
  }
}
