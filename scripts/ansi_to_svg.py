#!/usr/bin/env python3
"""Turn a terminal screen captured with colours (`tmux capture-pane -p -e`) into an
SVG picture: one cell per character, the terminal's colours, bold and reverse video.

Usage: ansi_to_svg.py CAPTURE.txt COLUMNS ROWS > picture.svg
"""
import html
import re
import sys

CELL_W, CELL_H, FONT = 8.4, 17, 14
DEFAULT_FG, DEFAULT_BG = "#d0d0d0", "#1c1c1c"
# xterm's 16 colours, the usual defaults of terminal emulators.
BASE16 = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
          "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]
SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def colour256(n):
    """The xterm 256-colour palette: 16 base colours, a 6x6x6 cube, 24 greys."""
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[n // 6 % 6], steps[n % 6])
    grey = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (grey, grey, grey)


class Style:
    def __init__(self):
        self.fg = self.bg = None
        self.bold = self.dim = self.reverse = False

    def key(self):
        return (self.fg, self.bg, self.bold, self.dim, self.reverse)

    def apply(self, params):
        codes = [int(p) if p else 0 for p in re.split("[;:]", params)] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.__init__()
            elif c == 1:
                self.bold = True
            elif c == 2:
                self.dim = True
            elif c == 22:
                self.bold = self.dim = False
            elif c == 7:
                self.reverse = True
            elif c == 27:
                self.reverse = False
            elif 30 <= c <= 37 or 90 <= c <= 97:
                self.fg = BASE16[c - 30 if c < 90 else c - 82]
            elif 40 <= c <= 47 or 100 <= c <= 107:
                self.bg = BASE16[c - 40 if c < 100 else c - 92]
            elif c == 39:
                self.fg = None
            elif c == 49:
                self.bg = None
            elif c in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    value, i = colour256(codes[i + 2]), i + 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    value, i = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5]), i + 4
                else:
                    value = None
                if c == 38:
                    self.fg = value
                else:
                    self.bg = value
            i += 1

    def colours(self):
        fg, bg = self.fg or DEFAULT_FG, self.bg or DEFAULT_BG
        if self.reverse:
            fg, bg = bg, fg
        return fg, bg


def cells(lines, columns):
    """Each row as a list of (character, style key, fg, bg, bold, dim)."""
    rows = []
    style = Style()
    for line in lines:
        row, pos = [], 0
        for match in SGR.finditer(line + "\x1b[m"):
            for ch in line[pos:match.start()]:
                if ch >= " ":
                    fg, bg = style.colours()
                    row.append((ch, fg, bg, style.bold, style.dim))
            style.apply(match.group(1))
            pos = match.end()
        fg, bg = Style().colours()
        row += [(" ", fg, bg, False, False)] * (columns - len(row))
        rows.append(row[:columns])
    return rows


def kind(ch):
    """Runs break between blanks, text and game symbols (chess pieces), which most
    monospace fonts lack: their fallback glyphs are drawn larger to read as pieces."""
    if ch == " ":
        return "blank"
    return "symbol" if "\u2654" <= ch <= "\u265f" else "text"


def svg(rows, columns):
    width, height = columns * CELL_W, len(rows) * CELL_H
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.1f} {height}">',
           f'<rect width="100%" height="100%" fill="{DEFAULT_BG}"/>',
           f'<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="{FONT}">']
    for y, row in enumerate(rows):
        x = 0
        while x < columns:
            end = x
            while end < columns and row[end][2] == row[x][2]:
                end += 1
            if row[x][2] != DEFAULT_BG:
                out.append(f'<rect x="{x * CELL_W:.1f}" y="{y * CELL_H}" width="{(end - x) * CELL_W:.1f}" '
                           f'height="{CELL_H}" fill="{row[x][2]}"/>')
            x = end
        x = 0
        while x < columns:
            end = x
            while end < columns and row[end][1:] == row[x][1:] and kind(row[end][0]) == kind(row[x][0]):
                end += 1
            text = "".join(c[0] for c in row[x:end])
            if text.strip():
                _, fg, _, bold, dim = row[x]
                attrs = ' font-weight="bold"' if bold else ""
                attrs += ' opacity="0.6"' if dim else ""
                attrs += f' font-size="{FONT * 1.5:.0f}"' if kind(text[0]) == "symbol" else ""
                out.append(f'<text x="{x * CELL_W:.1f}" y="{y * CELL_H + 13}" fill="{fg}"{attrs} '
                           f'textLength="{(end - x) * CELL_W:.1f}" lengthAdjust="spacingAndGlyphs" '
                           f'xml:space="preserve">{html.escape(text)}</text>')
            x = end
    out += ["</g>", "</svg>"]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip())
    columns, rows = int(sys.argv[2]), int(sys.argv[3])
    with open(sys.argv[1], encoding="utf-8") as capture:
        lines = capture.read().split("\n")[:rows]
    lines += [""] * (rows - len(lines))
    sys.stdout.write(svg(cells(lines, columns), columns))


if __name__ == "__main__":
    main()
