// St. Helena's page: loads MicroPython's WebAssembly port and the game's files (the
// board's own modules, built by `make web`), makes the game (sthelena/web/page.py's
// WebGame) and hands it the keyboard, the on-screen buttons, the mouse or a finger on
// the screen, and every animation frame; it puts the rows each call drew on the canvas.
// Everything comes from this page's own folder: nothing is fetched from elsewhere.

import { loadMicroPython } from "./micropython.mjs";

const HEAP = 8 * 1024 * 1024; // the VM's heap to start with (it grows if it must)
const NATIVE = "/lib/sthelena/web/native"; // displayio & co., where `import displayio` finds them
const LAYOUT_KEY = "sthelena-layout"; // the switch's choice, kept
// A window at least this large starts with the wide table (its buttons hidden where
// there is a mouse: page.css).
const MOUSE = matchMedia("(pointer: fine)").matches;
const WIDE_ROOM = MOUSE ? [760, 500] : [760, 660];
const IDLE_MS = 120; // input paused this long: the garbage is collected

const canvas = document.getElementById("screen");
const context = canvas.getContext("2d");
const view = document.getElementById("view");
const line = document.getElementById("line");
const layoutButton = document.getElementById("layout");
const share = document.getElementById("share");

// What the tests and the benchmark read: when each part of the start was done (ms since
// the page was asked for); each key's time from its event to its frame drawn, and from its
// handler's start (the time it may have waited behind other work left out).
const page = {ready: false, marks: {}, firstFrame: -1, keyFrames: [], keyWork: [],
  held: new Set()};
window.sthelena = page; // for the tests and the benchmark

function say(text) {
  line.textContent = text;
}

function now() {
  return Math.floor(performance.now());
}

/**
 * Web Audio, started by the player's first press (browsers allow no sound before). A
 * press is handled and drawn first, then `start()` makes the context (that takes a
 * while) and plays the sound the press asked for.
 */
class PageAudio {
  constructor(mp) {
    this.mp = mp;
    this.context = null;
    this.source = null;
    this.waiting = null; // the sound of the first press, until start()
    this.pressed = false; // a press is being handled
    this.played = 0; // sounds the game asked for
  }

  start() {
    this.pressed = false;
    if (this.context === null) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      this.context = new Context();
      if (this.waiting !== null) this.sound(...this.waiting);
      this.waiting = null;
    } else if (this.context.state === "suspended") {
      this.context.resume();
    }
  }

  /** 8-bit unsigned samples (a Python bytearray) at `rate`, cutting off the sound playing. */
  play(samples, rate) {
    this.played += 1;
    if (this.context !== null) this.sound(this.mp.PyProxy.toJs(samples), rate);
    else if (this.pressed) this.waiting = [this.mp.PyProxy.toJs(samples), rate];
  }

  sound(bytes, rate) {
    const buffer = this.context.createBuffer(1, bytes.length, rate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < bytes.length; i++) data[i] = (bytes[i] - 128) / 128;
    if (this.source !== null) this.source.stop();
    this.source = this.context.createBufferSource();
    this.source.buffer = buffer;
    this.source.connect(this.context.destination);
    this.source.start();
  }
}

async function fetchOk(name) {
  const response = await fetch(name);
  if (!response.ok) throw new Error(`could not load ${name} (${response.status})`);
  return response;
}

/** The game's files (game.json: name -> [offset, length] in game.bin) into the VM's file system. */
async function loadFiles(mp) {
  const [index, data] = await Promise.all([
    fetchOk("game.json").then((response) => response.json()),
    fetchOk("game.bin").then((response) => response.arrayBuffer()),
  ]);
  const bytes = new Uint8Array(data);
  for (const [name, [offset, length]] of Object.entries(index.files)) {
    mp.FS.mkdirTree(name.slice(0, name.lastIndexOf("/")) || "/");
    mp.FS.writeFile(name, bytes.subarray(offset, offset + length));
  }
}

