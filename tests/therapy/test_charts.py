"""The charts as pictures: an image a screen reader can name, its words from the chart's data."""

from __future__ import annotations

import base64
import math
from html.parser import HTMLParser

from cfwidget.therapy.charts import Chart, goal_picture, goal_words, progress_picture
from cfwidget.therapy.goals import goal_progress
from cfwidget.therapy.report import SessionLog, figures
from tests.therapy.test_reports import GOAL, logs_of, session


class Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.found.append(dict(attrs))


def shown_image(chart: Chart) -> dict[str, str | None]:
    """The one ``<img>`` of the chart's HTML, which JupyterLab and Voila show first."""
    data, meta = chart._repr_mimebundle_()
    parser = Images()
    parser.feed(data["text/html"])
    (img,) = parser.found
    assert meta["image/png"]["alt"] == chart.alt == data["text/plain"]
    assert img["src"] == "data:image/png;base64," + data["image/png"]
    assert base64.b64decode(data["image/png"])[:8] == b"\x89PNG\r\n\x1a\n"
    return img


def test_the_progress_chart_is_described_by_its_own_numbers() -> None:
    logs = logs_of(
        session("2024-06-12", 4, 0, response=8.0, cue=1),
        session("2024-05-29", 4, 1, response=18.0, cue=2),
        session("2024-06-05", 0, 0),  # nothing to measure: a gap in the chart
    )
    chart = progress_picture(logs)
    img = shown_image(chart)
    assert img["alt"] == chart.alt
    top, _ = chart.figure.axes
    assert [float(y) if not math.isnan(y) else None for y in top.lines[0].get_ydata()] == [
        18.0,
        None,
        8.0,
    ]
    lines = chart.alt.splitlines()
    assert lines[0] == "Progress across 3 sessions; lower is better in both charts."
    assert lines[1] == (
        "Median response time: 2024-05-29 18 s, 2024-06-05 no trials, 2024-06-12 8 s."
    )
    cues = [figures(log).mean_cue for log in sorted(logs, key=lambda log: log.date)]
    assert cues[1] is None and cues[0] is not None and cues[2] is not None
    assert lines[2] == (
        f"Mean cue level (0 to 4): 2024-05-29 {round(cues[0], 1):g}, 2024-06-05 no trials, "
        f"2024-06-12 {round(cues[2], 1):g}."
    )


def test_the_goal_chart_is_described_by_its_shares_and_status() -> None:
    logs = logs_of(
        session("2024-06-19", 9, 1),
        session("2024-06-05", 4, 1),
        session("2024-06-12", 5, 1),
    )
    chart = goal_picture(GOAL, logs)
    assert shown_image(chart)["alt"] == chart.alt
    assert chart.figure.axes[0].get_title().startswith("Goal met: ")
    progress = goal_progress(GOAL, logs)
    assert chart.alt == goal_words(GOAL, logs)
    assert chart.alt.splitlines() == [
        "Goal met: plays a matching tile.",
        "Share of trials right at the first try with cue 1 or less, against the goal of 80%: "
        "2024-06-05 80% (reached), 2024-06-12 83% (reached), 2024-06-19 90% (reached).",
        progress.status,
    ]


def test_alt_text_with_quotes_and_brackets_stays_one_attribute() -> None:
    from matplotlib.figure import Figure

    chart = Chart(Figure(figsize=(1, 1)), alt='The "best" <session> & more')
    assert shown_image(chart)["alt"] == 'The "best" <session> & more'


def test_no_sessions_yet_is_said_plainly() -> None:
    assert progress_picture([]).alt == "Progress across sessions: no sessions yet."
    empty = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-06-05"}])
    assert "2024-06-05 no trials" in goal_picture(GOAL, [empty]).alt
