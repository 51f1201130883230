// The selftest's checks of the boards' parts (selftest.mjs runs them): the
// display controllers' memory and MADCTL, the player's view of it (the
// PicoSystem's, a Pico add-on's window upright as its maker draws it and
// turned when the driver's numbers are wrong, the Sprig's ST7735), each
// board's key words, and the wiring's checks.

import assert from "node:assert/strict";
import { boardOf } from "./boards.mjs";
import { HOLD_MS, Keyboard, LONG_MS, parseKeys, PRESS_MS, UsageError } from "./keys.mjs";
import { displayioAddress, Lcd, orientation, place, viewOf } from "./lcd.mjs";

/** Add the checks, each by `check(name, body)`. */
export function boardChecks(check) {
  /** Send a command and its data to a decoder. */
  function send(lcd, cmd, ...data) {
    lcd.command(cmd);
    for (const byte of data) lcd.data(byte);
  }

  // The PicoSystem's display, as its firmware sets it up (board.c): 240x240, rotation 0, MADCTL 0x04.
  const PICOSYSTEM_DISPLAY = { controller: "st7789", width: 240, height: 240, rotation: 0, colstart: 0, rowstart: 0, madctl: 0x04 };

  check("st7789 window and pixels", () => {
    const lcd = new Lcd(PICOSYSTEM_DISPLAY);
    send(lcd, 0x2a, 0, 10, 0, 12); // columns 10..12
    send(lcd, 0x2b, 0, 20, 0, 21); // rows 20..21
    send(lcd, 0x2c, ...[0xf8, 0x00, 0x07, 0xe0, 0x00, 0x1f, 0xff, 0xff, 0x12, 0x34]);
    const at = (x, y) => lcd.at(x, y);
    assert.equal(at(10, 20), 0xf800);
    assert.equal(at(11, 20), 0x07e0);
    assert.equal(at(12, 20), 0x001f);
    assert.equal(at(10, 21), 0xffff);
    assert.equal(at(11, 21), 0x1234);
    assert.equal(at(13, 20), 0);
    assert.equal(lcd.covered, 5);
    send(lcd, 0x3c, 0xab, 0xcd, 0x11, 0x22); // goes on, then wraps to the top
    assert.equal(at(12, 21), 0xabcd);
    assert.equal(at(10, 20), 0x1122);
    assert.equal(lcd.covered, 6);
    const rgb = lcd.rgb();
    assert.deepEqual([...rgb.subarray((21 * 240 + 10) * 3, (21 * 240 + 10) * 3 + 3)], [255, 255, 255]);
    assert.deepEqual([...rgb.subarray((20 * 240 + 11) * 3, (20 * 240 + 11) * 3 + 3)], [0, 255, 0]);
  });

  check("st7789 odd cases", () => {
    const lcd = new Lcd(PICOSYSTEM_DISPLAY);
    send(lcd, 0x2a, 0, 238, 0, 241);
    send(lcd, 0x2b, 0, 0, 0, 0);
    send(lcd, 0x2c, 1, 1, 2, 2, 3, 3, 4, 4); // columns 240, 241 are off the memory
    assert.equal(lcd.at(238, 0), 0x0101);
    assert.equal(lcd.at(239, 0), 0x0202);
    assert.equal(lcd.pixels, 4);
    assert.equal(lcd.covered, 2);
    send(lcd, 0x36, 0x20); // MV: columns and rows exchanged
    send(lcd, 0x2a, 0, 5, 0, 5);
    send(lcd, 0x2b, 0, 7, 0, 7);
    send(lcd, 0x2c, 0x55, 0x66);
    assert.equal(lcd.at(7, 5), 0x5566);
    assert.deepEqual(lcd.windowBox(), [7, 5, 7, 5]);
    lcd.command(0x01); // SWRESET forgets MADCTL and the window
    assert.equal(lcd.madctl, 0);
    assert.deepEqual([lcd.xe, lcd.ye], [239, 319]);
    send(lcd, 0x2c, 0x77, 0x88);
    assert.equal(lcd.at(0, 0), 0x7788);
    send(lcd, 0x29, 0x99); // data of a command not decoded: ignored
    assert.equal(lcd.at(1, 0), 0);
    // Rows 240-319 of the memory are not the PicoSystem's screen: kept, not shown.
    send(lcd, 0x2a, 0, 0, 0, 0);
    send(lcd, 0x2b, 1, 0x3f, 1, 0x3f); // row 319
    const covered = lcd.covered;
    send(lcd, 0x2c, 0xab, 0xcd);
    assert.equal(lcd.memory[319 * 240], 0xabcd);
    assert.equal(lcd.covered, covered);
    send(lcd, 0x36, 0x80); // MY: row 0 is the memory's last
    send(lcd, 0x2b, 0, 0, 0, 0);
    send(lcd, 0x2c, 0x12, 0x34);
    assert.equal(lcd.memory[319 * 240], 0x1234);
  });

  /** Write a whole picture as displayio does: each player's pixel at its address, `colour(x, y)`. */
  function drawAsDisplayio(lcd, display, colour) {
    send(lcd, 0x36, display.madctl);
    for (let y = 0; y < display.height; y++) {
      for (let x = 0; x < display.width; x++) {
        const [column, row] = displayioAddress(x, y, display);
        send(lcd, 0x2a, column >> 8, column & 255, column >> 8, column & 255);
        send(lcd, 0x2b, row >> 8, row & 255, row >> 8, row & 255);
        const value = colour(x, y);
        send(lcd, 0x2c, value >> 8, value & 255);
      }
    }
  }

  const pattern = (x, y) => (x * 7 + y * 131) & 0xffff; // no two pixels of a row or column alike

  // The Pico add-ons' panels as their makers draw them upright (board_wiring.py's PANELS), and
  // adafruit_st7789's MADCTL (MY|MX) with the profiles' rotation and offsets.
  const DISPLAY_2 = { controller: "st7789", width: 320, height: 240, madctl: 0xc0, rotation: 270, colstart: 0, rowstart: 0,
    panel: { madctl: 0x70, column: 0, row: 0 } };
  const DISPLAY_114 = { controller: "st7789", width: 240, height: 135, madctl: 0xc0, rotation: 270, colstart: 53, rowstart: 40,
    panel: { madctl: 0x70, column: 40, row: 53 } };
  const LCD_13 = { controller: "st7789", width: 240, height: 240, madctl: 0xc0, rotation: 270, colstart: 0, rowstart: 80,
    panel: { madctl: 0x70, column: 0, row: 0 } };

  check("st7789 a panel's window, upright as its maker draws it", () => {
    // Pimoroni's Pico Display 2.0: MX|MV, CASET 0..319, RASET 0..239, the frame row by row.
    let lcd = new Lcd(DISPLAY_2);
    send(lcd, 0x2a, 0, 0, 1, 0x3f);
    send(lcd, 0x2b, 0, 0, 0, 239);
    send(lcd, 0x36, 0x70);
    lcd.command(0x2c);
    for (let i = 0; i < 320 * 240; i++) lcd.data(pattern(i % 320, Math.floor(i / 320)) >> 8), lcd.data(pattern(i % 320, Math.floor(i / 320)) & 255);
    assert.equal(lcd.covered, 320 * 240);
    for (const [x, y] of [[0, 0], [319, 0], [0, 239], [123, 45]]) assert.equal(lcd.at(x, y), pattern(x, y));
    assert.deepEqual(lcd.windowBox(), [0, 0, 319, 239]);
    // The 1.14-inch: its 240x135 window 40 columns and 53 rows into the addresses.
    lcd = new Lcd(DISPLAY_114);
    assert.deepEqual([lcd.width, lcd.height], [240, 135]);
    send(lcd, 0x36, 0x70);
    send(lcd, 0x2a, 0, 40, 0, 40);
    send(lcd, 0x2b, 0, 53, 0, 53);
    send(lcd, 0x2c, 0x11, 0x22);
    assert.equal(lcd.at(0, 0), 0x1122);
    assert.deepEqual(place(0x70, 40, 53, 240, 320), [186, 40]); // (the memory's column 239 - 53, row 40)
    send(lcd, 0x2a, 0, 39, 0, 39); // outside the window: in the memory, not on the screen
    send(lcd, 0x2c, 0x33, 0x44);
    assert.equal(lcd.covered, 1);
    assert.deepEqual(lcd.windowBox(), [-1, 0, -1, 0]);
  });

  check("st7789 displayio's rotation and offsets on a panel", () => {
    for (const display of [DISPLAY_2, DISPLAY_114, LCD_13]) {
      assert.equal(orientation(display), "upright", JSON.stringify(display));
      const lcd = new Lcd(display);
      drawAsDisplayio(lcd, display, pattern);
      assert.equal(lcd.covered, display.width * display.height);
      for (const [x, y] of [[0, 0], [display.width - 1, 0], [0, display.height - 1], [17, 29]]) {
        assert.equal(lcd.at(x, y), pattern(x, y), `${display.width}x${display.height} at ${x},${y}`);
      }
    }
    // Wrong numbers show the picture turned, as the real panel would.
    assert.equal(orientation({ ...DISPLAY_2, rotation: 90 }), "turned 180 degrees: its top-left pixel shows at 319,239");
    assert.equal(orientation({ ...LCD_13, rotation: 0 }), "turned 90 degrees clockwise: its top-left pixel shows at 239,0");
    assert.equal(orientation({ ...DISPLAY_114, colstart: 52 }), "shifted: its top-left pixel shows at 0,-1");
    const turned = new Lcd({ ...DISPLAY_2, rotation: 90 });
    drawAsDisplayio(turned, { ...DISPLAY_2, rotation: 90 }, pattern);
    assert.equal(turned.at(319, 239), pattern(0, 0));
    // displayio's four rotations, the player's pixel to the controller's address.
    const d = { width: 4, height: 3, colstart: 10, rowstart: 20 };
    assert.deepEqual([0, 90, 180, 270].map((rotation) => displayioAddress(1, 0, { ...d, rotation })), [[11, 20], [12, 21], [12, 22], [10, 22]]);
  });

  check("st7735 memory and the Sprig's view", () => {
    // The Sprig's board.c: 160x128, rotation 270, no offsets, MADCTL MY|MX on the 132x162 memory.
    const sprig = { controller: "st7735", width: 160, height: 128, rotation: 270, colstart: 0, rowstart: 0, madctl: 0xc0 };
    const view = viewOf(sprig);
    assert.deepEqual([view.columns, view.rows], [132, 162]);
    assert.deepEqual(view.at(0, 0), [131, 2]); // its top-left pixel: the memory's last column, third row
    assert.deepEqual(view.at(159, 127), [4, 161]);
    const lcd = new Lcd(sprig);
    drawAsDisplayio(lcd, sprig, pattern);
    assert.equal(lcd.covered, 160 * 128);
    for (const [x, y] of [[0, 0], [159, 0], [0, 127], [40, 100]]) assert.equal(lcd.at(x, y), pattern(x, y));
    assert.equal(lcd.memory[161 * 132 + 131], pattern(159, 0)); // the memory's last place: the top right
    send(lcd, 0x36, 0);
    send(lcd, 0x2a, 0, 3, 0, 3);
    send(lcd, 0x2b, 0, 1, 0, 1);
    send(lcd, 0x2c, 0xfe, 0xdc);
    assert.equal(lcd.memory[132 + 3], 0xfedc); // columns 0-3 and rows 0-1: not the panel's
    assert.equal(lcd.covered, 160 * 128);
    assert.equal(lcd.pixelAt[132 + 3], -1);
    assert.throws(() => viewOf({ ...sprig, controller: "ili9341" }), /want one of st7789, st7735/);
    assert.throws(() => new Lcd({ ...sprig, colstart: 10 }), /outside the 132x162 memory/);
  });

  // Wirings as tools/harness/board_wiring.py prints them (the GPIOs: circuitpython-stubs').
  const PICOSYSTEM = {
    board: "picosystem", firmware: "picosystem", flash: { chip: "W25Q128JVxQ", bytes: 16 << 20 },
    display: { ...PICOSYSTEM_DISPLAY, set_up_by: "firmware", spi: 0, clock: 6, cs: 5, dc: 9, reset: 4, panel: null },
    keys: { Y: 16, X: 17, A: 18, B: 19, DOWN: 20, RIGHT: 21, LEFT: 22, UP: 23 }, pressed_low: true,
    aliases: { START: "X", SELECT: "Y" },
  };
  const SPRIG_KEYS = { W: 5, A: 6, S: 7, D: 8, I: 12, J: 13, K: 14, L: 15 };
  const PICO_DISPLAY = {
    board: "pico-display", firmware: "pico", flash: { chip: "W25Q16JVxQ", bytes: 2 << 20 },
    display: { ...DISPLAY_114, set_up_by: "game", spi: 0, clock: 18, cs: 17, dc: 16, reset: null },
    keys: { A: 12, B: 13, X: 14, Y: 15 }, pressed_low: true, aliases: {},
  };

  check("key words: the board's own buttons", () => {
    const picosystem = boardOf(JSON.stringify(PICOSYSTEM));
    const keys = new Keyboard(picosystem.keys, picosystem.aliases, "picosystem");
    const actions = parseKeys("right Right A # a comment\n WAIT:500 hold_a SELECT+HOLD start select x Y long_y RESET", keys);
    assert.deepEqual(actions.map((a) => a.kind), ["press", "press", "press", "wait", "press", "press", "press", "press", "press", "press", "press", "reset"]);
    assert.deepEqual(actions.map((a) => a.pin ?? null), [21, 21, 18, null, 18, 16, 17, 16, 17, 16, 16, null]);
    assert.deepEqual(actions.map((a) => a.ms ?? null), [PRESS_MS, PRESS_MS, PRESS_MS, 500, HOLD_MS, HOLD_MS, PRESS_MS, PRESS_MS, PRESS_MS, PRESS_MS, LONG_MS, null]);
    assert.deepEqual(actions.filter((a) => a.button).map((a) => a.button).slice(5, 7), ["X", "Y"]); // START and SELECT
    assert.deepEqual(parseKeys("  \n# nothing\n", keys), []);
    assert.throws(() => parseKeys("A JUMP", keys), (e) => e instanceof UsageError && /"JUMP": the picosystem's words are Y X A B DOWN RIGHT LEFT UP START SELECT HOLD_<word> LONG_<word> WAIT:MS RESET/.test(e.message));
    assert.throws(() => parseKeys("WAIT:9999999", keys), UsageError);
    assert.throws(() => parseKeys("WAIT:", keys), UsageError);
    assert.throws(() => parseKeys("A ".repeat(10001), keys), /too many/);
    // The Sprig's W A S D I J K L; a Pico Display Pack's A B X Y, Y held long.
    const sprig = new Keyboard(SPRIG_KEYS, {}, "sprig");
    assert.deepEqual(parseKeys("w a s d i j k l HOLD_L L+LONG", sprig).map((a) => [a.pin, a.ms]),
      [[5, 80], [6, 80], [7, 80], [8, 80], [12, 80], [13, 80], [14, 80], [15, 80], [15, HOLD_MS], [15, LONG_MS]]);
    assert.throws(() => parseKeys("UP", sprig), /"UP": the sprig's words are W A S D I J K L HOLD_<word>/);
    const pack = new Keyboard(PICO_DISPLAY.keys, {}, "pico-display");
    assert.deepEqual(parseKeys("X LONG_Y hold_b", pack).map((a) => [a.button, a.pin, a.ms]), [["X", 14, 80], ["Y", 15, LONG_MS], ["B", 13, HOLD_MS]]);
    assert.throws(() => parseKeys("START", pack), /"START": the pico-display's words are A B X Y HOLD_/);
  });

  check("wiring: read and refused", () => {
    const board = boardOf(JSON.stringify(PICO_DISPLAY));
    assert.deepEqual([board.name, board.flashBytes, board.driveBytes, board.display.spi, board.pressedLow], ["pico-display", 2 << 20, 1 << 20, 0, true]);
    assert.deepEqual([board.display.view.width, board.display.view.height], [240, 135]);
    assert.equal(boardOf(PICOSYSTEM).driveBytes, 15 << 20);
    const bad = (change, says) => assert.throws(() => boardOf(JSON.stringify({ ...PICO_DISPLAY, ...change })), (e) => e instanceof UsageError && says.test(e.message), says);
    bad({ flash: { bytes: 3 << 20 } }, /flash.bytes 3145728/);
    bad({ display: { ...PICO_DISPLAY.display, controller: "ili9341" } }, /display.controller "ili9341"/);
    bad({ display: { ...PICO_DISPLAY.display, spi: 2 } }, /display.spi 2/);
    bad({ display: { ...PICO_DISPLAY.display, cs: 30 } }, /display.cs 30/);
    bad({ display: { ...PICO_DISPLAY.display, rotation: 45 } }, /rotation 45/);
    bad({ keys: {} }, /no keys/);
    bad({ keys: { A: 40 } }, /key A's GPIO 40/);
    bad({ aliases: { START: "Z" } }, /alias START/);
    assert.throws(() => boardOf("{"), /--wiring: not JSON/);
  });
}
