"""Named rule sets.

The three source texts disagree, so every point they differ on is an
option, and the common readings are presets. ``Rules.parse("st-helena,
spaces=none")`` takes a preset and overrides; ``str(rules)`` writes it back.
"""

OPTIONS = ("build", "wrap", "spaces", "redeals", "restricted_first_deal",
           "gather", "foundation_moves", "louis_start")
# The values each option may take, in OPTIONS order.
CHOICES = (("suit", "any"), (False, True), ("any", "none"), (0, 1, 2), (False, True),
           ("encyclopedia", "clockwise"), ("none", "relocate", "all"), (False, True))
PRESETS = (
    ("st-helena", ("suit", False, "any", 2, True, "encyclopedia", "none", False)),
    ("st-helena-pysol", ("any", False, "none", 2, True, "encyclopedia", "all", False)),
    ("louis", ("suit", False, "any", 2, False, "encyclopedia", "none", True)),
    ("box-kite", ("suit", False, "any", 0, False, "encyclopedia", "relocate", False)),
)
DEFAULT = "st-helena"


def value_text(value):
    """An option value as the rules text writes it: true, false, 2, suit..."""
    if value is True or value is False:
        return "true" if value else "false"
    return str(value)


class Rules:
    """A preset's name and the value of every option, as attributes named
    as in OPTIONS (``rules.build == "suit"``, ``rules.redeals == 2``...)."""

    def __init__(self, preset=DEFAULT):
        for index in range(len(PRESETS)):
            if PRESETS[index][0] == preset:
                self.preset = preset
                self.set_values(PRESETS[index][1])
                return
        names = []
        for name, _ in PRESETS:
            names.append(name)
        raise ValueError("unknown rules preset %r (try %s)" % (preset, ", ".join(names)))

    def set_values(self, values):
        for index in range(len(OPTIONS)):
            setattr(self, OPTIONS[index], values[index])

    def values(self):
        values = []
        for option in OPTIONS:
            values.append(getattr(self, option))
        return tuple(values)

    @staticmethod
    def parse(text):
        """Rules from ``PRESET[,option=value...]``; ValueError names the bad part."""
        parts = text.strip().split(",")
        rules = Rules(parts[0])
        for part in parts[1:]:
            option, _, value = part.partition("=")
            if option not in OPTIONS:
                raise ValueError("bad rules part %r: options are %s" % (part, ", ".join(OPTIONS)))
            choices = CHOICES[OPTIONS.index(option)]
            texts = []
            for choice in choices:
                texts.append(value_text(choice))
            if value not in texts:
                raise ValueError("rules option %s=%s: choose %s" % (option, value, "/".join(texts)))
            setattr(rules, option, choices[texts.index(value)])
        return rules

    def __str__(self):
        text = self.preset
        preset = Rules(self.preset).values()
        mine = self.values()
        for index in range(len(OPTIONS)):
            if mine[index] != preset[index]:
                text += "," + OPTIONS[index] + "=" + value_text(mine[index])
        return text

    def __eq__(self, other):
        return isinstance(other, Rules) and str(self) == str(other)

    def to_bits(self):
        """The preset and every option as one number below 2**16."""
        number = 0
        values = self.values()
        for index in range(len(OPTIONS)):
            choices = CHOICES[index]
            number = number * len(choices) + choices.index(values[index])
        for index in range(len(PRESETS)):
            if PRESETS[index][0] == self.preset:
                return number * len(PRESETS) + index
        raise ValueError("unknown preset")

    @staticmethod
    def from_bits(number):
        """Inverse of ``to_bits``; ValueError if the number names nothing."""
        number, preset = divmod(number, len(PRESETS))
        rules = Rules(PRESETS[preset][0])
        values = []
        for index in range(len(OPTIONS) - 1, -1, -1):
            number, choice = divmod(number, len(CHOICES[index]))
            values.append(CHOICES[index][choice])
        if number:
            raise ValueError("rules bits out of range")
        values.reverse()
        rules.set_values(values)
        return rules
