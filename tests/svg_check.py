#!/usr/bin/env python3
"""The pictures mathgo draws, checked from outside: every kind of `--svg` picture (show, show of
a wide board and of a region, solve, region, cgt) is read as XML (well-formed, an <svg> root
with its size) and rendered to PNG by rsvg-convert (librsvg), and the PNG, decoded here, must
not be blank: it has the picture's size, dark and light pixels, the wood of a board or the
coloured walls of a thermograph, and every stone the SVG draws is dark (black) or light (white)
at its place in the PNG.  The examples of docs/pictures.md are run and their pictures checked
the same way.

    tests/svg_check.py MATHGO RSVG_CONVERT DATA_DIR

Standard library only (zlib decodes the PNG).
"""
import collections
import os
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"


def read_png(path):
    """(width, height, rows of (r, g, b, a) tuples) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: PNG kind {header}"
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        if kind == 0:
            pass
        elif kind == 2:  # Up, the common case, at C speed
            line = bytearray((x + y) & 255 for x, y in zip(line, prev))
        else:
            unfilter(line, prev, kind, bpp)
        rows.append([tuple(line[x * bpp:x * bpp + bpp]) + ((255,) if bpp == 3 else ())
                     for x in range(width)])
        prev = line
    return width, height, rows


def unfilter(line, prev, kind, bpp):
    """Undoes the Sub (1), Average (3) or Paeth (4) filter of one row, in place (PNG
    specification, section 9)."""
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if kind == 1:
            line[i] = (line[i] + a) & 255
        elif kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
            line[i] = (line[i] + pred) & 255


def luma(px):
    r, g, b, a = px
    if a < 128:  # transparent: the page behind is white
        return 255
    return 0.299 * r + 0.587 * g + 0.114 * b


def near(px, rgb, tol=40):
    return px[3] > 128 and all(abs(px[i] - rgb[i]) <= tol for i in range(3))


def translation(element, parents):
    """The sum of the translate() offsets of the element's ancestors."""
    dx = dy = 0.0
    node = parents.get(element)
    while node is not None:
        t = node.get("transform", "")
        if t.startswith("translate("):
            parts = t[len("translate("):-1].split(",")
            dx += float(parts[0])
            dy += float(parts[1]) if len(parts) > 1 else 0.0
        node = parents.get(node)
    return dx, dy


def check(name, svg_path, rsvg, folder, kind):
    tree = ET.parse(svg_path)  # raises on a picture that is not well-formed XML
    root = tree.getroot()
    assert root.tag == SVG + "svg", f"{name}: root is {root.tag}"
    width, height = float(root.get("width")), float(root.get("height"))
    png = os.path.join(folder, name + ".png")
    subprocess.run([rsvg, "-f", "png", "-o", png, svg_path], check=True)
    w, h, rows = read_png(png)
    assert (w, h) == (round(width), round(height)), f"{name}: PNG {w}x{h}, SVG {width}x{height}"
    # every colour with its number of pixels: a few hundred colours, millions of pixels
    colours = collections.Counter(px for row in rows for px in row)

    def pixels(test):
        return sum(n for px, n in colours.items() if test(px))

    dark = pixels(lambda px: luma(px) < 64)
    light = pixels(lambda px: luma(px) > 224)
    assert dark > 50 and light > 50, f"{name}: blank ({dark} dark, {light} light pixels)"
    if kind in ("board", "region"):
        wood = pixels(lambda px: near(px, (0xdc, 0xb3, 0x5c)))
        assert wood > 200, f"{name}: {wood} pixels of wood"
    if kind in ("thermograph", "region"):
        for colour in ((0x1f, 0x4e, 0x9e), (0xb2, 0x22, 0x22)):
            assert pixels(lambda px: near(px, colour)) > 50, f"{name}: no wall {colour}"
    parents = {child: parent for parent in root.iter() for child in parent}
    stones = 0
    for circle in root.iter(SVG + "circle"):
        cls = circle.get("class", "")
        if not cls.startswith("stone "):
            continue
        dx, dy = translation(circle, parents)
        cx, cy, r = (float(circle.get(k)) for k in ("cx", "cy", "r"))
        # below the centre, clear of a move's number and an immortal stone's square
        x, y = int(dx + cx), int(dy + cy + 0.75 * r)
        value = luma(rows[y][x])
        if cls == "stone black":
            assert value < 64, f"{name}: black stone {circle.get('data-point')} shows {value}"
        else:
            assert value > 200, f"{name}: white stone {circle.get('data-point')} shows {value}"
        stones += 1
    print(f"{name}: {w}x{h}, {dark} dark and {light} light pixels, {stones} stones checked")
    return stones


