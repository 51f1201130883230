"""Each screen's two functions, by screen number (``common.PLAY`` ...): the
one that draws it, and the one that handles a button and returns the screen
that comes next. ``App.go`` and ``App.handle`` (game_app.py) call them."""

from ..table.play import show_table, table_button
from .menu import show_menu, menu_button
from .peek import show_peek, peek_button
from .help import show_help, help_button
from .won import show_won, won_button
from .stuck import show_stuck, stuck_button
from .deal_number import show_number, number_button
from .stats import show_stats, stats_button, show_stats_reset, stats_reset_button
from .overview import show_overview, overview_button

SHOW_SCREEN = (show_table, show_menu, show_peek, show_help, show_won, show_stuck, show_number,
               show_stats, show_stats_reset, show_overview)
SCREEN_BUTTON = (table_button, menu_button, peek_button, help_button, won_button, stuck_button,
                 number_button, stats_button, stats_reset_button, overview_button)
