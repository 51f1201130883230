"""The rules core: the rules option by option, whole games, save bytes,
statistics, the winnable deals' file, and the core under MicroPython."""
