"""The hub merges every source into one ordered stream; bad messages add nothing."""

from __future__ import annotations

import threading

import pytest

from pi_app.inputs.events import InputError, InputEvent


def test_events_from_every_source_arrive_in_one_stream_in_order(hub):
    hub.post(InputEvent("press", "go", source="gpio"))
    hub.post_json({"kind": "turn", "control": "encoder", "steps": -1}, source="web")
    hub.post_json({"kind": "long_press", "control": "undo"}, source="serial")
    assert [(e.source, e.kind) for e in hub.drain()] == [
        ("gpio", "press"), ("web", "turn"), ("serial", "long_press")
    ]


def test_the_real_source_overrides_what_a_message_claims(hub):
    event = hub.post_json({"kind": "press", "control": "go", "source": "gpio"}, source="web")
    assert event.source == "web"


def test_events_posted_from_many_threads_are_all_kept(hub):
    def press_many(control: str) -> None:
        for _ in range(500):
            hub.post(InputEvent("press", control))

    threads = [threading.Thread(target=press_many, args=(f"peg{i}",)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    events = hub.drain()
    assert len(events) == 1500
    assert [e for e in events if e.control == "peg1"] == [InputEvent("press", "peg1")] * 500


def test_get_waits_for_an_event_and_gives_none_after_the_timeout(hub):
    assert hub.get(timeout=0.01) is None
    threading.Timer(0.01, hub.post, args=(InputEvent("press", "ok"),)).start()
    assert hub.get(timeout=5) == InputEvent("press", "ok")


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ([1, 2], "must be a JSON object"),
        ({"control": "go"}, "has no 'kind'"),
        ({"kind": "poke", "control": "go"}, "kind 'poke' is not one of press"),
        ({"kind": "turn", "control": "encoder"}, "a turn needs steps"),
        ({"kind": "turn", "control": "encoder", "steps": "1"}, "steps '1' must be a whole"),
        ({"kind": "press", "control": "go", "steps": 2}, "a press has no steps"),
        ({"kind": "press", "control": ""}, "control '' must be a control's name"),
        ({"kind": "press", "control": "go", "colour": "red"}, "unknown field.*colour"),
    ],
)
def test_a_bad_message_is_refused_naming_the_problem_and_adds_nothing(hub, message, error):
    with pytest.raises(InputError, match=error):
        hub.post_json(message, source="web")
    assert hub.drain() == []


def test_a_message_without_a_source_needs_the_caller_to_name_one():
    with pytest.raises(InputError, match="has no 'source'"):
        InputEvent.from_json({"kind": "press", "control": "go"})
    assert InputEvent.from_json(InputEvent("press", "go", source="serial").to_json()) == (
        InputEvent("press", "go", source="serial")
    )
