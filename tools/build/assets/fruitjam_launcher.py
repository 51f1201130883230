"""A picture of the game's icon as Fruit Jam OS's launcher shows it (for the docs).

    python -m tools.build.assets.fruitjam_launcher OUT.png

Drawn with displayio (Blinka, headless) the way the launcher draws a page
of apps on its default 720x400 screen: everything twice the size, a dark
background, "Fruit Jam OS" at the top, a 3 x 2 grid of cells each with an
app's icon and its title under it, the chosen app's title on green, the keys
and the page number along the bottom. Only
our cell holds an app here; the colours are the launcher's defaults.
Desktop only.
"""

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SIZE = (720, 400)
SCALE = 2  # the launcher's for screens wider than 360
BACKGROUND = 0x222222
FOREGROUND = 0xFFFFFF
ACCENT = 0x008800


def main(argv=None):
    import tempfile

    from sthelena.desktop.display import Display
    import displayio
    import terminalio
    from adafruit_display_text.bitmap_label import Label

    from tools.build import fruitjam_app

    from . import make_icon

    out = (argv or sys.argv[1:])[0]
    display = Display(scale=1, window=False, size=SIZE)
    width, height = SIZE[0] // SCALE, SIZE[1] // SCALE
    root = displayio.Group(scale=SCALE)
    palette = displayio.Palette(1)
    palette[0] = BACKGROUND
    root.append(displayio.TileGrid(displayio.Bitmap(width, height, 1), pixel_shader=palette))
    grid_width, grid_height = 298 * width // 360, 182 * height // 200  # the launcher's
    cell_width, cell_height = grid_width // 3, grid_height // 2
    left, top = (width - grid_width) // 2, (height - grid_height) // 2
    title = Label(terminalio.FONT, text="Fruit Jam OS", color=FOREGROUND,
                  anchor_point=(0.5, 0), anchored_position=(width // 2, 2))
    root.append(title)
    with tempfile.TemporaryDirectory() as directory:
        icon_path = os.path.join(directory, "icon.bmp")
        with open(icon_path, "wb") as file:
            file.write(make_icon.icon_bytes())
        icon = displayio.OnDiskBitmap(icon_path)
        name = Label(terminalio.FONT, text=fruitjam_app.TITLE, color=FOREGROUND,
                     background_color=ACCENT, anchor_point=(0.5, 0))
        icon_y = top + (cell_height - 64 - 18) // 2
        root.append(displayio.TileGrid(icon, pixel_shader=icon.pixel_shader,
                                       x=left + cell_width // 2 - 32, y=icon_y))
        name.anchored_position = (left + cell_width // 2, icon_y + 64 + 3)
        root.append(name)
        outer = displayio.Group()  # the launcher's help line and page number: unscaled
        outer.append(root)
        outer.append(Label(terminalio.FONT, text="[Arrow]: Move [E]: Edit [Enter]: Run [1-9]: Page",
                           color=FOREGROUND, anchor_point=(0, 1),
                           anchored_position=(2, SIZE[1] - 2)))
        outer.append(Label(terminalio.FONT, text="1/1", color=FOREGROUND, scale=SCALE,
                           anchor_point=(1, 1), anchored_position=(SIZE[0] - 2, SIZE[1] - 2)))
        display.root_group = outer
        display.refresh()
    display.save_png(out)


if __name__ == "__main__":
    main()
