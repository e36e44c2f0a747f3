"""Playing games through the public API: bots, self-play and balance comparisons, reports and the command
line."""
