"""The table a player sees and plays on: the view (``view``: the table's
tiles, its cursor and marks, and the text page other screens write on; and
``shapeless``, the same pixels on a firmware without vectorio), its
layout (``layout``: the places and the cursor's moves), the sprite sheet
(``tiles`` its map, ``sheet`` its loader, ``font`` its characters as a font
for the drive note), text written into the tile grids (``text_grid``), the
play screen and its status text (``play``), auto-play and the quick move
(``autoplay``) and why a move is illegal (``reasons``)."""
