"""The table page as the browser holds it: a small HTML tree that applies WebSocket frames as htmx's ws extension does.

htmx swaps each top-level element of a frame out of band by its id: ``hx-swap-oob="true"`` replaces the element
with that id wherever it is on the page; ``hx-swap-oob="innerHTML"`` puts the element's children in place of the
children of the element with that id (which stays); ``hx-swap-oob="afterbegin"`` inserts the element's children at
the start of the element with that id. The tests read the page after each frame, as a trainee or an instructor sees it.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID_ELEMENTS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})


@dataclass
class Element:
    """An element: its tag, its attributes in order, and its children (elements and text)."""

    tag: str
    attributes: list[tuple[str, str | None]] = field(default_factory=list)
    children: list[Element | str] = field(default_factory=list)
    closed: bool = False

    def attribute(self, name: str) -> str | None:
        return next((value for key, value in self.attributes if key == name), None)

    def without(self, name: str) -> Element:
        self.attributes = [(key, value) for key, value in self.attributes if key != name]
        return self

    def html(self) -> str:
        attributes = "".join(
            f" {key}" if value is None else f' {key}="{html.escape(value)}"' for key, value in self.attributes
        )
        if self.tag in VOID_ELEMENTS or self.closed:
            return f"<{self.tag}{attributes}{'/' if self.closed else ''}>"
        inner = "".join(child if isinstance(child, str) else child.html() for child in self.children)
        return f"<{self.tag}{attributes}>{inner}</{self.tag}>"

    def find(self, element_id: str) -> tuple[Element, int] | None:
        """The parent of the element with this id, and its place among the parent's children."""
        for index, child in enumerate(self.children):
            if isinstance(child, Element):
                if child.attribute("id") == element_id:
                    return self, index
                found = child.find(element_id)
                if found is not None:
                    return found
        return None


class TreeBuilder(HTMLParser):
    """Parse HTML into an :class:`Element` tree under a root; text and entities are kept as they were written."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.root = Element("root")
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, attrs)
        self.open[-1].children.append(element)
        if tag not in VOID_ELEMENTS:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open[-1].children.append(Element(tag, attrs, closed=True))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_ELEMENTS:
            return
        while self.open[-1].tag != tag:
            self.open.pop()
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)

    def handle_entityref(self, name: str) -> None:
        self.open[-1].children.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.open[-1].children.append(f"&#{name};")


def parse(text: str) -> Element:
    """The HTML's top-level nodes under a root element."""
    builder = TreeBuilder()
    builder.feed(text)
    builder.close()
    return builder.root


class TablePage:
    """A table page: the page the server drew, or the first frame of a connection (the whole table), then frames."""

    def __init__(self, page: str) -> None:
        self.root = parse(page)
        self._strip(self.root)

    def _strip(self, element: Element) -> None:
        for child in element.children:
            if isinstance(child, Element):
                self._strip(child.without("hx-swap-oob"))

    def apply(self, frame: str) -> TablePage:
        """Swap every top-level element of the frame into the page by its id, as htmx does."""
        for element in parse(frame).children:
            if isinstance(element, str):
                continue
            element_id = element.attribute("id")
            swap = element.attribute("hx-swap-oob")
            assert element_id and swap, f"a frame's top-level element needs an id and hx-swap-oob: {element.html()}"
            found = self.root.find(element_id)
            assert found is not None, f"#{element_id} is not on the page"
            parent, index = found
            target = parent.children[index]
            assert isinstance(target, Element)
            if swap == "afterbegin":
                target.children[:0] = element.children
            elif swap == "innerHTML":
                target.children = element.children
            else:
                assert swap == "true", swap
                parent.children[index] = element.without("hx-swap-oob")
        return self

    def element(self, element_id: str) -> Element:
        """The element with this id as it now stands on the page."""
        found = self.root.find(element_id)
        assert found is not None, f"#{element_id} is not on the page"
        parent, index = found
        element = parent.children[index]
        assert isinstance(element, Element)
        return element

    def html(self, element_id: str) -> str:
        """The HTML of the element with this id."""
        return self.element(element_id).html()

    def inner_html(self, element_id: str) -> str:
        """The HTML inside the element with this id."""
        return "".join(child if isinstance(child, str) else child.html() for child in self.element(element_id).children)
