"""Contrast measured on the rendered pixels (WCAG 2.1 relative luminance), where axe cannot read the felt's gradient.

Words are measured as drawn: the colour the page gives their text against the pixels behind their glyphs. Two
screenshots of the page are compared, as drawn and with every glyph made transparent: the pixels of a text's
line boxes that differ are its glyphs, and the second screenshot holds what is painted under them (the felt's
gradient, the rail, a translucent band over it) exactly as the browser paints it there.
"""

import base64
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Locator, Page

Colour = tuple[int, int, int]

COLOUR_COUNTS = """async ([png, glyphless, boxes]) => {
  const decoded = async (data) => {
    const image = new Image();
    image.src = "data:image/png;base64," + data;
    await image.decode();
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [image.width, image.height];
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    return context;
  };
  const drawn = await decoded(png);
  const behind = glyphless ? await decoded(glyphless) : drawn;
  const [width, height] = [drawn.canvas.width, drawn.canvas.height];
  const count = ([left, top, boxWidth, boxHeight]) => {
    const [x, y] = [Math.max(left, 0), Math.max(top, 0)];
    const [w, h] = [Math.min(left + boxWidth, width) - x, Math.min(top + boxHeight, height) - y];
    if (w <= 0 || h <= 0) return [];
    const shown = drawn.getImageData(x, y, w, h).data;
    const under = behind.getImageData(x, y, w, h).data;
    const differ = (i) => shown[i] !== under[i] || shown[i + 1] !== under[i + 1] || shown[i + 2] !== under[i + 2];
    const counts = new Map();
    for (let glyphsOnly of glyphless ? [true, false] : [false]) {
      for (let i = 0; i < under.length; i += 4) {
        if (glyphsOnly && !differ(i)) continue;
        const key = under[i] + "," + under[i + 1] + "," + under[i + 2];
        counts.set(key, (counts.get(key) || 0) + 1);
      }
      if (counts.size) break;
    }
    return [...counts].map(([key, n]) => [...key.split(",").map(Number), n]);
  };
  return (boxes || [[[0, 0, width, height]]]).map((group) => group.flatMap(count));
}"""
"""Each colour of a PNG screenshot with the number of its pixels, in the whole image or in each group of boxes.

Given the same screenshot with the glyphs hidden, the colours counted are those it holds where the glyphs were
drawn (the pixels that differ): the background under the glyphs; where nothing differs, all of the box's.
"""

WORDS = """([root, onTheFeltOnly]) => {
  const solid = (colour) => {
    const alpha = colour.match(/rgba?\\(.*,\\s*([\\d.]+)\\)$/);
    return colour !== "transparent" && (!alpha || parseFloat(alpha[1]) === 1);
  };
  const onTheFelt = (element) => {
    for (let box = element; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.backgroundImage !== "none") return true;
      if (solid(style.backgroundColor)) return false;
    }
    return true;
  };
  const clipped = (element) => {
    for (let box = element; box; box = box.parentElement) {
      if (getComputedStyle(box).clipPath !== "none") return true;
    }
    return false;
  };
  const within = (rect, element) => {
    let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom];
    for (let box = element; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const edge = box.getBoundingClientRect();
      [left, top, right, bottom] = [Math.max(left, edge.left), Math.max(top, edge.top),
        Math.min(right, edge.right), Math.min(bottom, edge.bottom)];
    }
    return [Math.ceil(left), Math.ceil(top), Math.floor(right - left) - 1, Math.floor(bottom - top) - 1];
  };
  const words = [];
  const walker = document.createTreeWalker(root || document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    const shown = element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    if (!node.textContent.trim() || !shown) continue;
    if (clipped(element) || (onTheFeltOnly && !onTheFelt(element))) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const boxes = [...range.getClientRects()]
      .map((rect) => within(rect, element))
      .filter((box) => box[2] > 2 && box[3] > 2);
    if (!boxes.length) continue;
    const style = getComputedStyle(element);
    const size = parseFloat(style.fontSize);
    words.push({
      text: node.textContent.trim().slice(0, 60),
      where: `#${element.closest("[id]")?.id} .${[...element.classList].join(".")}`,
      colour: style.color.match(/[\\d.]+/g).map(Number),
      large: size >= 24 || (size >= 18.66 && parseInt(style.fontWeight, 10) >= 700),
      boxes,
    });
  }
  return words;
}"""
"""Every visible piece of text under ``root`` (else the page), with its colour, whether it is large and its line
boxes in the viewport; with ``onTheFeltOnly``, only text with no solid colour behind it up to a gradient."""

