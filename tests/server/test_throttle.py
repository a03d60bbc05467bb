"""How fast one socket is read (rumizi.server.inbound.Throttle): a burst at once, then a
steady rate; a pause refills it, never beyond the burst."""

from __future__ import annotations

from rumizi.server.inbound import READ_BURST, READ_RATE, Throttle


def test_a_burst_is_read_at_once_then_the_rate_holds() -> None:
    throttle = Throttle()
    assert [throttle.wait(0.0) for _ in range(READ_BURST)] == [0.0] * READ_BURST
    waits = [throttle.wait(0.0) for _ in range(3)]
    assert waits == [1 / READ_RATE, 2 / READ_RATE, 3 / READ_RATE]


def test_a_quiet_socket_gets_its_burst_back_but_no_more() -> None:
    throttle = Throttle(rate=10.0, burst=5)
    for _ in range(5):
        throttle.wait(0.0)
    assert throttle.wait(0.0) > 0  # empty
    # An hour of silence gives back the burst, not 36,000 messages.
    assert [throttle.wait(3600.0) for _ in range(5)] == [0.0] * 5
    assert throttle.wait(3600.0) > 0


def test_a_player_clicking_a_few_times_a_second_never_waits() -> None:
    throttle = Throttle()
    times = [n * 0.25 for n in range(400)]  # four moves a second for 100 s
    assert all(throttle.wait(t) == 0.0 for t in times)
