"""The hint: what runs it on the table a few steps at a time and shows its
move (``on_table``), its search (``search``, with ``moves`` its moves in
order, ``keys`` its hashes of positions and its table of those met, ``line``
a kept winning line's positions counted as won), the budgets and results
they share (``terms``), the winning line kept (``kept_line``), and what the
solver proved of each deal (``proved``: winnable deals only, and what the
won and stuck screens say of it). On the boards the search is a ``.mpy`` of
its own, loaded only while a hint runs (``lib/sthelena_hint.mpy``)."""
