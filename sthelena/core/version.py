"""The game's version, semantic (major.minor.patch): shown by the desktop's
``--version``, on the help screen's last line on every board and under the
web page. The one place it is written; ``sthelena.__version__`` is this."""

RELEASE_VERSION = "1.1.0"