function linkOf(hash) {
  try {
    return decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    return hash.replace(/^#/, "");
  }
}

function savedLayout() {
  try {
    return localStorage.getItem(LAYOUT_KEY);
  } catch {
    return null;
  }
}

async function main() {
  const mp = await loadMicroPython({
    heapsize: HEAP,
    stdout: (text) => console.log(text),
    stderr: (text) => console.warn(text),
  });
  page.marks.vm = performance.now();
  await loadFiles(mp);
  page.marks.files = performance.now();
  mp.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(NATIVE)})`);
  const audio = new PageAudio(mp);
  const storage = {
    getItem: (key) => localStorage.getItem(key),
    setItem: (key, value) => localStorage.setItem(key, value),
  };
  const choice = savedLayout();
  let wide = choice === null ? innerWidth >= WIDE_ROOM[0] && innerHeight >= WIDE_ROOM[1]
    : choice === "wide";
  const link = linkOf(location.hash);
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  const game = mp.pyimport("sthelena.web.page").WebGame(
    storage, {play: (samples, rate) => audio.play(samples, rate)}, wide, link);
  Object.assign(page, {mp, game, audio});
  page.marks.game = performance.now();
  document.getElementById("version").textContent = `St. Helena ${game.version}`;

  let width = 0; // the screen's, in pixels
  let lastInput = 0; // when the player last did something (performance.now())
  let collected = 0; // when the garbage was last collected
  function draw(rows) {
    if (rows < 0) return;
    const top = rows >> 16;
    const bottom = rows & 0xffff;
    const pixels = mp.PyProxy.toJs(game.pixels(top, bottom));
    const clamped = new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length);
    context.putImageData(new ImageData(clamped, width, bottom - top), 0, top);
  }

  // The largest whole number of device pixels a screen pixel that fits, on whole
  // pixels (a half pixel's offset would blur every edge): crisp at any size.
  function fit() {
    const ratio = window.devicePixelRatio || 1;
    const across = Math.floor(view.clientWidth * ratio / canvas.width);
    const down = Math.floor(view.clientHeight * ratio / canvas.height);
    page.scale = Math.max(1, Math.min(across, down));
    const cssWidth = canvas.width * page.scale / ratio;
    const cssHeight = canvas.height * page.scale / ratio;
    canvas.style.width = `${cssWidth}px`;
    canvas.style.height = `${cssHeight}px`;
    const box = view.getBoundingClientRect();
    const onPixel = (css) => Math.round(css * ratio) / ratio; // a whole device pixel
    const left = onPixel(box.left + (box.width - cssWidth) / 2) - box.left;
    const top = onPixel(box.top + (box.height - cssHeight) / 2) - box.top;
    canvas.style.marginLeft = `${Math.max(0, left)}px`;
    canvas.style.marginTop = `${Math.max(0, top)}px`;
  }

  function showLink() {
    const text = game.link();
    share.hidden = text === "";
    share.href = `${location.origin}${location.pathname}#${text}`;
  }

  /** A game made (at the start, by the switch, by a link): the canvas its size, drawn whole. */
  function made() {
    width = canvas.width = game.width;
    canvas.height = game.height;
    page.wide = wide;
    document.body.classList.toggle("wide", wide);
    layoutButton.textContent = wide ? "Handheld table" : "Wide table";
    layoutButton.hidden = false;
    fit();
    game.refresh();
    draw(game.height); // rows 0 to its height
    showLink();
  }

  /** Run a call into the game and draw what it drew; a failure is told on the line. */
  function act(call) {
    try {
      draw(call());
      lastInput = performance.now();
      return true;
    } catch (error) {
      say(`St. Helena stopped: ${error.message}`);
      console.error(error);
      return false;
    }
  }

  made();
  page.firstFrame = performance.now();
  say(game.message);

  new ResizeObserver(fit).observe(view); // (the window, or the line under the screen, changed)
  addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const button = game.button_of(event.code);
    if (button < 0) return;
    event.preventDefault();
    if (event.repeat || page.held.has(button)) return; // the game repeats a held key itself
    page.held.add(button);
    audio.pressed = true;
    const start = performance.now();
    if (act(() => game.press(button, Math.floor(event.timeStamp)))) {
      const drawn = performance.now();
      page.keyFrames.push(drawn - event.timeStamp);
      page.keyWork.push(drawn - start);
      showLink();
    }
    audio.start();
  });
  addEventListener("keyup", (event) => {
    const button = game.button_of(event.code);
    if (button < 0) return;
    page.held.delete(button);
    act(() => game.release(button, Math.floor(event.timeStamp)));
  });
  addEventListener("blur", () => {
    for (const button of page.held) game.release(button, now());
    page.held.clear();
  });

  for (const element of document.querySelectorAll("#pad button")) {
    const button = game.button_named(element.dataset.button);
    const up = () => {
      if (!element.classList.contains("down-now")) return;
      element.classList.remove("down-now");
      act(() => game.release(button, now()));
    };
    element.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      element.setPointerCapture(event.pointerId);
      element.classList.add("down-now");
      audio.pressed = true;
      act(() => game.press(button, now()));
      audio.start();
      showLink();
    });
    element.addEventListener("pointerup", up);
    element.addEventListener("pointercancel", up);
    element.addEventListener("lostpointercapture", up);
    element.addEventListener("contextmenu", (event) => event.preventDefault());
  }

  function at(event) {
    const box = canvas.getBoundingClientRect();
    const x = Math.floor((event.clientX - box.left) * canvas.width / box.width);
    const y = Math.floor((event.clientY - box.top) * canvas.height / box.height);
    const within = (value, size) => Math.min(Math.max(value, 0), size - 1);
    return [within(x, canvas.width), within(y, canvas.height)];
  }
  canvas.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    const [x, y] = at(event);
    audio.pressed = true;
    act(() => game.pointer_down(event.button, x, y, now()));
    audio.start();
    showLink();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (event.buttons === 0) return;
    const [x, y] = at(event);
    act(() => game.pointer_move(x, y, now()));
  });
  canvas.addEventListener("pointerup", (event) => {
    const [x, y] = at(event);
    act(() => game.pointer_up(event.button, x, y, now()));
    showLink();
  });
  canvas.addEventListener("contextmenu", (event) => event.preventDefault());
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    const [x, y] = at(event);
    act(() => game.wheel(event.deltaY < 0, x, y, now()));
  }, {passive: false});

  layoutButton.addEventListener("click", () => {
    wide = !wide;
    try {
      localStorage.setItem(LAYOUT_KEY, wide ? "wide" : "handheld");
    } catch {
      // (storage turned off: the choice lasts this visit)
    }
    if (act(() => {
      game.switch(wide);
      return -1;
    })) made();
    layoutButton.blur(); // (Space and Enter are the game's)
  });
  share.addEventListener("click", (event) => {
    event.preventDefault(); // (followed here, it would deal this deal afresh)
    navigator.clipboard.writeText(share.href).then(
      () => say("The link to this deal is copied."), () => say(share.href));
  });
  addEventListener("hashchange", () => {
    const text = linkOf(location.hash);
    history.replaceState(null, "", location.pathname + location.search);
    let dealt = false;
    if (text && act(() => {
      dealt = game.follow(text);
      return -1;
    })) {
      if (dealt) made();
      say(game.message);
    }
  });
  const flush = () => act(() => {
    game.flush();
    return -1;
  });
  addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });

  // Every animation frame: the game's step; and, once the input has paused, the
  // garbage collected (the port collects as a call returns: not in a key's call then).
  function frame() {
    const time = performance.now();
    let going = true;
    try {
      draw(game.step(now()));
      if (lastInput > collected && time - lastInput > IDLE_MS) {
        game.collect();
        collected = time;
      }
    } catch (error) {
      say(`St. Helena stopped: ${error.message}`);
      console.error(error);
      going = false;
    }
    if (going) requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
  page.ready = true;
}

main().catch((error) => {
  say(`St. Helena could not start: ${error.message}`);
  console.error(error);
});
