"""cfwidget."""
