"""The public surface: ``load`` gives ``Rules``, ``Rules.new_game`` gives a ``Game``."""
