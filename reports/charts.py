"""Line charts drawn on the server as SVG: a visible title, named axes, a description for screen readers, no script."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from trainer.felt import render

WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 34, 56
"""The chart's size and the margins around its plot (room for the title, the axes' names and marks), in SVG units."""

Y_TICKS = 4
"""How many steps the value axis is marked in, from 0 to its top."""


@dataclass(frozen=True)
class ChartWords:
    """What a chart says on its face: its title, the name of the time axis across and of the value axis up."""

    heading: str
    across: str
    up: str


@dataclass(frozen=True)
class ChartPoint:
    """One point of a line: its place on the time axis (a label), its value and the value in words."""

    label: str
    value: float
    text: str


def line_chart(
    chart_id: str,
    title: str,
    words: ChartWords,
    description: str,
    points: Sequence[ChartPoint],
    top: float,
    unit: str,
    target: float | None = None,
) -> Markup:
    """A line through the points from left to right, the value axis from 0 to ``top`` in ``unit``, a target line.

    The SVG is an image named by its title and described by its description, its words drawn on it; the page gives
    its figures as a table.
    """
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_width / max(len(points) - 1, 1)

    def y_of(value: float) -> float:
        return round(TOP + plot_height * (1 - min(value, top) / top), 1)

    drawn = [
        {"x": round(LEFT + (step * index if len(points) > 1 else plot_width / 2), 1), "y": y_of(point.value)}
        | {"label": point.label, "text": point.text}
        for index, point in enumerate(points)
    ]
    ticks = [{"y": y_of(top * n / Y_TICKS), "text": f"{top * n / Y_TICKS:g}{unit}"} for n in range(Y_TICKS + 1)]
    context = {
        "id": chart_id,
        "title": title,
        "words": words,
        "description": description,
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "middle": round(TOP + (HEIGHT - TOP - BOTTOM) / 2, 1),
        "points": drawn,
        "path": " ".join(f"{'M' if index == 0 else 'L'}{point['x']},{point['y']}" for index, point in enumerate(drawn)),
        "ticks": ticks,
        "target": None if target is None else {"y": y_of(target), "text": f"target {target:g}{unit}"},
    }
    return render("reports/_line_chart.html", {"chart": context})
