"""QR codes of links: a PNG for the app to show, text for `xyscore serve` to print."""
from __future__ import annotations

import io

import qrcode
from qrcode.exceptions import DataOverflowError
from qrcode.image.pil import PilImage

BORDER = 4  # the quiet zone scanners need, in modules


# Error correction: M by default; L (7% of the code may be lost) for a long link shown on a screen,
# where nothing smudges the code and the larger modules it allows matter more.
LEVELS = {"L": qrcode.constants.ERROR_CORRECT_L, "M": qrcode.constants.ERROR_CORRECT_M}


class TooLongForCode(ValueError):
    """The link holds more than the largest QR code (version 40) can."""


def qr_code(link: str, *, border: int = BORDER, level: str = "M") -> qrcode.QRCode:
    """The smallest QR code holding `link` (error correction `level`); raises
    TooLongForCode for a link no QR code can hold."""
    code = qrcode.QRCode(error_correction=LEVELS[level], border=border)
    code.add_data(link)
    try:
        code.make(fit=True)
    except (ValueError, DataOverflowError):  # qrcode says "Invalid version (was 41...)"
        raise TooLongForCode(f"a link of {len(link)} characters is too long for a QR code") from None
    return code


def qr_png(link: str, *, box_size: int = 8, level: str = "M") -> bytes:
    """`link` as a black-on-white PNG, `box_size` pixels per module (ft.Image takes the bytes)."""
    code = qr_code(link, level=level)
    code.box_size = box_size
    out = io.BytesIO()
    code.make_image(image_factory=PilImage).save(out, format="PNG")
    return out.getvalue()


def qr_text(link: str) -> str:
    """`link` as text for a terminal, two modules per character. Light modules
    are drawn, so it reads right on the usual dark terminal."""
    out = io.StringIO()
    qr_code(link, border=2).print_ascii(out=out, invert=True)
    return out.getvalue()
