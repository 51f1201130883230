"""Screens other than the handheld's and a mouse: which table a screen gets
(``tables``), the table's picture scaled and centred (``scaled``: the Fruit
Jam's text screens and the PicoSystem's table), the fanned tables
(``fan_table``, laid out by ``fan_layout``), the mouse's clicks
(``pointer``) and drag and drop (``drag``). A board's game holds only the
tables its screens take; the PyGamer's and PyBadge's, ``tables`` alone."""