def run_doc_examples(mathgo, rsvg, data, folder):
    """Runs the example lines of docs/pictures.md ("$ " lines of its sh blocks, but the
    plotting script's, which ctest plot_figures runs) in a fresh folder that sees the
    repository's regions/ and tests/, with `mathgo` on the PATH; then checks every picture they drew."""
    top = os.path.abspath(os.path.join(data, "..", ".."))
    os.makedirs(os.path.join(folder, "bin"))
    os.symlink(os.path.abspath(mathgo), os.path.join(folder, "bin", "mathgo"))
    for shared in ("regions", "tests"):
        os.symlink(os.path.join(top, shared), os.path.join(folder, shared))
    env = dict(os.environ, PATH=os.path.join(folder, "bin") + os.pathsep + os.environ["PATH"])
    with open(os.path.join(top, "docs", "pictures.md")) as f:
        lines = [line[2:].strip() for line in f if line.startswith("$ ")]
    commands = [c for c in lines if not c.startswith("python3 ")]
    assert len(commands) >= 6, f"docs/pictures.md: {len(commands)} examples"
    for command in commands:
        run = subprocess.run(["sh", "-c", command], cwd=folder, env=env, text=True,
                             capture_output=True)
        assert run.returncode == 0, f"docs/pictures.md: '{command}': {run.stderr}"
    pictures = sorted(n for n in os.listdir(folder) if n.endswith(".svg"))
    assert len(pictures) == 5, f"docs/pictures.md drew {pictures}"
    for name in pictures:
        kind = ("thermograph" if name.startswith("thermo") else
                "region" if name.startswith("region") else "board")
        check("doc_" + name[:-4], os.path.join(folder, name), rsvg, folder, kind)


def main():
    mathgo, rsvg, data = sys.argv[1:4]
    region_file = os.path.join(data, "region_walled.txt")
    cases = [
        ("show_8x8", ["show", "-"], "........\n..x.....\n......o.\n........\n....x...\n"
         "........\n..o...x.\n........\n", "board", 5),
        ("show_32x2", ["show", "-"], "x..............................o\n"
         "...............................x\n", "board", 3),
        ("show_region", ["show", "-"], "XXXXO\nX.o.O\nXX..O\n#XXOO\n", "board", 15),
        ("solve_2x2", ["solve", "2x2", "--rules", "tromp-taylor"], None, "board", 4),
        ("solve_3x3", ["solve", "3x3", "--rules", "chinese"], None, "board", 9),
        ("solve_region", ["solve", "--from", "-", "--rules", "math"],
         "XXXXO\nX.o.O\nXX..O\n#XXOO\n", "board", 33),
        ("region", ["region", region_file], None, "region", None),
        ("cgt", ["cgt", "{4||-4|-10}", "*", "{3|1}"], None, "thermograph", 0),
    ]
    with tempfile.TemporaryDirectory(prefix="svg-check-") as folder:
        for name, args, stdin, kind, expected_stones in cases:
            path = os.path.join(folder, name + ".svg")
            run = subprocess.run([mathgo] + args + ["--svg", path], input=stdin, text=True,
                                 capture_output=True)
            assert run.returncode == 0, f"{name}: exit {run.returncode}: {run.stderr}"
            stones = check(name, path, rsvg, folder, kind)
            if expected_stones is not None:
                assert stones == expected_stones, f"{name}: {stones} stones drawn"
        # `--svg -`: the picture alone on stdout, the same picture as a file
        run = subprocess.run([mathgo, "show", "-", "--svg", "-"], input="x.\n.o\n", text=True,
                             capture_output=True, check=True)
        path = os.path.join(folder, "stdout.svg")
        with open(path, "w") as f:
            f.write(run.stdout)
        check("show_stdout", path, rsvg, folder, "board")
    with tempfile.TemporaryDirectory(prefix="svg-doc-") as folder:
        run_doc_examples(mathgo, rsvg, data, folder)
    print("svg_check: every picture is well-formed and renders to a picture that is not blank")


if __name__ == "__main__":
    main()
