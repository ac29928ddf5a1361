"""The wire format: COBS framing, CRC-16/CCITT, message bodies, and a decoder that is never
fooled and never falls over."""

from __future__ import annotations

import binascii

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.link import wire

FUZZ = settings(max_examples=3000, derandomize=True, deadline=None)


def test_crc_is_ccitt_false_with_its_published_check_value() -> None:
    assert wire.crc16(b"123456789") == 0x29B1


@given(st.binary(max_size=600))
@settings(max_examples=500, derandomize=True, deadline=None)
def test_cobs_round_trips_any_bytes_and_leaves_no_zero(data: bytes) -> None:
    encoded = wire.cobs_encode(data)
    assert 0 not in encoded
    assert wire.cobs_decode(encoded) == data


def test_cobs_handles_runs_longer_than_a_block() -> None:
    for data in (b"\x01" * 254, b"\x01" * 255, b"\x01" * 600 + b"\x00", b"\x00" * 300):
        assert wire.cobs_decode(wire.cobs_encode(data)) == data


def test_a_message_decodes_to_itself() -> None:
    frame = wire.encode(wire.FULL, 0xBEEF, bytes(range(256)) * 3)
    assert frame[0] == 0 and frame[-1] == 0 and 0 not in frame[1:-1]
    assert wire.Decoder().feed(frame) == [wire.Message(wire.FULL, 0xBEEF, bytes(range(256)) * 3)]


def test_a_message_split_across_reads_decodes_once_complete() -> None:
    frame = wire.encode(wire.PING, 7, b"abc")
    decoder = wire.Decoder()
    assert [decoder.feed(frame[i : i + 1]) for i in range(len(frame) - 1)] == [[]] * (
        len(frame) - 1)
    assert decoder.feed(frame[-1:]) == [wire.Message(wire.PING, 7, b"abc")]


@given(st.binary(max_size=300))
@FUZZ
def test_decoder_never_raises_and_only_accepts_frames_whose_crc_checks(noise: bytes) -> None:
    decoder = wire.Decoder()
    for message in decoder.feed(noise):
        payload = bytes((message.kind, message.seq >> 8, message.seq & 0xFF)) + message.body
        framed = [f for f in noise.split(b"\x00") if wire.cobs_decode(f)]
        assert any(wire.cobs_decode(f) == payload + wire.u16(binascii.crc_hqx(payload, 0xFFFF))
                   for f in framed)


@given(st.binary(min_size=1, max_size=60), st.integers(0, 0xFFFF),
       st.lists(st.integers(0, 10_000), min_size=1, max_size=3, unique=True))
@settings(max_examples=1500, derandomize=True, deadline=None)
def test_decoder_never_accepts_a_frame_with_flipped_bits(body: bytes, seq: int,
                                                         flips: list[int]) -> None:
    frame = bytearray(wire.encode(wire.DELTA, seq, body))
    for flip in flips:
        bit = flip % (8 * (len(frame) - 2))
        frame[1 + bit // 8] ^= 1 << (bit % 8)
    decoded = wire.Decoder().feed(bytes(frame))
    assert decoded in ([], [wire.Message(wire.DELTA, seq, body)])
    assert decoded == [] or bytes(frame) == wire.encode(wire.DELTA, seq, body)


def test_garbage_and_a_truncated_frame_cost_only_themselves() -> None:
    good = wire.encode(wire.PING, 3, b"still here")
    truncated = wire.encode(wire.FULL, 2, bytes(30))[:-9]
    decoder = wire.Decoder()
    messages = decoder.feed(b"\x13\x37garbage" + truncated + good)
    assert messages == [wire.Message(wire.PING, 3, b"still here")]
    assert decoder.dropped == 2  # the garbage, then the truncated frame: never the good one


def test_an_endless_frame_is_dropped_and_the_link_resyncs_at_the_next_delimiter() -> None:
    decoder = wire.Decoder()
    assert decoder.feed(b"\x05" * (wire.MAX_ENCODED + 10)) == []
    assert decoder.feed(b"\x05" * 100) == []
    assert decoder.feed(wire.encode(wire.PING, 1)) == [wire.Message(wire.PING, 1)]
    assert decoder.dropped == 1


def test_a_body_over_the_limit_cannot_be_encoded() -> None:
    with pytest.raises(wire.WireError, match="over the"):
        wire.encode(wire.FULL, 1, bytes(wire.MAX_PAYLOAD))


def test_a_peg_move_is_two_single_led_runs() -> None:
    old = bytearray(3 * 363)
    old[3 * 40 : 3 * 41] = b"\xff\x20\x00"
    new = bytearray(old)
    new[3 * 40 : 3 * 41] = b"\x00\x00\x00"
    new[3 * 46 : 3 * 47] = b"\xff\x20\x00"
    body = wire.delta_body(9, bytes(old), bytes(new))
    assert len(body) == 2 + 2 * (3 + 3)
    assert wire.delta_base(body) == 9
    assert wire.delta_runs(body, 363) == [(40, b"\x00\x00\x00"), (46, b"\xff\x20\x00")]


def test_neighbouring_changes_share_one_run() -> None:
    old = bytes(30)
    new = bytes(9) + b"\x01" * 12 + bytes(9)
    assert wire.delta_runs(wire.delta_body(0, old, new), 10) == [(3, b"\x01" * 12)]


def test_a_delta_run_past_the_strip_is_refused() -> None:
    body = wire.u16(1) + wire.u16(8) + bytes((3,)) + bytes(9)
    with pytest.raises(wire.WireError, match=r"outside 0\.\.9"):
        wire.delta_runs(body, 10)


def test_a_cut_short_delta_run_is_refused() -> None:
    with pytest.raises(wire.WireError, match="cut short"):
        wire.delta_runs(wire.u16(1) + wire.u16(0) + bytes((2,)) + bytes(4), 10)


def test_an_event_body_round_trips_with_negative_steps() -> None:
    body = wire.event_body(0x1234, "turn", "encoder", -1)
    assert wire.parse_event(body) == (0x1234, "turn", "encoder", -1)


def test_sequence_numbers_compare_across_the_wrap() -> None:
    assert wire.seq_newer(0, 0xFFFF)
    assert wire.seq_newer(5, 2)
    assert not wire.seq_newer(2, 5)
    assert not wire.seq_newer(7, 7)


def test_hello_and_state_bodies_round_trip() -> None:
    hello = wire.parse_hello(wire.hello_body(363, 0xABCD, 2000))
    assert hello == {"protocol": wire.PROTOCOL_VERSION, "firmware": "1.0.0", "led_count": 363,
                     "boot_id": 0xABCD, "max_milliamps": 2000}
    state = wire.parse_state(wire.state_body(7, 300, b"\x01\x02\x03"))
    assert state == {"boot_id": 7, "frame_seq": 300, "frame_crc": wire.crc16(b"\x01\x02\x03")}
    assert wire.parse_state(wire.state_body(7, None, b""))["frame_seq"] is None
