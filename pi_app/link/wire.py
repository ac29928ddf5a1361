"""The serial link's wire format: COBS framing, CRC-16/CCITT, message types and bodies.

This one module is both sides of the protocol. The host imports it as `pi_app.link.wire`;
`crib firmware install` copies it to the board as `lib/crib_link/wire.py`. So it is written
in the subset of Python that CircuitPython runs: no dataclasses, enums, variable annotations,
f-string conversions or imports beyond itself (function annotations are parsed and ignored).
docs/serial-protocol.md is the specification; this is its only implementation.
"""

PROTOCOL_VERSION = 1
FIRMWARE_VERSION = (1, 0, 0)

DELIMITER = b"\x00"
HEADER_LEN = 3  # type u8, sequence u16
CRC_LEN = 2
MAX_PAYLOAD = 4096  # header + body, before CRC and COBS
MAX_ENCODED = MAX_PAYLOAD + CRC_LEN + MAX_PAYLOAD // 254 + 2
MAX_LEDS = (MAX_PAYLOAD - HEADER_LEN) // 3
SEQ_MOD = 0x10000

# Message types.
HELLO = 0x01  # host -> device: protocol version; device -> host: who it is (also sent at boot)
FULL = 0x02  # host -> device: every LED, 3 bytes each
DELTA = 0x03  # host -> device: changed runs of LEDs against a frame the device shows
BRIGHTNESS = 0x04  # host -> device: 0..255 scale on top of the device's own cap
PING = 0x05  # host -> device: any body, echoed in the PONG
PONG = 0x06
EVENT = 0x07  # device -> host: a button or encoder event, acknowledged by the host
ACK = 0x08  # the message with this sequence number was applied
NACK = 0x09  # the message with this sequence number was refused: body is the reason
ERROR = 0x0A  # device -> host: something went wrong that no sequence number names
STATE = 0x0B  # host -> device: empty; device -> host: what the strip shows

NAMES = {
    HELLO: "hello",
    FULL: "full",
    DELTA: "delta",
    BRIGHTNESS: "brightness",
    PING: "ping",
    PONG: "pong",
    EVENT: "event",
    ACK: "ack",
    NACK: "nack",
    ERROR: "error",
    STATE: "state",
}

# NACK reasons.
NACK_BAD_BASE = 1  # a delta against a frame the device is not showing: send a full frame
NACK_BAD_BODY = 2  # wrong length, LED index out of range, ...
NACK_UNKNOWN_TYPE = 3

# ERROR codes.
ERROR_BAD_FRAME = 1  # a frame failed COBS, length or CRC checks and was dropped

EVENT_KINDS = ("press", "long_press", "repeat", "turn")


class WireError(ValueError):
    """A message body that does not follow the protocol."""


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _crc_table()


def crc16(data: bytes | bytearray, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): catches every 1-3 bit error in a frame."""
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFF00) ^ table[(crc >> 8) ^ byte]
    return crc


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result has no zero byte, so zero can delimit."""
    out = bytearray(1)
    code_at = 0
    for byte in data:
        if byte == 0:
            out[code_at] = len(out) - code_at
            code_at = len(out)
            out.append(0)
            continue
        out.append(byte)
        if len(out) - code_at == 255:
            out[code_at] = 255
            code_at = len(out)
            out.append(0)
    out[code_at] = len(out) - code_at
    return bytes(out)


def cobs_decode(data: bytes) -> bytes | None:
    """The bytes `cobs_encode` was given, or None when `data` is not valid COBS."""
    out = bytearray()
    index = 0
    length = len(data)
    while index < length:
        code = data[index]
        if code == 0 or index + code > length:
            return None
        block = data[index + 1 : index + code]
        if block.find(DELIMITER) >= 0:  # (`0 in block` is not CircuitPython)
            return None
        out.extend(block)
        index += code
        if code < 255 and index < length:
            out.append(0)
    return bytes(out)


