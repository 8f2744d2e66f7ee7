"""Turning what callers pass to ``add`` into validated raw inputs."""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import json
import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PIL import Image as PILImage
from PIL import ImageOps, ImageStat, UnidentifiedImageError

from mirix_like.errors import InvalidInputError
from mirix_like.memory_types.base import utcnow
from mirix_like.store import RawInput
from mirix_like.store.filters import check_user_id, is_utf8

MAX_INPUT_CHARS = 1_000_000
MAX_METADATA_CHARS = 100_000
MAX_METADATA_DEPTH = 20
MAX_IMAGE_PIXELS = 40_000_000
MAX_ID_CHARS = 256
ROLES = ("user", "assistant", "system", "other")
IMAGE_FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "BMP")
"""Formats of base64 image data (a REST body, a ``data:`` URL): Pillow's other plugins (EPS...)
are not for clients."""
NEVER_OPENED = frozenset({"EPS"})
"""Formats of image files given by path that are refused: Pillow would run Ghostscript on EPS.
Every other format Pillow reads is taken."""
_DECODE_ERRORS = (OSError, ValueError, SyntaxError, EOFError, PILImage.DecompressionBombError)
Message = Mapping[str, Any]
ImageLike = str | Path | PILImage.Image
_DATA_URL = re.compile(r"data:image/[\w.+-]+;base64,(.*)", re.DOTALL)


def event_time(value: datetime | str | None, *, default: datetime | None = None) -> datetime:
    """A timezone-aware event time from a datetime or an ISO 8601 string (now if ``None``)."""
    if value is None:
        return default or utcnow()
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise InvalidInputError(f"occurred_at {value!r} is not an ISO 8601 time") from None
    if not isinstance(value, datetime):
        raise InvalidInputError(f"occurred_at must be a datetime or ISO string, not "
                                f"{type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise InvalidInputError(f"occurred_at {value.isoformat()} has no time zone: give one "
                                "(e.g. datetime(..., tzinfo=UTC) or '2024-05-01T09:00+02:00')")
    try:
        value.astimezone(UTC)
    except OverflowError:
        raise InvalidInputError(f"occurred_at {value.isoformat()} is out of the supported time "
                                "range") from None
    return value


def check_text(text: Any, what: str) -> str:
    if not isinstance(text, str):
        raise InvalidInputError(f"{what} must be a string, not {type(text).__name__}")
    if not text.strip():
        raise InvalidInputError(f"{what} is empty")
    if "\x00" in text:
        raise InvalidInputError(f"{what} contains a NUL character")
    if not is_utf8(text):
        raise InvalidInputError(f"{what} is not valid UTF-8 text (unpaired surrogates)")
    if len(text) > MAX_INPUT_CHARS:
        raise InvalidInputError(f"{what} has {len(text):,} characters, over the "
                                f"{MAX_INPUT_CHARS:,} limit of one input: split it")
    return text


def nested_deeper_than(value: Any, limit: int) -> bool:
    """Whether lists and mappings nest more than ``limit`` levels in ``value`` (a scalar: 0).

    Without recursion, and it stops at the limit, so a structure that contains itself ends.
    """
    stack = [(value, 1)]
    while stack:
        node, level = stack.pop()
        children = node.values() if isinstance(node, Mapping) else (
            node if isinstance(node, list | tuple) else None)
        if children is not None:
            if level > limit:
                return True
            stack.extend((child, level + 1) for child in children)
    return False


