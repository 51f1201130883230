"""A screen larger than the handheld's and a mouse: the table's picture
scaled and centred (``scaled``: the Fruit Jam's and the PicoSystem's), the
Fruit Jam's fanned table (``fan_table``, laid out by ``fan_layout``), the
mouse's clicks (``pointer``) and drag and drop (``drag``). None of it goes on
a PyGamer or PyBadge; the PicoSystem takes ``scaled`` alone."""
