"""Named rule sets.

The three source texts disagree, so every point they differ on is an
option, and the common readings are presets. ``Rules.parse("st-helena,
spaces=none")`` takes a preset and overrides; ``str(rules)`` writes it back.
"""

# Option order is the order of the fields in every preset row below, in the
# text form and in the save bits.
OPTIONS = ("build", "wrap", "spaces", "redeals", "restricted_first_deal",
           "gather", "foundation_moves", "louis_start")
# Choices of the options that are words; the others are true/false or 0..2.
CHOICES = {
    "build": ("suit", "any"),
    "spaces": ("any", "none"),
    "gather": ("encyclopedia", "clockwise"),
    "foundation_moves": ("none", "relocate", "all"),
}
PRESETS = (
    ("st-helena", ("suit", False, "any", 2, True, "encyclopedia", "none", False)),
    ("st-helena-pysol", ("any", False, "none", 2, True, "encyclopedia", "all", False)),
    ("louis", ("suit", False, "any", 2, False, "encyclopedia", "none", True)),
    ("box-kite", ("suit", False, "any", 0, False, "encyclopedia", "relocate", False)),
)
DEFAULT = "st-helena"


def _preset_values(name):
    for preset, values in PRESETS:
        if preset == name:
            return values
    raise ValueError("unknown rules preset %r: choose one of %s"
                     % (name, ", ".join(p for p, _ in PRESETS)))


def _parse_value(option, text):
    if option in CHOICES:
        if text in CHOICES[option]:
            return text
        raise ValueError("rules option %s=%s: choose one of %s"
                         % (option, text, ", ".join(CHOICES[option])))
    if option == "redeals":
        if text in ("0", "1", "2"):
            return int(text)
        raise ValueError("rules option redeals=%s: choose 0, 1 or 2" % text)
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise ValueError("rules option %s=%s: choose true or false" % (option, text))


def _format_value(value):
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


class Rules:
    """One rule set: a preset's name and the value of every option.

    Attributes carry the option names: ``build`` ("suit"/"any"), ``wrap``
    (bool), ``spaces`` ("any"/"none"), ``redeals`` (0..2),
    ``restricted_first_deal`` (bool), ``gather`` ("encyclopedia"/
    "clockwise"), ``foundation_moves`` ("none"/"relocate"/"all") and
    ``louis_start`` (bool).
    """

    def __init__(self, preset=DEFAULT, **overrides):
        self.preset = preset
        for option, value in zip(OPTIONS, _preset_values(preset)):
            setattr(self, option, value)
        for option, value in overrides.items():
            if option not in OPTIONS:
                raise ValueError("unknown rules option %r" % option)
            setattr(self, option, _parse_value(option, _format_value(value)))

    @staticmethod
    def parse(text):
        """Rules from ``PRESET[,option=value...]``; ValueError names the bad part."""
        parts = text.strip().split(",")
        rules = Rules(parts[0])
        for part in parts[1:]:
            option, eq, value = part.partition("=")
            if not eq or option not in OPTIONS:
                raise ValueError("bad rules part %r: want option=value with option one of %s"
                                 % (part, ", ".join(OPTIONS)))
            setattr(rules, option, _parse_value(option, value))
        return rules

    def values(self):
        return tuple(getattr(self, option) for option in OPTIONS)

    def __str__(self):
        text = self.preset
        for option, mine, preset in zip(OPTIONS, self.values(), _preset_values(self.preset)):
            if mine != preset:
                text += "," + option + "=" + _format_value(mine)
        return text

    def __eq__(self, other):
        return isinstance(other, Rules) and self.preset == other.preset \
            and self.values() == other.values()

    def __repr__(self):
        return "Rules.parse(%r)" % str(self)

    def as_dict(self):
        """Every option by name, and the preset, as the CLI's JSON shows them."""
        result = {"preset": self.preset}
        for option in OPTIONS:
            result[option] = getattr(self, option)
        return result

    def to_bits(self):
        """The whole rule set in 13 bits, for save bytes."""
        bits = 0
        for option in OPTIONS:
            value = getattr(self, option)
            if option in CHOICES:
                bits = (bits << 2) | CHOICES[option].index(value)
            elif option == "redeals":
                bits = (bits << 2) | value
            else:
                bits = (bits << 1) | (1 if value else 0)
        for index in range(len(PRESETS)):
            if PRESETS[index][0] == self.preset:
                return (index << 13) | bits
        raise ValueError("unknown preset")

    @staticmethod
    def from_bits(bits):
        """Inverse of ``to_bits``; ValueError if the bits name nothing."""
        index = bits >> 13
        if index >= len(PRESETS):
            raise ValueError("rules bits name no preset")
        rules = Rules(PRESETS[index][0])
        for option in reversed(OPTIONS):
            if option in CHOICES or option == "redeals":
                value = bits & 3
                bits >>= 2
                if option == "redeals":
                    if value > 2:
                        raise ValueError("rules bits: redeals out of range")
                else:
                    if value >= len(CHOICES[option]):
                        raise ValueError("rules bits: bad %s" % option)
                    value = CHOICES[option][value]
            else:
                value = bool(bits & 1)
                bits >>= 1
            setattr(rules, option, value)
        return rules
