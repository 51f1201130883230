"""Stand-in for CircuitPython's ``usb`` (the USB host): see ``usb.core``."""
