"""The screens, by number (``common.PLAY`` ...): each one's function that
draws it and the one that handles a button and returns the screen that comes
next. ``App.go`` and ``App.handle`` (game_app.py) call them; a new screen is
its module, its number in common.py and its row here (in the numbers' order)."""

from ..table.play import show_table, table_button
from .menu import show_menu, menu_button
from .peek import show_peek, peek_button
from .help import show_help, help_button
from .won import show_won, won_button
from .stuck import show_stuck, stuck_button
from .deal_number import show_number, number_button
from .stats import show_stats, stats_button, show_stats_reset, stats_reset_button
from .overview import show_overview, overview_button

SCREENS = (
    (show_table, table_button),  # PLAY
    (show_menu, menu_button),  # MENU
    (show_peek, peek_button),  # PEEK
    (show_help, help_button),  # HELP
    (show_won, won_button),  # WON_SCREEN
    (show_stuck, stuck_button),  # STUCK
    (show_number, number_button),  # NUMBER
    (show_stats, stats_button),  # STATS
    (show_stats_reset, stats_reset_button),  # STATS_RESET
    (show_overview, overview_button),  # OVERVIEW
)
