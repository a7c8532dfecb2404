"""Draw the app icon (a felt-green tile with "XY") at the sizes the web app
serves in place of Flet's defaults. Run again after changing it:

    .venv/bin/python docs/tools/make_icons.py
"""
from __future__ import annotations

import pathlib

from PIL import Image, ImageDraw, ImageFont

HERE = pathlib.Path(__file__).resolve().parents[2] / "assets"
GREEN, CREAM = (46, 107, 94), (246, 241, 226)
SIZES = {"favicon.png": (32, False), "icons/icon-192.png": (192, False), "icons/icon-512.png": (512, False),
         "icons/apple-touch-icon-192.png": (192, True), "icons/icon-maskable-192.png": (192, True),
         "icons/icon-maskable-512.png": (512, True)}


def icon(size: int, full_bleed: bool) -> Image.Image:
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = 0 if full_bleed else size // 5
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=radius, fill=GREEN)
    try:
        font = ImageFont.truetype("DejaVuSans-Bold.ttf", int(size * 0.42))
    except OSError:
        font = ImageFont.load_default()
    draw.text((size / 2, size / 2), "XY", fill=CREAM, font=font, anchor="mm")
    return image


if __name__ == "__main__":
    for name, (size, full_bleed) in SIZES.items():
        icon(size, full_bleed).save(HERE / name)
