"""A value network in plain numpy: a seat's view in, that seat's expected result out.

The network is a small multi-layer perceptron (ReLU between layers, one output) over the
game's observation vector (:meth:`~rumizi.core.encoding.GameEncoding.observe`), standardised
by the training set's mean and spread. Its output is the seat's predicted result, 1 for a win
and 0 for a loss (a draw or a middle place in between), clipped to ``[0, 1]``. Playing needs
only numpy; :mod:`rumizi.learn.train` makes networks with scikit-learn.

A network is one ``.npz`` file: the arrays, and a JSON ``info`` that says which game, table
and options it was trained for, its format version, and how it was trained (games, epochs,
losses, hours). :func:`shipped` finds the one the package carries for a table.

>>> import numpy as np
>>> net = ValueNet.random(observation_size=4, hidden=(3,), seed=1, info={"game": "demo"})
>>> value = net.value(np.zeros(4, dtype=np.float32))
>>> 0.0 <= value <= 1.0
True
>>> net.values(np.zeros((2, 4), dtype=np.float32)).shape
(2,)
"""

from __future__ import annotations

import io
import itertools
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from rumizi.core.encoding import FloatArray

#: The file format; a file of another version is refused, not misread.
FORMAT_VERSION = 1
#: What a network's ``info`` says of how it reads a view; networks averaged must agree on it.
SAME_READING = ("game", "players", "options", "table", "rotated", "horizon")
#: The package folder of the shipped networks.
WEIGHTS = "weights"


def subnormal(array: FloatArray) -> npt.NDArray[np.bool_]:
    """Where ``array`` holds subnormal numbers: not 0, yet nearer 0 than its type's smallest
    normal number (``np.finfo(dtype).tiny``).

    >>> subnormal(np.array([1e-40, -1e-40, 0.0, 1e-30], dtype=np.float32)).tolist()
    [True, True, False, False]
    """
    found: npt.NDArray[np.bool_] = (array != 0) & (np.abs(array) < np.finfo(array.dtype).tiny)
    return found


def without_subnormals(array: FloatArray) -> FloatArray:
    """``array`` with its :func:`subnormal` numbers set to 0.

    A weight penalty drives the weights of inputs that seldom vary towards 0, and many stop
    among the subnormals: too small to change any output, but the processor multiplies them
    tens of times slower than other numbers. Half the weights of Star Realms' shipped network
    were subnormal, and it read a view in 313 µs; flushed, in 31 µs (``bench/value_speed.py``).

    >>> without_subnormals(np.array([1e-40, -1e-40, 1e-30, 0.5], dtype=np.float32)).tolist()
    [0.0, 0.0, 1.0000000031710769e-30, 0.5]
    """
    return np.where(subnormal(array), np.zeros((), dtype=array.dtype), array)


Layers = tuple[tuple[FloatArray, FloatArray], ...]


@dataclass(frozen=True)
class Written:
    """A network file's arrays as written, before :class:`ValueNet` flushes its subnormal
    weights (:func:`read_arrays`)."""

    layers: Layers
    mean: FloatArray
    scale: FloatArray
    info: dict[str, Any]


def read_arrays(source: str | os.PathLike[str] | bytes) -> Written:
    """The arrays and ``info`` of a file written by :meth:`ValueNet.save` (a path, or the
    file's bytes), as they are written; :meth:`ValueNet.load` makes a network of them.

    A file that is not one, or of another format version, is a ``ValueError``.
    """
    where = "the network's bytes" if isinstance(source, bytes) else str(source)
    try:
        with np.load(io.BytesIO(source) if isinstance(source, bytes) else source) as data:
            info = json.loads(bytes(data["info"]).decode())
            count = sum(1 for name in data.files if name.startswith("w"))
            layers = tuple(
                (data[f"w{k}"].astype(np.float32), data[f"b{k}"].astype(np.float32))
                for k in range(count)
            )
            mean = data["mean"].astype(np.float32)
            scale = data["scale"].astype(np.float32)
    except (OSError, KeyError, ValueError) as err:
        raise ValueError(f"{where} is not a value network: {err}") from err
    if info.get("format") != FORMAT_VERSION:
        raise ValueError(
            f"{where} is a value network of format {info.get('format')!r}; "
            f"this Rumizi reads format {FORMAT_VERSION}"
        )
    return Written(layers, mean, scale, info)


def forward(
    layers: Sequence[tuple[FloatArray, FloatArray]],
    mean: FloatArray,
    scale: FloatArray,
    observations: FloatArray,
    clip: bool = True,
) -> FloatArray:
    """A network's arithmetic on arrays as given (:meth:`ValueNet.values` passes its own):
    standardise, then each layer, ReLU between them, clipped to ``[0, 1]`` unless ``clip``
    is false."""
    x = (observations - mean) / scale
    last = len(layers) - 1
    for number, (weights, bias) in enumerate(layers):
        x = x @ weights + bias
        if number < last:
            np.maximum(x, 0.0, out=x)
    out: FloatArray = (np.clip(x[:, 0], 0.0, 1.0) if clip else x[:, 0]).astype(np.float32)
    return out


