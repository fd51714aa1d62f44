"""What the tests share, and the tools in tools/ borrow: nothing here is a test.

- :mod:`tests.helpers.browser_harness`: the page the widget is drawn on in Chromium with a
  fake model, and the calls that drive a widget in Python as the page would;
- :mod:`tests.helpers.table_in_view` (with :mod:`~tests.helpers.in_view_js` and
  :mod:`~tests.helpers.in_view_geometry`): whole rounds played by mouse in JupyterLab, and
  what is in view after each action;
- :mod:`tests.helpers.layout_check`: random tables and the layout's counts over them.

The browser tests' servers (JupyterLab, Voila, Chromium) are in tests/browser/servers.py.
"""
