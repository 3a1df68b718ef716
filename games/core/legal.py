"""Legal-action items a client can render: concrete actions, and choices with domains.

Most items of `legal_actions` are concrete actions, postable as they are. A move that
chooses an amount or a subset is listed once as a `Choice`: the action's fixed fields,
and for each field still to choose, its domain:

- `IntRange(minimum, maximum)`: any integer from minimum to maximum;
- `Subset(of, min_size, max_size, excluded)`: a list of distinct items of `of` (in the
  order of `of`), of min_size to max_size items, other than those listed in `excluded`.

`{"type": "bid", "choose": {"quantity": {"minimum": 3, "maximum": 10},
"face": {"minimum": 1, "maximum": 6}}}` says: post `{"type": "bid", "quantity": q,
"face": f}` with any q and f in range. Every combination a choice allows is legal; a rule
that allows only some is written as several choices (docs/decider.md).
"""

from __future__ import annotations

import itertools
from dataclasses import field
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, Union

from . import codec
from .frozen import frozen_record
from .messages import JSON, GameAction, Record, doc


@frozen_record
class IntRange(Record):
    """Any integer from `minimum` to `maximum`, both included."""

    minimum: int
    maximum: int

    def values(self) -> range:
        return range(self.minimum, self.maximum + 1)


@frozen_record
class Subset(Record):
    """A list of distinct items of `of`, kept in the order of `of`, of `min_size` to
    `max_size` items, and none of the lists in `excluded`."""

    of: tuple[int, ...]
    min_size: int
    max_size: int
    excluded: tuple[tuple[int, ...], ...] = field(
        default=(), metadata=doc("lists that may not be chosen"))

    def values(self) -> Iterator[list[int]]:
        return subsets(self.of, self.min_size, self.max_size, self.excluded)


def subsets(of: Sequence[int], min_size: int, max_size: int,
            excluded: Iterable[Sequence[int]] = ()) -> Iterator[list[int]]:
    """The lists a `Subset` with these fields allows, in order (a served one is read
    straight from its JSON: `sample`)."""
    banned = {tuple(x) for x in excluded}
    for size in range(min_size, max_size + 1):
        for chosen in itertools.combinations(of, size):
            if chosen not in banned:
                yield list(chosen)


Domain = Union[IntRange, Subset]


@frozen_record
class Choice:
    """One legal move with some fields still to choose (see the module's docstring)."""

    action: type[GameAction]
    fixed: Mapping[str, JSON]
    choose: Mapping[str, Domain]

    def to_json(self) -> dict[str, JSON]:
        return {"type": self.action.TYPE, **self.fixed,
                "choose": {name: domain.to_json() for name, domain in self.choose.items()}}

    def examples(self) -> Iterator[dict[str, JSON]]:
        """Every concrete action this choice allows (for tests; may be many)."""
        names = list(self.choose)
        for values in itertools.product(*(self.choose[n].values() for n in names)):
            yield {"type": self.action.TYPE, **self.fixed, **dict(zip(names, values))}


def legal_json(items: list[Any]) -> list[dict[str, JSON]]:
    """Legal-action items as served: actions and choices as their JSON."""
    get = _SERVED.get
    return [(get(item.__class__) or _served_writer(item.__class__))(item) for item in items]


# Each class of served item's writer (looked up once per item: a roller's list may hold
# fifty actions, written on every call).
_SERVED: dict[type, Callable[[Any], dict[str, JSON]]] = {}


def _served_writer(kind: type) -> Callable[[Any], dict[str, JSON]]:
    """An item's `to_json` (an action's generated writer when it keeps GameAction's)."""
    write: Callable[[Any], dict[str, JSON]]
    if issubclass(kind, GameAction) and kind.to_json is GameAction.to_json:
        write = codec.typed_writer(kind)
    else:
        write = kind.to_json
    _SERVED[kind] = write
    return write


def _domain(raw: Mapping[str, JSON]) -> Domain:
    return Subset.from_json(raw) if "of" in raw else IntRange.from_json(raw)


def expand(item: Mapping[str, JSON]) -> Iterator[dict[str, JSON]]:
    """Every concrete action a served legal-actions item allows (itself, if concrete)."""
    if "choose" not in item:
        yield dict(item)
        return
    fixed = {k: v for k, v in item.items() if k != "choose"}
    names = list(item["choose"])
    domains = [list(_domain(item["choose"][n]).values()) for n in names]
    for values in itertools.product(*domains):
        yield {**fixed, **dict(zip(names, values))}


def sample(item: Mapping[str, JSON], below: Any) -> dict[str, JSON]:
    """One concrete action a served item allows; `below(n)` picks an index in range(n)
    (e.g. random.Random().randrange), so the rules stay free of a global RNG."""
    if "choose" not in item:
        return dict(item)
    out = {k: v for k, v in item.items() if k != "choose"}
    for name, raw in item["choose"].items():
        if "of" in raw:
            options = list(subsets(raw["of"], raw["min_size"], raw["max_size"],
                                   raw.get("excluded", ())))
            out[name] = options[below(len(options))]
        else:  # an IntRange, read straight from its JSON
            low = raw["minimum"]
            out[name] = low + below(raw["maximum"] - low + 1)
    return out


def sample_move(item: Any, below: Callable[[int], int]) -> Any:
    """One concrete action a typed legal item allows (an item of a game's `legal_moves`),
    drawn as `sample` draws from the item served: a `Choice` gives its action with one
    value of each domain (a subset as a tuple, in the order of `of`); a `GameAction` is
    itself (`decide` takes it as it is)."""
    if type(item) is not Choice:
        return item
    chosen = dict(item.fixed)
    for name, domain in item.choose.items():
        if type(domain) is IntRange:
            chosen[name] = domain.minimum + below(domain.maximum - domain.minimum + 1)
        else:
            options = list(domain.values())
            chosen[name] = tuple(options[below(len(options))])
    return item.action(**chosen)


def expand_all(items: list[Mapping[str, JSON]]) -> list[dict[str, JSON]]:
    """Every concrete action a served list allows, in order (for tests and bots)."""
    return [action for item in items for action in expand(item)]
