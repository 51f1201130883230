"""Each profile's ``lacks`` (the modules its board's firmware is built
without, which the game does without) held to the firmware: read from the
firmware's own build where there is one (the symbols of its ELF:
tools/harness/firmware_modules.py), and from the modules its stub in
circuitpython-stubs lists for every board."""

import pytest

from sthelena.boards import catalogue
from tools.harness import conformance, firmware_modules

BUILT = [profile.name for profile in catalogue.profiles() if firmware_modules.firmware_of(
    profile)]


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.firmware(
    firmware_modules.firmware_of(catalogue.named(name)))) for name in BUILT])
def test_a_profile_lacks_what_its_firmwares_build_lacks(name):
    profile = catalogue.named(name)
    assert firmware_modules.missing_modules(profile) == set(profile.lacks)


@pytest.mark.parametrize("name", [profile.name for profile in catalogue.profiles()])
def test_a_profile_lacks_what_its_boards_stub_does_not_list(name):
    profile = catalogue.named(name)
    listed = conformance.firmware_modules(conformance.stub_id(profile))
    assert firmware_modules.used_modules(profile) - listed == set(profile.lacks)


@pytest.mark.firmware("wio/firmware.elf", "pygamer/firmware.elf")
def test_the_wio_terminals_firmware_has_no_vectorio_and_the_pygamers_has():
    from tools.build import circuitpython_builds

    wio = firmware_modules.built_in_modules(circuitpython_builds.find("wio/firmware.elf"))
    pygamer = firmware_modules.built_in_modules(circuitpython_builds.find("pygamer/firmware.elf"))
    assert "vectorio" in pygamer - wio
    assert {"displayio", "keypad", "microcontroller", "board"} <= wio & pygamer
    # (so a profile that said nothing of it would be a finding)
    wio_profile = catalogue.named("wio-terminal")
    assert firmware_modules.used_modules(wio_profile) - wio == {"vectorio"}


def test_the_builds_cover_the_boards_whose_firmware_shared_holds():
    assert {"pygamer", "pybadge", "picosystem", "sprig", "pico-display-2",
            "wio-terminal"} <= set(BUILT)
