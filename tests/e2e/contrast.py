"""Contrast measured on the rendered pixels (WCAG 2.1 relative luminance), where axe cannot read the felt's gradient."""

import base64

from playwright.sync_api import Locator, Page

Colour = tuple[int, int, int]

COLOUR_COUNTS = """async (png) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const counts = new Map();
  for (let i = 0; i < pixels.length; i += 4) {
    const key = pixels[i] + "," + pixels[i + 1] + "," + pixels[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  return [...counts].map(([key, count]) => [...key.split(",").map(Number), count]);
}"""
"""Each colour of a PNG screenshot with the number of its pixels, decoded by a page's canvas."""


def luminance(colour: Colour) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: Colour, second: Colour) -> float:
    """WCAG 2.1 contrast ratio of two colours, from 1 to 21."""
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def colour_counts(page: Page, png: bytes) -> dict[Colour, int]:
    """How many pixels of each colour a screenshot holds, counted in a blank page of the same browser.

    Not in the school's page: its Content-Security-Policy lets it load no ``data:`` image.
    """
    blank = page.context.new_page()
    try:
        counts = blank.evaluate(COLOUR_COUNTS, base64.b64encode(png).decode())
    finally:
        blank.close()
    return {(red, green, blue): count for red, green, blue, count in counts}


def dominant(counts: dict[Colour, int]) -> Colour:
    """The commonest colour: the background behind a few words or around a ring."""
    return max(counts, key=lambda colour: counts[colour])


def text_contrast(page: Page, text: Locator) -> float:
    """The contrast of an element's words on the felt as drawn: the glyphs' strongest colour against the commonest."""
    text.scroll_into_view_if_needed()  # first: a screenshot that scrolls catches the sticky felt still moving
    counts = colour_counts(page, text.screenshot(animations="disabled"))
    background = dominant(counts)
    glyphs = [colour for colour, count in counts.items() if count >= 2]
    return max(contrast(colour, background) for colour in glyphs)
