"""Which profile a board plays with, and the line for a board the game does
not know. Plain Python: ``code.py`` and ``boot.py`` run it on the board (in
``lib/sthelena_profiles.mpy``, beside the profiles), the desktop and the
tests on their own list (``catalogue.profiles()``)."""

SETTING = "STHELENA_BOARD"  # settings.toml's key that names a board's profile


def find(profiles, board_id, has_pin, chosen=None):
    """The profile of ``profiles`` the board plays with: the one settings.toml
    names (``chosen``: its ``STHELENA_BOARD``, or None) or, without one, the
    one whose board ids name ``board_id`` or, failing that, the one whose
    pins the board has (``has_pin(name)``), the most pins first. None for a
    board none fits. ValueError, its one line naming the key, if ``chosen``
    names no profile or one for other boards."""
    if chosen:
        for profile in profiles:
            if profile.name == chosen:
                if profile.board_ids and board_id not in profile.board_ids:
                    raise ValueError("settings.toml: %s = \"%s\" is for a %s: this board is %s"
                                     % (SETTING, chosen, profile.board_ids[0], board_id))
                return profile
        raise ValueError("settings.toml: %s = \"%s\" names no board: want one of %s"
                         % (SETTING, chosen, ", ".join(names(profiles, True))))
    best = None
    for profile in profiles:
        if profile.chosen_in_settings:
            continue
        if profile.board_ids:
            if board_id in profile.board_ids:
                return profile
            continue
        if all(has_pin(pin) for pin in profile.pins) and (
                best is None or len(profile.pins) > len(best.pins)):
            best = profile
    return best


def names(profiles, chosen_in_settings):
    """The names of the profiles settings.toml chooses (True), or of those
    found by the board's id or pins (False)."""
    return [profile.name for profile in profiles
            if profile.chosen_in_settings == chosen_in_settings]


def unknown_board(profiles, board_id):
    """The line for a board the game does not know: every board it plays
    on, and what to write in settings.toml for a screen the board does
    not set up itself."""
    return ("St. Helena plays on the %s; on a Raspberry Pi Pico with a screen, write "
            "%s = \"NAME\" in CIRCUITPY/settings.toml, NAME one of %s: this board is %s"
            % (", ".join(profile.title for profile in profiles
                         if not profile.chosen_in_settings),
               SETTING, ", ".join(names(profiles, True)), board_id))
