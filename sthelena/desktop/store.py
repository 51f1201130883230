"""The desktop's store for the app's save bytes: a file, kept safe.

Desktop only. The board keeps its save in non-volatile memory
(``device.NvmStore``); here it is a file replaced atomically, and a saved
game the app does not resume is backed up before it is overwritten.
"""

import contextlib
import os
import tempfile

SAVE_PATH = os.path.join(os.path.expanduser("~"), ".sthelena-save")


class FileStore:
    """The app's save bytes in one file.

    A save goes to a temporary file beside it that then replaces it, so a
    crash or a full disk never leaves half a save. A missing, empty or
    unreadable file loads as None; what the bytes mean is the app's concern.
    """

    def __init__(self, path):
        self.path = path

    def load(self):
        try:
            with open(self.path, "rb") as file:
                data = file.read()
        except OSError:
            return None
        return data or None

    def save(self, data):
        directory = os.path.dirname(os.path.abspath(self.path))
        handle, temporary = tempfile.mkstemp(prefix=".sthelena-", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(bytes(data))
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def keep_backup(self):
        """Copy the save file to the first free ``FILE.bak``, ``FILE.bak2``,
        ... before the app replaces it with a game it did not resume; the
        backup's path, or None if there is nothing to keep."""
        data = self.load()
        if data is None:
            return None
        number = 1
        while True:
            backup = self.path + (".bak" if number == 1 else ".bak%d" % number)
            if not os.path.exists(backup):
                break
            number += 1
        FileStore(backup).save(data)
        return backup


class MemoryStore:
    """A store that keeps the last save in memory only (``--no-save``)."""

    def __init__(self, data=None):
        self.data = data

    def load(self):
        return self.data

    def save(self, data):
        self.data = bytes(data)
