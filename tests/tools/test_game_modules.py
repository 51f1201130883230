"""Each game on the drive (``lib/sthelena_*.mpy``) holds what its boards'
profiles use and no more (tools/build/board_files.py), and the one-file build
merges exactly that: the PyGamer's and PyBadge's lean one, the Wio Terminal's,
the touch screens', the Cardputer's, and every other handheld's."""

from tests.tools.test_layers import part_of
from tools.build import board_files, bundle, bundle_modules


def test_each_game_gets_what_its_profiles_use_and_the_bundle_merges_it():
    from sthelena.boards import catalogue

    full = {board_files.module_name(path) for path in board_files.board_files()}
    assert {part_of(name) for name in full} == set(board_files.ON_BOARD)
    for game, modules in (("sthelena_board", bundle.BOARD_MODULES),
                          ("sthelena_full", bundle.FULL_MODULES),
                          ("sthelena_touch", bundle_modules.game_modules("sthelena_touch")),
                          ("sthelena_wio", bundle_modules.game_modules("sthelena_wio")),
                          ("sthelena_cardputer",
                           bundle_modules.game_modules("sthelena_cardputer"))):
        profiles = [profile for profile in catalogue.profiles() if profile.game == game]
        on_board = {board_files.module_name(path) for path in board_files.game_files(profiles)}
        assert "sthelena.core.notation" not in on_board  # the one exception, named there
        # (the hint's search a module of its own, loaded only while a hint runs;
        # the set-up too, let go once the board is built)
        setup = bundle_modules.setup_modules(game)
        assert set(modules) | set(setup) | set(bundle.DRIVE_MODULES) \
            | set(bundle.HINT_MODULES) == on_board
        assert len(modules) == len(set(modules)) and not set(modules) & set(setup)
    # The PyGamer's and PyBadge's game, lean: the handheld's table only, the
    # SAMD51's store, no screen to set up, no settings to read, vectorio's shapes
    # (the Wio Terminal's firmware lacks it: its game, the full one, draws without).
    assert full - set(bundle.BOARD_MODULES) - set(bundle.BOARD_SETUP_MODULES) \
        - set(bundle.DRIVE_MODULES) - set(bundle.HINT_MODULES) == {
            "sthelena.app.big_screen.scaled", "sthelena.app.big_screen.fan_layout",
            "sthelena.app.big_screen.fan_table", "sthelena.app.big_screen.pointer",
            "sthelena.app.big_screen.fan_geometry", "sthelena.app.big_screen.fan_cards",
            "sthelena.app.tap_hold",
            "sthelena.app.big_screen.drag", "sthelena.core.sector_store",
            "sthelena.handheld.rgb_lights", "sthelena.handheld.spi_screen",
            "sthelena.handheld.settings", "sthelena.handheld.nvs_store",
            "sthelena.app.serial_keys", "sthelena.app.big_screen.touch",
            "sthelena.handheld.touch", "sthelena.app.table.shapeless"}
    # The Wio Terminal's: the fanned table's parts, drawn without vectorio; none of
    # the RP2040's, the lights' or the sensors' (nor the screen's light they set).
    wio = bundle_modules.game_modules("sthelena_wio")
    assert full - set(wio) - set(bundle_modules.setup_modules("sthelena_wio")) \
        - set(bundle.DRIVE_MODULES) - set(bundle.HINT_MODULES) == {
            "sthelena.app.big_screen.pointer", "sthelena.app.big_screen.drag",
            "sthelena.app.tap_hold", "sthelena.core.sector_store",
            "sthelena.handheld.rgb_lights", "sthelena.handheld.spi_screen",
            "sthelena.handheld.settings", "sthelena.handheld.speaker",
            "sthelena.handheld.parts", "sthelena.app.power", "sthelena.handheld.nvs_store",
            "sthelena.app.serial_keys", "sthelena.app.big_screen.touch",
            "sthelena.handheld.touch"}
    # Every other board's with buttons: all but the mouse's and the touch screens' (the
    # PyPortals' game, below), and the profiles' classes for settings.toml.
    assert set(bundle.FULL_MODULES) ^ full == {
        "sthelena.app.big_screen.pointer", "sthelena.app.big_screen.drag",
        "sthelena.app.big_screen.touch", "sthelena.handheld.touch", "sthelena.handheld.nvs_store",
        "sthelena.app.serial_keys", "sthelena.handheld.speaker",
        "sthelena.app.table.shapeless"} | set(bundle.DRIVE_ONLY) \
        | set(bundle.SEARCH_ONLY) | (
        set(bundle.FULL_SETUP_MODULES) - {"sthelena.boards.profile"})
    assert set(bundle.FULL_SETUP_MODULES) == set(bundle_modules.SETUP_MODULES)
    # The PyPortals': the fanned table tapped (the mouse's drag and drop, the row of
    # controls), the SAMD51's store, a speaker; no keys with a hold, no RGB LED, no
    # screen to set up, no settings to read.
    touch = set(bundle_modules.game_modules("sthelena_touch"))
    assert full - touch - set(bundle_modules.setup_modules("sthelena_touch")) \
        - set(bundle.DRIVE_MODULES) - set(bundle.HINT_MODULES) == {
            "sthelena.app.tap_hold", "sthelena.handheld.rgb_lights",
            "sthelena.core.sector_store", "sthelena.handheld.settings",
            "sthelena.handheld.spi_screen", "sthelena.handheld.nvs_store",
            "sthelena.app.serial_keys", "sthelena.app.table.shapeless"}