GLYPHS_HIDDEN = """(hidden) => {
  if (!window.glyphsHidden) {
    window.glyphsHidden = new CSSStyleSheet();
    window.glyphsHidden.replaceSync(
      "*, *::before, *::after, *::marker { color: transparent !important; " +
      "-webkit-text-fill-color: transparent !important; text-shadow: none !important; }");
  }
  const others = document.adoptedStyleSheets.filter((sheet) => sheet !== window.glyphsHidden);
  document.adoptedStyleSheets = hidden ? [...others, window.glyphsHidden] : others;
}"""
"""Make every glyph on the page transparent (or draw them again), leaving what is painted behind them."""

TEXT = 4.5
LARGE_TEXT = 3.0
"""WCAG 1.4.3: text at 4.5:1, large text (24px, or 18.66px bold) at 3:1."""
STRAY_PIXELS = 0.02
"""The share of the pixels under a text's glyphs that may be set aside: where an anti-aliased edge meets a line."""


@dataclass(frozen=True)
class Words:
    """A text as the page draws it: its words, its colour (with alpha), whether it is large, its line boxes."""

    text: str
    where: str
    colour: tuple[float, ...]
    large: bool
    boxes: tuple[tuple[int, int, int, int], ...]

    @property
    def required(self) -> float:
        """The contrast WCAG 1.4.3 asks of this text."""
        return LARGE_TEXT if self.large else TEXT


def luminance(colour: Colour) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""

    def linear(channel: float) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: Colour, second: Colour) -> float:
    """WCAG 2.1 contrast ratio of two colours, from 1 to 21."""
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def decoded_counts(
    page: Page, png: bytes, glyphless: bytes | None = None, boxes: list[Any] | None = None
) -> list[dict[Colour, int]]:
    """How many pixels of each colour a screenshot holds (under the glyphs of each group of boxes), counted in a
    blank page: see :data:`COLOUR_COUNTS`.

    Not in the school's page: its Content-Security-Policy lets it load no ``data:`` image.
    """
    blank = page.context.new_page()
    encoded = [base64.b64encode(image).decode() if image else None for image in (png, glyphless)]
    try:
        groups = blank.evaluate(COLOUR_COUNTS, [*encoded, boxes])
    finally:
        blank.close()
    counted = []
    for group in groups:
        counts: dict[Colour, int] = {}
        for red, green, blue, count in group:
            counts[(red, green, blue)] = counts.get((red, green, blue), 0) + count
        counted.append(counts)
    return counted


def colour_counts(page: Page, png: bytes) -> dict[Colour, int]:
    """How many pixels of each colour a screenshot holds."""
    return decoded_counts(page, png)[0]


def dominant(counts: dict[Colour, int]) -> Colour:
    """The commonest colour: the background around a ring."""
    return max(counts, key=lambda colour: counts[colour])


def drawn_colour(colour: tuple[float, ...], behind: Colour) -> Colour:
    """The text's colour as painted over ``behind``: a translucent colour blends with it."""
    alpha = colour[3] if len(colour) > 3 else 1.0
    red, green, blue = (alpha * colour[index] + (1 - alpha) * behind[index] for index in range(3))
    return round(red), round(green), round(blue)


def ratio_over(words: Words, behind: dict[Colour, int]) -> float:
    """The words' contrast with the pixels behind them: the lowest, once the stray few are set aside."""
    ratios = sorted((contrast(drawn_colour(words.colour, colour), colour), count) for colour, count in behind.items())
    allowed = STRAY_PIXELS * sum(behind.values())
    for ratio, count in ratios:
        allowed -= count
        if allowed < 0:
            return ratio
    return ratios[-1][0]


def measured_in_view(page: Page, words: list[Words]) -> list[tuple[Words, float]]:
    """Each text's contrast, from two screenshots of the viewport: as drawn, and with the glyphs hidden."""
    png = page.screenshot(animations="disabled")
    page.evaluate(GLYPHS_HIDDEN, True)
    try:
        glyphless = page.screenshot(animations="disabled")
    finally:
        page.evaluate(GLYPHS_HIDDEN, False)
    behind = decoded_counts(page, png, glyphless, [list(map(list, text.boxes)) for text in words])
    return [(text, ratio_over(text, counts)) for text, counts in zip(words, behind, strict=True)]