def check_metadata(metadata: Any) -> dict[str, Any]:
    """``metadata`` if it is plain JSON with string keys, within the size and depth limits."""
    if metadata is None:
        return {}
    if not isinstance(metadata, Mapping) or not all(isinstance(k, str) for k in metadata):
        raise InvalidInputError("metadata must be a mapping with string keys")
    if nested_deeper_than(metadata, MAX_METADATA_DEPTH):
        raise InvalidInputError(f"metadata nested deeper than {MAX_METADATA_DEPTH} levels")
    try:
        encoded = json.dumps(metadata, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidInputError(f"metadata must be plain JSON: {exc}") from None
    if len(encoded) > MAX_METADATA_CHARS or not is_utf8(encoded):
        raise InvalidInputError(f"metadata must be valid Unicode JSON of at most "
                                f"{MAX_METADATA_CHARS:,} characters")
    return dict(metadata)


@dataclass(frozen=True)
class _Picture:
    """An image of an ``add`` call, decoded and checked; its file is written once the whole
    call is valid."""

    image: PILImage.Image
    occurred_at: datetime
    file_name: str | None = None
    text: str = ""


def call_inputs(
    content: str | Message | Sequence[Message] | None,
    images: Sequence[ImageLike],
    *,
    user_id: str,
    occurred_at: datetime | str | None,
    metadata: Mapping[str, Any] | None,
    image_dir: Path,
) -> list[RawInput]:
    """Raw inputs for one ``add`` call: its text or messages, then its images.

    Everything is checked before any image file is written into ``image_dir``: a call
    refused with :class:`InvalidInputError` leaves nothing behind.
    """
    check_user_id(user_id)
    when = event_time(occurred_at)
    meta = check_metadata(metadata)
    if isinstance(images, str | Path) or not isinstance(images, Sequence):
        raise InvalidInputError("images must be a list of paths or PIL images")
    accepted = [] if content is None else _content_inputs(content, user_id, when, meta)
    accepted += [_Picture(_open_image(image), when, _file_name(image)) for image in images]
    if not accepted:
        raise InvalidInputError("add needs content or images")
    return [item if isinstance(item, RawInput) else _written(item, user_id, image_dir, meta)
            for item in accepted]


def _content_inputs(content: str | Message | Sequence[Message], user_id: str, when: datetime,
                    meta: dict[str, Any]) -> list[RawInput | _Picture]:
    """A text, one message or a list of messages, checked.

    A message is a mapping with ``content`` and optionally ``role``, ``name`` (or ``speaker``),
    ``id`` and ``occurred_at``. Its ``content`` is a string or a list of OpenAI chat content
    parts (:func:`content_parts`); each image part is an image input after the message.
    """
    if isinstance(content, str):
        return [RawInput(user_id=user_id, kind="text", text=check_text(content, "text"),
                         occurred_at=when, metadata=meta)]
    messages = [content] if isinstance(content, Mapping) else content
    if isinstance(content, bytes | bytearray) or not isinstance(messages, Sequence) or not messages:
        raise InvalidInputError("content must be a string, a message mapping or a non-empty "
                                "list of messages")
    accepted: list[RawInput | _Picture] = []
    for n, message in enumerate(messages):
        if not isinstance(message, Mapping):
            raise InvalidInputError(f"message {n} must be a mapping with 'content'")
        unknown = set(message) - {"content", "role", "name", "speaker", "id", "occurred_at"}
        if unknown:
            raise InvalidInputError(f"message {n} has unknown keys {sorted(unknown)}")
        role = message.get("role", "user")
        if role not in ROLES:
            raise InvalidInputError(f"message {n} role {role!r} is not one of {ROLES}")
        speaker = message.get("name", message.get("speaker"))
        if speaker is not None and not isinstance(speaker, str):
            raise InvalidInputError(f"message {n} speaker name must be a string")
        fields: dict[str, Any] = {}
        if message.get("id") is not None:
            fields["id"] = check_text(message["id"], f"message {n} id")
            if len(fields["id"]) > MAX_ID_CHARS:
                raise InvalidInputError(f"message {n} id is over {MAX_ID_CHARS} characters")
        if speaker is not None and (len(speaker) > MAX_ID_CHARS or not is_utf8(speaker)):
            raise InvalidInputError(f"message {n} speaker name is too long or not Unicode")
        said = event_time(message.get("occurred_at"), default=when)
        text, pictures = content_parts(message.get("content"), f"message {n} content")
        if text:
            accepted.append(RawInput(user_id=user_id, kind="message", role=role,
                                     speaker=speaker, text=text, occurred_at=said,
                                     metadata=meta, **fields))
        accepted += [_Picture(picture, said) for picture in pictures]
    ids = [i.id for i in accepted if isinstance(i, RawInput)]
    if len(set(ids)) != len(ids):
        raise InvalidInputError("message ids within one add must be unique")
    return accepted


def content_parts(content: Any, what: str) -> tuple[str, list[PILImage.Image]]:
    """A message's text and decoded images: ``content`` is a string, or OpenAI chat content
    parts: ``{"type": "text", "text": ...}`` (joined by new lines) and ``{"type":
    "image_url", "image_url": {"url": "data:image/png;base64,..."}}``. A remote or file URL
    is refused, not fetched."""
    if not isinstance(content, list):
        return check_text(content, what), []
    texts, pictures = [], []
    for k, part in enumerate(content):
        kind = part.get("type") if isinstance(part, Mapping) else None
        if kind == "text":
            texts.append(part.get("text"))
            if not isinstance(texts[-1], str):
                raise InvalidInputError(f"{what} part {k} text must be a string")
        elif kind == "image_url":
            url = part.get("image_url")
            url = url.get("url") if isinstance(url, Mapping) else url
            found = _DATA_URL.fullmatch(url.strip()) if isinstance(url, str) else None
            if not found:
                raise InvalidInputError(
                    f"{what} part {k} image_url must be a base64 data: URL "
                    "('data:image/png;base64,...'); remote and file URLs are not fetched")
            pictures.append(_open_image(image_from_base64(found[1], f"{what} part {k}")))
        else:
            raise InvalidInputError(f"{what} part {k} must be a 'text' or 'image_url' part")
    text = "\n".join(t for t in texts if t.strip())
    if not text and not pictures:
        raise InvalidInputError(f"{what} is empty")
    return (check_text(text, what) if text else ""), pictures


def image_from_base64(data: str, what: str) -> PILImage.Image:
    """The image base64 ``data`` encodes, in one of :data:`IMAGE_FORMATS`, decoded whole (so
    a truncated or broken image is refused here, named by ``what``) and upright in RGB."""
    if data[:5].lower() == "data:":  # a client that sent the whole URL, not its data
        raise InvalidInputError(f"{what} is not base64 image data but a data: URL: send what "
                                "follows 'base64,', or the URL in an image_url content part")
    try:
        decoded = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise InvalidInputError(f"{what} is not base64 image data: {exc}") from None
    return _decoded(io.BytesIO(decoded), what, IMAGE_FORMATS, "is not base64 image data",
                    "it is no PNG, JPEG, WebP, GIF or BMP image")


def read_image(path: Path, what: str) -> PILImage.Image:
    """The image in the file at ``path``, checked and decoded: upright, in RGB.

    Raises :class:`InvalidInputError` naming ``what`` when it is no image (or an EPS), is over
    :data:`MAX_IMAGE_PIXELS` or cannot be decoded whole.
    """
    try:
        stream = path.open("rb")
    except OSError as exc:
        raise InvalidInputError(f"{what} cannot be read: {exc.strerror or exc}") from None
    PILImage.init()
    formats = [name for name in PILImage.OPEN if name not in NEVER_OPENED]
    # An open file, not a path: Pillow's messages then never name where the file lies.
    return _decoded(stream, what, formats, "cannot be read as an image",
                    "it is not in an image format (PNG, JPEG, WebP, TIFF...)")


def _decoded(stream: io.BufferedIOBase, what: str, formats: Sequence[str], refused: str,
             unknown: str) -> PILImage.Image:
    try:
        with stream, PILImage.open(stream, formats=formats) as opened:
            _check_size(opened, what)
            opened.load()
            return _upright(opened)
    except InvalidInputError:
        raise
    except UnidentifiedImageError:
        raise InvalidInputError(f"{what} {refused}: {unknown}") from None
    except _DECODE_ERRORS as exc:
        raise InvalidInputError(f"{what} {refused}: {exc}") from None


def _upright(picture: PILImage.Image) -> PILImage.Image:
    """``picture`` in RGB as a person sees it: turned as its EXIF orientation says, and text
    on a transparent background laid on a backdrop it can be read on."""
    try:
        picture = ImageOps.exif_transpose(picture)
    except (*_DECODE_ERRORS, KeyError, TypeError):  # broken EXIF: the pixels are still fine
        pass
    if picture.mode in _WIDE_GREY:
        picture = _eight_bit(picture)
    if picture.mode not in ("RGBA", "LA", "PA", "RGBa", "La") and not (
            picture.mode == "P" and "transparency" in picture.info):
        return picture.convert("RGB")
    rgba = picture.convert("RGBA")
    alpha = rgba.getchannel("A")
    if alpha.getbbox() is None or alpha.getextrema()[0] == 255:  # all hidden or all shown
        return rgba.convert("RGB")
    # Transparent pixels are often black: dark text on them would vanish in plain RGB.
    ink = ImageStat.Stat(rgba.convert("L"), mask=alpha).mean[0]
    backdrop = PILImage.new("RGBA", rgba.size, "white" if ink < 128 else "black")
    return PILImage.alpha_composite(backdrop, rgba).convert("RGB")


_WIDE_GREY = ("I;16", "I;16L", "I;16B", "I;16N", "I", "F")
"""Grey modes of more than 8 bits (a 16-bit PNG or TIFF, a float scan)."""


def _eight_bit(picture: PILImage.Image) -> PILImage.Image:
    """A grey image of 16 bits (or 32, or float) as 8-bit grey: Pillow's own conversion clips
    every value over 255, which turns a 16-bit screenshot white."""
    wide = picture.mode.startswith("I;16") or (picture.getextrema()[1] or 0) > 255
    return picture.convert("I" if picture.mode != "F" else "F").point(
        lambda v: v / 257 if wide else v).convert("L")


def image_to_input(
    image: ImageLike, *, user_id: str, image_dir: Path, occurred_at: datetime | str | None,
    metadata: Mapping[str, Any] | None, text: str = "",
) -> RawInput:
    """A raw input for one image; the image is copied as PNG into ``image_dir``."""
    check_user_id(user_id)
    picture = _Picture(_open_image(image), event_time(occurred_at), _file_name(image), text)
    return _written(picture, user_id, image_dir, check_metadata(metadata))


def _file_name(image: ImageLike) -> str | None:
    return Path(image).name if isinstance(image, str | Path) else None


def _written(picture: _Picture, user_id: str, image_dir: Path,
             metadata: dict[str, Any]) -> RawInput:
    """The raw input of a checked image, its PNG copy written into ``image_dir``."""
    buffer = io.BytesIO()
    picture.image.save(buffer, format="PNG")
    data = buffer.getvalue()
    image_dir.mkdir(parents=True, exist_ok=True)
    # One file per input, even for identical pixels: each is deleted once its input is done.
    path = image_dir / f"{hashlib.sha256(data).hexdigest()[:24]}-{uuid.uuid4().hex[:8]}.png"
    path.write_bytes(data)
    meta = dict(metadata)
    if picture.file_name:
        meta.setdefault("file_name", picture.file_name)
    return RawInput(user_id=user_id, kind="image", image_path=str(path), text=picture.text,
                    occurred_at=picture.occurred_at, metadata=meta)


def _open_image(image: ImageLike) -> PILImage.Image:
    if isinstance(image, str | Path):
        path = Path(image)
        if not path.is_file():
            raise InvalidInputError(f"image {path} is not a readable file")
        return read_image(path, f"image {path}")
    if not isinstance(image, PILImage.Image):
        raise InvalidInputError(f"an image must be a path or a PIL image, not "
                                f"{type(image).__name__}")
    _check_size(image, "the image")
    try:  # a PIL image opened lazily is decoded here: its data may still be broken
        return _upright(image)
    except _DECODE_ERRORS as exc:
        raise InvalidInputError(f"the image cannot be decoded: {exc}") from None


def _check_size(picture: PILImage.Image, what: str) -> None:
    width, height = picture.size
    if not width or not height:
        raise InvalidInputError(f"{what} of {width}x{height} pixels is empty")
    if width * height > MAX_IMAGE_PIXELS:
        raise InvalidInputError(f"{what} of {width}x{height} pixels is over the "
                                f"{MAX_IMAGE_PIXELS:,}-pixel limit: downscale it first")
