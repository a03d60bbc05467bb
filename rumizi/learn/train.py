"""Fitting a value network to training positions, with scikit-learn (the ``learn`` extra).

:func:`fit` standardises the observations, holds whole games back for validation, and runs
scikit-learn's ``MLPRegressor`` (Adam, squared error, L2 penalty) one epoch at a time, telling
``progress`` each epoch's training and validation loss; the epoch with the lowest validation
loss is the one kept. The result is a numpy :class:`~rumizi.learn.net.ValueNet`: playing
with it needs no scikit-learn.

>>> import numpy as np
>>> from rumizi.learn.data import Positions
>>> rng = np.random.default_rng(0)
>>> x = rng.standard_normal((400, 3)).astype(np.float32)
>>> y = (x[:, 0] > 0).astype(np.float32)
>>> found = Positions(x, y, np.arange(400, dtype=np.int32) // 4, 200)
>>> net, epochs = fit(found, hidden=(8,), epochs=20, seed=1)
>>> epochs[-1].validation < epochs[0].validation
True
>>> net.value(np.array([2.0, 0.0, 0.0], dtype=np.float32)) > 0.8
True
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from rumizi.core.encoding import FloatArray
from rumizi.learn.data import Positions
from rumizi.learn.net import ValueNet

HIDDEN = (128, 64)
EPOCHS = 12
BATCH = 256
VALIDATION = 0.1  # the share of games held back
L2 = 1e-3
LEARNING_RATE = 1e-3
LOSS_SAMPLE = 50_000  # training rows the reported training loss is measured on
CHUNK = 100_000  # rows standardised at a time (230 MB of Star Realms' observations)


@dataclass(frozen=True)
class Epoch:
    """One pass over the training positions: its number and both mean squared errors."""

    number: int
    training: float
    validation: float


EpochProgress = Callable[[Epoch], None]
Rows: TypeAlias = npt.NDArray[np.intp]


def split(found: Positions, share: float, seed: int) -> tuple[Rows, Rows]:
    """Row indexes for training and validation; a deal's rows all go to the same side."""
    games = np.unique(found.games)
    held = np.less(np.random.default_rng(seed).random(games.shape[0]), share)
    if held.all() or not held.any():  # too few games to split at random: hold back one
        held = np.zeros(games.shape[0], dtype=bool)
        held[-1] = games.shape[0] > 1
    validation = np.isin(found.games, games[held])
    return np.flatnonzero(~validation), np.flatnonzero(validation)


def fit(
    found: Positions,
    *,
    hidden: Sequence[int] = HIDDEN,
    epochs: int = EPOCHS,
    batch: int = BATCH,
    validation: float = VALIDATION,
    seed: int = 0,
    l2: float = L2,
    start: ValueNet | None = None,
    info: Mapping[str, Any] | None = None,
    progress: EpochProgress | None = None,
) -> tuple[ValueNet, list[Epoch]]:
    """Train a network on ``found``; the best epoch's network and every epoch's figures.

    ``l2`` is the weights' penalty (scikit-learn's ``alpha``). ``start`` continues from an
    earlier network of the same shape (its standardisation is kept) instead of random weights.
    """
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPRegressor

    if len(found) == 0:
        raise ValueError("no positions to learn from (every game was capped?)")
    train_rows, check_rows = split(found, validation, seed)
    x, y = found.observations, found.results
    if start is not None:
        mean, scale = start.mean, start.scale
    else:
        mean, scale = _moments(x, train_rows)

    def standardised(rows: Rows) -> FloatArray:
        return ((x[rows] - mean) / scale).astype(np.float32)

    def loss(rows: Rows) -> float:
        errors = [
            np.clip(model.predict(standardised(part)), 0, 1) - y[part] for part in _chunks(rows)
        ]
        return float(np.mean(np.concatenate(errors) ** 2))

    model = MLPRegressor(
        hidden_layer_sizes=tuple(hidden),
        alpha=l2,
        batch_size=min(batch, len(train_rows)),
        learning_rate_init=LEARNING_RATE,
        random_state=seed,
        shuffle=True,
    )
    if start is not None:
        model.partial_fit(standardised(train_rows[:1]), y[train_rows[:1]])  # make the arrays
        model.coefs_ = [w.copy() for w, _ in start.layers]
        model.intercepts_ = [b.copy() for _, b in start.layers]
    figures: list[Epoch] = []
    best: tuple[float, list[np.ndarray], list[np.ndarray]] | None = None
    check = check_rows if len(check_rows) else train_rows
    order = np.random.default_rng(seed)
    # The training loss is reported, not used: a fixed sample of rows tells it well enough
    # at a fraction of predicting every row each epoch.
    sample = order.permutation(train_rows)[:LOSS_SAMPLE]
    for number in range(1, epochs + 1):
        # An epoch in chunks of rows drawn at random: the optimiser's state carries from one
        # chunk to the next, and only a chunk is ever standardised (a copy of every row
        # would double what a large run holds in memory).
        for part in _chunks(order.permutation(train_rows)):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ConvergenceWarning)
                model.partial_fit(standardised(part), y[part])
        epoch = Epoch(number, loss(sample), loss(check))
        figures.append(epoch)
        if progress is not None:
            progress(epoch)
        if best is None or epoch.validation < best[0]:
            best = (
                epoch.validation,
                [w.copy() for w in model.coefs_],
                [b.copy() for b in model.intercepts_],
            )
    assert best is not None
    layers = tuple(
        (w.astype(np.float32), b.astype(np.float32)) for w, b in zip(best[1], best[2], strict=True)
    )
    return ValueNet(
        layers, mean.astype(np.float32), scale.astype(np.float32), dict(info or {})
    ), figures


def _chunks(rows: Rows) -> list[Rows]:
    """``rows`` in nearly equal parts of at most :data:`CHUNK`."""
    return np.array_split(rows, max(1, -(-len(rows) // CHUNK)))


def _moments(x: FloatArray, rows: Rows) -> tuple[FloatArray, FloatArray]:
    """The mean and standard deviation of ``x[rows]``'s columns, a chunk at a time (a
    constant column's deviation is 1: it is left as it is)."""
    total = np.zeros(x.shape[1])
    squares = np.zeros(x.shape[1])
    for part in _chunks(rows):
        block = x[part].astype(np.float64)
        total += block.sum(axis=0)
        squares += np.square(block).sum(axis=0)
    mean = total / len(rows)
    spread = np.sqrt(np.maximum(squares / len(rows) - mean * mean, 0.0))
    scale = np.where(spread > 1e-6, spread, 1.0)
    return mean.astype(np.float32), scale.astype(np.float32)
