"""rumizi.learn: positions from records, fitting, network files, the loop and its command."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner, Result

import rumizi
from rumizi.adapters.base import encoding
from rumizi.bots import make
from rumizi.bots.expert import ExpertBot, NoNetwork, expert_tables
from rumizi.cli.main import cli
from rumizi.core.record import GameRecord
from rumizi.games.star_realms.strategy import playout_action
from rumizi.learn import FORMAT_VERSION, Positions, ValueNet, data, fit, learn, positions, train
from rumizi.learn.net import read_arrays, shipped, shipped_path, subnormal
from rumizi.learn.train import split


def played(seed: int, cap: int | None = None) -> GameRecord:
    """A Star Realms game of the strong policy, whole or stopped after ``cap`` moves."""
    record = GameRecord("star-realms", seed=seed)
    state = record.start()
    rng = random.Random(seed)
    while not state.over and (cap is None or len(record.actions) < cap):
        action = playout_action(state, rng)
        state.apply(action)
        record.actions.append(action)
    return record


def test_positions_are_each_seat_s_view_at_each_turn_start_with_its_result() -> None:
    enc = encoding("star-realms", 2)
    record = played(3)
    found = positions([record, played(4, cap=30)], enc)  # the capped game teaches nothing
    final = record.final_state()
    expected: list[np.ndarray] = []
    state = record.start()
    last = None
    for action in record.actions:
        if state.to_act != last:
            last = state.to_act
            expected.extend(enc.observe(state.view(seat)) for seat in (0, 1))
        state.apply(action)
    assert found.turns == len(expected) // 2 > 5
    assert np.array_equal(found.observations, np.stack(expected))
    assert found.results.tolist() == [final.returns()[i % 2] for i in range(len(expected))]
    assert set(found.games.tolist()) == {0}


def test_positions_come_out_the_same_however_the_rows_are_blocked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    records = [played(seed) for seed in (3, 4, 5)]
    whole = positions(records, encoding("star-realms"))
    monkeypatch.setattr(data, "BLOCK", 70)  # a block every game or two
    blocked = positions(records, encoding("star-realms"))
    assert np.array_equal(blocked.observations, whole.observations)
    assert np.array_equal(blocked.results, whole.results)
    assert np.array_equal(blocked.games, whole.games)
    assert blocked.turns == whole.turns


def test_turned_positions_read_every_seat_as_though_it_sat_first() -> None:
    enc = encoding("star-realms", 2)
    record = played(3)
    plain = positions([record], enc)
    turned = positions([record], enc, rotated=True)
    order = enc.seat_order(1)
    assert order is not None
    assert np.array_equal(turned.observations[0::2], plain.observations[0::2])
    assert np.array_equal(turned.observations[1::2], plain.observations[1::2][:, order])
    assert (turned.observations[:, enc.layout["viewer"][0]] == 1).all()  # always the first
    # The first turn: seat 0 holds 3 cards, seat 1 five; each reads its own hand as p0's.
    hands = [enc.layout[f"p{p}.hand_size"][0] for p in (0, 1)]
    assert turned.observations[0, hands].tolist() == [3, 5]
    assert turned.observations[1, hands].tolist() == [5, 3]
    assert np.array_equal(turned.results, plain.results)


@pytest.mark.parametrize(
    ("fmt", "players", "turns"),
    [("duel", 2, True), ("hunter", 3, True), ("free-for-all", 5, True), ("hydra", 4, False),
     ("emperor", 6, False), ("raid", 3, False)],
)  # fmt: skip
def test_seats_turn_round_the_table_where_they_are_alike(
    fmt: str, players: int, turns: bool
) -> None:
    enc = encoding("star-realms", players, format=fmt)
    orders = data.seat_orders(enc)
    if not turns:  # teams or a boss: seats are not alike
        assert orders is None
        with pytest.raises(ValueError, match="cannot renumber"):
            data.reader(enc, rotated=True)
        return
    assert orders is not None
    size = enc.observation_size
    assert orders[0].tolist() == list(range(size))
    for by, order in enumerate(orders):
        assert sorted(order.tolist()) == list(range(size))  # nothing lost, nothing twice
        # Turning by one seat, then by ``by`` more, is turning by ``by + 1``.
        assert np.array_equal(orders[1][order], orders[(by + 1) % players])
    state = rumizi.game("star-realms").new(seed=2, players=players, format=fmt)
    for seat in range(players):
        seen = data.reader(enc, rotated=True)(state.view(seat))
        viewer = enc.layout["viewer"][0]
        assert seen[viewer : viewer + players].tolist() == [1] + [0] * (players - 1)


def test_validation_holds_whole_games() -> None:
    games = np.repeat(np.arange(50, dtype=np.int32), 7)
    found = Positions(np.zeros((350, 2), np.float32), np.zeros(350, np.float32), games, 175)
    train, check = split(found, 0.2, seed=3)
    assert len(train) + len(check) == 350 and len(check) > 0
    assert not set(games[train]) & set(games[check])


def test_a_network_keeps_its_outputs_and_info_through_its_file(tmp_path: Path) -> None:
    net = ValueNet.random(6, hidden=(5, 4), seed=2, info={"game": "star-realms", "players": 2})
    path = tmp_path / "net.npz"
    net.save(path)
    again = ValueNet.load(path)
    x = np.random.default_rng(1).standard_normal((9, 6)).astype(np.float32)
    assert np.array_equal(again.values(x), net.values(x))
    assert again.info == {"game": "star-realms", "players": 2, "format": FORMAT_VERSION}
    assert ValueNet.load(path.read_bytes()).values(x).tolist() == net.values(x).tolist()


def test_a_file_that_is_not_a_network_of_this_format_is_refused(tmp_path: Path) -> None:
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a network")
    with pytest.raises(ValueError, match="is not a value network"):
        ValueNet.load(broken)
    future = tmp_path / "future.npz"
    ValueNet.random(3).save(future)
    with np.load(future) as data:
        arrays = dict(data)
    arrays["info"] = np.frombuffer(b'{"format": 99}', dtype=np.uint8)
    np.savez(future, **arrays)
    with pytest.raises(ValueError, match="format 99; this Rumizi reads format 1"):
        ValueNet.load(future)


def test_layers_that_do_not_chain_are_refused() -> None:
    net = ValueNet.random(4, hidden=(3,))
    (w0, b0), (w1, b1) = net.layers
    with pytest.raises(ValueError, match="layer 2 takes"):
        ValueNet(((w0, b0), (w1[:2], b1)), net.mean, net.scale)
    with pytest.raises(ValueError, match="has 3 outputs"):
        ValueNet(((w0, b0),), net.mean, net.scale)


def test_subnormal_weights_become_zero_and_the_outputs_stay_as_they_were() -> None:
    net = ValueNet.random(6, hidden=(5,), seed=3)
    (w0, b0), (w1, b1) = net.layers
    tiny = np.finfo(np.float32).tiny
    w0, b1 = w0.copy(), b1.copy()
    w0[::2] = np.float32(tiny / 8)  # what a weight penalty leaves of a seldom-seen input
    b1[0] = -np.float32(tiny / 2)
    assert subnormal(w0).sum() == 15 and subnormal(b1).sum() == 1
    made = ValueNet(((w0, b0), (w1, b1)), net.mean, net.scale)
    (f0, g0), (f1, g1) = made.layers
    assert not any(subnormal(a).any() for a in (f0, g0, f1, g1))
    assert (f0[::2] == 0).all() and np.array_equal(f0[1::2], w0[1::2]) and g1[0] == 0
    x = np.random.default_rng(4).standard_normal((7, 6)).astype(np.float32)
    by_hand = np.maximum(x @ w0 + b0, 0) @ w1 + b1  # the subnormals kept
    assert made.values(x, clip=False) == pytest.approx(by_hand[:, 0], abs=1e-6)


@pytest.mark.parametrize("table", expert_tables())
def test_no_shipped_network_keeps_a_subnormal_weight(table: tuple[str, int]) -> None:
    # Their files hold thousands (a weight penalty's leftovers); read, they hold none, and
    # every other weight is as written.
    net = shipped(*table)
    assert net is not None
    assert not any(subnormal(w).any() or subnormal(b).any() for w, b in net.layers)
    written = read_arrays(shipped_path(*table))
    assert sum(int(subnormal(w).sum()) for w, _ in written.layers) > 1000
    for kept, raw in zip(net.layers, written.layers, strict=True):
        for k, r in zip(kept, raw, strict=True):
            assert np.array_equal(k, np.where(subnormal(r), np.float32(0), r))


def standardising(net: ValueNet, seed: int) -> ValueNet:
    """``net`` with a standardisation of its own (as a fitted network has), not the identity."""
    rng = np.random.default_rng(seed)
    mean = rng.standard_normal(net.observation_size).astype(np.float32)
    scale = rng.uniform(0.2, 3.0, net.observation_size).astype(np.float32)
    return ValueNet(net.layers, mean, scale, net.info)


@pytest.mark.parametrize("hidden", [(), (5,), (5, 4)])
def test_an_averaged_network_answers_the_mean_of_its_members(
    hidden: tuple[int, ...], tmp_path: Path
) -> None:
    info = {"game": "star-realms", "players": 2, "rotated": True, "horizon": 10}
    members = [
        standardising(ValueNet.random(6, hidden=hidden, seed=seed, info=info), seed)
        for seed in (1, 2, 3)
    ]
    both = ValueNet.averaged(members)
    x = np.random.default_rng(4).standard_normal((50, 6)).astype(np.float32)
    mean = np.mean([m.values(x, clip=False) for m in members], axis=0)
    assert np.allclose(both.values(x, clip=False), mean, atol=1e-5)
    assert np.array_equal(both.values(x), np.clip(both.values(x, clip=False), 0.0, 1.0))
    # The hidden layers side by side: three times as wide, as deep.
    assert [w.shape[1] for w, _ in both.layers] == [3 * width for width in hidden] + [1]
    assert both.info["hidden"] == [3 * width for width in hidden]
    assert [m["rotated"] for m in both.info["members"]] == [True] * 3
    path = tmp_path / "both.npz"
    both.save(path)
    assert np.array_equal(ValueNet.load(path).values(x), both.values(x))
    assert ValueNet.averaged(members[:1]).values(x) == pytest.approx(members[0].values(x), abs=1e-6)


def test_networks_that_read_differently_are_not_averaged() -> None:
    turned = ValueNet.random(6, seed=1, info={"game": "star-realms", "rotated": True})
    plain = ValueNet.random(6, seed=2, info={"game": "star-realms", "rotated": False})
    with pytest.raises(ValueError, match="network 2 differs from the first in rotated: they"):
        ValueNet.averaged([turned, plain])
    wider = ValueNet.random(7, seed=3, info=turned.info)
    deeper = ValueNet.random(6, hidden=(4, 4), seed=4, info=turned.info)
    with pytest.raises(ValueError, match="network 2 differs from the first in observation size"):
        ValueNet.averaged([turned, wider])
    with pytest.raises(ValueError, match="network 3 differs from the first in depth"):
        ValueNet.averaged([turned, turned, deeper])
    with pytest.raises(ValueError, match="at least one"):
        ValueNet.averaged([])


def test_fitting_learns_a_signal_and_keeps_the_best_epoch() -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1200, 5)).astype(np.float32)
    y = (x[:, 1] + 0.3 * x[:, 2] > 0).astype(np.float32)
    found = Positions(x, y, np.arange(1200, dtype=np.int32) // 6, 600)
    seen: list[int] = []
    net, epochs = fit(
        found, hidden=(16,), epochs=15, batch=32, seed=2, progress=lambda e: seen.append(e.number)
    )
    assert seen == list(range(1, 16))
    best = min(e.validation for e in epochs)
    assert best < 0.5 * epochs[0].validation
    _, check = split(found, 0.1, seed=2)
    kept = float(np.mean((net.values(x[check]) - y[check]) ** 2))
    assert kept == pytest.approx(best, rel=1e-4)


def test_fitting_in_chunks_standardises_on_every_training_row_and_still_learns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A large run is fed to the optimiser a chunk at a time; here each chunk is 97 rows.
    monkeypatch.setattr(train, "CHUNK", 97)
    rng = np.random.default_rng(4)
    x = (rng.standard_normal((1000, 4)) * [1.0, 3.0, 0.5, 0.0] + [0.0, 2.0, -1.0, 7.0]).astype(
        np.float32
    )
    y = (x[:, 0] - x[:, 2] > 1.0).astype(np.float32)
    found = Positions(x, y, np.arange(1000, dtype=np.int32) // 4, 500)
    parts = train._chunks(np.arange(1000))
    assert max(len(p) for p in parts) <= 97
    assert np.array_equal(np.concatenate(parts), np.arange(1000))
    net, epochs = fit(found, hidden=(8,), epochs=12, batch=16, seed=5)
    rows, _ = split(found, 0.1, seed=5)
    assert net.mean == pytest.approx(x[rows].mean(axis=0), abs=1e-4)
    # The constant column is left as it is, not divided by zero.
    assert net.scale == pytest.approx([*x[rows, :3].std(axis=0), 1.0], rel=1e-4)
    assert min(e.validation for e in epochs) < 0.5 * epochs[0].validation


def test_a_tiny_learning_run_goes_end_to_end_with_two_rounds(tmp_path: Path) -> None:
    said: list[str] = []
    net, rounds = learn(
        "star-realms", tmp_path, games=2, epochs=2, rounds=2, jobs=1, seed=5, report=said.append
    )
    assert [r.bot for r in rounds] == ["strong", "expert"]
    assert all(r.games == 2 and r.positions > 0 for r in rounds)
    for number in (1, 2):
        assert (tmp_path / f"round-{number}.jsonl").read_text().count("\n") == 2
        assert ValueNet.load(tmp_path / f"round-{number}.npz").info["game"] == "star-realms"
    assert [r["bot"] for r in net.info["training"]["rounds"]] == ["strong", "expert"]
    assert net.observation_size == encoding("star-realms", 2).observation_size
    assert net.info["table"] == {"format": "duel"}  # what expert checks a table against
    assert net.info["rotated"] is True  # each seat's view read as though it sat first
    assert any("validation loss" in line for line in said)
    state = rumizi.game("star-realms").new(seed=1)
    assert 0.0 <= net.value(data.reader(encoding("star-realms", 2), True)(state.view(1))) <= 1.0


def test_the_learn_command_trains_and_writes_a_network(tmp_path: Path) -> None:
    out = tmp_path / "star.npz"
    answer = CliRunner().invoke(
        cli,
        ["learn", "star-realms", "--games", "2", "--epochs", "1", "--jobs", "1", "--hidden", "8",
         "--workdir", str(tmp_path / "work"), "--out", str(out)],
    )  # fmt: skip
    assert answer.exit_code == 0, answer.output
    assert "star-realms: 2 games, 1 rounds, validation loss" in answer.output
    net = ValueNet.load(out)
    assert [w.shape[1] for w, _ in net.layers] == [8, 1]


def test_the_learn_command_limits_the_random_moves_to_the_opening_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rumizi.arena import runner

    asked: list[dict[str, object]] = []
    arena = runner.run_arena

    def watched(*args: object, **kwargs: object) -> object:
        asked.append(dict(kwargs["bot_options"]))  # type: ignore[call-overload]
        return arena(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "run_arena", watched)
    out = tmp_path / "star.npz"
    answer = CliRunner().invoke(
        cli,
        ["learn", "star-realms", "--games", "2", "--epochs", "1", "--jobs", "1", "--hidden", "8",
         "--opening", "3", "--workdir", str(tmp_path / "work"), "--out", str(out)],
    )  # fmt: skip
    assert answer.exit_code == 0, answer.output
    assert asked == [{"explore": 0.25, "opening": 3}]
    assert ValueNet.load(out).info["opening"] == 3  # the file says how its games were played
    # By default, the opening the shipped networks were trained with.
    learn("star-realms", tmp_path / "plain", games=2, epochs=1, hidden=(4,), jobs=1)
    assert asked[-1] == {"explore": 0.25, "opening": 20}


def test_the_learn_command_averages_the_new_network_with_earlier_ones(tmp_path: Path) -> None:
    def train(seed: int, out: Path, *more: str) -> Result:
        return CliRunner().invoke(
            cli,
            ["learn", "star-realms", "--games", "2", "--epochs", "1", "--jobs", "1", "--hidden",
             "8", "--seed", str(seed), "--workdir", str(tmp_path / f"work-{seed}"),
             "--out", str(out), *more],
        )  # fmt: skip

    earlier = tmp_path / "earlier.npz"
    assert train(1, earlier).exit_code == 0
    answer = train(2, tmp_path / "both.npz", "--average-with", str(earlier))
    assert answer.exit_code == 0 and "averaged with" in answer.output
    both = ValueNet.load(tmp_path / "both.npz")
    alone = ValueNet.load(tmp_path / "work-2" / "round-1.npz")
    assert [w.shape[1] for w, _ in both.layers] == [16, 1]
    views = [rumizi.game("star-realms").new(seed=seed).view(seed % 2) for seed in range(6)]
    read = data.reader(encoding("star-realms", 2), True)
    x = np.stack([read(view) for view in views])
    mean = (alone.values(x, clip=False) + ValueNet.load(earlier).values(x, clip=False)) / 2
    assert np.allclose(both.values(x, clip=False), mean, atol=1e-5)
    assert [m["training"]["rounds"][0]["games"] for m in both.info["members"]] == [2, 2]

    never, other = tmp_path / "never.npz", tmp_path / "other.npz"
    # A network of other seats is refused before any game is played, and nothing is written.
    size = both.observation_size
    ValueNet.random(size, seed=1, info={**alone.info, "players": 3}).save(other)
    answer = train(3, never, "--average-with", str(other))
    assert answer.exit_code == 1
    assert "is for star-realms at 3 seats, not star-realms at 2" in answer.output
    assert not never.exists() and not (tmp_path / "work-3").exists()
    # One of the same seats that reads them otherwise: refused once the two are compared.
    ValueNet.random(size, seed=1, info={**alone.info, "rotated": False}).save(other)
    answer = train(4, never, "--average-with", str(other))
    assert answer.exit_code == 1 and "network 2 differs from the first in rotated" in answer.output
    assert not never.exists()
    answer = CliRunner().invoke(cli, ["learn", "star-realms", "--average-with", str(other)])
    assert answer.exit_code == 2 and "--average-with writes its average to --out" in answer.output


def test_the_learn_command_takes_the_game_s_options_and_expert_plays_that_table(
    tmp_path: Path,
) -> None:
    out = tmp_path / "suits.npz"
    answer = CliRunner().invoke(
        cli,
        ["learn", "fantasy-realms", "--players", "3", "--option", "suits=true", "--games", "2",
         "--epochs", "1", "--jobs", "1", "--hidden", "8", "--l2", "0.5", "--horizon", "9",
         "--workdir", str(tmp_path / "work"), "--out", str(out)],
    )  # fmt: skip
    assert answer.exit_code == 0, answer.output
    net = ValueNet.load(out)
    assert net.info["options"] == {"suits": True}
    assert net.info["table"]["options"]["suits"] is True
    assert net.observation_size == encoding("fantasy-realms", 3, suits=True).observation_size
    assert net.info["l2"] == 0.5 and net.info["horizon"] == 9
    bot = make("expert", seed=1, iterations=8, weights=str(out))
    assert isinstance(bot, ExpertBot)
    suits = _a_decision(rumizi.game("fantasy-realms").new(4, 3, suits=True))
    legal = suits.legal_actions()
    assert bot.choose(suits.view(suits.to_act or 0), legal) in legal
    assert bot.horizon == 9  # the network's own, unless the bot is given one
    chosen = make("expert", seed=1, iterations=8, weights=str(out), horizon=2)
    assert isinstance(chosen, ExpertBot)
    chosen.choose(suits.view(suits.to_act or 0), legal)
    assert chosen.horizon == 2
    base = _a_decision(rumizi.game("fantasy-realms").new(4, 3))  # not the network's table
    with pytest.raises(NoNetwork, match="trained on the table"):
        bot.choose(base.view(base.to_act or 0), base.legal_actions())


def _a_decision(state: rumizi.GameState) -> rumizi.GameState:
    """``state`` played on by its first legal moves to a choice of two or more."""
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def test_the_learn_command_refuses_bad_input_clearly(tmp_path: Path) -> None:
    answer = CliRunner().invoke(cli, ["learn", "star-realms", "--hidden", "big"])
    assert answer.exit_code == 2 and "is not sizes like 128,64" in answer.output
    answer = CliRunner().invoke(cli, ["learn", "chess", "--games", "1", "--workdir", str(tmp_path)])
    assert answer.exit_code == 1 and "no encoding for game 'chess'" in answer.output
    answer = CliRunner().invoke(cli, ["learn", "star-realms", "--option", "format"])
    assert answer.exit_code == 2 and "'format' is not KEY=VALUE" in answer.output