def encode(kind: int, seq: int, body: bytes = b"") -> bytes:
    """One message ready to write: delimiter, COBS(type, seq, body, CRC), delimiter.

    The leading delimiter ends any truncated frame before it, so a cut-off frame costs only
    itself and never the next one too.
    """
    if HEADER_LEN + len(body) > MAX_PAYLOAD:
        raise WireError(f"message body of {len(body)} bytes is over the "
                        f"{MAX_PAYLOAD - HEADER_LEN}-byte limit")
    payload = bytes((kind & 0xFF, (seq >> 8) & 0xFF, seq & 0xFF)) + bytes(body)
    crc = crc16(payload)
    return DELIMITER + cobs_encode(payload + bytes((crc >> 8, crc & 0xFF))) + DELIMITER


class Message:
    """A decoded message whose CRC checked out: its type, sequence number and body."""

    def __init__(self, kind: int, seq: int, body: bytes = b"") -> None:
        self.kind = kind
        self.seq = seq
        self.body = body

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and self.kind == other.kind
                and self.seq == other.seq and self.body == other.body)

    def __repr__(self) -> str:
        name = NAMES.get(self.kind, str(self.kind))
        return f"Message({name}, seq={self.seq}, {len(self.body)}-byte body)"


def decode_frame(frame: bytes) -> Message | None:
    """One frame between delimiters -> its message, or None if COBS, length or CRC is bad."""
    if len(frame) > MAX_ENCODED:
        return None
    payload = cobs_decode(frame)
    if payload is None or len(payload) < HEADER_LEN + CRC_LEN:
        return None
    if crc16(payload[:-CRC_LEN]) != (payload[-2] << 8) | payload[-1]:
        return None
    return Message(payload[0], (payload[1] << 8) | payload[2], payload[HEADER_LEN:-CRC_LEN])


class Decoder:
    """Turns a byte stream into messages. Never raises; bad frames are dropped and counted.

    After garbage, a lost byte or a cut-off frame it is back in sync at the next delimiter.
    """

    def __init__(self) -> None:
        self.dropped = 0
        self._buffer = bytearray()
        self._overflowed = False

    def feed(self, data: bytes) -> list[Message]:
        """The complete, valid messages that `data` finishes."""
        messages = []
        start = 0
        end = data.find(DELIMITER)
        while end >= 0:
            self._take(data[start:end])
            if self._overflowed:
                self._overflowed = False
            elif self._buffer:
                message = decode_frame(bytes(self._buffer))
                if message is None:
                    self.dropped += 1
                else:
                    messages.append(message)
            self._buffer = bytearray()
            start = end + 1
            end = data.find(DELIMITER, start)
        self._take(data[start:])
        return messages

    def _take(self, chunk: bytes) -> None:
        if self._overflowed:
            return
        if len(self._buffer) + len(chunk) > MAX_ENCODED:
            self._overflowed = True
            self._buffer = bytearray()
            self.dropped += 1
            return
        self._buffer.extend(chunk)


def seq_newer(seq: int, than: int) -> bool:
    """Whether `seq` comes after `than` in wrapping 16-bit sequence order."""
    return 0 < (seq - than) % SEQ_MOD < SEQ_MOD // 2


def u16(value: int) -> bytes:
    return bytes(((value >> 8) & 0xFF, value & 0xFF))


def read_u16(body: bytes, at: int) -> int:
    return (body[at] << 8) | body[at + 1]


# Bodies. Each encoder has a parser that raises WireError on anything malformed.


def hello_body(led_count: int, boot_id: int, max_milliamps: int) -> bytes:
    """The device's hello: protocol, firmware version, LED count, boot id, current cap."""
    major, minor, patch = FIRMWARE_VERSION
    return (bytes((PROTOCOL_VERSION, major, minor, patch)) + u16(led_count) + u16(boot_id)
            + u16(max_milliamps))


def parse_hello(body: bytes) -> dict[str, int | str]:
    if len(body) == 1:
        return {"protocol": body[0]}
    if len(body) != 10:
        raise WireError(f"hello body is {len(body)} bytes, expected 1 or 10")
    return {
        "protocol": body[0],
        "firmware": f"{body[1]}.{body[2]}.{body[3]}",
        "led_count": read_u16(body, 4),
        "boot_id": read_u16(body, 6),
        "max_milliamps": read_u16(body, 8),
    }


