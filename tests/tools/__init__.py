"""The tools and the repository's rules: the bundler, the emulator's parts,
the assets, the docs' commands and architecture, the import layers and
circles, the modules' size, the MicroPython VM's harness."""
