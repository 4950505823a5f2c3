"""Draw only what changed.

A table redraws on every position it is shown, and most positions change
one or two panels. At a shared table each player's game process draws every
move, and on a server with twenty tables the repaints of panels that did not
change are CPU another player waits for: an update of a ``Static`` parses
its markup, asks for a layout pass and repaints its region even when the
text is the same. These helpers skip that when nothing changed.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.color import Color
from textual.content import Content
from textual.css.styles import RenderStyles
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Static

from .untrusted import markup

Text = str | Content


def same(a: object, b: object) -> bool:
    """Would ``a`` show exactly as ``b``? (Content's own ``==`` compares the
    text only, not the styles.)"""
    if isinstance(a, Content) and isinstance(b, Content):
        return a.plain == b.plain and list(a.spans) == list(b.spans)
    return type(a) is type(b) and a == b


def show(widget: Static, text: Text) -> None:
    """``widget.update(text)`` unless it already shows ``text``; without a
    layout pass of the whole screen when the new text fits the widget's box
    as it is (most do: a count or a name changes, not the number of lines).
    A ``str`` is our own markup, parsed once (``untrusted.markup``)."""
    if isinstance(text, str):
        text = markup(text)
    if same(widget.content, text):
        return
    widget.update(text, layout=False)
    if not _same_box(widget, text):
        widget.refresh(layout=True)


def _same_box(widget: Widget, text: Content) -> bool:
    """Is the widget's box (laid out before) still the size its content needs?
    A fixed size always is, and so is a box not shown; an auto width is
    assumed not to be; an auto height is, when the content wraps to as many
    lines as the box holds (within its min-height and max-height)."""
    if not widget.is_mounted:
        return False
    if not all(node.display for node in widget.ancestors_with_self):
        return True  # not shown: showing it again lays it out anyway
    size = widget.content_size
    if not size.width or not size.height:
        return False
    styles = widget.styles
    if styles.width is not None and styles.width.is_auto:
        return False
    if styles.height is None or not styles.height.is_auto:
        return True
    lines = text.plain.split("\n")
    if max(map(cell_len, lines)) <= size.width:
        needed = len(lines)  # none wraps: no need to wrap it to know
    else:
        parent = widget.parent
        container = parent.size if isinstance(parent, Widget) else widget.app.size
        needed = widget.get_content_height(container, widget.app.size, size.width)
    return _within_limits(styles, needed) == size.height


def _within_limits(styles: RenderStyles, lines: int) -> int:
    """The content height of a box holding ``lines`` lines, after its
    min-height and max-height (when given in cells; any other unit is not
    worked out, and the box is then taken to change)."""
    gutter = styles.gutter.height if styles.box_sizing == "border-box" else 0
    outer = lines + gutter
    for limit, keep in ((styles.min_height, max), (styles.max_height, min)):
        if limit is not None:
            if limit.cells is None:
                return -1
            outer = keep(outer, limit.cells)
    return outer - gutter


class FixedBox:
    """Mixin (first among the bases) for a scrolling widget whose box the
    stylesheet fixes (``1fr``, a percentage, cells) whatever it holds.

    Textual's ``virtual_size`` (the size of what it holds) asks for a layout
    pass of the whole screen when it changes, as an ``auto`` box needs; in a
    fixed box more lines or fewer move no other widget. Here it only
    repaints; whoever sets it tells the scrollbars (``_scroll_update``: an
    ``OptionList`` does so itself), and showing or hiding one still lays
    out. The action list fills and empties at every turn, the log grows at
    every move.
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0))


def one_layout_pass() -> None:
    """Lay the screen out once per change, not twice (textual==8.2.8).

    A layout pass gives each widget the size it worked out, and with it the
    size of what the widget holds (``virtual_size``). That reactive asks for
    a layout pass of its own, so every pass that changed a box was followed
    by a second one that found nothing to change, and repainted the whole
    screen again: at a shared table, a third of all layout passes and their
    paints at every seat's game. The sizes a pass sets are its own result;
    Textual's pass for scrolling already sets them without asking for
    another. A widget that sets its own ``virtual_size`` (a growing list or
    log) still asks for one. Installed by ``TabulaApp``; calling it again
    does nothing.
    """
    original = Widget._size_updated
    if getattr(original, "one_layout_pass", False):
        return

    def _size_updated(self: Widget, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        return original(self, size, virtual_size, container_size, layout=False)

    _size_updated.one_layout_pass = True  # type: ignore[attr-defined]
    Widget._size_updated = _size_updated  # type: ignore[method-assign]


def title(widget: Widget, text: Text | None) -> None:
    """Set the border title unless it is already ``text`` (setting it
    repaints the widget, and parses a str as markup)."""
    _border(widget, "border_title", text)


def subtitle(widget: Widget, text: Text | None) -> None:
    """Set the border subtitle unless it is already ``text``."""
    _border(widget, "border_subtitle", text)


def _border(widget: Widget, name: str, text: Text | None) -> None:
    drawn: dict[str, Text | None] = widget.__dict__.setdefault("_drawn_borders", {})
    if name in drawn and same(drawn[name], text):
        return
    drawn[name] = text
    setattr(widget, name, text)


def theme_colour(widget: Widget, name: str, alpha: float = 1.0) -> Color:
    """The app theme's colour ``$name`` (at ``alpha``), as CSS would give it."""
    return Color.parse(widget.app.theme_variables[name]).multiply_alpha(alpha)


def changed(widget: Widget, on: bool, alpha: float) -> None:
    """Tint what the last move changed ($accent at ``alpha``) until the next
    move."""
    paint(widget, "background_tint", theme_colour(widget, "accent", alpha) if on else None)


def paint(widget: Widget, rule: str, colour: Color | None) -> None:
    """Set the widget's own ``background`` or ``background_tint`` (None: the
    stylesheet's again), and repaint what is inside it, which blends it in
    (and caches the result: told by ``notify_style_update``). Set on the
    widget, not by a class: tints that follow the moves change at almost
    every move, and a class change restyles the widget and all inside it
    through the whole stylesheet, at every seat's screen."""
    if widget.styles.inline.get_rule(rule) == colour:
        return
    setattr(widget.styles, rule, colour)
    for inside in widget.walk_children(Widget):  # each keeps the background it blends
        inside.notify_style_update()
        inside.refresh()