def delta_body(base_seq: int, old: bytes, new: bytes) -> bytes:
    """The runs of LEDs where `new` differs from `old` (the frame numbered `base_seq`).

    Each run is start u16, count u8, then count RGB triples; neighbouring changed LEDs share
    a run, since a new run's 3-byte header costs as much as one unchanged LED.
    """
    if len(old) != len(new):
        raise WireError(f"delta between frames of {len(old)} and {len(new)} bytes")
    out = bytearray(u16(base_seq))
    count = len(new) // 3
    index = 0
    while index < count:
        at = index * 3
        if old[at : at + 3] == new[at : at + 3]:
            index += 1
            continue
        start = index
        index += 1
        while index < count and index - start < 255:
            at = index * 3
            if old[at : at + 3] == new[at : at + 3]:
                break
            index += 1
        out.extend(u16(start))
        out.append(index - start)
        out.extend(new[start * 3 : index * 3])
    return bytes(out)


def delta_base(body: bytes) -> int:
    if len(body) < 2:
        raise WireError(f"delta body is {len(body)} bytes, shorter than its base number")
    return read_u16(body, 0)


def delta_runs(body: bytes, led_count: int) -> list[tuple[int, bytes]]:
    """[(start LED, RGB bytes)] of a delta body, all checked before any is applied."""
    runs = []
    at = 2
    while at < len(body):
        if at + 3 > len(body):
            raise WireError(f"delta run header cut short at byte {at}")
        start = read_u16(body, at)
        count = body[at + 2]
        at += 3
        if count == 0 or start + count > led_count:
            raise WireError(f"delta run of {count} LEDs from LED {start} is outside "
                            f"0..{led_count - 1}")
        if at + 3 * count > len(body):
            raise WireError(f"delta run from LED {start} is cut short")
        runs.append((start, body[at : at + 3 * count]))
        at += 3 * count
    return runs


def nack_body(reason: int, frame_seq: int | None = None) -> bytes:
    """Why a message was refused, and the number of the frame the device shows (if any), so
    a host whose acknowledgement was lost can base its next delta on that frame."""
    if frame_seq is None:
        return bytes((reason, 0, 0, 0))
    return bytes((reason, 1)) + u16(frame_seq)


def parse_nack(body: bytes) -> tuple[int, int | None]:
    """(reason, frame number shown or None) of a NACK body."""
    if len(body) != 4:
        raise WireError(f"nack body is {len(body)} bytes, expected 4")
    return body[0], read_u16(body, 2) if body[1] else None


def event_body(boot_id: int, kind: str, control: str, steps: int = 0) -> bytes:
    return (u16(boot_id) + bytes((EVENT_KINDS.index(kind), steps & 0xFF))
            + control.encode())


def parse_event(body: bytes) -> tuple[int, str, str, int]:
    """(boot id, kind, control, steps) of an event body."""
    if len(body) < 5:
        raise WireError(f"event body is {len(body)} bytes, expected at least 5")
    if body[2] >= len(EVENT_KINDS):
        raise WireError(f"event kind {body[2]} is not known")
    steps = body[3] - 256 if body[3] > 127 else body[3]
    try:
        control = bytes(body[4:]).decode()
    except UnicodeError:
        raise WireError("event control name is not UTF-8") from None
    return read_u16(body, 0), EVENT_KINDS[body[2]], control, steps


def state_body(boot_id: int, frame_seq: int | None, frame: bytes | bytearray) -> bytes:
    """What the device shows: boot id, whether it has a frame, its number and its CRC."""
    shown = 0 if frame_seq is None else 1
    return u16(boot_id) + bytes((shown,)) + u16(frame_seq or 0) + u16(crc16(frame))


def parse_state(body: bytes) -> dict[str, int | None]:
    if len(body) != 7:
        raise WireError(f"state body is {len(body)} bytes, expected 7")
    return {
        "boot_id": read_u16(body, 0),
        "frame_seq": read_u16(body, 3) if body[2] else None,
        "frame_crc": read_u16(body, 5),
    }
