"""QR codes of links: a PNG for the app to show, text for `xyscore serve` to print."""
from __future__ import annotations

import io

import qrcode
from qrcode.image.pil import PilImage

BORDER = 4  # the quiet zone scanners need, in modules


def qr_code(link: str, *, border: int = BORDER) -> qrcode.QRCode:
    """The smallest QR code holding `link` (error correction M)."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=border)
    code.add_data(link)
    code.make(fit=True)
    return code


def qr_png(link: str, *, box_size: int = 8) -> bytes:
    """`link` as a black-on-white PNG, `box_size` pixels per module (ft.Image takes the bytes)."""
    code = qr_code(link)
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
