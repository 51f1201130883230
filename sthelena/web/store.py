"""The web page's store for the app's save bytes: the browser's localStorage.

The record is the app's (``sthelena.app.record``: its magic, version and a
CRC-16 a section), written as base64 text under one key, as the desktop
writes it to a file: the record checks itself, so a value that is not base64
is handed to the app as the text's bytes, which it refuses in its one line
(and deals anew), as it refuses a record cut or corrupt.
"""

import binascii

SAVE_KEY = "sthelena-save"
_BASE64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="


def decoded(text):
    """The bytes of base64 ``text``, or, if it is not base64, its own bytes
    (the port's binascii passes over characters it does not know)."""
    data = text.encode()
    if len(data) % 4 or any(byte not in _BASE64 for byte in data):
        return data
    try:
        return binascii.a2b_base64(data)
    except Exception:  # noqa: BLE001 (the port's binascii raises Exception("Incorrect padding"))
        return data


class LocalStore:
    """``load()`` and ``save(data)`` as the app's Keeper uses them, over
    ``storage`` (the page's ``localStorage``, or anything with its
    ``getItem`` and ``setItem``). A write the browser refuses (storage full,
    or turned off) raises OSError, which the app tells once and plays on."""

    def __init__(self, storage, key=SAVE_KEY):
        self.storage = storage
        self.key = key

    def load(self):
        """The bytes last saved, or None."""
        try:
            text = self.storage.getItem(self.key)
        except Exception as error:  # noqa: BLE001 (the browser's refusal, as JsException)
            raise OSError("localStorage cannot be read: %s" % error)
        if not text:
            return None
        return decoded(text)

    def save(self, data):
        text = binascii.b2a_base64(bytes(data)).decode().strip()
        try:
            self.storage.setItem(self.key, text)
        except Exception as error:  # noqa: BLE001 (the browser's refusal, as JsException)
            raise OSError("localStorage refused the save: %s" % error)