def words_of(page: Page, root: Any = None, on_the_felt_only: bool = False) -> list[Words]:
    """The visible texts under ``root`` (an element handle; else the page), as :data:`WORDS` finds them."""
    found = page.evaluate(WORDS, [root, on_the_felt_only])
    return [
        Words(text["text"], text["where"], tuple(text["colour"]), text["large"], tuple(map(tuple, text["boxes"])))
        for text in found
    ]


PAGE_AT_ITS_LIGHTEST = """(lightest) => {
  if (!window.pageAtItsLightest) {
    const middle = getComputedStyle(document.body).backgroundImage.match(/rgba?\\([^)]*\\)/)[0];
    window.pageAtItsLightest = new CSSStyleSheet();
    window.pageAtItsLightest.replaceSync(`body { background: ${middle} !important; }`);
  }
  const others = document.adoptedStyleSheets.filter((sheet) => sheet !== window.pageAtItsLightest);
  document.adoptedStyleSheets = lightest ? [...others, window.pageAtItsLightest] : others;
}"""
"""Paint the page's own felt, a gradient fixed to the screen, in its first stop, the lightest green (its colour in the
middle of any screen), or as it was: the worst case for the words on it, wherever the page is scrolled."""


TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Wait until the page has drawn itself twice, so the layout a resize set off is on the screen."""


def words_on_the_felt(page: Page) -> list[tuple[Words, float]]:
    """Every text on the page with no solid colour behind it, and its contrast.

    Measured from one pair of screenshots of the whole page: the viewport stretched to the page's height, the page's
    fixed gradient at its lightest (see :data:`PAGE_AT_ITS_LIGHTEST`); the felt's own gradient is drawn as it is.
    """
    viewport = page.viewport_size
    assert viewport is not None
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate(PAGE_AT_ITS_LIGHTEST, True)
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": viewport["width"], "height": height})
    page.evaluate(TWO_FRAMES)
    try:
        return measured_in_view(page, words_of(page, on_the_felt_only=True))
    finally:
        page.set_viewport_size(viewport)
        page.evaluate(PAGE_AT_ITS_LIGHTEST, False)


def unreadable(measured: list[tuple[Words, float]]) -> list[str]:
    """The texts under the contrast WCAG 1.4.3 asks of them, each with its ratio."""
    return [f"{text.text!r} ({text.where}): {ratio:.2f}:1" for text, ratio in measured if ratio < text.required]


IN_VIEW = """(elements) => elements.map((element) => {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
})"""
"""Whether each element lies wholly in the viewport."""

TO_THE_TOP = """(element) => element.scrollIntoView({ block: "start", inline: "nearest", behavior: "instant" })"""
"""Scroll an element to the top of the viewport at once, so the screen below it is new."""


def lowest_contrasts(page: Page, elements: list[Locator]) -> list[float]:
    """The lowest contrast of each element's words with what is drawn behind them, in the elements' order.

    One pair of screenshots per scroll position: the first element not yet measured is scrolled to the top of the
    viewport unless wholly in view, and it and every other element then wholly in view (with words in sight) are
    measured from the same pair.
    """
    handles = [element.element_handle() for element in elements]
    lowest: dict[int, float] = {}
    while len(lowest) < len(handles):
        first = min(set(range(len(handles))) - set(lowest))
        in_view = page.evaluate(IN_VIEW, handles)
        if not in_view[first]:  # scrolled first: a screenshot that scrolls catches the page still moving
            handles[first].evaluate(TO_THE_TOP)
            page.evaluate(TWO_FRAMES)
            in_view = page.evaluate(IN_VIEW, handles)
        others = [index for index in range(first + 1, len(handles)) if index not in lowest and in_view[index]]
        words = {index: words_of(page, handles[index]) for index in [first, *others]}
        assert words[first], f"no words in sight in {elements[first]}"
        measured = [(index, text) for index, texts in words.items() for text in texts]
        ratios = measured_in_view(page, [text for _, text in measured])
        for (index, _), (_, ratio) in zip(measured, ratios, strict=True):
            lowest[index] = min(ratio, lowest.get(index, ratio))
    return [lowest[index] for index in range(len(handles))]


def text_contrast(page: Page, text: Locator) -> float:
    """The lowest contrast of an element's words with the felt as drawn behind them."""
    return lowest_contrasts(page, [text])[0]
