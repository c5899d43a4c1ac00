"""Renders report pages in headless Chromium at desktop and phone widths and checks them.

For each page and width it checks that:
- the screenshot is not blank (the decompressed PNG rows are not all white);
- no HTML element's content is wider than its box, except inside the `wide` blocks that scroll
  sideways on purpose, and the page itself needs no sideways scrolling;
- no SVG text reaches outside its plot's view box (a tick label cut off at an edge).

The page is loaded in an iframe of a small wrapper page whose script measures it and writes the
findings into the DOM, which `chromium --dump-dom` prints; the report pages themselves run no
script. Run through scripts/render-check.sh.
"""

import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

WIDTHS = {"desktop": 1280, "phone": 390}
OUT = Path(".build/render-check")

MEASURE = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="page" src="PAGE" style="border:0;width:100vw;height:100vh"></iframe>
<pre id="result">pending</pre>
<script>
document.getElementById('page').addEventListener('load', () => {
  const frame = document.getElementById('page');
  const doc = frame.contentDocument, win = frame.contentWindow;
  const problems = [];
  const describe = (el) => el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined
      ? '.' + el.className : '') + ' "' + (el.textContent || '').trim().slice(0, 50) + '"';
  for (const el of doc.body.querySelectorAll('*')) {
    if (!(el instanceof win.HTMLElement) || el.closest('.wide')) continue;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      problems.push('overflows its box by ' + (el.scrollWidth - el.clientWidth) + ' px: ' + describe(el));
    }
  }
  if (doc.documentElement.scrollWidth > win.innerWidth + 1) {
    problems.push('the page is ' + doc.documentElement.scrollWidth + ' px wide in a ' + win.innerWidth + ' px window');
  }
  // At a desktop width a table must fit: a wide block may scroll sideways only on a phone.
  if (win.innerWidth >= 1000) {
    for (const wide of doc.querySelectorAll('.wide')) {
      if (wide.querySelector('table') && wide.scrollWidth > wide.clientWidth + 1) {
        problems.push('a table is cut off by ' + (wide.scrollWidth - wide.clientWidth) + ' px: '
          + (wide.querySelector('tr') || wide).textContent.trim().slice(0, 60));
      }
    }
  }
  for (const svg of doc.querySelectorAll('svg')) {
    // In the SVG's own units: text past the viewBox is clipped whatever the page's width.
    const view = svg.viewBox && svg.viewBox.baseVal;
    if (view && view.width > 0) {
      // Rotated axis titles are checked on screen below (their local box is not the viewBox's).
      for (const text of svg.querySelectorAll('text:not([transform])')) {
        const b = text.getBBox();
        if (b.x < view.x - 1 || b.x + b.width > view.x + view.width + 1) {
          problems.push('SVG text past its viewBox: "' + text.textContent.slice(0, 40) + '" in "'
            + (svg.getAttribute('aria-label') || '').slice(0, 50) + '"');
        }
      }
    }
    const box = svg.getBoundingClientRect();
    for (const text of svg.querySelectorAll('text')) {
      const b = text.getBoundingClientRect();  // screen coordinates, rotations applied
      if (b.left < box.left - 1 || b.right > box.right + 1 || b.top < box.top - 1 || b.bottom > box.bottom + 1) {
        problems.push('SVG text outside its plot: "' + text.textContent.slice(0, 40) + '" in "'
          + (svg.getAttribute('aria-label') || '').slice(0, 50) + '"');
      }
    }
  }
  document.getElementById('result').textContent = JSON.stringify({
    problems, svgs: doc.querySelectorAll('svg').length, height: doc.documentElement.scrollHeight});
});
</script></body></html>"""


def non_white_share(png: bytes) -> float:
    """The share of pixel bytes in the filtered rows that are neither 0 nor 255 (white rows
    filter to zeros or stay 255): a blank page is close to 0."""
    position, chunks = 8, []
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        if kind == b"IDAT":
            chunks.append(png[position + 8:position + 8 + length])
        position += 12 + length
    data = zlib.decompress(b"".join(chunks))
    if not data:
        return 0.0
    return sum(1 for byte in data[::7] if byte not in (0, 255)) / len(data[::7])


def chromium(*arguments):
    return subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *arguments],
        capture_output=True, text=True, timeout=120,
    )


def check(page: Path, label: str, width: int):
    failures = []
    shot = OUT / f"{page.parent.name}-{label}.png"
    chromium(f"--window-size={width},2400", f"--screenshot={shot}", page.resolve().as_uri())
    share = non_white_share(shot.read_bytes()) if shot.exists() else 0.0
    if share < 0.002:
        failures.append(f"blank screenshot ({share:.4f} of the bytes drawn): {shot}")
    wrapper = OUT / f"measure-{page.parent.name}-{label}.html"
    wrapper.write_text(MEASURE.replace("PAGE", page.resolve().as_uri()))
    dom = chromium(
        f"--window-size={width},2400", "--allow-file-access-from-files", "--virtual-time-budget=10000",
        "--dump-dom", wrapper.resolve().as_uri(),
    ).stdout
    start, end = dom.find('<pre id="result">'), dom.find("</pre>")
    text = dom[start + len('<pre id="result">'):end] if start >= 0 else ""
    try:
        result = json.loads(text.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
    except json.JSONDecodeError:
        return failures + [f"could not measure the page (got {text[:80]!r})"]
    if result["svgs"] == 0:
        failures.append("no plot on the page")
    return failures + result["problems"]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    pages = [Path(argument) for argument in sys.argv[1:]]
    failed = 0
    for page in pages:
        for label, width in WIDTHS.items():
            failures = check(page, label, width)
            status = "ok" if not failures else f"{len(failures)} problem(s)"
            print(f"{page} at {label} ({width} px): {status}")
            for failure in failures:
                print(f"  {failure}")
            failed += len(failures)
    print(f"screenshots in {OUT}/")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
