"""The screens over the table, one module a screen, each with
``show_<screen>(app)`` and ``<screen>_button(app, button, held)``: the
``menu``, the ``overview`` of every pile, the ``peek`` into a pile, the
``help``, the statistics (``stats``), the deal by number (``deal_number``),
the ``won`` and ``stuck`` screens; ``deals`` (a new deal or this one again,
which they start), ``common`` (the screens' numbers, who owns what a screen
keeps, and their shared text helpers) and ``dispatch`` (``SCREENS``, the
table of each screen's two functions by its number, the table's too)."""
