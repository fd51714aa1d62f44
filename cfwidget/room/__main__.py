"""``python -m cfwidget.room ...`` is the ``cfwidget`` command (see :mod:`._cli`)."""

from ._cli import run

if __name__ == "__main__":
    run()
