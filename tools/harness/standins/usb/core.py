"""Stand-in for CircuitPython's ``usb.core`` (PyUSB's interface): the errors,
``find``, and devices tests plug in and pull out.

``plug(kind)`` connects a stand-in device ("mouse", "keyboard"...) and
returns it; ``device.report(values)`` queues a report it sends (a mouse's:
buttons, dx, dy and the wheel, signed); ``unplug(device)``
disconnects it, after which its reads raise USBError, as the firmware's do
for a device gone. A read with nothing queued times out (USBTimeoutError).
"""


class USBError(OSError):
    pass


class USBTimeoutError(USBError):
    pass


_devices = []


class Device:
    def __init__(self, kind):
        self.kind = kind
        self.plugged = True
        self.reports = []
        self.reads = 0
        self.kernel_driver = True

    def report(self, values):
        self.reports.append(list(values))

    def read(self, endpoint, size_or_buffer, timeout=None):
        self.reads += 1
        if not self.plugged:
            raise USBError(19)  # ENODEV
        if not self.reports:
            raise USBTimeoutError(110)  # ETIMEDOUT
        data = self.reports.pop(0)
        buffer = size_or_buffer  # (the game always reads into a buffer)
        for index in range(min(len(data), len(buffer))):
            buffer[index] = data[index]
        return len(data)

    def is_kernel_driver_active(self, interface):
        return self.kernel_driver

    def detach_kernel_driver(self, interface):
        self.kernel_driver = False

    def attach_kernel_driver(self, interface):
        self.kernel_driver = True

    def set_configuration(self, configuration=1):
        pass


def plug(kind):
    device = Device(kind)
    _devices.append(device)
    return device


def unplug(device):
    device.plugged = False
    if device in _devices:
        _devices.remove(device)


def find(find_all=False, *, idVendor=None, idProduct=None):
    if find_all:
        return iter(list(_devices))
    return _devices[0] if _devices else None
