"""Easing functions, Tween and Tweener: pure, no pygame needed."""

from __future__ import annotations

import math

import pytest

from tacocat.ui.stage import tween as tw
from tacocat.ui.stage.tween import EASINGS, Tween, Tweener


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_0_and_ends_at_1(name):
    easing = EASINGS[name]
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9)
    assert easing(1.0) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize(
    "name",
    [
        "linear",
        "ease_in_quad",
        "ease_out_quad",
        "ease_in_out_quad",
        "ease_in_cubic",
        "ease_out_cubic",
        "ease_in_out_cubic",
    ],
)
def test_plain_easings_never_go_backwards_or_overshoot(name):
    easing = EASINGS[name]
    values = [easing(i / 100) for i in range(101)]
    assert all(b >= a - 1e-12 for a, b in zip(values, values[1:], strict=False))
    assert all(0.0 <= v <= 1.0 + 1e-12 for v in values)


def test_ease_in_is_slow_at_start_and_ease_out_fast():
    assert tw.ease_in_quad(0.25) < 0.25 < tw.ease_out_quad(0.25)
    assert tw.ease_in_cubic(0.25) < tw.ease_in_quad(0.25)
    assert tw.ease_in_out_cubic(0.5) == pytest.approx(0.5)


def test_ease_out_back_overshoots_then_settles():
    assert max(tw.ease_out_back(i / 100) for i in range(101)) > 1.05


def test_ease_out_bounce_touches_the_end_before_finishing():
    # The first landing of the bounce is at t = 1/2.75.
    assert tw.ease_out_bounce(1 / 2.75) == pytest.approx(1.0)
    assert tw.ease_out_bounce(0.5) < 1.0


def test_tween_waits_for_its_delay_then_eases():
    t = Tween(10.0, 20.0, duration=1.0, easing=tw.linear, delay=0.5)
    t.update(0.4)
    assert t.value == 10.0 and not t.done
    t.update(0.6)  # 0.5 s into the motion
    assert t.value == pytest.approx(15.0)
    t.update(0.5)
    assert t.done and t.value == 20.0


def test_tween_on_pairs_returns_tuples():
    t = Tween((0, 100), (100, 0), duration=2.0, easing=tw.linear)
    t.update(0.5)
    assert t.value == pytest.approx((25.0, 75.0))


def test_tween_refuses_mismatched_shapes_and_negative_time():
    with pytest.raises(ValueError):
        Tween((0, 0), (1, 1, 1), 1.0)
    with pytest.raises(ValueError):
        Tween(0, 1, -1.0)
    with pytest.raises(ValueError):
        Tween(0, 1, 1.0).update(-0.1)


def test_finish_snaps_to_the_end_and_fires_on_done_once():
    calls = []
    t = Tween(0.0, 5.0, 10.0, on_done=lambda: calls.append(1))
    t.finish()
    t.finish()
    t.update(1.0)
    assert t.value == 5.0 and t.done and calls == [1]


def test_zero_duration_completes_on_first_update_even_with_zero_dt():
    t = Tween(0.0, 1.0, 0.0)
    assert t.value == 0.0
    t.update(0.0)
    assert t.done and t.value == 1.0


class Sprite:
    def __init__(self) -> None:
        self.x = 0.0
        self.pos = (0.0, 0.0)


def test_tweener_sets_the_attribute_each_update():
    sprite = Sprite()
    tweener = Tweener()
    tweener.to(sprite, "x", 100.0, 1.0, tw.linear)
    tweener.update(0.25)
    assert sprite.x == pytest.approx(25.0)
    tweener.update(1.0)
    assert sprite.x == 100.0 and not tweener.is_animating()


def test_new_tween_on_same_attribute_replaces_and_continues_from_current_value():
    sprite = Sprite()
    tweener = Tweener()
    replaced = []
    tweener.to(sprite, "x", 100.0, 1.0, tw.linear, on_done=lambda: replaced.append(1))
    tweener.update(0.5)
    tweener.to(sprite, "x", 0.0, 1.0, tw.linear)
    assert len(tweener) == 1
    tweener.update(0.5)
    assert sprite.x == pytest.approx(25.0)  # halfway from 50 back to 0
    tweener.update(1.0)
    assert sprite.x == 0.0 and replaced == []


def test_tweens_on_different_attributes_run_together():
    sprite = Sprite()
    tweener = Tweener()
    tweener.to(sprite, "x", 10.0, 1.0, tw.linear)
    tweener.to(sprite, "pos", (10.0, 20.0), 1.0, tw.linear)
    tweener.update(0.5)
    assert sprite.x == pytest.approx(5.0) and sprite.pos == pytest.approx((5.0, 10.0))


def test_vector_like_attribute_keeps_its_type():
    class Vec(tuple):
        def __new__(cls, value):
            return super().__new__(cls, value)

    sprite = Sprite()
    sprite.pos = Vec((0.0, 0.0))
    tweener = Tweener()
    tweener.to(sprite, "pos", (4.0, 8.0), 1.0, tw.linear)
    tweener.update(0.5)
    assert sprite.pos == pytest.approx((2.0, 4.0))


def test_speed_multiplier_shortens_animations():
    sprite = Sprite()
    tweener = Tweener(speed=2.0)
    tweener.to(sprite, "x", 10.0, 1.0, tw.linear)
    tweener.update(0.25)
    assert sprite.x == pytest.approx(5.0)
    tweener.update(0.25)
    assert sprite.x == 10.0 and not tweener.is_animating()


def test_instant_speed_completes_everything_on_first_update():
    sprite = Sprite()
    tweener = Tweener(speed=math.inf)
    done = []
    tweener.to(sprite, "x", 10.0, 3.0, tw.ease_out_bounce, delay=2.0)
    tweener.after(5.0, lambda: done.append("timer"))
    tweener.update(0.0)
    assert sprite.x == 10.0 and done == ["timer"] and not tweener.is_animating()


def test_speed_may_be_read_live_from_a_callable():
    setting = {"speed": 1.0}
    sprite = Sprite()
    tweener = Tweener(speed=lambda: setting["speed"])
    tweener.to(sprite, "x", 10.0, 1.0, tw.linear)
    tweener.update(0.1)
    setting["speed"] = math.inf
    tweener.update(0.0)
    assert sprite.x == 10.0


def test_skip_all_finishes_chains_started_by_callbacks():
    sprite = Sprite()
    tweener = Tweener()
    order = []

    def second() -> None:
        order.append("first done")
        tweener.to(sprite, "x", 50.0, 1.0, on_done=lambda: order.append("second done"))

    tweener.to(sprite, "x", 10.0, 1.0, on_done=second)
    tweener.after(9.0, lambda: order.append("timer"))
    tweener.skip_all()
    assert sprite.x == 50.0
    assert order == ["first done", "timer", "second done"]
    assert not tweener.is_animating()


def test_timeline_steps_fire_in_time_order():
    tweener = Tweener()
    fired = []
    tweener.after(0.3, lambda: fired.append("b"))
    tweener.after(0.1, lambda: fired.append("a"))
    tweener.update(0.2)
    assert fired == ["a"]
    tweener.update(0.2)
    assert fired == ["a", "b"]


def test_cancel_stops_where_it_is():
    sprite = Sprite()
    tweener = Tweener()
    tweener.to(sprite, "x", 10.0, 1.0, tw.linear)
    tweener.update(0.5)
    tweener.cancel(sprite)
    tweener.update(1.0)
    assert sprite.x == pytest.approx(5.0) and not tweener.is_animating()