@dataclass(frozen=True, eq=False)
class ValueNet:
    """Layers ``(weights, bias)`` applied in turn (ReLU between them), after standardising.

    ``weights[k]`` has shape ``(inputs, outputs)``; the last layer has one output. ``mean``
    and ``scale`` standardise an observation (``(x - mean) / scale``) before the first layer.
    ``info`` is what the file says of itself: ``game``, ``players``, ``options`` and
    ``training``.
    """

    layers: Layers
    mean: FloatArray
    scale: FloatArray
    info: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.layers:
            raise ValueError("a value network needs at least one layer")
        flushed = tuple((without_subnormals(w), without_subnormals(b)) for w, b in self.layers)
        object.__setattr__(self, "layers", flushed)  # frozen: set once, while being made
        width = self.mean.shape[0]
        if self.scale.shape != (width,):
            raise ValueError(f"mean and scale differ in length: {width} and {self.scale.shape}")
        for number, (weights, bias) in enumerate(self.layers, 1):
            if weights.ndim != 2 or weights.shape[0] != width or bias.shape != weights.shape[1:]:
                raise ValueError(
                    f"layer {number} takes {weights.shape} with bias {bias.shape}; "
                    f"{width} inputs come to it"
                )
            width = weights.shape[1]
        if width != 1:
            raise ValueError(f"the last layer has {width} outputs; a value network has one")

    @property
    def observation_size(self) -> int:
        """How many numbers an observation has."""
        return int(self.mean.shape[0])

    def other_table(self, game_id: str, players: int) -> str | None:
        """Where the network is for another game or seat count than ``game_id`` at
        ``players``: that, in words (``"is for … at N seats, not …"``); else ``None``.

        >>> ValueNet.random(3, info={"game": "star-realms", "players": 2}).other_table(
        ...     "splendor-duel", 2)
        'is for star-realms at 2 seats, not splendor-duel at 2'
        """
        game, seats = self.info.get("game"), self.info.get("players")
        if (game, seats) == (game_id, players):
            return None
        return f"is for {game} at {seats} seats, not {game_id} at {players}"

    def values(self, observations: FloatArray, clip: bool = True) -> FloatArray:
        """The predicted result of each row of ``observations`` (shape ``(n, size)``);
        ``clip=False``: the last layer's output as it is, not held to ``[0, 1]``."""
        return forward(self.layers, self.mean, self.scale, observations, clip)

    def value(self, observation: FloatArray) -> float:
        """The predicted result for one observation (a vector of :attr:`observation_size`)."""
        return float(self.values(observation[np.newaxis, :])[0])

    # ------------------------------------------------------------------ files

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the network to ``path`` (``.npz``), its arrays compressed."""
        arrays: dict[str, Any] = {"mean": self.mean, "scale": self.scale}
        for number, (weights, bias) in enumerate(self.layers):
            arrays[f"w{number}"] = weights
            arrays[f"b{number}"] = bias
        info = {**self.info, "format": FORMAT_VERSION}
        arrays["info"] = np.frombuffer(json.dumps(info, sort_keys=True).encode(), dtype=np.uint8)
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, source: str | os.PathLike[str] | bytes) -> ValueNet:
        """Read a network written by :meth:`save` (a path, or the file's bytes).

        A file that is not one, or of another format version, is a ``ValueError``.
        """
        written = read_arrays(source)
        return cls(written.layers, written.mean, written.scale, written.info)

    @classmethod
    def averaged(cls, members: Sequence[ValueNet]) -> ValueNet:
        """One network whose output is the mean of the ``members``' outputs (before the clip
        to ``[0, 1]``): their hidden layers side by side, each still reading its own inputs.

        Networks trained on different games err differently, and their mean errs less than
        either. The members must read the same table the same way (the ``info`` keys of
        :data:`SAME_READING`) through as many layers. The result standardises as the first
        member does; every other member's own standardisation is folded into its first layer.

        >>> import numpy as np
        >>> a = ValueNet.random(4, hidden=(3,), seed=1, info={"game": "demo"})
        >>> b = ValueNet.random(4, hidden=(5,), seed=2, info={"game": "demo"})
        >>> x = np.linspace(0.0, 0.3, 8, dtype=np.float32).reshape(2, 4)
        >>> both = ValueNet.averaged([a, b])
        >>> [weights.shape for weights, _ in both.layers]
        [(4, 8), (8, 1)]
        >>> raw = lambda net: net.values(x, clip=False)
        >>> bool(np.allclose(raw(both), (raw(a) + raw(b)) / 2, atol=1e-6))
        True
        """
        if not members:
            raise ValueError("an average needs at least one network")
        first = members[0]
        for number, other in enumerate(members[1:], 2):
            differ = [key for key in SAME_READING if other.info.get(key) != first.info.get(key)]
            if other.observation_size != first.observation_size:
                differ.append("observation size")
            if len(other.layers) != len(first.layers):
                differ.append("depth")
            if differ:
                raise ValueError(
                    f"network {number} differs from the first in {', '.join(differ)}: "
                    "they cannot be averaged"
                )
        share = np.float32(1.0 / len(members))
        columns: list[list[tuple[FloatArray, FloatArray]]] = []
        for member in members:
            # (x - m) / s  =  ((x - m0) / s0) * (s0 / s) + (m0 - m) / s: member's standardised
            # inputs from the first member's, folded into the first layer.
            stretch = (first.scale / member.scale).astype(np.float32)
            shift = ((first.mean - member.mean) / member.scale).astype(np.float32)
            weights, bias = member.layers[0]
            layers = [(weights * stretch[:, np.newaxis], bias + shift @ weights)]
            layers += list(member.layers[1:])
            last_weights, last_bias = layers[-1]
            layers[-1] = (last_weights * share, last_bias * share)
            columns.append(layers)
        joined: list[tuple[FloatArray, FloatArray]] = []
        last = len(first.layers) - 1
        for depth in range(last + 1):
            weights_of = [layers[depth][0] for layers in columns]
            biases = [layers[depth][1] for layers in columns]
            if depth == last:  # one output each: their sum is the mean
                bias = np.sum(biases, axis=0)
                if depth == 0:
                    weights = np.sum(weights_of, axis=0)
                else:
                    weights = np.concatenate(weights_of, axis=0)
            else:
                bias = np.concatenate(biases)
                if depth == 0:  # every member reads the same inputs
                    weights = np.concatenate(weights_of, axis=1)
                else:  # each reads only its own hidden units
                    weights = _block_diagonal(weights_of)
            joined.append((weights.astype(np.float32), bias.astype(np.float32)))
        info = {
            **{key: value for key, value in first.info.items() if key != "training"},
            "hidden": [int(w.shape[1]) for w, _ in joined[:-1]],
            "members": [dict(member.info) for member in members],
        }
        return cls(tuple(joined), first.mean, first.scale, info)

    @classmethod
    def random(
        cls,
        observation_size: int,
        hidden: Sequence[int] = (64,),
        seed: int = 0,
        info: Mapping[str, Any] | None = None,
    ) -> ValueNet:
        """A network of random weights (He initialisation), for tests and as a start."""
        rng = np.random.default_rng(seed)
        sizes = [observation_size, *hidden, 1]
        layers = tuple(
            (
                (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32),
                np.zeros(b, dtype=np.float32),
            )
            for a, b in itertools.pairwise(sizes)
        )
        mean = np.zeros(observation_size, dtype=np.float32)
        scale = np.ones(observation_size, dtype=np.float32)
        return cls(layers, mean, scale, dict(info or {}))


def _block_diagonal(blocks: Sequence[FloatArray]) -> FloatArray:
    """The matrices on the diagonal of one, zeros elsewhere (scipy's ``block_diag``, which
    comes only with the learn extra: a network is read and averaged with numpy alone)."""
    rows = sum(block.shape[0] for block in blocks)
    joined = np.zeros((rows, sum(block.shape[1] for block in blocks)), dtype=np.float32)
    row = column = 0
    for block in blocks:
        joined[row : row + block.shape[0], column : column + block.shape[1]] = block
        row, column = row + block.shape[0], column + block.shape[1]
    return joined


def weights_name(game_id: str, players: int) -> str:
    """The file name of the shipped network for ``game_id`` at a table of ``players``."""
    return f"{game_id}-{players}p.npz"


def shipped(game_id: str, players: int) -> ValueNet | None:
    """The network the package carries for ``game_id`` at ``players`` seats, if any.

    >>> shipped("star-realms", 2).info["game"]
    'star-realms'
    >>> shipped("no-such-game", 2) is None
    True
    """
    found = _SHIPPED.get((game_id, players))
    if found is None and (game_id, players) not in _SHIPPED:
        item = resources.files("rumizi.learn").joinpath(WEIGHTS, weights_name(game_id, players))
        found = ValueNet.load(item.read_bytes()) if item.is_file() else None
        _SHIPPED[(game_id, players)] = found
    return found


def shipped_path(game_id: str, players: int) -> Path:
    """Where in this source tree the shipped network for that table is written."""
    return Path(__file__).parent / WEIGHTS / weights_name(game_id, players)


_SHIPPED: dict[tuple[str, int], ValueNet | None] = {}
