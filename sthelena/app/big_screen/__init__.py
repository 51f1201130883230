"""A screen other than the handheld's, and a mouse: the table's picture
scaled and centred (``scaled``: the Fruit Jam's and the PicoSystem's), the
fanned tables (``fan_table``, laid out by ``fan_layout`` at the sizes of a
``fan_geometry``, its cards' tiles written by ``fan_cards``: the Fruit Jam's,
a 320x240 screen's, a 240x135 one's), the table a screen takes and what the
app is handed for it (``tables``), the mouse's clicks (``pointer``) and drag
and drop (``drag``), and a touch screen's row of controls in front of them
(``touch``). A board's game holds only the tables its screens take (the
PyGamer's and PyBadge's, ``tables`` alone), and the mouse's and the row only
where a board has a touch screen."""
